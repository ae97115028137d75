/**
 * The benchmark's contenders. Each runs the same delayed-score algorithm (the score arithmetic
 * from src/model/score.ts, never a copy) over a different ordered structure:
 * - typed: the project's SortedSet (B+ tree and member index) used directly;
 * - typed + text: the same, with every number a script sends or reads (the band's two bounds, the
 *   highest score in the reply, the new score; the promote bound) printed as redis.call prints it
 *   and read back as Redis reads it: what the text alone costs, the floor of any command layer
 *   that takes a script's text;
 * - commands: the real protocol, delayed.ts over MemoryRedis.call (parsing, replies and all), every
 *   argument passed as text the way a Lua script's numbers reach redis.call (luaNumberArg, %.17g);
 * - sorted-btree + Map and js-sdsl + Map: the same two operations over those libraries, each with a
 *   member index (a Map) as Redis's dict and SortedSet have, so ZADD and ZREM work by member as in
 *   Redis: a complete sorted set. Each promotes by its own best calls (sorted-btree: one deleteRange
 *   over the batch, then the batch's Map entries; js-sdsl has no range erase: one erase a member);
 * - sorted-btree: the tree alone, no member index, promoting by one deleteRange: not a sorted set
 *   (it cannot find a member by name), a floor for what a range delete costs.
 */
import sortedBtreeModule from 'sorted-btree';
import { OrderedSet } from 'js-sdsl';
import { compareMembers } from '../src/model/redis/memberOrder.ts';
import { SortedSet, type ZEntry } from '../src/model/redis/sortedSet.ts';
import { MemoryRedis, type RedisLike } from '../src/model/redis/memoryRedis.ts';
import { addDelayedJob, promoteDelayedJobs } from '../src/model/protocol/delayed.ts';
import { luaNumberArg, parseScoreArg } from '../src/model/redis/doubles.ts';
import { bandOf, fireTimeOf, nextScoreInBand, promoteBound } from '../src/model/protocol/score.ts';

export interface Variant {
  /** getDelayedScore + ZADD for one job. */
  enqueue(jobId: string, timestamp: number, delay: number): void;
  /** One promote call at `now`: the due jobs, at most `limit`, in order, removed from the set. */
  promote(now: number, limit: number): readonly string[];
}

/** The part every structure-level variant shares: the Lua's decision, given the band's highest score. */
function scoreFor(
  timestamp: number,
  delay: number,
  highestInBand: (minScore: number, maxScore: number) => number | null,
): number {
  const band = bandOf(fireTimeOf(timestamp, delay));
  return nextScoreInBand(band, highestInBand(band.minScore, band.maxScore));
}

/** A number as it crosses a script's text: printed as redis.call (and a reply) prints it, read back as Redis (and tonumber) reads it. */
function throughText(value: number): number {
  return parseScoreArg(luaNumberArg(value))!;
}

/** The number itself (typed: no text). */
function asIs(value: number): number {
  return value;
}

/** The typed API; `cross` is what each number the script sends or reads goes through (typed + text: throughText). */
function typed(cross: (value: number) => number = asIs): Variant {
  const set = new SortedSet();
  return {
    enqueue(jobId, timestamp, delay) {
      const score = scoreFor(timestamp, delay, (minScore, maxScore) => {
        const rank = set.lastRankInRange({
          min: cross(minScore),
          max: cross(maxScore),
          minExclusive: false,
          maxExclusive: false,
        });
        return rank < 0 ? null : cross(set.at(rank)!.score);
      });
      set.set(jobId, cross(score));
    },
    promote(now, limit) {
      // ZRANGEBYSCORE key 0 bound LIMIT 0 limit, then ZREM of that batch
      const bound = cross(promoteBound(now));
      const first = set.firstRankInRange({ min: 0, max: bound, minExclusive: false, maxExclusive: false });
      if (first < 0) return [];
      const batch: string[] = [];
      for (const cursor = set.cursorAt(first, 1); !cursor.done && batch.length < limit && cursor.score <= bound; cursor.advance())
        batch.push(cursor.member);
      set.deleteMembers(batch);
      return batch;
    },
  };
}

/**
 * How a Lua script's arguments reach redis.call: a number is printed with luaNumberArg (%.17g, as
 * script_lua.c does), so the command layer receives text only and parses every number back. The
 * one argv array goes to MemoryRedis.callArgs as it is, as script_lua.c hands its argv on.
 */
function asScript(redis: MemoryRedis): RedisLike {
  return {
    call(command, ...args) {
      for (let i = 0; i < args.length; i++) {
        const arg = args[i]!;
        if (typeof arg === 'number') args[i] = luaNumberArg(arg);
      }
      return redis.callArgs(command, args);
    },
  };
}

function commands(): Variant {
  const redis = asScript(new MemoryRedis());
  return {
    enqueue(jobId, timestamp, delay) {
      addDelayedJob(redis, 'bench:delayed', jobId, timestamp, delay);
    },
    promote(now, limit) {
      return promoteDelayedJobs(redis, 'bench:delayed', now, limit);
    },
  };
}

/** A search key that sorts after every entry of its own score: "next lower" from it finds the band's highest. */
const probe = { score: 0, member: '' };
/** The lowest possible entry at score 0: the sweep's `0` lower bound. */
const sweepStart: ZEntry = { score: 0, member: '' };

/** Redis order (score, then member bytes), with the probe last among its score. */
function compareEntries(a: ZEntry, b: ZEntry): number {
  if (a.score !== b.score) return a.score < b.score ? -1 : 1;
  if (a === b) return 0;
  if (a === probe) return 1;
  if (b === probe) return -1;
  return compareMembers(a.member, b.member);
}

function probeAt(maxScore: number): ZEntry {
  probe.score = maxScore;
  return probe;
}

/**
 * What a peer library must offer for the delayed-set algorithm: ordered entries with a search for
 * the band's highest, insert, remove, and taking the due head off.
 */
interface OrderedEntries {
  /** The last entry with score <= maxScore (ZREVRANGEBYSCORE max min LIMIT 0 1, before the min check). */
  highestAtOrBelow(maxScore: number): ZEntry | undefined;
  insert(entry: ZEntry): void;
  remove(entry: ZEntry): void;
  /**
   * The first `limit` entries from score 0 up to `bound` (ZRANGEBYSCORE key 0 bound LIMIT 0 limit),
   * removed from the structure with the library's best calls for a run of entries.
   */
  takeHead(bound: number, limit: number): ZEntry[];
}

/** The delayed-set algorithm over ordered entries alone: no member index, so every ZADD is taken as a new member. */
function treeOnly(ordered: OrderedEntries): Variant {
  return {
    enqueue(jobId, timestamp, delay) {
      const score = scoreFor(timestamp, delay, (minScore, maxScore) => {
        const highest = ordered.highestAtOrBelow(maxScore);
        return highest !== undefined && highest.score >= minScore ? highest.score : null;
      });
      ordered.insert({ score, member: jobId });
    },
    promote(now, limit) {
      return ordered.takeHead(promoteBound(now), limit).map((entry) => entry.member);
    },
  };
}

/**
 * A Redis sorted set over a peer library: the library orders (score, member), and a Map from
 * member to score plays the part of Redis's dict, which ZADD (is the member there already?) and
 * ZREM (where is it?) need. SortedSet carries the same index, so the comparison is like for like.
 */
function zsetOver(ordered: OrderedEntries): Variant {
  const scores = new Map<string, number>();
  return {
    enqueue(jobId, timestamp, delay) {
      const score = scoreFor(timestamp, delay, (minScore, maxScore) => {
        const highest = ordered.highestAtOrBelow(maxScore);
        return highest !== undefined && highest.score >= minScore ? highest.score : null;
      });
      const previous = scores.get(jobId);
      if (previous !== undefined) ordered.remove({ score: previous, member: jobId });
      ordered.insert({ score, member: jobId });
      scores.set(jobId, score);
    },
    promote(now, limit) {
      const batch = ordered.takeHead(promoteBound(now), limit);
      const members: string[] = new Array(batch.length);
      for (let i = 0; i < batch.length; i++) {
        const member = batch[i]!.member;
        scores.delete(member);
        members[i] = member;
      }
      return members;
    },
  };
}

/** sorted-btree is CommonJS with `exports.default`; under Node's ESM loader the default import is the exports object. */
const BTree = (sortedBtreeModule as unknown as { default: typeof sortedBtreeModule }).default ?? sortedBtreeModule;

/** sorted-btree's calls: nextLowerPair for the band's highest, getRange for the batch, one deleteRange to take it off. */
function btreeEntries(): OrderedEntries {
  const tree = new BTree<ZEntry, undefined>(undefined, compareEntries);
  return {
    highestAtOrBelow: (maxScore) => tree.nextLowerPair(probeAt(maxScore))?.[0],
    insert: (entry) => void tree.set(entry, undefined),
    remove: (entry) => void tree.delete(entry),
    takeHead(bound, limit) {
      if (limit <= 0) return [];
      // getRange stops once it holds more than maxLength pairs, so limit - 1 gives at most `limit`
      const pairs = tree.getRange(sweepStart, probeAt(bound), false, limit - 1);
      const batch: ZEntry[] = new Array(pairs.length);
      for (let i = 0; i < pairs.length; i++) batch[i] = pairs[i]![0];
      if (batch.length > 0) tree.deleteRange(sweepStart, batch[batch.length - 1]!, true);
      return batch;
    },
  };
}

/** js-sdsl's calls: reverseLowerBound for the band's highest; no range erase, so the head goes one erase an entry, by iterator. */
function sdslEntries(): OrderedEntries {
  const set = new OrderedSet<ZEntry>([], compareEntries);
  return {
    highestAtOrBelow(maxScore) {
      const it = set.reverseLowerBound(probeAt(maxScore));
      return it.equals(set.rEnd()) ? undefined : it.pointer;
    },
    insert: (entry) => void set.insert(entry),
    remove: (entry) => void set.eraseElementByKey(entry),
    takeHead(bound, limit) {
      const batch: ZEntry[] = [];
      const end = set.end();
      for (let it = set.lowerBound(sweepStart); !it.equals(end) && batch.length < limit && it.pointer.score <= bound;) {
        batch.push(it.pointer);
        it = set.eraseElementByIterator(it);
      }
      return batch;
    },
  };
}

export const variants: Record<string, () => Variant> = {
  typed: () => typed(),
  'typed + text': () => typed(throughText),
  commands,
  'sorted-btree': () => treeOnly(btreeEntries()),
  'sorted-btree + Map': () => zsetOver(btreeEntries()),
  'js-sdsl + Map': () => zsetOver(sdslEntries()),
};
