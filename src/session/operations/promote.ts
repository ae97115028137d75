/**
 * Promote due jobs at one clock reading (p[@<ms>]): the band set through promoteDelayedJobs, the
 * textbook set through its sweep (ZRANGEBYSCORE then ZREM), batch after batch. Undone by putting
 * the jobs back with the scores they had; redone by taking the same jobs out again.
 */
import type { MemoryRedis } from '../../model/redis/memoryRedis.ts';
import { getNextDelayedTimestamp, promoteDelayedJobs } from '../../model/protocol/delayed.ts';
import { PROMOTE_BATCH, sweepBatchByScore } from '../../model/protocol/sweep.ts';
import { decodeScore, textbookFireTime, textbookScore } from '../../model/protocol/score.ts';
import type { DueOrderTracker } from '../dueOrderTracker.ts';
import { PromotedOrder } from '../promotedOrder.ts';
import type { AppendedBatch } from '../promotedOrder.ts';
import { MAX_CLOCK_MS } from '../input.ts';
import type { SetReader } from '../setReader.ts';
import { BAND_KEY, TEXTBOOK_KEY } from '../sessionState.ts';
import type { PromotedAt, SessionState } from '../sessionState.ts';
import { atOnce, chunks, zaddPairs } from './chunks.ts';
import { SCALARS_ONLY } from './kind.ts';
import type { Change, OperationKind, Redo } from './kind.ts';
import { instant, instantSuffix, isWholeInRange, refuse } from './tokens.ts';

/** The textbook's sweep in whole seconds takes a job up to this long before its fire-time. */
const TEXTBOOK_EARLY_MS = 999;

/** Jobs a promote took out of one set, in order, with their scores. */
interface Removed {
  readonly members: string[];
  readonly scores: number[];
  readonly arrivals: number[];
  /** Whether the set's DueOrderTracker counted each one out (removeHead returned true). */
  readonly tracked: boolean[];
}

/** One set as a promote sweeps it: its reads, its due-order tracker, and how a score gives the fire-time. */
interface SweptSet {
  readonly reader: SetReader;
  readonly order: DueOrderTracker;
  /** The promote's own jobs of this set so far, sorted into due order batch by batch. */
  readonly taken: PromotedOrder;
  readonly fireTimeOfScore: (score: number) => number;
}

/** One of the two sets, with its arrival tracker, as a promote's undo and redo move its jobs. */
interface PromotedSet {
  readonly redis: MemoryRedis;
  readonly key: string;
  readonly order: DueOrderTracker;
}

function emptyRemoved(): Removed {
  return { members: [], scores: [], arrivals: [], tracked: [] };
}

/**
 * Takes one batch out of a set through `take` and notes each job's arrival and fire-time (from
 * its score, `fireTimeOfScore`; read unlogged from the head before the batch, which the batch is
 * a prefix of; undo keeps the score too).
 */
function sweepBatch(
  arrivals: ReadonlyMap<string, number>,
  { reader, order, taken, fireTimeOfScore }: SweptSet,
  now: number,
  jobs: PromotedAt[],
  removed: Removed | null,
  take: () => readonly string[],
): number {
  const head = reader.rangeByRank(0, PROMOTE_BATCH - 1);
  const batch = take();
  const from = jobs.length;
  for (let i = 0; i < batch.length; i++) {
    const member = batch[i]!;
    const arrival = arrivals.get(member) ?? 0;
    const score = head[i]!.score;
    jobs.push({ member, arrival, fireTime: fireTimeOfScore(score), at: now });
    const tracked = order.removeHead(arrival);
    if (removed !== null) {
      removed.members.push(member);
      removed.scores.push(score);
      removed.arrivals.push(arrival);
      removed.tracked.push(tracked);
    }
  }
  taken.append(jobs, from);
  return batch.length;
}

/**
 * Takes batches with `take` until one comes back short of PROMOTE_BATCH (drainBatches' rule),
 * yielding between batches so a long replay can pause; returns how many batches were taken.
 */
function* sweepAll(
  arrivals: ReadonlyMap<string, number>,
  set: SweptSet,
  now: number,
  jobs: PromotedAt[],
  removed: Removed | null,
  take: () => readonly string[],
): Generator<number, number, void> {
  for (let calls = 1; ; calls++) {
    if (sweepBatch(arrivals, set, now, jobs, removed, take) < PROMOTE_BATCH) return calls;
    yield 0;
  }
}

/** The band set and the textbook set as a promote's undo and redo move their jobs. */
function promotedSets(state: SessionState): readonly [PromotedSet, PromotedSet] {
  return [
    { redis: state.band, key: BAND_KEY, order: state.bandOrder },
    { redis: state.textbook, key: TEXTBOOK_KEY, order: state.textbookOrder },
  ];
}

/** A promote's jobs go back into one set with their scores (ZADD, unlogged), last taken first, each tracker told it is the head again. */
function* putBack({ redis, key, order }: PromotedSet, removed: Removed, before: number): Generator<number, void, void> {
  const each = (start: number, end: number) => {
    zaddPairs(redis, key, removed.members, start, end, (i) => removed.scores[i]!);
    for (let i = end - 1; i >= start; i--) if (removed.tracked[i]) order.undoRemoveHead(removed.arrivals[i]!);
  };
  yield* chunks(removed.members.length, true, each, before);
}

/**
 * A promote's jobs come out of one set again, in the order it took them: they are the set's head
 * run, which ZREM takes off in one pass (SortedSet.deleteMembers).
 */
function* takeOut({ redis, key, order }: PromotedSet, removed: Removed, before: number): Generator<number, void, void> {
  const each = (start: number, end: number) => {
    redis.call('ZREM', key, ...removed.members.slice(start, end));
    for (let i = start; i < end; i++) order.removeHead(removed.arrivals[i]!);
  };
  yield* chunks(removed.members.length, false, each, before);
}

/** What a promote appended to the lists since the last reset: what its undo takes back. */
interface Appended {
  readonly band: AppendedBatch;
  readonly textbook: AppendedBatch;
}

function* undoPromote(state: SessionState, band: Removed, textbook: Removed, appended: Appended): Generator<number, Redo, void> {
  const [bandSet, textbookSet] = promotedSets(state);
  yield* putBack(bandSet, band, 0);
  yield* putBack(textbookSet, textbook, band.members.length);
  const promoted = state.promoted;
  const keptBand = promoted.band.splice(promoted.band.length - band.members.length);
  const keptTextbook = promoted.textbook.splice(promoted.textbook.length - textbook.members.length);
  promoted.bandOrder.takeBack(appended.band);
  promoted.textbookOrder.takeBack(appended.textbook);
  promoted.promotes--;
  promoted.changes++;
  return { redo: (s) => redoPromote(s, band, textbook, keptBand, keptTextbook, appended) };
}

function* redoPromote(
  state: SessionState,
  band: Removed,
  textbook: Removed,
  keptBand: readonly PromotedAt[],
  keptTextbook: readonly PromotedAt[],
  appended: Appended,
): Generator<number, void, void> {
  const [bandSet, textbookSet] = promotedSets(state);
  yield* takeOut(bandSet, band, 0);
  yield* takeOut(textbookSet, textbook, band.members.length);
  const promoted = state.promoted;
  for (const job of keptBand) promoted.band.push(job);
  for (const job of keptTextbook) promoted.textbook.push(job);
  promoted.bandOrder.appendAgain(appended.band);
  promoted.textbookOrder.appendAgain(appended.textbook);
  promoted.promotes++;
  promoted.changes++;
}

function* runPromote(state: SessionState, now: number, keep: boolean): Generator<number, Change, void> {
  state.lastInstant = now;
  const removedBand = keep ? emptyRemoved() : null;
  const removedTextbook = keep ? emptyRemoved() : null;
  const arrivals = state.arrivals;

  const bandJobs: PromotedAt[] = [];
  const bandSet = {
    reader: state.bandReader,
    order: state.bandOrder,
    taken: new PromotedOrder(),
    fireTimeOfScore: (score: number) => decodeScore(score).fireTime,
  };
  const bandCalls = yield* sweepAll(arrivals, bandSet, now, bandJobs, removedBand, () =>
    promoteDelayedJobs(state.loggedBand, BAND_KEY, now, PROMOTE_BATCH),
  );

  // The textbook sweep: ZRANGEBYSCORE key 0 <now> LIMIT 0 1000, then ZREM that batch.
  const unit = state.settings.textbookUnit;
  const bound = textbookScore(now, 0, unit);
  const textbookJobs: PromotedAt[] = [];
  const textbookSet = {
    reader: state.textbookReader,
    order: state.textbookOrder,
    taken: new PromotedOrder(),
    fireTimeOfScore: (score: number) => textbookFireTime(score, unit),
  };
  const textbookCalls = yield* sweepAll(arrivals, textbookSet, now, textbookJobs, removedTextbook, () =>
    sweepBatchByScore(state.loggedTextbook, TEXTBOOK_KEY, bound, PROMOTE_BATCH),
  );

  const promoted = state.promoted;
  for (const job of bandJobs) promoted.band.push(job);
  for (const job of textbookJobs) promoted.textbook.push(job);
  // The promote's jobs, sorted as they were taken (which counted their own pairs out of due
  // order), merge into the lists since the reset, which counts the pairs they add there
  const appended = {
    band: promoted.bandOrder.appendOrder(bandSet.taken),
    textbook: promoted.textbookOrder.appendOrder(textbookSet.taken),
  };
  promoted.promotes++;
  promoted.changes++;
  const nextWake = getNextDelayedTimestamp(state.loggedBand, BAND_KEY);
  state.lastPromote = {
    now,
    band: { jobs: bandJobs, calls: bandCalls, outOfOrderPairs: appended.band.inversions },
    textbook: { jobs: textbookJobs, calls: textbookCalls, outOfOrderPairs: appended.textbook.inversions, bound, unit },
    nextWake,
  };
  if (removedBand === null || removedTextbook === null) return SCALARS_ONLY;
  return {
    jobs: removedBand.members.length + removedTextbook.members.length,
    exact: true,
    undo: (s) => undoPromote(s, removedBand, removedTextbook, appended),
  };
}

export const promote: OperationKind<'promote'> = {
  kind: 'promote',
  token: {
    head: 'p',
    encode: (op, frozen) => `p${instantSuffix(op.at, frozen)}`,
    decode(rest, frozen) {
      if (rest !== '' && !rest.startsWith('@')) return refuse('promote is p or p@<ms>');
      const parsed = instant(rest === '' ? undefined : rest.slice(1), frozen);
      return parsed.ok ? { ok: true, value: { kind: 'promote', at: parsed.value } } : parsed;
    },
  },
  setting: false,
  frozenAfter: (_op, frozen) => frozen,
  jobs: () => 0,
  instant: (op) => op.at,
  cost(op, cost) {
    cost.work += 1 + cost.pending.takeDue(op.at + TEXTBOOK_EARLY_MS);
  },
  run: (state, op, keep) => (isWholeInRange(op.at, 0, MAX_CLOCK_MS) ? runPromote(state, op.at, keep) : atOnce(null)),
};
