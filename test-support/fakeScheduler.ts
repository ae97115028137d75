import type { TimeSlicer } from '../src/session/timeSlicer.ts';

/**
 * A slice scheduler a test drives: the clock moves 1 ms per reading, `later` queues a task and
 * `runNext` runs the next one not cancelled (false when none is left).
 */
export function fakeScheduler(): { scheduler: TimeSlicer; runNext: () => boolean } {
  let time = 0;
  const queue: Array<{ run: () => void; cancelled: boolean }> = [];
  const scheduler: TimeSlicer = {
    now: () => ++time,
    later(run) {
      const task = { run, cancelled: false };
      queue.push(task);
      return () => {
        task.cancelled = true;
      };
    },
  };
  const runNext = (): boolean => {
    for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
      if (task.cancelled) continue;
      task.run();
      return true;
    }
    return false;
  };
  return { scheduler, runNext };
}
