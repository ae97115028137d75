/**
 * Long work in slices: a generator of steps run for about SLICE_MS at a time, handing the main
 * thread back between slices through a TimeSlicer (the page's is in src/store/slices.ts), so the
 * page keeps drawing and answering. Used by the load of a long link, the undo and redo of a big
 * promote, and the export.
 */

/** A long replay runs in slices of about this long, handing the main thread back between them. */
export const SLICE_MS = 20;

/** How work in slices hands the main thread back: the time, and a way to run something soon (cancellable). */
export interface TimeSlicer {
  now(): number;
  later(run: () => void): () => void;
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
  slicer: TimeSlicer,
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
      if (slicer.now() >= until) {
        on.progress(step.value);
        return false;
      }
    }
  };
  const slice = () => {
    cancelLater = slicer.later(run(slicer.now() + SLICE_MS) ? report : slice);
  };
  cancelLater = slicer.later(slice);
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
