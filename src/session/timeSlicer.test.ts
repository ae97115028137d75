import { describe, expect, it } from 'vitest';
import { SLICE_MS, runInSlices } from './timeSlicer.ts';
import { fakeScheduler } from '../../test-support/fakeScheduler.ts';

function* count(to: number): Generator<number, string, void> {
  for (let i = 1; i <= to; i++) yield i;
  return 'over';
}

describe('runInSlices', () => {
  it('runs nothing at once, a slice of SLICE_MS clock readings a task, then reports the end in a task of its own', () => {
    const { scheduler, runNext } = fakeScheduler();
    const seen: Array<number | string> = [];
    runInSlices(scheduler, count(50), { progress: (n) => seen.push(n), done: (v) => seen.push(v) });
    expect(seen).toEqual([]);
    expect(runNext()).toBe(true);
    expect(seen).toEqual([SLICE_MS]);
    while (runNext());
    expect(seen.at(-1)).toBe('over');
    // The slice that ran out of steps reported nothing: the end came in the next task.
    expect(seen).toEqual([SLICE_MS, 2 * SLICE_MS, 'over']);
  });

  it('cancel stops before the next task, and done never comes', () => {
    const { scheduler, runNext } = fakeScheduler();
    const seen: Array<number | string> = [];
    const work = runInSlices(scheduler, count(50), { progress: (n) => seen.push(n), done: (v) => seen.push(v) });
    runNext();
    work.cancel();
    work.finish(); // cancelled: nothing more
    expect(runNext()).toBe(false);
    expect(seen).toEqual([SLICE_MS]);
  });

  it('finish runs what is left in this task and reports the end once', () => {
    const { scheduler, runNext } = fakeScheduler();
    const seen: Array<number | string> = [];
    const work = runInSlices(scheduler, count(50), { progress: (n) => seen.push(n), done: (v) => seen.push(v) });
    runNext();
    work.finish();
    expect(seen).toEqual([SLICE_MS, 'over']);
    expect(runNext()).toBe(false);
    work.finish();
    expect(seen).toEqual([SLICE_MS, 'over']);
  });
});
