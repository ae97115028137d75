/**
 * The precision cliff, in numbers: what a double can still tell apart around a fire-time's band.
 * Every value is derived from score.ts (bandOf, nextScoreInBand, scoreStep, promoteBound,
 * fireTimeOf, isPastCliff); nothing here redoes the score arithmetic.
 *
 * A double keeps 53 significand bits. A band score is `fireTime * 0x1000 + slot`, so the
 * millisecond takes the high bits and the slot the low twelve; once the whole score needs more
 * than 53 bits (fire-time >= 2^41 ms) its lowest bits are rounded off, and neighbouring scores
 * are 2, 4, ... apart instead of 1.
 */
import type { RedisLike } from '../redis/memoryRedis.ts';
import {
  BAND_SLOTS,
  CLIFF_FIRE_TIME,
  bandOf,
  fireTimeOf,
  isPastCliff,
  nextScoreInBand,
  promoteBound,
  scoreStep,
} from './score.ts';

/** Significand bits of an IEEE-754 double (52 stored + the implicit leading 1): Lua's and JS's number. */
export const SIGNIFICAND_BITS = 53;

/** The last fire-time whose band holds 4096 exact scores: 2^41 - 1 ms = 2039-09-07T15:47:35.551Z. */
export const LAST_EXACT_FIRE_TIME = CLIFF_FIRE_TIME - 1;

/**
 * How many binary digits the whole part of |score| has (0 for |score| < 1): the significand bits a
 * whole-number score needs. Above 53 the double cannot hold them all and the lowest are dropped.
 */
export function scoreBits(score: number): number {
  const magnitude = Math.abs(score);
  if (!Number.isFinite(magnitude)) return Infinity;
  let bits = 0;
  while (2 ** bits <= magnitude) bits++;
  return bits;
}

/** What a double can still tell apart in one fire-time's band (all derived from score.ts). */
export interface BandPrecision {
  readonly fireTime: number;
  /** bandOf: getDelayedScore.lua's minScore and maxScore, rounded as Lua rounds them. */
  readonly minScore: number;
  readonly maxScore: number;
  /** Binary digits the band floor needs (41 for the millisecond + 12 for the slot, at the cliff 54). */
  readonly scoreBits: number;
  /** How many of the 53 significand bits those digits occupy. */
  readonly significandBitsUsed: number;
  /** Low bits the double cannot keep: scoreBits - 53, at least 0. */
  readonly droppedBits: number;
  /** The gap between neighbouring doubles at the band floor (scoreStep): 1 before the cliff, then 2, 4, ... */
  readonly spacing: number;
  /** `s + 1 == s` at the band floor: getDelayedScore's `currentMaxScore + 1` bump rounds back. */
  readonly bumpLost: boolean;
  /** The band's `(fireTime + 1) * 0x1000 - 1` rounds up to (or past) the next band's minScore. */
  readonly ceilingLeaks: boolean;
  /** How many distinct doubles the 4096 slot scores minScore + 0..4095 become inside the band (ZADD stores doubles). */
  readonly distinctSlotScores: number;
  /** How many different scores getDelayedScore hands out to same-ms jobs, from an empty band until saturation. */
  readonly reachableScores: number;
}

/**
 * How many distinct doubles the integers minScore + 0 .. minScore + 4095 become while staying below
 * the next band's floor: what ZADD of each slot's score text stores (strtod rounds the exact
 * integer to the nearest double, half to even, as the JS addition here does). Past the cliff the
 * top slots round up onto the next floor and are not counted. Rounding never reorders, so counting
 * the steps where the stored value changes counts the distinct values.
 */
function countDistinctSlotScores(fireTime: number): number {
  const { minScore } = bandOf(fireTime);
  const nextFloor = bandOf(fireTime + 1).minScore;
  let count = 0;
  let previous = Number.NaN;
  for (let slot = 0; slot < BAND_SLOTS; slot++) {
    const score = minScore + slot;
    if (score >= nextFloor) break;
    if (score !== previous) count++;
    previous = score;
  }
  return count;
}

/**
 * How many scores the band bump reaches: getDelayedScore.lua's floor, then `currentMaxScore + 1`
 * until it saturates at maxScore or stops moving (past the cliff it never leaves the floor).
 */
function countReachableScores(band: { minScore: number; maxScore: number }): number {
  let count = 0;
  let current: number | null = null;
  while (count <= BAND_SLOTS) {
    const next = nextScoreInBand(band, current);
    if (next === current) break;
    count++;
    current = next;
  }
  return count;
}

/** The precision of the band a job due at `fireTime` lands in: what the cliff explorer shows. */
export function bandPrecision(fireTime: number): BandPrecision {
  const band = bandOf(fireTime);
  const bits = scoreBits(band.minScore);
  return {
    fireTime,
    minScore: band.minScore,
    maxScore: band.maxScore,
    scoreBits: bits,
    significandBitsUsed: Math.min(bits, SIGNIFICAND_BITS),
    droppedBits: Math.max(0, bits - SIGNIFICAND_BITS),
    spacing: scoreStep(band.minScore),
    bumpLost: nextScoreInBand(band, band.minScore) === band.minScore,
    ceilingLeaks: band.maxScore >= bandOf(fireTime + 1).minScore,
    distinctSlotScores: countDistinctSlotScores(fireTime),
    reachableScores: countReachableScores(band),
  };
}

/**
 * The longest whole-ms delay from `now` whose fire-time (fireTimeOf) is still before the cliff, so
 * same-millisecond jobs keep their arrival order; null when even a delay of 0 lands past it.
 */
export function longestFifoDelay(now: number): number | null {
  if (isPastCliff(fireTimeOf(now, 0))) return null;
  return Math.ceil(CLIFF_FIRE_TIME - now) - 1;
}

/**
 * Whether promoteDelayedJobs' sweep at `now`, `ZRANGEBYSCORE key 0 ((now + 1) * 0x1000 - 1)`, reaches
 * the next millisecond's floor: past the cliff the bound rounds up, so a job due at now + 1 is
 * promoted 1 ms early.
 */
export function sweepReachesNextBand(now: number): boolean {
  return promoteBound(now) >= bandOf(now + 1).minScore;
}

/**
 * The clock reading that puts a job's fire-time (fireTimeOf) at `fireTime` with this delay: the
 * inverse of fireTimeOf, so a delay of 0 or less leaves the clock at the fire-time itself.
 */
export function clockForFireTime(fireTime: number, delay: number): number {
  return fireTime - fireTimeOf(0, delay);
}

/** The cliff instant moved `years` calendar years on (UTC): 2040-09-07T15:47:35.552Z for 1. */
export function fireTimeYearsPastCliff(years: number): number {
  const date = new Date(CLIFF_FIRE_TIME);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
}

/** Members that share one score, in the order Redis keeps them (member bytes). */
export interface ScoreTie {
  /** The score as Redis prints it in the reply. */
  readonly scoreText: string;
  /** The first of them (all when `count` is at most TIE_READ_LIMIT). */
  readonly members: readonly string[];
  /** How many members hold the score (ZCOUNT score score when not all were read). */
  readonly count: number;
}

/** Entries read per ZRANGEBYSCORE by tiesInBand: a band's 4096 slots and the first 64 of a tie. */
export const TIE_READ_LIMIT = 4096 + 64;

/**
 * The scores in a fire-time's band range held by more than one member:
 * `ZRANGEBYSCORE key minScore maxScore WITHSCORES LIMIT 0 TIE_READ_LIMIT` (the range
 * getDelayedScore reads), grouped by score. When a read comes back full, the score it ended in is
 * counted with `ZCOUNT key score score` and the next read starts after it (`(score`), so a
 * millisecond of 1,000,000 jobs sharing one score is read as a few thousand entries. Past the
 * cliff same-ms jobs tie here, and Redis falls back to member order among them.
 */
export function tiesInBand(redis: RedisLike, delayedKey: string, fireTime: number): ScoreTie[] {
  const band = bandOf(fireTime);
  const ties: ScoreTie[] = [];
  let from: number | string = band.minScore;
  for (;;) {
    const reply = redis.call('ZRANGEBYSCORE', delayedKey, from, band.maxScore, 'WITHSCORES', 'LIMIT', 0, TIE_READ_LIMIT);
    if (!Array.isArray(reply)) return ties;
    const full = reply.length / 2 >= TIE_READ_LIMIT;
    let scoreText: string | null = null;
    let members: string[] = [];
    const flush = (last: boolean): void => {
      if (scoreText === null) return;
      const count = last && full ? Number(redis.call('ZCOUNT', delayedKey, scoreText, scoreText)) : members.length;
      if (count > 1) ties.push({ scoreText, members, count });
    };
    for (let i = 0; i + 1 < reply.length; i += 2) {
      const text = String(reply[i + 1]);
      if (text !== scoreText) {
        flush(false);
        scoreText = text;
        members = [];
      }
      members.push(String(reply[i]));
    }
    flush(true);
    if (!full || scoreText === null) return ties;
    from = `(${scoreText}`;
  }
}
