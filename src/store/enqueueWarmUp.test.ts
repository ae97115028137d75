import { describe, expect, it } from 'vitest';
import { warmUpSteps } from './enqueueWarmUp.ts';
import { createAppStore } from './appStore.ts';
import { selectBandSet, selectTextbookSet } from './sets.ts';
import { selectBandView } from './band.ts';
import { selectScorePanel } from './scores.ts';
import { REPLAY_CHUNK } from '../session/session.ts';
import { T0 } from '../../test-support/instants.ts';

describe('warmUpSteps', () => {
  it("runs every round to the end in many short steps, leaving the page store and its selectors' cached reads alone", () => {
    const store = createAppStore({ frozenAt: T0, seed: 3 });
    store.getState().enqueue(5);
    const before = store.getState();
    // what the page's panels read through the memoized selectors, each holding one cached result
    const reads = () => [selectScorePanel(before), selectBandView(before), selectTextbookSet(before), selectBandSet(before)];
    const cached = reads();
    let steps = 0;
    const work = warmUpSteps(1, 1);
    while (work.next().done !== true) steps++;
    // a small round of 10,000 (enqueues of 4 to 512 jobs) and one 10,000-job enqueue in steps of 256
    expect(steps).toBeGreaterThan(10_000 / 512 + 10_000 / 256);
    expect(store.getState()).toBe(before);
    // the warm-up read its own sessions without the memoized selectors: the page's results are still cached
    reads().forEach((read, i) => expect(read).toBe(cached[i]));
  });

  it('a full round of 10,000 jobs comes in steps of at most REPLAY_CHUNK jobs, so the idle time can stop between them; no round, no step', () => {
    let steps = 0;
    const work = warmUpSteps(0, 1);
    while (work.next().done !== true) steps++;
    expect(steps).toBeGreaterThanOrEqual(Math.ceil(10_000 / REPLAY_CHUNK));
    expect(warmUpSteps(0, 0).next().done).toBe(true);
  });
});
