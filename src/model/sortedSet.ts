/**
 * The sorted set behind every ZSET command of MemoryRedis: a skiplist with spans, built the way
 * Redis's t_zset.c builds it (max level 32, P = 0.25, a backward link on level 0), plus a Map
 * from member to node for ZSCORE in O(1). Order: by score, then by member bytes (compareMembers).
 *
 * Layout: a zskiplistNode is not a JS object here but a block of int32 slots in one growable
 * ArrayBuffer, named by its offset in that buffer, with the score read through a Float64Array
 * view of the same bytes. One hop down the list then touches one block, the garbage collector
 * never walks a million nodes, and nothing is allocated per operation except the ZEntry objects
 * handed out. Block at offset b (b even, so the score is 8-byte aligned):
 *
 *   b+0, b+1   score (Float64 index b >> 1)       b+2  backward (offset; 0 = none)
 *   b+3        level                               b+4+2i, b+5+2i  forward and span on level i
 *
 * The header is the block at offset 0 with all 32 levels; since nothing links forward to the
 * header, offset 0 doubles as "no node". Members live in a string array at index b >> 1. Freed
 * blocks go on a free list per level and are reused by the next node of that level.
 *
 * Levels come from a seeded xorshift32 generator, so the same operations build the same shape.
 *
 * A search finger (not in Redis) spares repeated descents: a score-range search remembers the
 * node it found with its rank, and the node it stopped at on every level with their ranks. Until
 * the set changes, at() of that rank answers at once, and an insert whose position lies right
 * behind that path (getDelayedScore's "highest in band, then ZADD just above it") checks the path
 * level by level, on nodes the search just read, instead of descending again.
 */
import { compareMembers } from './memberOrder.ts';

/** One member and its score, as ZRANGE ... WITHSCORES returns them. */
export interface ZEntry {
  readonly member: string;
  readonly score: number;
}

/** A score interval as zslParseRange builds it from ZRANGEBYSCORE's min and max. */
export interface ScoreRange {
  readonly min: number;
  readonly max: number;
  readonly minExclusive: boolean;
  readonly maxExclusive: boolean;
}

/** ZSKIPLIST_MAXLEVEL in server.h. */
const MAX_LEVEL = 32;
/** ZSKIPLIST_P = 0.25, as zslRandomLevel compares it against 16 random bits. */
const LEVEL_UP_BELOW = 0.25 * 0xffff;
/** Slot offsets inside a block. */
const BACKWARD = 2;
const LEVEL = 3;
const LINKS = 4;
/** The header block's offset, and the "no node" link. */
const NONE = 0;
const INITIAL_SLOTS = 1024;

/** zslValueGteMin. */
function aboveMin(score: number, range: ScoreRange): boolean {
  return range.minExclusive ? score > range.min : score >= range.min;
}

/** zslValueLteMax. */
function belowMax(score: number, range: ScoreRange): boolean {
  return range.maxExclusive ? score < range.max : score <= range.max;
}

/** A Redis sorted set (zset with skiplist encoding): ZADD, ZREM, ZRANK, ZRANGE and ZRANGEBYSCORE build on it. */
export class SortedSet {
  private slots = new Int32Array(INITIAL_SLOTS);
  private scores = new Float64Array(this.slots.buffer);
  private readonly members: string[] = [];
  /** First never-used slot. */
  private top = LINKS + 2 * MAX_LEVEL;
  /** free[level]: offsets of released blocks of that level. */
  private readonly free: number[][] = [];
  private readonly nodes = new Map<string, number>();
  private tail = NONE;
  private length = 0;
  private level = 1;
  /** Scratch for insert and delete (zslInsert's update[] and rank[]), reused across calls. */
  private readonly update = new Int32Array(MAX_LEVEL);
  private readonly rankAt = new Int32Array(MAX_LEVEL);
  private random: number;
  /** Bumped on every change, so a live walk can tell that the list moved under it. */
  private version = 0;
  /** The finger: the last range search's stop node and rank per level, valid while fingerVersion === version. */
  private readonly fingerNode = new Int32Array(MAX_LEVEL);
  private readonly fingerRank = new Int32Array(MAX_LEVEL);
  private fingerVersion = -1;
  /** The node that search found (NONE for none) and its 0-based rank. */
  private foundNode = NONE;
  private foundRank = -1;

  /** @param seed seed of the level generator (any integer; 0 is replaced by 1). */
  constructor(seed = 0x2545f491) {
    this.random = seed | 0 || 1;
    for (let i = 0; i <= MAX_LEVEL; i++) this.free.push([]);
    for (let i = 0; i < INITIAL_SLOTS >> 1; i++) this.members.push('');
    this.slots[LEVEL] = MAX_LEVEL;
  }

  /** ZCARD. */
  get size(): number {
    return this.length;
  }

  /**
   * ZADD member score: inserts a new member (true), or gives an existing one its new score
   * (false). As zsetAdd, nothing changes when the new score equals the current one as a double,
   * so a member stored with -0 keeps -0 when set to 0. NaN is refused: Redis never stores it.
   */
  set(member: string, score: number): boolean {
    if (score !== score) throw new RangeError(`NaN score for member ${JSON.stringify(member)}`);
    const node = this.nodes.get(member);
    if (node === undefined) {
      this.nodes.set(member, this.insert(member, score));
      this.version++;
      return true;
    }
    const current = this.scores[node >> 1]!;
    if (current === score) return false;
    this.version++;
    // zslUpdateScore: when the node stays between its neighbours, only its score changes.
    const before = this.slots[node + BACKWARD]!;
    const after = this.slots[node + LINKS]!;
    if ((before === NONE || this.precedes(before, score, member)) && (after === NONE || !this.precedes(after, score, member))) {
      this.scores[node >> 1] = score;
      return false;
    }
    this.findPredecessors(current, member);
    this.unlink(node);
    this.release(node);
    this.nodes.set(member, this.insert(member, score));
    return false;
  }

  /** ZSCORE. */
  score(member: string): number | undefined {
    const node = this.nodes.get(member);
    return node === undefined ? undefined : this.scores[node >> 1];
  }

  /** ZREM member: true when the member was there. */
  delete(member: string): boolean {
    const node = this.nodes.get(member);
    if (node === undefined) return false;
    this.findPredecessors(this.scores[node >> 1]!, member);
    this.unlink(node);
    this.release(node);
    this.nodes.delete(member);
    this.version++;
    return true;
  }

  /** ZRANK (zslGetRank): the member's 0-based position in ascending order. */
  rank(member: string): number | undefined {
    const node = this.nodes.get(member);
    if (node === undefined) return undefined;
    const slots = this.slots;
    const score = this.scores[node >> 1]!;
    let x = NONE;
    let traversed = 0;
    for (let i = this.level - 1; i >= 0; i--) {
      let at = x + LINKS + 2 * i;
      let next = slots[at]!;
      while (next !== NONE && (next === node || this.precedes(next, score, member))) {
        traversed += slots[at + 1]!;
        x = next;
        at = x + LINKS + 2 * i;
        next = slots[at]!;
      }
      if (x === node) return traversed - 1;
    }
    return undefined;
  }

  /** ZRANGE key rank rank WITHSCORES (zslGetElementByRank): the entry at a 0-based rank. */
  at(rank: number): ZEntry | undefined {
    const node = this.nodeAt(rank);
    return node === NONE ? undefined : this.entryOf(node);
  }

  /** ZRANGE key start end WITHSCORES: entries at ranks start..end inclusive, ascending (ends clamped). */
  rangeByRank(start: number, end: number): ZEntry[] {
    const first = start < 0 ? 0 : start;
    const last = end < this.length - 1 ? end : this.length - 1;
    const out: ZEntry[] = [];
    let node = this.nodeAt(first);
    for (let rank = first; node !== NONE && rank <= last; rank++) {
      out.push(this.entryOf(node));
      node = this.slots[node + LINKS]!;
    }
    return out;
  }

  /** ZRANGEBYSCORE's start (zslNthInRange / zslFirstInRange): rank of the first entry in range, or -1. */
  firstRankInRange(range: ScoreRange): number {
    if (!this.overlaps(range)) return -1;
    const slots = this.slots;
    const scores = this.scores;
    let x = NONE;
    let traversed = 0;
    for (let i = this.level - 1; i >= 0; i--) {
      let at = x + LINKS + 2 * i;
      let next = slots[at]!;
      while (next !== NONE && !aboveMin(scores[next >> 1]!, range)) {
        traversed += slots[at + 1]!;
        x = next;
        at = x + LINKS + 2 * i;
        next = slots[at]!;
      }
      this.fingerNode[i] = x;
      this.fingerRank[i] = traversed;
    }
    const first = slots[x + LINKS]!;
    const found = first !== NONE && belowMax(scores[first >> 1]!, range);
    this.keepFinger(found ? first : NONE, found ? traversed : -1);
    return found ? traversed : -1;
  }

  /** ZREVRANGEBYSCORE's start (zslLastInRange): rank of the last entry in range, or -1. */
  lastRankInRange(range: ScoreRange): number {
    if (!this.overlaps(range)) return -1;
    const slots = this.slots;
    const scores = this.scores;
    let x = NONE;
    let traversed = 0;
    for (let i = this.level - 1; i >= 0; i--) {
      let at = x + LINKS + 2 * i;
      let next = slots[at]!;
      while (next !== NONE && belowMax(scores[next >> 1]!, range)) {
        traversed += slots[at + 1]!;
        x = next;
        at = x + LINKS + 2 * i;
        next = slots[at]!;
      }
      this.fingerNode[i] = x;
      this.fingerRank[i] = traversed;
    }
    const found = x !== NONE && aboveMin(scores[x >> 1]!, range);
    this.keepFinger(found ? x : NONE, found ? traversed - 1 : -1);
    return found ? traversed - 1 : -1;
  }

  /**
   * A lazy walk from a 0-based rank, ascending (1, as ZRANGE) or descending (-1, as ZREVRANGE).
   * Empty when the rank is outside the set. Changing the set while walking makes next() throw.
   */
  entriesFrom(rank: number, direction: 1 | -1): IterableIterator<ZEntry> {
    return new SkipWalk(this, this.nodeAt(rank), direction, this.version);
  }

  /** One step of a SkipWalk (kept here because it reads the blocks); not for other callers. */
  advance(walk: SkipWalk): IteratorResult<ZEntry> {
    const node = walk.node;
    if (node === NONE) return { done: true, value: undefined };
    if (walk.version !== this.version) throw new Error('SortedSet changed during entriesFrom iteration');
    walk.node = walk.direction === 1 ? this.slots[node + LINKS]! : this.slots[node + BACKWARD]!;
    return { done: false, value: this.entryOf(node) };
  }

  private entryOf(node: number): ZEntry {
    return { member: this.members[node >> 1]!, score: this.scores[node >> 1]! };
  }

  /** True when the node at `node` sorts strictly before the position of (score, member). */
  private precedes(node: number, score: number, member: string): boolean {
    const own = this.scores[node >> 1]!;
    return own < score || (own === score && compareMembers(this.members[node >> 1]!, member) < 0);
  }

  /** Marks the path just stored in fingerNode / fingerRank as current, with the node the search found. */
  private keepFinger(node: number, rank: number): void {
    this.fingerVersion = this.version;
    this.foundNode = node;
    this.foundRank = rank;
  }

  /** zslGetElementByRank with a 0-based rank; NONE when out of range. */
  private nodeAt(rank: number): number {
    if (rank === this.foundRank && this.fingerVersion === this.version) return this.foundNode;
    if (!(rank >= 0 && rank < this.length) || !Number.isInteger(rank)) return NONE;
    const slots = this.slots;
    const wanted = rank + 1;
    let x = NONE;
    let traversed = 0;
    for (let i = this.level - 1; i >= 0; i--) {
      let at = x + LINKS + 2 * i;
      let next = slots[at]!;
      while (next !== NONE && traversed + slots[at + 1]! <= wanted) {
        traversed += slots[at + 1]!;
        x = next;
        at = x + LINKS + 2 * i;
        next = slots[at]!;
      }
      if (traversed === wanted) return x;
    }
    return NONE;
  }

  /** zslIsInRange: false when the range is empty or misses every score in the set. */
  private overlaps(range: ScoreRange): boolean {
    if (range.min > range.max || (range.min === range.max && (range.minExclusive || range.maxExclusive))) return false;
    const first = this.slots[LINKS]!;
    if (first === NONE) return false;
    return aboveMin(this.scores[this.tail >> 1]!, range) && belowMax(this.scores[first >> 1]!, range);
  }

  /** zslRandomLevel, with xorshift32 in place of random(). */
  private randomLevel(): number {
    let level = 1;
    for (;;) {
      let r = this.random;
      r ^= r << 13;
      r ^= r >>> 17;
      r ^= r << 5;
      this.random = r;
      if ((r & 0xffff) >= LEVEL_UP_BELOW || level >= MAX_LEVEL) return level;
      level++;
    }
  }

  /** Fills update[i] with the last node on level i that sorts before (score, member). */
  private findPredecessors(score: number, member: string): void {
    const slots = this.slots;
    let x = NONE;
    for (let i = this.level - 1; i >= 0; i--) {
      let next = slots[x + LINKS + 2 * i]!;
      while (next !== NONE && this.precedes(next, score, member)) {
        x = next;
        next = slots[x + LINKS + 2 * i]!;
      }
      this.update[i] = x;
    }
  }

  /** zslCreateNode: a block for `level` levels, reused from the free list or cut from the top. */
  private allocate(level: number, member: string, score: number): number {
    const reusable = this.free[level]!;
    let node = reusable.pop();
    if (node === undefined) {
      node = this.top;
      this.top += LINKS + 2 * level;
      if (this.top > this.slots.length) this.grow(this.top);
    }
    this.scores[node >> 1] = score;
    this.members[node >> 1] = member;
    this.slots[node + LEVEL] = level;
    return node;
  }

  /** zslFreeNode: puts the block on its level's free list. */
  private release(node: number): void {
    this.members[node >> 1] = '';
    this.free[this.slots[node + LEVEL]!]!.push(node);
  }

  /** Doubles the block buffer until `needed` slots fit; offsets stay valid. */
  private grow(needed: number): void {
    let length = this.slots.length * 2;
    while (length < needed) length *= 2;
    const slots = new Int32Array(length);
    slots.set(this.slots);
    this.slots = slots;
    this.scores = new Float64Array(slots.buffer);
    for (let i = this.members.length; i < length >> 1; i++) this.members.push('');
  }

  /**
   * True when the finger's path is the insert path of (score, member): on every level its node
   * sorts before the new entry and the node after it does not. Fills update[] and rankAt[] if so.
   */
  private fingerFits(score: number, member: string): boolean {
    if (this.fingerVersion !== this.version) return false;
    const slots = this.slots;
    for (let i = 0; i < this.level; i++) {
      const x = this.fingerNode[i]!;
      if (x !== NONE && !this.precedes(x, score, member)) return false;
      const next = slots[x + LINKS + 2 * i]!;
      if (next !== NONE && this.precedes(next, score, member)) return false;
    }
    this.update.set(this.fingerNode);
    this.rankAt.set(this.fingerRank);
    return true;
  }

  /** zslInsert: links a new node for a member known to be absent; returns its offset. */
  private insert(member: string, score: number): number {
    const update = this.update;
    const rankAt = this.rankAt;
    let slots = this.slots;
    let x = NONE;
    const descend = !this.fingerFits(score, member);
    for (let i = descend ? this.level - 1 : -1; i >= 0; i--) {
      let rank = i === this.level - 1 ? 0 : rankAt[i + 1]!;
      let at = x + LINKS + 2 * i;
      let next = slots[at]!;
      while (next !== NONE && this.precedes(next, score, member)) {
        rank += slots[at + 1]!;
        x = next;
        at = x + LINKS + 2 * i;
        next = slots[at]!;
      }
      rankAt[i] = rank;
      update[i] = x;
    }
    const level = this.randomLevel();
    if (level > this.level) {
      for (let i = this.level; i < level; i++) {
        rankAt[i] = 0;
        update[i] = NONE;
        slots[LINKS + 2 * i + 1] = this.length;
      }
      this.level = level;
    }
    const node = this.allocate(level, member, score);
    slots = this.slots;
    const below = rankAt[0]!;
    for (let i = 0; i < level; i++) {
      const prev = update[i]! + LINKS + 2 * i;
      const own = node + LINKS + 2 * i;
      const skipped = below - rankAt[i]!;
      slots[own] = slots[prev]!;
      slots[prev] = node;
      slots[own + 1] = slots[prev + 1]! - skipped;
      slots[prev + 1] = skipped + 1;
    }
    for (let i = level; i < this.level; i++) slots[update[i]! + LINKS + 2 * i + 1]!++;
    slots[node + BACKWARD] = update[0]!;
    const after = slots[node + LINKS]!;
    if (after !== NONE) slots[after + BACKWARD] = node;
    else this.tail = node;
    this.length++;
    return node;
  }

  /** zslDeleteNode: unlinks `node`, with update[] filled by findPredecessors for it. */
  private unlink(node: number): void {
    const slots = this.slots;
    const update = this.update;
    for (let i = 0; i < this.level; i++) {
      const prev = update[i]! + LINKS + 2 * i;
      if (slots[prev] === node) {
        const own = node + LINKS + 2 * i;
        slots[prev + 1] = slots[prev + 1]! + slots[own + 1]! - 1;
        slots[prev] = slots[own]!;
      } else {
        slots[prev + 1]!--;
      }
    }
    const after = slots[node + LINKS]!;
    const before = slots[node + BACKWARD]!;
    if (after !== NONE) slots[after + BACKWARD] = before;
    else this.tail = before;
    while (this.level > 1 && slots[LINKS + 2 * (this.level - 1)] === NONE) this.level--;
    this.length--;
  }
}

/** The iterator behind SortedSet.entriesFrom: follows level 0 forward or the backward links. */
class SkipWalk implements IterableIterator<ZEntry> {
  constructor(
    private readonly set: SortedSet,
    public node: number,
    readonly direction: 1 | -1,
    readonly version: number,
  ) {}

  next(): IteratorResult<ZEntry> {
    return this.set.advance(this);
  }

  [Symbol.iterator](): IterableIterator<ZEntry> {
    return this;
  }
}
