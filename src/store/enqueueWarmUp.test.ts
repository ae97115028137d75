import { describe, expect, it } from 'vitest';
import { warmUpSteps } from './enqueueWarmUp.ts';
import { createAppStore } from './appStore.ts';
import { REPLAY_CHUNK } from '../session/session.ts';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

describe('warmUpSteps', () => {
  it('runs every round to the end in many short steps, and leaves the page store alone', () => {
    const store = createAppStore({ frozenAt: T0, seed: 3 });
    const before = store.getState();
    let steps = 0;
    const work = warmUpSteps(1, 1);
    while (work.next().done !== true) steps++;
    // a small round of 10,000 (enqueues of 4 to 512 jobs) and one 10,000-job enqueue in steps of 256
    expect(steps).toBeGreaterThan(10_000 / 512 + 10_000 / 256);
    expect(store.getState()).toBe(before);
  });

  it('a full round is one enqueue of 10,000 stepped as Session.run yields (every REPLAY_CHUNK ids, then jobs), then a read', () => {
    let steps = 0;
    const work = warmUpSteps(0, 1);
    while (work.next().done !== true) steps++;
    const chunks = Math.floor(10_000 / REPLAY_CHUNK);
    expect(steps).toBe(chunks + chunks + (10_000 % REPLAY_CHUNK === 0 ? 0 : 1) + 1);
    expect(warmUpSteps(0, 0).next().done).toBe(true);
  });
});
