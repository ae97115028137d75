/**
 * The page's TimeSlicer: each slice of long work in a task of its own, through a message to
 * itself (MessageChannel: no 4 ms timer clamp), or setTimeout 0 where there is none.
 */
import type { TimeSlicer } from '../session/timeSlicer.ts';

export { SLICE_MS, runInSlices } from '../session/timeSlicer.ts';
export type { SlicedWork, TimeSlicer } from '../session/timeSlicer.ts';

/** Runs `run` soon in a task of its own (a message to itself: no timer clamping); gives a way to cancel it. */
export function nextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}

/** MessageChannel where there is one (no 4 ms clamp), else setTimeout 0. */
export function defaultTimeSlicer(): TimeSlicer {
  const now = () => performance.now();
  if (typeof window !== 'undefined' && typeof MessageChannel !== 'undefined') {
    return {
      now,
      later: nextTask,
    };
  }
  return {
    now,
    later(run) {
      const timer = setTimeout(run, 0);
      return () => clearTimeout(timer);
    },
  };
}
