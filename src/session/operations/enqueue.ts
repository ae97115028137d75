/**
 * Enqueue n jobs at one clock reading (e<n>[@<ms>]): each job goes into the textbook set (ZADD of
 * the fire-time as text) and the band set (addDelayedJob), with its arrival number and where each
 * set put it. Undone by taking the jobs out again; redone by writing them back with the scores
 * they got.
 */
import { groupDigits } from '../../model/format.ts';
import { addDelayedJob } from '../../model/protocol/delayed.ts';
import { bandOf, decodeScore, fireTimeOf, textbookFireTime, textbookScore } from '../../model/protocol/score.ts';
import { luaNumberArg } from '../../model/redis/doubles.ts';
import { MAX_BATCH, MAX_CLOCK_MS, parseBatchSize } from '../input.ts';
import type { Parsed } from '../input.ts';
import { UUID_BYTES, jobId } from '../jobIds.ts';
import { BAND_KEY, REPLAY_CHUNK, TEXTBOOK_KEY } from '../sessionState.ts';
import type { EnqueueBatch, SessionState } from '../sessionState.ts';
import { chunks, zaddPairs } from './chunks.ts';
import type { Change, OperationKind, Redo } from './kind.ts';
import { instant, instantSuffix, isWholeInRange, mapParsed, number, refuse } from './tokens.ts';

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

/** What an enqueue wrote, for its undo and redo. */
interface Written {
  readonly members: readonly string[];
  readonly firstArrival: number;
  /** Jobs written; `tried` counts the one the model refused too. */
  readonly added: number;
  readonly tried: number;
  /** Whether it added a batch to the session's enqueues. */
  readonly batch: boolean;
  /** The trackers' inversion counts before it. */
  readonly inversions: readonly [number, number];
  /** The band score each job got (addDelayedJob's ZADD). */
  readonly scores: readonly number[];
  /** The textbook score every job of the batch shares, as the client sent it. */
  readonly textbookScore: string;
  /** The fire-time that score stands for (the textbook set's group of these jobs). */
  readonly textbookFireTime: number;
}

/** The jobs come out, newest first (ZREM, unlogged), each tracker told where it was. */
function* undoEnqueue(state: SessionState, w: Written): Generator<number, Redo, void> {
  const inversionsAfter = [state.textbookOrder.inversions, state.bandOrder.inversions] as const;
  yield* chunks(w.tried, true, (start, end) => {
    const members = w.members.slice(start, end);
    state.textbook.call('ZREM', TEXTBOOK_KEY, ...members);
    state.band.call('ZREM', BAND_KEY, ...members);
    for (let i = end - 1; i >= start; i--) {
      if (i < w.added) {
        state.textbookOrder.undoAdd(w.firstArrival + i);
        state.bandOrder.undoAdd(w.firstArrival + i);
      }
      state.arrivals.delete(w.members[i]!);
    }
  });
  state.textbookOrder.restoreInversions(w.inversions[0]);
  state.bandOrder.restoreInversions(w.inversions[1]);
  const kept: EnqueueBatch | undefined = w.batch ? state.enqueues.pop() : undefined;
  return { redo: (s) => redoEnqueue(s, w, inversionsAfter, kept) };
}

/**
 * The jobs go back in arrival order with the scores they got (ZADD, unlogged), in the arrivals and
 * the trackers (add at any position: the inversions are put back as after it).
 */
function* redoEnqueue(
  state: SessionState,
  w: Written,
  inversions: readonly [number, number],
  kept: EnqueueBatch | undefined,
): Generator<number, void, void> {
  yield* chunks(w.added, false, (start, end) => {
    zaddPairs(state.textbook, TEXTBOOK_KEY, w.members, start, end, () => w.textbookScore);
    zaddPairs(state.band, BAND_KEY, w.members, start, end, (i) => w.scores[i]!);
    for (let i = start; i < end; i++) {
      state.arrivals.set(w.members[i]!, w.firstArrival + i);
      state.textbookOrder.add(w.firstArrival + i, w.textbookFireTime, 0);
      state.bandOrder.add(w.firstArrival + i, decodeScore(w.scores[i]!).fireTime, 0);
    }
  });
  state.textbookOrder.restoreInversions(inversions[0]);
  state.bandOrder.restoreInversions(inversions[1]);
  if (kept !== undefined) state.enqueues.push(kept);
}

function changeOf(w: Written): Change {
  return { jobs: w.tried, exact: w.added === w.tried, undo: (state) => undoEnqueue(state, w) };
}

/** The ids of `count` new jobs, or null (the error set) when one is taken. */
function* newMembers(state: SessionState, count: number): Generator<number, string[] | null, void> {
  const s = state.settings;
  const members: string[] = [];
  // Ids made from the arrival number differ from each other; only uuids can repeat within a batch.
  const fresh = s.idStyle === 'uuid' ? new Set<string>() : null;
  for (let i = 0; i < count; i++) {
    const member = jobId(s.idStyle, state.nextArrival + i, s.idPrefix, () => state.hooks.uuid(state.uuidsDrawn + i));
    if (state.arrivals.has(member) || fresh?.has(member) === true) {
      state.enqueueError = `Job id "${member}" is already taken; pick another id style or prefix.`;
      return null;
    }
    fresh?.add(member);
    members.push(member);
    if ((i + 1) % REPLAY_CHUNK === 0) yield 0;
  }
  if (s.idStyle === 'uuid') state.uuidsDrawn += count;
  return members;
}

function* runEnqueue(state: SessionState, count: number, timestamp: number): Generator<number, Change | null, void> {
  if (!isWholeInRange(count, 1, MAX_BATCH) || !isWholeInRange(timestamp, 0, MAX_CLOCK_MS)) return null;
  const s = state.settings;
  state.lastInstant = timestamp;
  const members = yield* newMembers(state, count);
  if (members === null) return null;
  // The textbook client sends the score as text; every job of the batch shares it.
  const textbookScoreValue = textbookScore(timestamp, s.delay, s.textbookUnit);
  const textbookScoreArg = luaNumberArg(textbookScoreValue);
  const textbookFire = textbookFireTime(textbookScoreValue, s.textbookUnit);
  const firstArrival = state.nextArrival;
  const inversions = [state.textbookOrder.inversions, state.bandOrder.inversions] as const;
  const scores: number[] = [];
  let last = { score: 0, delayedTimestamp: timestamp };
  let added = 0;
  let tried = 0;
  let failure: string | null = null;
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
      const arrival = firstArrival + added;
      tried++;
      state.arrivals.set(member, arrival);
      state.loggedTextbook.call('ZADD', TEXTBOOK_KEY, textbookScoreArg, member);
      last = addDelayedJob(state.loggedBand, BAND_KEY, member, timestamp, s.delay);
      scores.push(last.score);
      // Where each set put the job (a read for the page, not one of the model's commands).
      if (textbookStart < 0) textbookStart = state.textbookReader.countBelow(textbookScoreValue);
      state.textbookOrder.add(arrival, textbookFire, state.textbookReader.rank(member)! - textbookStart);
      bandRank = bandRankAfter(bandScore, bandRank, last.score, bandCeiling) ?? state.bandReader.rank(member)!;
      bandScore = last.score;
      const fire = decodeScore(last.score).fireTime;
      if (fire !== bandFire) {
        bandFire = fire;
        bandStart = state.bandReader.countBelow(bandOf(fire).minScore);
      }
      state.bandOrder.add(arrival, fire, bandRank - bandStart);
      added++;
      if (added % REPLAY_CHUNK === 0) yield REPLAY_CHUNK;
    }
  } catch (error) {
    // Not expected with the checked inputs; if the model refuses a job, say so and keep what was added.
    failure = `Redis refused job ${added + 1}: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (added > 0) {
    state.enqueues.push({
      timestamp,
      delay: s.delay,
      firstArrival,
      members: added === members.length ? members : members.slice(0, added),
    });
  }
  state.nextArrival += added + (failure === null ? 0 : 1);
  if (added > 0) {
    // The band panel keeps following the fire-time (or the millisecond the user picked): an enqueue picks nothing.
    state.lastEnqueue = { timestamp, fireTime: last.delayedTimestamp, lastScore: last.score, count: added };
  }
  state.enqueueError = failure;
  if (added % REPLAY_CHUNK !== 0) yield added % REPLAY_CHUNK;
  if (added === 0 && failure === null) return null;
  return changeOf({
    members,
    firstArrival,
    added,
    tried,
    batch: added > 0,
    inversions,
    scores,
    textbookScore: textbookScoreArg,
    textbookFireTime: textbookFire,
  });
}

const ENQUEUE_COUNT_RANGE = `an enqueue adds 1 to ${groupDigits(MAX_BATCH)} jobs (e1 to e${MAX_BATCH})`;

/** An enqueue's count: 1 job (the Enqueue job button) or a batch of up to MAX_BATCH. */
function enqueueCount(text: string): Parsed<number> {
  const count = Number(text);
  if (count > MAX_BATCH) return parseBatchSize(text);
  return count >= 1 ? { ok: true, value: count } : { ok: false, message: ENQUEUE_COUNT_RANGE };
}

/** Decimal digits of the whole numbers from..from+count-1 (from >= 1), in total. */
function digitsOf(from: number, count: number): number {
  let total = 0;
  let low = from;
  const end = from + count; // exclusive
  for (let digits = String(from).length, limit = 10 ** digits; low < end; digits++, limit *= 10) {
    const upTo = Math.min(end, limit);
    total += (upTo - low) * digits;
    low = upTo;
  }
  return total;
}

export const enqueue: OperationKind<'enqueue'> = {
  kind: 'enqueue',
  token: {
    head: 'e',
    encode: (op, frozen) => `e${op.count}${instantSuffix(op.at, frozen)}`,
    decode(rest, frozen) {
      const [count, at, extra] = rest.split('@');
      if (extra !== undefined) return refuse('one @ at most');
      const parsedCount = number(count ?? '', enqueueCount);
      if (!parsedCount.ok) return parsedCount;
      return mapParsed(instant(at, frozen), (value) => ({ kind: 'enqueue', count: parsedCount.value, at: value }));
    },
  },
  setting: false,
  frozenAfter: (_op, frozen) => frozen,
  jobs: (op) => op.count,
  instant: (op) => op.at,
  cost(op, cost) {
    const n = op.count;
    const style = cost.style;
    if (style === 'uuid') cost.idBytes += n * UUID_BYTES;
    else
      cost.idBytes +=
        digitsOf(cost.next, n) + n * (style === 'job:N' ? 'job:'.length : style === 'prefix' ? cost.prefixBytes : 0);
    cost.jobs += n;
    cost.next += n;
    cost.pending.add(op.at + cost.delay, n);
    cost.work += 1 + n;
  },
  run: (state, op) => runEnqueue(state, op.count, op.at),
};
