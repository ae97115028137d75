/**
 * The delayed-set half of BullMQ's (>= 5.8.6) Lua protocol, step by step: each function issues the
 * same commands, with the same arguments, in the same order as the Lua it names, and talks to the
 * server only through `RedisLike.call`. The score arithmetic comes from score.ts.
 *
 * Only the delayed sorted set is modelled. The scripts' other work is left out on purpose: job
 * hashes (EXISTS, HSET "delay", HGET "priority"), the events stream (XADD), the marker key
 * (addDelayMarkerIfNeeded) and where a promoted job goes (LPUSH wait / ZADD prioritized).
 */
import { arrayReply, stringsReply } from '../redis/reply.ts';
import type { RedisLike, Reply } from '../redis/reply.ts';
import { bandOf, fireTimeOf, nextScoreInBand, nextTimestampOf, promoteBound } from './score.ts';
import type { BandBranchStep } from './score.ts';
import { plainIntegerValue } from '../redis/doubles.ts';
import { PROMOTE_BATCH, drainBatches } from './sweep.ts';

/** A score and the fire-time it was computed for: getDelayedScore.lua's two return values. */
export interface DelayedScore {
  readonly score: number;
  readonly delayedTimestamp: number;
}

/** What changeDelay-*.lua reports as `return -3`: the job is not in the delayed set, nothing was written. */
export class JobNotDelayedError extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} is not in the delayed set (-3)`);
    this.name = 'JobNotDelayedError';
  }
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const INFINITY = /^([+-]?)inf(?:inity)?$/i;
const NOT_A_NUMBER = /^[+-]?nan$/i;

/**
 * Lua 5.1 `tonumber` applied to one element of a reply, as a script sees it: an integer reply is
 * already a number, a bulk string goes through strtod (decimal, `inf`, `nan`, surrounding spaces),
 * anything else (a missing element, nil) gives nil. Hex forms are left out: Redis never replies with them.
 */
function luaToNumber(value: Reply | undefined): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  // The usual case, a score printed as a whole number: no trimming or pattern needed.
  const whole = plainIntegerValue(value);
  if (whole === whole) return whole;
  const text = value.trim();
  if (DECIMAL.test(text)) return Number(text);
  const infinity = INFINITY.exec(text);
  if (infinity) return infinity[1] === '-' ? -Infinity : Infinity;
  return NOT_A_NUMBER.test(text) ? Number.NaN : null;
}

/**
 * One line of getDelayedScore.lua as getDelayedScore runs it, with the value that line gives: the
 * call with its arguments, the three locals, ZREVRANGEBYSCORE's reply, its length (`if #result`),
 * the highest score read back, then the branches (nextScoreInBand's BandBranchStep).
 */
export type DelayedScoreStep =
  | { readonly line: 'call'; readonly value: { readonly timestamp: number; readonly delay: number } }
  | { readonly line: 'delayedTimestamp' | 'minScore' | 'maxScore' | 'result length'; readonly value: number }
  | { readonly line: 'result'; readonly value: readonly Reply[] }
  | { readonly line: 'currentMaxScore'; readonly value: number | null }
  | BandBranchStep;

/** Told each line of getDelayedScore.lua as getDelayedScore runs it, in order. */
export type DelayedScoreTracer = (step: DelayedScoreStep) => void;

/**
 * getDelayedScore.lua: the score for a job due at `timestamp + delay` (`delay > 0` only). Reads the
 * highest score already in that millisecond's band and returns the floor, one tick above it, or the
 * ceiling once the band is full. Reads only; the caller writes. `trace`, when given, is told each
 * line with its value as it runs (the page's script stepper shows them); without it nothing extra
 * is built or called, since every enqueue runs this.
 */
export function getDelayedScore(
  redis: RedisLike,
  delayedKey: string,
  timestamp: number,
  delay: number,
  trace?: DelayedScoreTracer,
): DelayedScore {
  trace?.({ line: 'call', value: { timestamp, delay } });
  const delayedTimestamp = fireTimeOf(timestamp, delay);
  trace?.({ line: 'delayedTimestamp', value: delayedTimestamp });
  const band = bandOf(delayedTimestamp);
  trace?.({ line: 'minScore', value: band.minScore });
  trace?.({ line: 'maxScore', value: band.maxScore });
  // local result = rcall("ZREVRANGEBYSCORE", delayedKey, maxScore, minScore, "WITHSCORES","LIMIT", 0, 1)
  const result = arrayReply(
    redis.call('ZREVRANGEBYSCORE', delayedKey, band.maxScore, band.minScore, 'WITHSCORES', 'LIMIT', 0, 1),
  );
  trace?.({ line: 'result', value: result });
  // if #result then: no test to port, since every number is true in Lua, 0 (an empty reply) too
  trace?.({ line: 'result length', value: result.length });
  // local currentMaxScore = tonumber(result[2])
  const currentMaxScore = luaToNumber(result[1]);
  trace?.({ line: 'currentMaxScore', value: currentMaxScore });
  return { score: nextScoreInBand(band, currentMaxScore, trace), delayedTimestamp };
}

/**
 * addDelayedJob.lua (included by addDelayedJob-*.lua): getDelayedScore, then
 * `rcall("ZADD", delayedKey, score, jobId)`. Storing the job hash, the "delayed" event and the
 * delay marker are not modelled.
 */
export function addDelayedJob(
  redis: RedisLike,
  delayedKey: string,
  jobId: string,
  timestamp: number,
  delay: number,
): DelayedScore {
  // local score, delayedTimestamp = getDelayedScore(delayedKey, timestamp, tonumber(delay))
  const scored = getDelayedScore(redis, delayedKey, timestamp, delay);
  // rcall("ZADD", delayedKey, score, jobId)
  redis.call('ZADD', delayedKey, scored.score, jobId);
  return scored;
}

/**
 * changeDelay-*.lua: the new score is computed BEFORE the job's own ZREM, so re-delaying a job into
 * the millisecond it already occupies bumps its own score +1 each time. Throws JobNotDelayedError
 * where the Lua returns -3 (ZREM removed nothing; no ZADD follows). The job-hash EXISTS check
 * (-1), HSET "delay", the event and the marker are not modelled.
 */
export function changeDelay(redis: RedisLike, delayedKey: string, jobId: string, timestamp: number, delay: number): DelayedScore {
  // local score, delayedTimestamp = getDelayedScore(KEYS[1], ARGV[2], delay)
  const scored = getDelayedScore(redis, delayedKey, timestamp, delay);
  // local numRemovedElements = rcall("ZREM", KEYS[1], jobId)
  const numRemovedElements = redis.call('ZREM', delayedKey, jobId);
  // if numRemovedElements < 1 then return -3 end
  if (typeof numRemovedElements !== 'number' || numRemovedElements < 1) throw new JobNotDelayedError(jobId);
  // rcall("ZADD", KEYS[1], score, jobId)
  redis.call('ZADD', delayedKey, scored.score, jobId);
  return scored;
}

/**
 * promoteDelayedJobs.lua (included by moveToActive and friends): takes the due head, at most
 * `limit` members (BullMQ: always 1000) with score in [0, (now + 1) * 0x1000 - 1], and removes that
 * batch. Returns the ids in score order. Where they go next (wait list, prioritized set), the events
 * and the job hashes are not modelled.
 */
export function promoteDelayedJobs(redis: RedisLike, delayedKey: string, now: number, limit = PROMOTE_BATCH): readonly string[] {
  // local jobs = rcall("ZRANGEBYSCORE", delayedKey, 0, (timestamp + 1) * 0x1000 - 1, "LIMIT", 0, 1000)
  const jobs = stringsReply(redis.call('ZRANGEBYSCORE', delayedKey, 0, promoteBound(now), 'LIMIT', 0, limit));
  // if (#jobs > 0) then rcall("ZREM", delayedKey, unpack(jobs))
  if (jobs.length > 0) redis.call('ZREM', delayedKey, ...jobs);
  return jobs;
}

/**
 * A worker's promote loop: promoteDelayedJobs at `now` in batches of `limit` (1,000) until a batch
 * comes back short, so nothing due is left. Returns every promoted id in promotion order.
 */
export function promoteAllDueJobs(redis: RedisLike, delayedKey: string, now: number, limit = PROMOTE_BATCH): string[] {
  return drainBatches(limit, () => promoteDelayedJobs(redis, delayedKey, now, limit));
}

/**
 * getNextDelayedTimestamp.lua: the head's score divided by 0x1000, with no floor (a bumped head
 * gives a fractional T + k/4096); null for an empty set.
 */
export function getNextDelayedTimestamp(redis: RedisLike, delayedKey: string): number | null {
  // local result = rcall("ZRANGE", delayedKey, 0, 0, "WITHSCORES")
  const result = arrayReply(redis.call('ZRANGE', delayedKey, 0, 0, 'WITHSCORES'));
  // local nextTimestamp = tonumber(result[2])
  const nextTimestamp = luaToNumber(result[1]);
  // return nextTimestamp / 0x1000
  return nextTimestamp === null ? null : nextTimestampOf(nextTimestamp);
}
