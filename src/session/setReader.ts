/**
 * Typed reads of one sorted set of the page's model: ranges by rank and by score, counts, a
 * member's rank, walks, and a score's text as Redis prints it. The page reads its own sets
 * through this, never through command text; the command log keeps only what the protocol sent.
 * The key is looked up at each read: Redis deletes a key once its set is empty.
 */
import type { MemoryRedis } from '../model/redis/memoryRedis.ts';
import type { ReadonlySortedSet, ScoreRange, ZEntry } from '../model/redis/sortedSet.ts';

/** A closed score interval [min, max], as ZCOUNT key min max reads it. */
function closed(min: number, max: number): ScoreRange {
  return { min, max, minExclusive: false, maxExclusive: false };
}

const NO_ENTRIES: readonly ZEntry[] = [];

export class SetReader {
  // private fields, not TypeScript's private: a reader handed to a view has no way to the set's writes
  readonly #redis: MemoryRedis;
  readonly #key: string;

  constructor(redis: MemoryRedis, key: string) {
    this.#redis = redis;
    this.#key = key;
  }

  #set(): ReadonlySortedSet | undefined {
    return this.#redis.sortedSet(this.#key);
  }

  /** Members in the set (ZCARD). */
  get size(): number {
    return this.#set()?.size ?? 0;
  }

  /** The member's 0-based rank (ZRANK), or null when the set does not hold it. */
  rank(member: string): number | null {
    return this.#set()?.rank(member) ?? null;
  }

  /** The member's score (ZSCORE), or null. */
  score(member: string): number | null {
    return this.#set()?.score(member) ?? null;
  }

  /** Entries at ranks start..end inclusive, ascending, ends clamped to the set (ZRANGE start end WITHSCORES, start >= 0). */
  rangeByRank(start: number, end: number): readonly ZEntry[] {
    const set = this.#set();
    return set === undefined ? NO_ENTRIES : set.rangeByRank(start, end);
  }

  /** The first `limit` entries with min <= score <= max, ascending (ZRANGEBYSCORE min max LIMIT 0 limit). */
  rangeByScore(min: number, max: number, limit: number): readonly ZEntry[] {
    const set = this.#set();
    if (set === undefined) return NO_ENTRIES;
    const first = set.firstRankInRange(closed(min, max));
    if (first < 0) return NO_ENTRIES;
    const last = set.lastRankInRange(closed(min, max));
    return set.rangeByRank(first, Math.min(last, first + limit - 1));
  }

  /** The highest entry with min <= score <= max (ZREVRANGEBYSCORE max min LIMIT 0 1), or undefined. */
  highestIn(min: number, max: number): ZEntry | undefined {
    const set = this.#set();
    if (set === undefined) return undefined;
    const last = set.lastRankInRange(closed(min, max));
    return last < 0 ? undefined : set.at(last);
  }

  /** The entry at rank 0 (the set's head), or undefined when empty. */
  get head(): ZEntry | undefined {
    return this.#set()?.at(0);
  }

  /** Members with min <= score <= max (ZCOUNT min max). */
  count(min: number, max: number): number {
    const set = this.#set();
    if (set === undefined) return 0;
    const first = set.firstRankInRange(closed(min, max));
    return first < 0 ? 0 : set.lastRankInRange(closed(min, max)) - first + 1;
  }

  /** Members scoring below `score` (ZCOUNT -inf (score): the rank the first member at or above it has. */
  countBelow(score: number): number {
    const set = this.#set();
    if (set === undefined) return 0;
    const first = set.firstRankInRange({ min: score, max: Number.POSITIVE_INFINITY, minExclusive: false, maxExclusive: false });
    return first < 0 ? set.size : first;
  }

  /** A lazy walk from a rank, ascending (1) or descending (-1); changing the set while walking throws. */
  entriesFrom(rank: number, direction: 1 | -1 = 1): IterableIterator<ZEntry> {
    const set = this.#set();
    return set === undefined ? ([] as ZEntry[])[Symbol.iterator]() : set.entriesFrom(rank, direction);
  }

  /** A score as this set's Redis prints it in a reply (ZSCORE, WITHSCORES). */
  scoreText(score: number): string {
    return this.#redis.printScore(score);
  }
}
