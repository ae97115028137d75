/**
 * The page's work in slices: a load of a long link on a fresh Session (cancellable), or work on
 * the page's own Session that is never cancelled but finished at once by any other change (an
 * undo or redo of a big step, a big promote, a walk back or forward). One at a time; its
 * progress is `loading`.
 */
import { drain } from './session.ts';
import type { ReplayProgress, Session } from './session.ts';
import type { LoadProgress } from './pageSnapshot.ts';
import { loadedSoFar } from './scenarioCost.ts';
import type { Operation, OperationList } from './operations.ts';
import { runInSlices } from './timeSlicer.ts';
import type { SlicedWork, TimeSlicer } from './timeSlicer.ts';

/** Work on the page's own Session, as `loading` names it. */
export type TravelAction = 'undo' | 'redo' | 'promote' | 'walk';

/** Work in slices under way: a load (cancelled by cancelLoad), or an undo / redo (`travel`, finished first by any other change). */
type Running = SlicedWork & { readonly travel: boolean };

export class PageWork {
  #running: Running | null = null;
  /** Work running in slices and how far it has got, or null. */
  loading: LoadProgress | null = null;

  constructor(
    private readonly slicer: TimeSlicer,
    /** Tells the page (after each slice's progress). */
    private readonly emit: () => void,
  ) {}

  /** Whether work on the page's own Session runs in slices. */
  get travelling(): boolean {
    return this.#running?.travel === true;
  }

  /** Whether any work runs in slices (a load or a travel). */
  get busy(): boolean {
    return this.#running !== null;
  }

  /** An undo or redo in slices is finished at once before anything else changes the session. */
  settle(): void {
    if (this.#running?.travel === true) this.#running.finish();
  }

  /** Stops a load in slices without a word (another load replaces it); an undo or redo in slices is finished at once instead. */
  stop(): void {
    const work = this.#running;
    if (work === null) return;
    this.#running = null;
    if (work.travel) work.finish();
    else work.cancel();
    this.loading = null;
  }

  /** Cancels a load in slices; gives how far it had come (" after n of m jobs", or ''), or null when no load ran. */
  cancelLoad(): string | null {
    const running = this.#running;
    if (running === null || running.travel) return null;
    running.cancel();
    this.#running = null;
    const loading = this.loading;
    this.loading = null;
    return loading === null ? '' : loadedSoFar(loading.jobs, loading.totalJobs);
  }

  /** Runs a replay in slices, its progress in `loading`; `done` gets the index of a refused step, or -1. */
  load(
    steps: Generator<ReplayProgress, number, void>,
    totals: { readonly totalJobs: number; readonly totalOperations: number },
    done: (refused: number) => void,
  ): void {
    const work = runInSlices(this.slicer, steps, {
      progress: (progress: ReplayProgress) => {
        this.loading = { ...progress, ...totals, action: 'load' };
        this.emit();
      },
      done: (refused) => {
        this.#running = null;
        done(refused);
      },
    });
    this.#running = { ...work, travel: false };
    this.loading = { operations: 0, jobs: 0, ...totals, action: 'load' };
    this.emit();
  }

  /**
   * Runs work on the page's own Session (`steps`, moving `jobs` jobs): at once when `atOnce` or
   * while a load runs (the page's state is replaced when the load ends), else in slices with its
   * progress in `loading`; then `done` publishes the outcome.
   */
  travel(action: TravelAction, steps: Generator<number, boolean, void>, jobs: number, done: () => void, atOnce: boolean): void {
    if (atOnce || this.#running !== null) {
      drain(steps);
      done();
      return;
    }
    const progress = (moved: number) => {
      this.loading = { action, jobs: moved, totalJobs: jobs, operations: 0, totalOperations: 1 };
      this.emit();
    };
    const work = runInSlices(this.slicer, steps, {
      progress,
      done: () => {
        this.#running = null;
        this.loading = null;
        done();
      },
    });
    this.#running = { ...work, travel: true };
    progress(0);
  }
}

/**
 * The steps of a walk: undoes the Session's last `from - shared` steps (a big promote's jobs put
 * back a chunk at a time, as Undo does), then applies `operations` from `shared` on, yielding the
 * jobs moved so far. `refused` hears the index of a step the Session refuses (the walk stops there).
 */
export function* walkSteps(
  session: Session,
  from: number,
  shared: number,
  operations: OperationList,
  refused: (index: number) => void,
): Generator<number, boolean, void> {
  let moved = 0;
  for (let k = from; k > shared; k--) {
    const undo = session.undoSteps();
    let last = 0;
    for (let next = undo.next(); next.done !== true; next = undo.next()) yield moved + (last = next.value);
    moved += last;
    yield moved; // after every step: a run of small steps (resets, empty promotes) takes turns too
  }
  // another scenario: what those undos took back is not a redo of it
  session.clearRedo();
  for (let i = shared; i < operations.length; i++) {
    const run = session.run(operations.at(i)!);
    let next = run.next();
    for (; next.done !== true; next = run.next()) yield (moved += next.value);
    if (!next.value) {
      refused(i);
      return false;
    }
    yield moved;
  }
  return true;
}

/** The steps of a promote at `at` (`due` jobs due before it), yielding the jobs no longer due (read from the sets between the sweep's batches). */
export function* promoteSteps(session: Session, op: Operation, at: number, due: number): Generator<number, boolean, void> {
  const run = session.run(op);
  for (;;) {
    const next = run.next();
    if (next.done === true) return next.value;
    yield due - session.dueJobs(at);
  }
}
