/**
 * The model's state and the one place operations change it: two MemoryRedis sets driven by the
 * project's scripts (addDelayedJob, promoteDelayedJobs) and the textbook's plain ZADD / sweep,
 * with arrival numbers and what the last enqueue and promote did. Each operation kind (what it
 * does, how it is undone) is a module in operations/; the Session runs them and keeps a journal
 * for undo and redo. `apply` reads no clock and no randomness (both come in the operation or the
 * seed), so replaying a scenario on a fresh Session always rebuilds the same sets.
 */
import { bandOf, textbookScore } from '../model/protocol/score.ts';
import type { LogMark } from './commandLog.ts';
import type { Operation, OperationList, Settings } from './operations.ts';
import { SessionState } from './sessionState.ts';
import type { Scalars } from './sessionState.ts';
import { drain } from './operations/chunks.ts';
import { SCALARS_ONLY } from './operations/kind.ts';
import type { Change, Redo } from './operations/kind.ts';
import { kindOf } from './operations/registry.ts';

export { BAND_KEY, REPLAY_CHUNK, TEXTBOOK_KEY } from './sessionState.ts';
export type {
  EnqueueBatch,
  EnqueueResult,
  PromoteResult,
  PromotedAt,
  PromotedJob,
  PromotedSinceReset,
  SessionHooks,
} from './sessionState.ts';
export { drain } from './operations/chunks.ts';
export { bandRankAfter } from './operations/enqueue.ts';

/** What undo() needs to take one applied operation back: the scalars before it, the log's mark, and its own change. */
interface UndoRecord {
  /** The operation this record takes back (the last of a coalesced run: what the scenario holds). */
  op: Operation;
  readonly before: Scalars;
  readonly log: LogMark | null;
  readonly change: Change;
}

/** What redo needs besides the undo record, read when the operation was undone: the state after it, and the change's redo. */
interface RedoRecord {
  readonly record: UndoRecord;
  readonly after: Scalars;
  readonly log: LogMark | undefined;
  readonly redo: Redo;
}

/** Whether two settings hold the same values. */
export function sameSettings(a: Settings, b: Settings): boolean {
  return Object.keys(a).every((key) => Reflect.get(a, key) === Reflect.get(b, key));
}

/** The two sets and everything the page shows about them; `apply` is the only writer. */
export class Session extends SessionState {
  /** One record per applied operation, oldest first, when the hooks ask for undo. */
  readonly #journal: UndoRecord[] = [];
  /** One record per undone operation, the next to redo last; emptied when an operation is applied. */
  readonly #redoJournal: RedoRecord[] = [];

  /**
   * Performs one operation. Returns false, changing nothing that a replay could not rebuild, when
   * the operation is refused (a value out of range, a unit change with jobs in the textbook set,
   * a job id already taken); true when it was applied and belongs in the scenario.
   */
  apply(op: Operation): boolean {
    return drain(this.run(op));
  }

  /**
   * apply() in steps: yields the number of jobs written since the last yield, every REPLAY_CHUNK
   * jobs or so (an enqueue of 10,000 jobs, a promote of many), and returns what apply returns.
   * Stopping before the end leaves the Session half-way through the operation: only for a
   * Session about to be dropped (a replay that was cancelled).
   */
  *run(op: Operation): Generator<number, boolean, void> {
    const before = this.scalars();
    const log = this.hooks.undo === undefined ? null : this.hooks.undo.log.mark();
    const kind = kindOf(op);
    const change = yield* kind.run(this, op, log !== null);
    if (change === null) return false;
    // A setting moved to the value it had changes nothing: what was undone can still be redone.
    if (!kind.setting || !sameSettings(before.settings, this.settings)) this.#redoJournal.length = 0;
    if (log !== null) this.#journal.push({ op, before, log, change });
    return true;
  }

  /** How many applied operations undo() can take back. */
  get undoable(): number {
    return this.#journal.length;
  }

  /**
   * Jobs a promote at `now` would take out, both sets counted (what it will cost, known before it
   * runs): the band set's scores up to (now + 1) * 0x1000 - 1, as promoteDelayedJobs sweeps, and
   * the textbook's up to its bound in the set's unit.
   */
  dueJobs(now: number): number {
    const textbookBound = textbookScore(now, 0, this.settings.textbookUnit);
    return (
      this.bandReader.countBelow(bandOf(now + 1).minScore) + this.textbookReader.count(Number.NEGATIVE_INFINITY, textbookBound)
    );
  }

  /** Jobs the next `steps` undos move, together (undoJobs for each). */
  jobsToUndo(steps: number): number {
    let jobs = 0;
    for (let i = 1; i <= steps; i++) jobs += this.#journal.at(-i)?.change.jobs ?? 0;
    return jobs;
  }

  /** Jobs the next undo() moves: an enqueue's jobs, the jobs a promote took (both sets); 0 for other steps or none. */
  get undoJobs(): number {
    return this.#journal.at(-1)?.change.jobs ?? 0;
  }

  /** How many undone operations redo() can apply again (the journal's other end). */
  get redoable(): number {
    return this.#redoJournal.length;
  }

  /** The operation the next redo() applies again, or undefined. */
  get nextRedo(): Operation | undefined {
    return this.#redoJournal.at(-1)?.record.op;
  }

  /** Jobs the next redo() moves in or out of the sets (0 for a setting or none). */
  get redoJobs(): number {
    return this.#redoJournal.at(-1)?.record.change.jobs ?? 0;
  }

  /** Drops the undo record of the last applied operation (the caller does not keep it as a step). */
  forgetLast(): void {
    this.#journal.pop();
  }

  /**
   * Folds the last applied operation into the one before (a slider drag made of quick changes of
   * one field): one record, undone to the state before the first of the run, redone as the last.
   */
  mergeLast(): void {
    const last = this.#journal.pop();
    const previous = this.#journal.at(-1);
    if (last !== undefined && previous !== undefined) previous.op = last.op;
  }

  /** Forgets what undo took back (another scenario was opened: there is nothing to redo). */
  clearRedo(): void {
    this.#redoJournal.length = 0;
  }

  /**
   * Takes back the last applied operation: the jobs it wrote come out, the jobs it took out go back
   * with the scores they had, the sets a reset replaced come back, the scalars and the log are as
   * before. The sets then hold the same members with the same scores as a replay of the operations
   * before it; redo() can apply it again. False when there is nothing to undo.
   */
  undo(): boolean {
    return drain(this.undoSteps());
  }

  /** Applies again the last undone operation (redoSteps run to the end); false when there is none. */
  redo(): boolean {
    return drain(this.redoSteps());
  }

  /**
   * undo() in steps: yields the jobs moved so far, every REPLAY_CHUNK jobs or so. The caller runs
   * it to the end: a Session stopped half-way holds half of the step.
   */
  *undoSteps(): Generator<number, boolean, void> {
    const record = this.#journal.pop();
    if (record === undefined) return false;
    const after = this.scalars();
    const redo = yield* record.change.undo(this);
    this.useScalars(record.before);
    const log = record.log === null ? undefined : this.hooks.undo?.log.restore(record.log);
    this.#redoJournal.push({ record, after, log, redo });
    return true;
  }

  /**
   * Applies again the operation the last undo took back, from what undo kept instead of running
   * it (its change's redo); the scalars and the log are as after the operation. The sets then hold
   * what a replay gives. In steps, as undoSteps. A change that is not exact (an enqueue that failed
   * part-way) is run again instead. False (nothing changed) when there is nothing to redo.
   */
  *redoSteps(): Generator<number, boolean, void> {
    const redo = this.#redoJournal.pop();
    if (redo === undefined) return false;
    const { record } = redo;
    if (!record.change.exact) {
      // Undo left the state as before it, so running it again gives what it gave; the rest of the redo journal stays.
      const before = this.scalars();
      const log = this.hooks.undo?.log.mark() ?? null;
      const change = yield* kindOf(record.op).run(this, record.op, true);
      this.#journal.push({ ...record, before, log, change: change ?? SCALARS_ONLY });
      return true;
    }
    yield* redo.redo.redo(this);
    // The scalars as when it was undone (the band picked then too, as undo puts back the one picked before).
    this.useScalars(redo.after);
    if (redo.log) this.hooks.undo?.log.restore(redo.log);
    this.#journal.push(record);
    return true;
  }
}

/** Replays a scenario's operations on a fresh Session; the index of the first refused one, or -1. */
export function replay(session: Session, operations: OperationList): number {
  for (let i = 0; i < operations.length; i++) {
    if (!session.apply(operations.at(i)!)) return i;
  }
  return -1;
}

/** How far a replay in steps has got: operations done, and jobs written (enqueues) so far. */
export interface ReplayProgress {
  readonly operations: number;
  readonly jobs: number;
}

/**
 * replay() in steps: yields the progress every REPLAY_CHUNK jobs or so (and after each operation),
 * returns the index of the first refused operation, or -1. A caller that stops early drops the Session.
 */
export function* replaySteps(session: Session, operations: OperationList): Generator<ReplayProgress, number, void> {
  let jobs = 0;
  for (let i = 0; i < operations.length; i++) {
    const op = operations.at(i)!;
    const steps = session.run(op);
    for (;;) {
      const next = steps.next();
      if (next.done === true) {
        if (!next.value) return i;
        break;
      }
      jobs += next.value;
      yield { operations: i, jobs };
    }
    yield { operations: i + 1, jobs };
  }
  return -1;
}
