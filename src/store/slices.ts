/**
 * Long work in slices: a generator of steps run for about SLICE_MS at a time, handing the main
 * thread back between slices (MessageChannel: no 4 ms clamp), so the page keeps drawing and
 * answering. Used by the load of a long link, the undo and redo of a big promote, and the export.
 */

/** A long replay runs in slices of about this long, handing the main thread back between them. */
export const SLICE_MS = 20;

/** How work in slices hands the main thread back: the time, and a way to run something soon (cancellable). */
export interface Scheduler {
  now(): number;
  later(run: () => void): () => void;
}

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
export function defaultScheduler(): Scheduler {
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

/** Work in slices under way: stop it where it is, or run the rest at once. */
export interface SlicedWork {
  /** Stops before the next slice; `done` is not called. */
  cancel(): void;
  /** Runs what is left now, in this task, and calls `done` (nothing when it already ended or was cancelled). */
  finish(): void;
}

/**
 * Runs `steps` to its end, a slice of about SLICE_MS at a time, the first slice in a later task:
 * `progress` gets the last value yielded after each slice that did not end it, `done` what it
 * returns, in a task of its own (the swap it makes, and the page's redraw after it, do not add to a slice).
 */
export function runInSlices<Y, R>(
  scheduler: Scheduler,
  steps: Generator<Y, R, void>,
  on: { readonly progress: (last: Y) => void; readonly done: (value: R) => void },
): SlicedWork {
  let over = false;
  let ended: { readonly value: R } | null = null;
  let cancelLater: () => void;
  const report = () => {
    over = true;
    on.done(ended!.value);
  };
  /** Runs steps until the clock passes `until` (never, for finish()); true when the generator ended. */
  const run = (until: number): boolean => {
    for (;;) {
      const step = steps.next();
      if (step.done === true) {
        ended = { value: step.value };
        return true;
      }
      if (scheduler.now() >= until) {
        on.progress(step.value);
        return false;
      }
    }
  };
  const slice = () => {
    cancelLater = scheduler.later(run(scheduler.now() + SLICE_MS) ? report : slice);
  };
  cancelLater = scheduler.later(slice);
  return {
    cancel() {
      over = true;
      cancelLater();
    },
    finish() {
      if (over) return;
      cancelLater();
      if (ended === null) run(Number.POSITIVE_INFINITY);
      report();
    },
  };
}
