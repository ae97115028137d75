import { describe, expect, it } from 'vitest';
import { createAppStore } from './appStore.ts';
import { pageStream, pageStreamSize } from './pageStream.ts';
import { T0 } from '../../test-support/instants.ts';

describe('pageStream', () => {
  it('lists every job enqueued since the last reset with its clock reading, delay, id and arrival', () => {
    const store = createAppStore({ frozenAt: T0, seed: 3, idStyle: 'N' });
    const s = () => store.getState();
    s().enqueue(1);
    s().reset();
    s().enqueue(2);
    s().setDelay(1000);
    s().stepClock(1);
    s().enqueue(1);
    expect(pageStream(s().enqueues)).toEqual([
      { timestamp: T0, delay: 5000, jobId: '1', counter: 1 },
      { timestamp: T0, delay: 5000, jobId: '2', counter: 2 },
      { timestamp: T0 + 1, delay: 1000, jobId: '3', counter: 3 },
    ]);
    expect(pageStreamSize(s().enqueues)).toBe(3);
  });

  it('keeps the promoted jobs (they were enqueued) and replays the same after undo', () => {
    const store = createAppStore({ frozenAt: T0, seed: 3 });
    const s = () => store.getState();
    s().enqueue(3);
    s().stepClock(10_000);
    s().promote();
    expect(s().bandSet.size).toBe(0);
    const before = pageStream(s().enqueues);
    expect(before.map((a) => a.jobId)).toEqual(['job:1', 'job:2', 'job:3']);
    s().enqueue(1);
    s().undo();
    expect(pageStream(s().enqueues)).toEqual(before);
  });
});
