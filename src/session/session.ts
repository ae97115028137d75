/**
 * The model's state and the one place operations change it: two MemoryRedis sets driven by the
 * project's scripts (addDelayedJob, promoteDelayedJobs) and the textbook's plain ZADD / sweep,
 * with arrival numbers and what the last enqueue and promote did. `apply` reads no clock and no
 * randomness (both come in the operation or the seed), so replaying a scenario on a fresh
 * Session always rebuilds the same sets. Mutable on purpose; the store copies fields out.
 */
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import type { RedisLike } from '../model/redis/memoryRedis.ts';
import { addDelayedJob, getNextDelayedTimestamp, promoteDelayedJobs } from '../model/protocol/delayed.ts';
import { PROMOTE_BATCH, sweepBatchByScore } from '../model/protocol/sweep.ts';
import { bandOf, decodeScore, fireTimeOf, textbookFireTime, textbookScore } from '../model/protocol/score.ts';
import { luaNumberArg } from '../model/redis/doubles.ts';
import { DueOrderTracker } from './dueOrderTracker.ts';
import { SetReader } from './setReader.ts';
import { jobId } from './jobIds.ts';
import type { CommandLog, LogMark, SetName } from './commandLog.ts';
import { MAX_BATCH, MAX_CLOCK_MS, MAX_DELAY_MS, MIN_BATCH, parseIdPrefix } from './input.ts';
import type { Operation, OperationList, Settings, TextbookUnit } from './operations.ts';

/** The band set's key, as BullMQ names a queue's delayed set. */
export const BAND_KEY = 'bull:firetime:delayed';
/** The textbook set's key. */
export const TEXTBOOK_KEY = 'delayed_queue';
/** Session.run yields after about this many jobs (a few ms of work), so a long replay can pause between slices. */
export const REPLAY_CHUNK = 256;

/** A promoted job, the order it arrived in, and its fire-time as its set's score says it (ms). */
export interface PromotedJob {
  readonly member: string;
  readonly arrival: number;
  readonly fireTime: number;
}

/** What one "Promote due jobs" did on each set. */
export interface PromoteResult {
  readonly now: number;
  readonly band: { readonly jobs: readonly PromotedJob[]; readonly calls: number };
  readonly textbook: {
    readonly jobs: readonly PromotedJob[];
    readonly calls: number;
    readonly bound: number;
    readonly unit: TextbookUnit;
  };
  /** getNextDelayedTimestamp after the promote: score / 0x1000 of the band set's head, or null when empty. */
  readonly nextWake: number | null;
}

/** A promoted job and the instant of the promote that took it. */
export interface PromotedAt extends PromotedJob {
  readonly at: number;
}

/** Every job promoted since the last reset, per set, in the order they came out, and how many promotes ran. */
export interface PromotedSinceReset {
  readonly band: PromotedAt[];
  readonly textbook: PromotedAt[];
  promotes: number;
  /** Bumped at every change of the lists (a promote, its undo), for readers to know to re-read. */
  changes: number;
}

/** The last enqueue: its shared timestamp, the fire-time, and the band score of its last job. */
export interface EnqueueResult {
  readonly timestamp: number;
  readonly fireTime: number;
  readonly lastScore: number;
  readonly count: number;
}

/** One enqueue since the last reset: the clock reading and delay it used, and the ids it wrote in arrival order. */
export interface EnqueueBatch {
  readonly timestamp: number;
  readonly delay: number;
  /** The arrival number of members[0]; the others follow one by one. */
  readonly firstArrival: number;
  readonly members: readonly string[];
}

/** How the session reaches its sets: each command can be wrapped (logged, recorded). */
export interface SessionHooks {
  /** Wraps a fresh set; the model's commands go through the wrapper. */
  readonly wrap?: (redis: MemoryRedis, set: SetName) => RedisLike;
  /** Called when a reset empties both sets. */
  readonly onReset?: () => void;
  /** The member for the `index`-th uuid id of this session (0-based, counted over the whole scenario). */
  readonly uuid: (index: number) => string;
  /**
   * Keep what undo() needs to take each applied operation back, with the command log the wrapped
   * sets write to (undo restores it too). Without it (an export's replay) nothing is kept.
   */
  readonly undo?: { readonly log: CommandLog };
}

/** The scalar fields of a Session, as they were before an operation. */
interface Scalars {
  readonly settings: Settings;
  readonly nextArrival: number;
  readonly lastEnqueue: EnqueueResult | null;
  readonly lastPromote: PromoteResult | null;
  readonly selectedFireTime: number | null;
  readonly enqueueError: string | null;
  readonly lastInstant: number | null;
  readonly uuidsDrawn: number;
}

/** The sets and what tracks them: what a reset replaces (kept whole by its undo record). */
interface Sets {
  readonly textbook: MemoryRedis;
  readonly band: MemoryRedis;
  readonly textbookReader: SetReader;
  readonly bandReader: SetReader;
  readonly textbookOrder: DueOrderTracker;
  readonly bandOrder: DueOrderTracker;
  readonly arrivals: Map<string, number>;
  readonly enqueues: EnqueueBatch[];
  readonly promoted: PromotedSinceReset;
  readonly loggedTextbook: RedisLike;
  readonly loggedBand: RedisLike;
}

/** Jobs a promote took out of one set, in order, with their scores. */
interface Removed {
  readonly members: string[];
  readonly scores: number[];
  readonly arrivals: number[];
  /** Whether the set's DueOrderTracker counted each one out (removeHead returned true). */
  readonly tracked: boolean[];
}

/**
 * What undo() needs to take one applied operation back: the scalars before it, the log's mark, and
 * the jobs it wrote (an enqueue), took out (a promote) or the sets it replaced (a reset). Its size
 * follows the operation's own work, so undo costs what the operation cost, not a replay.
 */
interface UndoRecord {
  /** The operation this record takes back (the last of a coalesced run: what the scenario holds). */
  op: Operation;
  readonly before: Scalars;
  readonly log: LogMark | null;
  change:
    | { readonly kind: 'settings' }
    | {
        readonly kind: 'enqueue';
        members: readonly string[];
        firstArrival: number;
        added: number;
        tried: number;
        batch: boolean;
        readonly inversions: readonly [number, number];
        /** The band score each job got (addDelayedJob's ZADD), for redo. */
        readonly scores: number[];
        /** The textbook score every job of the batch shares, as the client sent it. */
        readonly textbookScore: string;
        /** The fire-time that score stands for (the textbook set's group of these jobs). */
        readonly textbookFireTime: number;
      }
    | { readonly kind: 'promote'; readonly band: Removed; readonly textbook: Removed }
    | { readonly kind: 'reset'; readonly sets: Sets };
}

/** One of the two sets, with its arrival tracker, as a promote's undo and redo move its jobs. */
interface PromotedSet {
  readonly redis: MemoryRedis;
  readonly key: string;
  readonly order: DueOrderTracker;
}

/** One set as a promote sweeps it: its reads, its due-order tracker, and how a score gives the fire-time. */
interface SweptSet {
  readonly reader: SetReader;
  readonly order: DueOrderTracker;
  readonly fireTimeOfScore: (score: number) => number;
}

/** The band set's fire-time of a score: its millisecond. */
function bandFireTime(score: number): number {
  return decodeScore(score).fireTime;
}

/** The enqueue part of an UndoRecord. */
type EnqueueChange = Extract<UndoRecord['change'], { kind: 'enqueue' }>;

/**
 * What redo needs besides the undo record, read when the operation was undone: the state after
 * it (scalars, the trackers' inversion counts, the log), and what undo took away whole (the
 * enqueue's batch, the promote's entries in the promoted lists, the sets a reset emptied).
 */
interface RedoRecord {
  readonly record: UndoRecord;
  readonly after: Scalars;
  readonly inversions: readonly [number, number];
  log?: LogMark;
  /** What undo took away whole: the enqueue's batch, the promote's [band, textbook] entries of the promoted lists, the sets a reset emptied. */
  kept?: EnqueueBatch | readonly [PromotedAt[], PromotedAt[]] | Sets;
}

/** Jobs that undoing or redoing the record moves in or out of the sets (both sets of a promote). */
function jobsMoved(record: UndoRecord | undefined): number {
  const change = record?.change;
  if (change?.kind === 'enqueue') return change.tried;
  if (change?.kind === 'promote') return change.band.members.length + change.textbook.members.length;
  return 0;
}

/** Runs a generator of steps to its end and gives what it returns. */
export function drain<Y, T>(steps: Generator<Y, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/**
 * Runs `each(start, end)` over 0..n-1 in chunks of REPLAY_CHUNK (the last chunk first when `back`),
 * yielding after each `before` plus the items done so far: the jobs an undo or redo has moved.
 */
function* chunks(
  n: number,
  back: boolean,
  each: (start: number, end: number) => void,
  before = 0,
): Generator<number, void, void> {
  for (let k = 0; k < n; k += REPLAY_CHUNK) {
    const end = back ? n - k : Math.min(n, k + REPLAY_CHUNK);
    const start = back ? Math.max(0, end - REPLAY_CHUNK) : k;
    each(start, end);
    yield before + Math.min(n, k + REPLAY_CHUNK);
  }
}

/**
 * The band set's rank of a job that addDelayedJob just scored `score`, when the job before it in the
 * same enqueue (same millisecond, nothing written between) got `previousScore` at `previousRank`;
 * null when it takes a ZRANK to know. Below 2^53 the score arithmetic is exact, so a score of
 * exactly one above the previous one was `currentMaxScore + 1` with the previous job as the band's
 * highest, alone on its score (it was one above the highest before it, or the floor of an empty
 * band): the new job is the one right after it. At the ceiling, scores tie and members decide.
 */
export function bandRankAfter(previousScore: number, previousRank: number, score: number, ceiling: number): number | null {
  return score === previousScore + 1 && score < ceiling && Number.isSafeInteger(score) && previousRank >= 0
    ? previousRank + 1
    : null;
}

/** ZADD key score member ... for members[start..end) with their scores, in one command. */
function zaddPairs(
  redis: MemoryRedis,
  key: string,
  members: readonly string[],
  start: number,
  end: number,
  score: (i: number) => string | number,
): void {
  const pairs: Array<string | number> = [];
  for (let i = start; i < end; i++) pairs.push(score(i), members[i]!);
  redis.call('ZADD', key, ...pairs);
}

function emptyRemoved(): Removed {
  return { members: [], scores: [], arrivals: [], tracked: [] };
}

/** The operations that only change the settings. */
const SETTING_KINDS: ReadonlySet<Operation['kind']> = new Set(['delay', 'unit', 'live', 'freeze', 'idStyle', 'prefix', 'batch']);

/** Whether two settings hold the same values. */
export function sameSettings(a: Settings, b: Settings): boolean {
  return (Object.keys(a) as Array<keyof Settings>).every((key) => a[key] === b[key]);
}

function isWholeInRange(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** The two sets and everything the page shows about them; `apply` is the only writer. */
export class Session {
  settings: Settings;
  textbook!: MemoryRedis;
  band!: MemoryRedis;
  /** Typed reads of the textbook set (what the page reads it through). */
  textbookReader!: SetReader;
  /** Typed reads of the band set. */
  bandReader!: SetReader;
  textbookOrder!: DueOrderTracker;
  bandOrder!: DueOrderTracker;
  /** member -> arrival number, for every job enqueued since the last reset. */
  arrivals!: Map<string, number>;
  /** Every enqueue since the last reset, in order: the page's own arrival stream. */
  enqueues!: EnqueueBatch[];
  /** The arrival number the next job gets (1-based). */
  nextArrival = 1;
  lastEnqueue: EnqueueResult | null = null;
  lastPromote: PromoteResult | null = null;
  /** Every job promoted from each set since the last reset, in the order they came out (grows in place). */
  promoted!: PromotedSinceReset;
  /** The band shown in the grid: a millisecond the user picked, or null to follow the current fire-time. */
  selectedFireTime: number | null = null;
  /** Why the last enqueue was refused, or null. */
  enqueueError: string | null = null;
  /** The instant of the last enqueue or promote (what the page shows as now when frozen elsewhere). */
  lastInstant: number | null = null;
  /** How many uuid ids the scenario has drawn. */
  #uuidsDrawn = 0;
  #loggedTextbook!: RedisLike;
  #loggedBand!: RedisLike;
  /** One record per applied operation, oldest first, when the hooks ask for undo. */
  readonly #journal: UndoRecord[] = [];
  /** One record per undone operation, the next to redo last; emptied when an operation is applied. */
  readonly #redoJournal: RedoRecord[] = [];

  constructor(
    initial: Settings,
    private readonly hooks: SessionHooks,
  ) {
    this.settings = initial;
    this.#emptySets();
  }

  #emptySets(): void {
    this.textbook = new MemoryRedis();
    this.band = new MemoryRedis();
    this.textbookReader = new SetReader(this.textbook, TEXTBOOK_KEY);
    this.bandReader = new SetReader(this.band, BAND_KEY);
    const wrap = this.hooks.wrap ?? ((redis: MemoryRedis) => redis);
    this.#loggedTextbook = wrap(this.textbook, 'textbook');
    this.#loggedBand = wrap(this.band, 'band');
    this.textbookOrder = new DueOrderTracker();
    this.bandOrder = new DueOrderTracker();
    this.arrivals = new Map();
    this.enqueues = [];
    this.nextArrival = 1;
    this.lastEnqueue = null;
    this.lastPromote = null;
    this.promoted = { band: [], textbook: [], promotes: 0, changes: 0 };
    this.selectedFireTime = null;
    this.enqueueError = null;
  }

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
    const before = this.#scalars();
    const record: UndoRecord | null =
      this.hooks.undo === undefined ? null : { op, before, log: this.hooks.undo.log.mark(), change: { kind: 'settings' } };
    const applied = yield* this.#run(op, record);
    if (!applied) return false;
    // A setting moved to the value it had changes nothing: what was undone can still be redone.
    if (!SETTING_KINDS.has(op.kind) || !sameSettings(before.settings, this.settings)) this.#redoJournal.length = 0;
    if (record !== null) this.#journal.push(record);
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
    for (let i = 1; i <= steps; i++) jobs += jobsMoved(this.#journal.at(-i));
    return jobs;
  }

  /** Jobs the next undo() moves: an enqueue's jobs, the jobs a promote took (both sets); 0 for other steps or none. */
  get undoJobs(): number {
    return jobsMoved(this.#journal.at(-1));
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
    return jobsMoved(this.#redoJournal.at(-1)?.record);
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
   * undo() in steps: yields the jobs moved so far, every REPLAY_CHUNK jobs or so (a
   * promote of 1,000,000 jobs puts them back in about 8,000 steps). The caller runs it to the end:
   * a Session stopped half-way holds half of the step.
   */
  *undoSteps(): Generator<number, boolean, void> {
    const record = this.#journal.pop();
    if (record === undefined) return false;
    const redo: RedoRecord = {
      record,
      after: this.#scalars(),
      inversions: [this.textbookOrder.inversions, this.bandOrder.inversions],
    };
    const change = record.change;
    if (change.kind === 'enqueue') redo.kept = yield* this.#undoEnqueue(change);
    else if (change.kind === 'promote') {
      const [band, textbook] = this.#promotedSets();
      yield* this.#putBack(band, change.band, 0);
      yield* this.#putBack(textbook, change.textbook, change.band.members.length);
      redo.kept = [
        this.promoted.band.splice(this.promoted.band.length - change.band.members.length),
        this.promoted.textbook.splice(this.promoted.textbook.length - change.textbook.members.length),
      ];
      this.promoted.promotes--;
      this.promoted.changes++;
    } else if (change.kind === 'reset') {
      redo.kept = this.#sets();
      this.#useSets(change.sets);
    }
    this.#useScalars(record.before);
    if (record.log !== null) redo.log = this.hooks.undo?.log.restore(record.log);
    this.#redoJournal.push(redo);
    return true;
  }

  /**
   * Applies again the operation the last undo(op) took back, from what undo kept instead of running
   * it: an enqueue's jobs go back with the scores they had (ZADD), a promote's come out again (ZREM
   * of the set's head run), the sets a reset emptied come back; the scalars and the log are as after
   * the operation. The sets then hold what a replay gives. In steps, as undoSteps. An enqueue that
   * failed part-way is applied again instead (what it kept is not a whole step). False (nothing
   * changed) when there is nothing to redo.
   */
  *redoSteps(): Generator<number, boolean, void> {
    const redo = this.#redoJournal.pop();
    if (redo === undefined) return false;
    const change = redo.record.change;
    if (change.kind === 'enqueue' && change.added !== change.tried) {
      // Undo left the state as before it, so running it again gives what it gave; the rest of the redo journal stays.
      const record: UndoRecord = { ...redo.record, before: this.#scalars(), log: this.hooks.undo?.log.mark() ?? null };
      record.change = { kind: 'settings' };
      yield* this.#run(redo.record.op, record);
      this.#journal.push(record);
      return true;
    }
    if (change.kind === 'enqueue') yield* this.#redoEnqueue(change, redo);
    else if (change.kind === 'promote') {
      const [bandSet, textbookSet] = this.#promotedSets();
      yield* this.#takeOut(bandSet, change.band, 0);
      yield* this.#takeOut(textbookSet, change.textbook, change.band.members.length);
      const [band, textbook] = redo.kept as [PromotedAt[], PromotedAt[]];
      for (const job of band) this.promoted.band.push(job);
      for (const job of textbook) this.promoted.textbook.push(job);
      this.promoted.promotes++;
      this.promoted.changes++;
    } else if (change.kind === 'reset') this.#useSets(redo.kept as Sets);
    // The scalars as when it was undone (the band picked then too, as undo puts back the one picked before).
    this.#useScalars(redo.after);
    if (redo.log) this.hooks.undo?.log.restore(redo.log);
    this.#journal.push(redo.record);
    return true;
  }

  #useScalars(b: Scalars): void {
    this.settings = b.settings;
    this.nextArrival = b.nextArrival;
    this.lastEnqueue = b.lastEnqueue;
    this.lastPromote = b.lastPromote;
    this.selectedFireTime = b.selectedFireTime;
    this.enqueueError = b.enqueueError;
    this.lastInstant = b.lastInstant;
    this.#uuidsDrawn = b.uuidsDrawn;
  }

  /** Whether nothing was enqueued or promoted since the last reset (the sets, arrivals and lists are as a reset leaves them). */
  #holdsNoJob(): boolean {
    return this.arrivals.size === 0 && this.enqueues.length === 0 && this.promoted.promotes === 0 && this.nextArrival === 1;
  }

  #scalars(): Scalars {
    return {
      settings: this.settings,
      nextArrival: this.nextArrival,
      lastEnqueue: this.lastEnqueue,
      lastPromote: this.lastPromote,
      selectedFireTime: this.selectedFireTime,
      enqueueError: this.enqueueError,
      lastInstant: this.lastInstant,
      uuidsDrawn: this.#uuidsDrawn,
    };
  }

  #sets(): Sets {
    return {
      textbook: this.textbook,
      band: this.band,
      textbookReader: this.textbookReader,
      bandReader: this.bandReader,
      textbookOrder: this.textbookOrder,
      bandOrder: this.bandOrder,
      arrivals: this.arrivals,
      enqueues: this.enqueues,
      promoted: this.promoted,
      loggedTextbook: this.#loggedTextbook,
      loggedBand: this.#loggedBand,
    };
  }

  #useSets(sets: Sets): void {
    this.textbook = sets.textbook;
    this.band = sets.band;
    this.textbookReader = sets.textbookReader;
    this.bandReader = sets.bandReader;
    this.textbookOrder = sets.textbookOrder;
    this.bandOrder = sets.bandOrder;
    this.arrivals = sets.arrivals;
    this.enqueues = sets.enqueues;
    this.promoted = sets.promoted;
    this.#loggedTextbook = sets.loggedTextbook;
    this.#loggedBand = sets.loggedBand;
  }

  /** The enqueue's jobs come out, newest first (ZREM, unlogged), each tracker told where it was; gives the batch it took off the list. */
  *#undoEnqueue(change: EnqueueChange): Generator<number, EnqueueBatch | undefined, void> {
    yield* chunks(change.tried, true, (start, end) => {
      const members = change.members.slice(start, end);
      this.textbook.call('ZREM', TEXTBOOK_KEY, ...members);
      this.band.call('ZREM', BAND_KEY, ...members);
      for (let i = end - 1; i >= start; i--) {
        if (i < change.added) {
          this.textbookOrder.undoAdd(change.firstArrival + i);
          this.bandOrder.undoAdd(change.firstArrival + i);
        }
        this.arrivals.delete(change.members[i]!);
      }
    });
    this.textbookOrder.restoreInversions(change.inversions[0]);
    this.bandOrder.restoreInversions(change.inversions[1]);
    return change.batch ? this.enqueues.pop() : undefined;
  }

  /**
   * The enqueue's jobs go back in arrival order with the scores they got (ZADD, unlogged), in the
   * arrivals and the trackers (add at any position: the inversions are put back as after it).
   */
  *#redoEnqueue(change: EnqueueChange, redo: RedoRecord): Generator<number, void, void> {
    yield* chunks(change.added, false, (start, end) => {
      zaddPairs(this.textbook, TEXTBOOK_KEY, change.members, start, end, () => change.textbookScore);
      zaddPairs(this.band, BAND_KEY, change.members, start, end, (i) => change.scores[i]!);
      for (let i = start; i < end; i++) {
        this.arrivals.set(change.members[i]!, change.firstArrival + i);
        this.textbookOrder.add(change.firstArrival + i, change.textbookFireTime, 0);
        this.bandOrder.add(change.firstArrival + i, decodeScore(change.scores[i]!).fireTime, 0);
      }
    });
    this.textbookOrder.restoreInversions(redo.inversions[0]);
    this.bandOrder.restoreInversions(redo.inversions[1]);
    if (change.batch) this.enqueues.push(redo.kept as EnqueueBatch);
  }

  /** A promote's jobs go back into one set with their scores (ZADD, unlogged), last taken first, each tracker told it is the head again. */
  *#putBack({ redis, key, order }: PromotedSet, removed: Removed, before: number): Generator<number, void, void> {
    const putBack = (start: number, end: number) => {
      zaddPairs(redis, key, removed.members, start, end, (i) => removed.scores[i]!);
      for (let i = end - 1; i >= start; i--) if (removed.tracked[i]) order.undoRemoveHead(removed.arrivals[i]!);
    };
    yield* chunks(removed.members.length, true, putBack, before);
  }

  /**
   * A promote's jobs come out of one set again, in the order it took them: they are the set's head
   * run, which ZREM takes off in one pass (SortedSet.deleteMembers).
   */
  *#takeOut({ redis, key, order }: PromotedSet, removed: Removed, before: number): Generator<number, void, void> {
    const takeOut = (start: number, end: number) => {
      redis.call('ZREM', key, ...removed.members.slice(start, end));
      for (let i = start; i < end; i++) order.removeHead(removed.arrivals[i]!);
    };
    yield* chunks(removed.members.length, false, takeOut, before);
  }

  /** The band set and the textbook set as a promote's undo and redo move their jobs. */
  #promotedSets(): readonly [PromotedSet, PromotedSet] {
    return [
      { redis: this.band, key: BAND_KEY, order: this.bandOrder },
      { redis: this.textbook, key: TEXTBOOK_KEY, order: this.textbookOrder },
    ];
  }

  *#run(op: Operation, record: UndoRecord | null): Generator<number, boolean, void> {
    const s = this.settings;
    switch (op.kind) {
      case 'delay':
        if (!isWholeInRange(op.delay, 0, MAX_DELAY_MS)) return false;
        this.settings = { ...s, delay: op.delay };
        return true;
      case 'unit':
        // The textbook set holds scores in one unit: switching with jobs in it would mix them.
        if (op.unit !== 's' && op.unit !== 'ms') return false;
        if (this.textbookReader.size !== 0) return false;
        this.settings = { ...s, textbookUnit: op.unit };
        return true;
      case 'live':
        this.settings = { ...s, clockMode: 'live' };
        return true;
      case 'freeze':
        if (!isWholeInRange(op.at, 0, MAX_CLOCK_MS)) return false;
        this.settings = { ...s, clockMode: 'frozen', frozenAt: op.at };
        return true;
      case 'idStyle':
        this.settings = { ...s, idStyle: op.style };
        this.enqueueError = null;
        return true;
      case 'prefix':
        if (!parseIdPrefix(op.prefix).ok) return false;
        this.settings = { ...s, idPrefix: op.prefix };
        this.enqueueError = null;
        return true;
      case 'batch':
        if (!isWholeInRange(op.size, MIN_BATCH, MAX_BATCH)) return false;
        this.settings = { ...s, batchSize: op.size };
        return true;
      case 'enqueue':
        return yield* this.#enqueue(op.count, op.at, record);
      case 'promote':
        if (!isWholeInRange(op.at, 0, MAX_CLOCK_MS)) return false;
        yield* this.#promote(op.at, record);
        return true;
      case 'reset':
        if (this.#holdsNoJob()) {
          // Nothing to empty: the sets stay, so a run of resets keeps no old sets alive for undo
          // (the record, a 'settings' one, puts back the scalars)
          this.hooks.onReset?.();
          this.lastEnqueue = null;
          this.lastPromote = null;
          this.selectedFireTime = null;
          this.enqueueError = null;
          return true;
        }
        if (record !== null) record.change = { kind: 'reset', sets: this.#sets() };
        this.hooks.onReset?.();
        this.#emptySets();
        return true;
    }
  }

  *#enqueue(count: number, timestamp: number, record: UndoRecord | null): Generator<number, boolean, void> {
    if (!isWholeInRange(count, 1, MAX_BATCH) || !isWholeInRange(timestamp, 0, MAX_CLOCK_MS)) return false;
    const s = this.settings;
    this.lastInstant = timestamp;
    const members: string[] = [];
    // Ids made from the arrival number differ from each other; only uuids can repeat within a batch.
    const fresh = s.idStyle === 'uuid' ? new Set<string>() : null;
    for (let i = 0; i < count; i++) {
      const member = jobId(s.idStyle, this.nextArrival + i, s.idPrefix, () => this.hooks.uuid(this.#uuidsDrawn + i));
      if (this.arrivals.has(member) || fresh?.has(member) === true) {
        this.enqueueError = `Job id "${member}" is already taken; pick another id style or prefix.`;
        return false;
      }
      fresh?.add(member);
      members.push(member);
      if ((i + 1) % REPLAY_CHUNK === 0) yield 0;
    }
    if (s.idStyle === 'uuid') this.#uuidsDrawn += count;
    // The textbook client sends the score as text; every job of the batch shares it.
    const textbookScoreValue = textbookScore(timestamp, s.delay, s.textbookUnit);
    const textbookScoreArg = luaNumberArg(textbookScoreValue);
    const textbookFire = textbookFireTime(textbookScoreValue, s.textbookUnit);
    let last = { score: 0, delayedTimestamp: timestamp };
    let added = 0;
    let failure: string | null = null;
    const inversions = [this.textbookOrder.inversions, this.bandOrder.inversions] as const;
    const change = {
      kind: 'enqueue' as const,
      members,
      firstArrival: this.nextArrival,
      added: 0,
      tried: 0,
      batch: false,
      inversions,
      scores: [] as number[],
      textbookScore: textbookScoreArg,
      textbookFireTime: textbookFire,
    };
    if (record !== null) record.change = change;
    // Where the band set put the job before (its score and rank), for bandRankAfter.
    let bandScore = Number.NaN;
    let bandRank = -1;
    const bandCeiling = bandOf(fireTimeOf(timestamp, s.delay)).maxScore;
    // Where each set's run of the job's fire-time starts (the jobs due earlier): the batch shares one
    // textbook score, and its band scores one millisecond, so each is read once, at the first job.
    let textbookStart = -1;
    let bandFire = Number.NaN;
    let bandStart = -1;
    try {
      for (const member of members) {
        const arrival = this.nextArrival + added;
        change.tried++;
        this.arrivals.set(member, arrival);
        this.#loggedTextbook.call('ZADD', TEXTBOOK_KEY, textbookScoreArg, member);
        last = addDelayedJob(this.#loggedBand, BAND_KEY, member, timestamp, s.delay);
        change.scores.push(last.score);
        // Where each set put the job (a read for the page, not one of the model's commands).
        if (textbookStart < 0) textbookStart = this.textbookReader.countBelow(textbookScoreValue);
        this.textbookOrder.add(arrival, textbookFire, this.textbookReader.rank(member)! - textbookStart);
        bandRank = bandRankAfter(bandScore, bandRank, last.score, bandCeiling) ?? this.bandReader.rank(member)!;
        bandScore = last.score;
        const fire = decodeScore(last.score).fireTime;
        if (fire !== bandFire) {
          bandFire = fire;
          bandStart = this.bandReader.countBelow(bandOf(fire).minScore);
        }
        this.bandOrder.add(arrival, fire, bandRank - bandStart);
        added++;
        change.added = added;
        if (added % REPLAY_CHUNK === 0) yield REPLAY_CHUNK;
      }
    } catch (error) {
      // Not expected with the checked inputs; if the model refuses a job, say so and keep what was added.
      failure = `Redis refused job ${added + 1}: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (added > 0) {
      this.enqueues.push({
        timestamp,
        delay: s.delay,
        firstArrival: this.nextArrival,
        members: added === members.length ? members : members.slice(0, added),
      });
      change.batch = true;
    }
    this.nextArrival += added + (failure === null ? 0 : 1);
    if (added > 0) {
      // The band panel keeps following the fire-time (or the millisecond the user picked): an enqueue picks nothing.
      this.lastEnqueue = { timestamp, fireTime: last.delayedTimestamp, lastScore: last.score, count: added };
    }
    this.enqueueError = failure;
    if (added % REPLAY_CHUNK !== 0) yield added % REPLAY_CHUNK;
    return added > 0 || failure !== null;
  }

  /**
   * Takes one batch out of a set through `take` and notes each job's arrival and fire-time (from
   * its score, `fireTimeOfScore`; read unlogged from the head before the batch, which the batch is
   * a prefix of; undo keeps the score too).
   */
  #sweepBatch(
    { reader, order, fireTimeOfScore }: SweptSet,
    jobs: PromotedJob[],
    removed: Removed | null,
    take: () => readonly string[],
  ): number {
    const head = reader.rangeByRank(0, PROMOTE_BATCH - 1);
    const batch = take();
    for (let i = 0; i < batch.length; i++) {
      const member = batch[i]!;
      const arrival = this.arrivals.get(member) ?? 0;
      const score = head[i]!.score;
      jobs.push({ member, arrival, fireTime: fireTimeOfScore(score) });
      const tracked = order.removeHead(arrival);
      if (removed !== null) {
        removed.members.push(member);
        removed.scores.push(score);
        removed.arrivals.push(arrival);
        removed.tracked.push(tracked);
      }
    }
    return batch.length;
  }

  /**
   * Takes batches with `take` until one comes back short of PROMOTE_BATCH (drainBatches' rule),
   * yielding between batches so a long replay can pause; returns how many batches were taken.
   */
  *#sweepAll(
    set: SweptSet,
    jobs: PromotedJob[],
    removed: Removed | null,
    take: () => readonly string[],
  ): Generator<number, number, void> {
    for (let calls = 1; ; calls++) {
      if (this.#sweepBatch(set, jobs, removed, take) < PROMOTE_BATCH) return calls;
      yield 0;
    }
  }

  *#promote(now: number, record: UndoRecord | null): Generator<number, void, void> {
    this.lastInstant = now;
    const removedBand = record === null ? null : emptyRemoved();
    const removedTextbook = record === null ? null : emptyRemoved();
    if (record !== null) record.change = { kind: 'promote', band: removedBand!, textbook: removedTextbook! };

    const bandJobs: PromotedJob[] = [];
    const bandSet = { reader: this.bandReader, order: this.bandOrder, fireTimeOfScore: bandFireTime };
    const bandCalls = yield* this.#sweepAll(bandSet, bandJobs, removedBand, () =>
      promoteDelayedJobs(this.#loggedBand, BAND_KEY, now, PROMOTE_BATCH),
    );

    // The textbook sweep: ZRANGEBYSCORE key 0 <now> LIMIT 0 1000, then ZREM that batch.
    const unit = this.settings.textbookUnit;
    const bound = textbookScore(now, 0, unit);
    const textbookJobs: PromotedJob[] = [];
    const textbookSet = {
      reader: this.textbookReader,
      order: this.textbookOrder,
      fireTimeOfScore: (score: number) => textbookFireTime(score, unit),
    };
    const textbookCalls = yield* this.#sweepAll(textbookSet, textbookJobs, removedTextbook, () =>
      sweepBatchByScore(this.#loggedTextbook, TEXTBOOK_KEY, bound, PROMOTE_BATCH),
    );

    for (const job of bandJobs) this.promoted.band.push({ ...job, at: now });
    for (const job of textbookJobs) this.promoted.textbook.push({ ...job, at: now });
    this.promoted.promotes++;
    this.promoted.changes++;
    const nextWake = getNextDelayedTimestamp(this.#loggedBand, BAND_KEY);
    this.lastPromote = {
      now,
      band: { jobs: bandJobs, calls: bandCalls },
      textbook: { jobs: textbookJobs, calls: textbookCalls, bound, unit },
      nextWake,
    };
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
