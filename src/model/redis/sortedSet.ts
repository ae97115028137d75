/**
 * The sorted set behind every ZSET command of MemoryRedis: an order-statistic B+ tree of
 * (score, member) entries in Redis's zset order (score, then member bytes by compareMembers; -0
 * and 0 are the same score), plus a member index (memberIndex.ts), Redis's dict, from member to
 * score for ZSCORE in O(1) and for finding a member's entry by its key.
 *
 * Why a B+ tree where Redis has a skiplist with spans: the benchmark decided (bench/enqueue-promote.ts,
 * `npm run bench`, whose figures docs/benchmarks.md holds): against a skiplist built as t_zset.c
 * does, its nodes in one typed buffer, this tree enqueues and promotes faster. A skiplist pays a dependent load per hop and per level; here a descent is three or four nodes,
 * each searched in contiguous arrays, and a promote's batch, the set's head run, comes off in one
 * pass (deleteMembers): whole leaves dropped, the member index updated, the left edge mended once.
 *
 * Leaves hold up to `capacity` entries in parallel arrays (scores as unboxed doubles, members, and
 * each member's slot in the member index, so that the head run leaves the index slot by slot,
 * without hashing a member again) and are linked both ways for range walks. A branch holds its children, the number of entries under
 * each child (so rank and at() are O(log n) descents), and a separator key per child but the
 * first: every entry of child i sorts at or after separator i, every entry of child i - 1 before
 * it. Deletes may leave a separator older than its child's first entry, which keeps both rules
 * true. Searches compare scores as numbers and call compareMembers only on equal scores.
 *
 * Two fingers spare repeated descents. A score-range search remembers the entry it found with its
 * rank, so until the set changes at() of that rank (getDelayedScore's "highest in band") answers
 * at once. And the path of the last descent is kept until leaves split, merge or trade entries: a
 * key that falls inside that path's leaf (the insert just above a band's highest, the next head
 * delete of a promote) is placed without descending again.
 */
import { compareMembers } from './memberOrder.ts';
import { MemberIndex } from './memberIndex.ts';

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

/** What a reader may ask of a SortedSet: reads only (MemoryRedis.sortedSet hands this out). */
export type ReadonlySortedSet = Pick<
  SortedSet,
  'size' | 'score' | 'rank' | 'at' | 'rangeByRank' | 'firstRankInRange' | 'lastRankInRange' | 'entriesFrom' | 'cursorAt'
>;

/** Entries per leaf and children per branch, chosen by the enqueue/promote benchmark. */
const DEFAULT_CAPACITY = 64;

/** zslValueGteMin. */
function aboveMin(score: number, range: ScoreRange): boolean {
  return range.minExclusive ? score > range.min : score >= range.min;
}

/** zslValueLteMax. */
function belowMax(score: number, range: ScoreRange): boolean {
  return range.maxExclusive ? score < range.max : score <= range.max;
}

/**
 * A bottom node: entries in order, in slots start..end-1 (one spare slot holds an overflow until
 * the split). The window slides: taking an entry out shifts the shorter side, so removing the
 * first entry (what promote does, a thousand times in a row) moves nothing.
 */
class Leaf {
  start = 0;
  end = 0;
  readonly scores: number[];
  readonly members: string[];
  /** Each entry's slot in the member index. */
  readonly slots: number[];
  prev: Leaf | null = null;
  next: Leaf | null = null;
  constructor(capacity: number) {
    this.scores = doubles(capacity + 1);
    this.members = new Array<string>(capacity + 1).fill('');
    this.slots = smallIntegers(capacity + 1);
  }

  get size(): number {
    return this.end - this.start;
  }

  /** Slides the entries down to slot 0 (before a split or a merge, which count from 0). */
  compact(): void {
    const start = this.start;
    if (start === 0) return;
    const size = this.end - start;
    for (let i = 0; i < size; i++) {
      this.scores[i] = this.scores[start + i]!;
      this.members[i] = this.members[start + i]!;
      this.slots[i] = this.slots[start + i]!;
    }
    for (let i = Math.max(size, start); i < this.end; i++) this.members[i] = '';
    this.start = 0;
    this.end = size;
  }
}

/**
 * A plain array of unboxed doubles (V8 keeps it inside the node, where a small Float64Array would
 * put its bytes in a separate buffer outside the heap, one more allocation and one more hop).
 */
function doubles(length: number): number[] {
  const array: number[] = [];
  for (let i = 0; i < length; i++) array.push(0.5);
  return array;
}

/** A plain array of small integers (V8's packed SMI elements, kept inside the node as doubles() is). */
function smallIntegers(length: number): number[] {
  const array: number[] = [];
  for (let i = 0; i < length; i++) array.push(0);
  return array;
}

/** An inner node: children 0..size-1, counts[i] entries under child i, separator i (i >= 1) before child i. */
class Branch {
  size = 0;
  readonly children: Array<Leaf | Branch>;
  readonly counts: number[];
  readonly sepScores: number[];
  readonly sepMembers: string[];
  constructor(capacity: number) {
    this.children = new Array<Leaf | Branch>(capacity + 1);
    this.counts = new Array<number>(capacity + 1).fill(0);
    this.sepScores = doubles(capacity + 1);
    this.sepMembers = new Array<string>(capacity + 1).fill('');
  }
}

/** A Redis sorted set: ZADD, ZREM, ZRANK, ZRANGE and ZRANGEBYSCORE build on it. */
export class SortedSet {
  private readonly capacity: number;
  private readonly minLeaf: number;
  private readonly minBranch: number;
  private root: Leaf | Branch;
  /** Branch levels above the leaves (0: the root is a leaf). */
  private height = 0;
  private first: Leaf;
  private last: Leaf;
  /** member -> score, Redis's dict; each entry's slot in it is kept beside the entry in its leaf. */
  private readonly index = new MemberIndex((move) => this.moveSlots(move));
  /** The branches and child indices of the last descent, root first. */
  private readonly pathNode: Branch[] = [];
  private readonly pathIndex: number[] = [];
  /** Bumped on every change, so a live walk and the finger can tell that the tree moved. */
  private version = 0;
  /** The finger: the entry the last range search found (leaf, slot, rank), valid while fingerVersion === version. */
  private fingerVersion = -1;
  private fingerLeaf: Leaf | null = null;
  private fingerSlot = 0;
  private fingerRank = -1;
  /** Where the last rank or key descent landed. */
  private hitLeaf: Leaf;
  private hitSlot = 0;
  /** Bumped whenever leaves split, merge or trade entries, which moves paths. */
  private structure = 0;
  /** The leaf at the end of pathNode / pathIndex, valid while pathStructure === structure. */
  private pathLeaf: Leaf | null = null;
  private pathStructure = -1;
  /**
   * The last member put() added, its leaf and how many entries of that leaf sort before it: while
   * nothing has changed since (putVersion) and the path still ends at that leaf, its rank is the
   * counts left of the path plus that offset (the ZRANK a caller sends right after the ZADD).
   */
  private putMember: string | null = null;
  private putLeaf: Leaf | null = null;
  private putOffset = 0;
  private putVersion = -1;

  /** @param capacity entries per leaf and children per branch (at least 4). */
  constructor(capacity = DEFAULT_CAPACITY) {
    if (!(capacity >= 4) || !Number.isInteger(capacity))
      throw new RangeError(`capacity must be an integer >= 4, got ${capacity}`);
    this.capacity = capacity;
    this.minLeaf = capacity >> 2;
    this.minBranch = Math.max(2, capacity >> 2);
    const leaf = new Leaf(capacity);
    this.root = leaf;
    this.first = leaf;
    this.last = leaf;
    this.hitLeaf = leaf;
  }

  /** ZCARD. */
  get size(): number {
    return this.index.size;
  }

  /**
   * ZADD member score: inserts a new member (true), or gives an existing one its new score
   * (false). As zsetAdd, nothing changes when the new score equals the current one as a double,
   * so a member stored with -0 keeps -0 when set to 0. NaN is refused: Redis never stores it.
   */
  set(member: string, score: number): boolean {
    return this.put(member, score) === undefined;
  }

  /**
   * The same write, reporting the score it replaced: undefined when the member is new (ZADD's
   * "added"), else its score before (equal to `score` when nothing changed). One member-index
   * probe tells ZADD both whether the member was there and what changed.
   */
  put(member: string, score: number): number | undefined {
    if (score !== score) throw new RangeError(`NaN score for member ${JSON.stringify(member)}`);
    const index = this.index;
    let indexSlot = index.find(member);
    if (indexSlot < 0) {
      this.version++;
      indexSlot = index.add(member, score);
      const leaf = this.descend(score, member);
      const offset = this.hitSlot - leaf.start;
      const structure = this.structure;
      this.insertAt(leaf, this.hitSlot, score, member, indexSlot);
      // a split moved entries and paths: no finger then
      this.putMember = structure === this.structure ? member : null;
      this.putLeaf = leaf;
      this.putOffset = offset;
      this.putVersion = this.version;
      return undefined;
    }
    const current = index.score(indexSlot);
    if (current === score) return current;
    this.version++;
    index.setScore(indexSlot, score);
    const leaf = this.descend(current, member);
    const slot = this.hitSlot;
    // zslUpdateScore: when the entry stays between its neighbours in its leaf, only its score changes.
    if (
      slot > leaf.start &&
      slot < leaf.end - 1 &&
      this.before(leaf, slot - 1, score, member) &&
      !this.before(leaf, slot + 1, score, member)
    ) {
      leaf.scores[slot] = score;
      return current;
    }
    this.removeAt(leaf, slot);
    const target = this.descend(score, member);
    this.insertAt(target, this.hitSlot, score, member, indexSlot);
    return current;
  }

  /** ZSCORE. */
  score(member: string): number | undefined {
    const slot = this.index.find(member);
    return slot < 0 ? undefined : this.index.score(slot);
  }

  /** ZREM member: true when the member was there. */
  delete(member: string): boolean {
    // promote (and ZPOPMIN) remove the first entry: its score and slot are right there, no need to ask the index
    const index = this.index;
    const head = this.first;
    let score: number;
    if (head.end > head.start && head.members[head.start] === member) {
      score = head.scores[head.start]!;
      index.remove(head.slots[head.start]!);
    } else {
      const indexSlot = index.find(member);
      if (indexSlot < 0) return false;
      score = index.score(indexSlot);
      index.remove(indexSlot);
    }
    this.version++;
    const leaf = this.descend(score, member);
    this.removeAt(leaf, this.hitSlot);
    index.shrink();
    return true;
  }

  /**
   * ZREM key member [member ...] (zremCommand): removes every listed member that is there and
   * returns how many were (a member listed twice counts once; one not there, not at all). When
   * the list starts with the set's head run, its first entries in order (what promote sends:
   * ZRANGEBYSCORE ... LIMIT 0 n, then ZREM of that batch), the run comes off in one pass: leaves
   * wholly inside it are dropped whole, the member index loses each of its members, and only the
   * left edge of the tree is mended. The rest of the list goes member by member, as delete().
   */
  deleteMembers(members: readonly string[]): number {
    const run = this.headRun(members);
    if (run > 0) this.deleteHead(run);
    let removed = run;
    for (let j = run; j < members.length; j++) if (this.delete(members[j]!)) removed++;
    return removed;
  }

  /** ZRANK (zslGetRank): the member's 0-based position in ascending order. */
  rank(member: string): number | undefined {
    if (
      member === this.putMember &&
      this.putVersion === this.version &&
      this.pathLeaf === this.putLeaf &&
      this.pathStructure === this.structure
    ) {
      // the member put() just added, and the path still leads to its leaf (a leaf has one path)
      let rank = this.putOffset;
      for (let depth = 0; depth < this.height; depth++) rank += entriesBefore(this.pathNode[depth]!, this.pathIndex[depth]!);
      return rank;
    }
    const indexSlot = this.index.find(member);
    if (indexSlot < 0) return undefined;
    const score = this.index.score(indexSlot);
    let rank = 0;
    let node = this.root;
    for (let depth = 0; depth < this.height; depth++) {
      const branch = node as Branch;
      const child = childFor(branch, score, member);
      rank += entriesBefore(branch, child);
      node = branch.children[child]!;
    }
    return rank + lowerBound(node as Leaf, score, member) - (node as Leaf).start;
  }

  /** ZRANGE key rank rank WITHSCORES (zslGetElementByRank): the entry at a 0-based rank. */
  at(rank: number): ZEntry | undefined {
    const leaf = this.locate(rank);
    return leaf === null ? undefined : entryOf(leaf, this.hitSlot);
  }

  /** ZRANGE key start end WITHSCORES: entries at ranks start..end inclusive, ascending (ends clamped). */
  rangeByRank(start: number, end: number): ZEntry[] {
    const from = start < 0 ? 0 : start;
    const to = end < this.size - 1 ? end : this.size - 1;
    const out: ZEntry[] = [];
    let leaf = from <= to ? this.locate(from) : null;
    let slot = this.hitSlot;
    for (let left = to - from + 1; leaf !== null && left > 0;) {
      const take = Math.min(left, leaf.end - slot);
      const scores = leaf.scores;
      const members = leaf.members;
      for (let i = slot; i < slot + take; i++) out.push({ member: members[i]!, score: scores[i]! });
      left -= take;
      leaf = leaf.next;
      slot = leaf === null ? 0 : leaf.start;
    }
    return out;
  }

  /** ZRANGEBYSCORE's start (zslNthInRange / zslFirstInRange): rank of the first entry in range, or -1. */
  firstRankInRange(range: ScoreRange): number {
    if (!this.overlaps(range)) return -1;
    const rank = this.countBelow(range.min, range.minExclusive);
    let leaf: Leaf | null = this.hitLeaf;
    let slot = this.hitSlot;
    if (slot === leaf.end) {
      leaf = leaf.next;
      slot = leaf === null ? 0 : leaf.start;
    }
    if (leaf === null || !belowMax(leaf.scores[slot]!, range)) return -1;
    return this.keepFinger(leaf, slot, rank);
  }

  /** ZREVRANGEBYSCORE's start (zslLastInRange): rank of the last entry in range, or -1. */
  lastRankInRange(range: ScoreRange): number {
    if (!this.overlaps(range)) return -1;
    const rank = this.countBelow(range.max, !range.maxExclusive) - 1;
    let leaf: Leaf | null = this.hitLeaf;
    let slot = this.hitSlot - 1;
    if (slot < leaf.start) {
      leaf = leaf.prev;
      slot = leaf === null ? 0 : leaf.end - 1;
    }
    if (leaf === null || !aboveMin(leaf.scores[slot]!, range)) return -1;
    return this.keepFinger(leaf, slot, rank);
  }

  /**
   * A lazy walk from a 0-based rank, ascending (1, as ZRANGE) or descending (-1, as ZREVRANGE).
   * Empty when the rank is outside the set. Changing the set while walking makes next() throw.
   */
  entriesFrom(rank: number, direction: 1 | -1): IterableIterator<ZEntry> {
    return new LeafWalk(this.cursorAt(rank, direction));
  }

  /**
   * The same walk read in place, with no object per entry (what ZRANGE's replies are built
   * from): done at once when the rank is outside the set. Changing the set while walking makes
   * reading the cursor throw.
   */
  cursorAt(rank: number, direction: 1 | -1): EntryCursor {
    const leaf = this.locate(rank);
    return new EntryCursor(this, leaf, this.hitSlot, direction, this.version);
  }

  /**
   * Checks the tree's own rules and throws on the first one broken (for tests): entries in Redis
   * order along the leaf chain, counts that add up, separators between their children, every
   * node but the root at its minimum, leaves at one depth, the member index equal to the entries.
   */
  checkStructure(): void {
    const fail = (what: string): never => {
      throw new Error(`SortedSet structure: ${what}`);
    };
    const leaves: Leaf[] = [];
    const visit = (node: Leaf | Branch, depth: number, isRoot: boolean): number => {
      if (depth === this.height) {
        const leaf = node as Leaf;
        if (!(leaf instanceof Leaf)) fail(`a branch at leaf depth ${depth}`);
        if (!isRoot && leaf.size < this.minLeaf) fail(`a leaf of ${leaf.size} entries, below ${this.minLeaf}`);
        leaves.push(leaf);
        return leaf.size;
      }
      const branch = node as Branch;
      if (!(branch instanceof Branch)) fail(`a leaf at depth ${depth} of ${this.height}`);
      if (branch.size < (isRoot ? 2 : this.minBranch)) fail(`a branch of ${branch.size} children at depth ${depth}`);
      let total = 0;
      for (let i = 0; i < branch.size; i++) {
        const firstLeaf = leaves.length;
        const count = visit(branch.children[i]!, depth + 1, false);
        if (count !== branch.counts[i]) fail(`count ${branch.counts[i]} for a child of ${count} entries at depth ${depth}`);
        if (i > 0) {
          const sepScore = branch.sepScores[i]!;
          const sepMember = branch.sepMembers[i]!;
          const leaf = leaves[firstLeaf]!;
          if (compareEntry(leaf, leaf.start, sepScore, sepMember) < 0) fail(`an entry before its separator at depth ${depth}`);
          const before = leaves[firstLeaf - 1]!;
          if (compareEntry(before, before.end - 1, sepScore, sepMember) >= 0)
            fail(`an entry at or after the next separator at depth ${depth}`);
        }
        total += count;
      }
      return total;
    };
    const total = visit(this.root, 0, true);
    if (total !== this.size) fail(`${total} entries in the tree, ${this.size} in the member index`);
    if (leaves[0] !== this.first || leaves[leaves.length - 1] !== this.last)
      fail('first or last is not the end of the leaf chain');
    let previous: Leaf | null = null;
    for (const leaf of leaves) {
      if (leaf.prev !== previous || (previous !== null && previous.next !== leaf)) fail('a broken leaf chain');
      for (let i = leaf.start; i < leaf.end; i++) {
        const indexSlot = leaf.slots[i]!;
        if (
          this.index.member(indexSlot) !== leaf.members[i] ||
          !Object.is(this.index.score(indexSlot), leaf.scores[i]) ||
          this.index.find(leaf.members[i]!) !== indexSlot
        )
          fail(`member ${JSON.stringify(leaf.members[i])} not indexed with its score in its slot`);
        const prior =
          i > leaf.start ? { leaf, slot: i - 1 } : previous === null ? null : { leaf: previous, slot: previous.end - 1 };
        if (prior !== null && compareEntry(prior.leaf, prior.slot, leaf.scores[i]!, leaf.members[i]!) >= 0)
          fail('entries out of order');
      }
      previous = leaf;
    }
    if (previous !== null && previous.next !== null) fail('a leaf after the last');
    this.index.checkStructure();
  }

  /** True when the tree changed since `version` was read; for EntryCursor only. */
  changedSince(version: number): boolean {
    return version !== this.version;
  }

  /** The member index's walk for a rebuild (SlotWalk): every entry's slot, moved. */
  private moveSlots(move: (slot: number, member: string, score: number) => number): void {
    for (let leaf: Leaf | null = this.first; leaf !== null; leaf = leaf.next) {
      const slots = leaf.slots;
      const members = leaf.members;
      const scores = leaf.scores;
      for (let i = leaf.start; i < leaf.end; i++) slots[i] = move(slots[i]!, members[i]!, scores[i]!);
    }
  }

  /** How many of `members`, from the first, are the set's first entries in order. */
  private headRun(members: readonly string[]): number {
    let leaf: Leaf | null = this.first;
    let slot = leaf.start;
    let run = 0;
    while (run < members.length) {
      if (slot === leaf.end) {
        leaf = leaf.next;
        if (leaf === null) break;
        slot = leaf.start;
      }
      if (leaf.members[slot] !== members[run]) break;
      run++;
      slot++;
    }
    return run;
  }

  /** Removes the first `count` entries (1 <= count <= size): whole leaves off the front, then the left edge mended. */
  private deleteHead(count: number): void {
    this.version++;
    this.structure++;
    const index = this.index;
    if (count === index.size) {
      index.clear();
      const leaf = new Leaf(this.capacity);
      this.root = leaf;
      this.height = 0;
      this.first = leaf;
      this.last = leaf;
      return;
    }
    // the member index, leaf by leaf, by the slots the leaves keep; the leaves wholly inside the run are left behind
    let leaf = this.first;
    let left = count;
    while (left >= leaf.end - leaf.start) {
      const slots = leaf.slots;
      for (let i = leaf.start; i < leaf.end; i++) index.remove(slots[i]!);
      left -= leaf.end - leaf.start;
      leaf = leaf.next!;
    }
    const members = leaf.members;
    const slots = leaf.slots;
    const start = leaf.start;
    for (let i = start; i < start + left; i++) {
      index.remove(slots[i]!);
      members[i] = '';
    }
    leaf.start = start + left;
    leaf.prev = null;
    this.first = leaf;
    // the branches on the left edge: children wholly inside the run go, the first one left loses the rest
    left = count;
    let node = this.root;
    for (let depth = 0; depth < this.height; depth++) {
      const branch = node as Branch;
      const counts = branch.counts;
      let drop = 0;
      while (left >= counts[drop]!) left -= counts[drop++]!;
      if (drop > 0) dropFirstChildren(branch, drop);
      counts[0] = counts[0]! - left;
      node = branch.children[0]!;
    }
    this.mendLeftEdge();
    index.shrink();
  }

  /**
   * After deleteHead, the nodes on the left edge may hold too few children or entries (a root
   * may even have one child): collapses such a root, then refills the highest short node, again
   * and again, until every node on the edge holds its minimum.
   */
  private mendLeftEdge(): void {
    for (;;) {
      while (this.height > 0 && (this.root as Branch).size === 1) {
        this.root = (this.root as Branch).children[0]!;
        this.height--;
      }
      let node = this.root;
      let short = -1;
      for (let depth = 0; depth < this.height; depth++) {
        const branch = node as Branch;
        if (depth > 0 && branch.size < this.minBranch) {
          short = depth;
          break;
        }
        node = this.pathStep(depth, branch, 0);
      }
      if (short > 0) this.refillBranch(short);
      else if (this.height > 0 && (node as Leaf).size < this.minLeaf) this.refillLeaf();
      else return;
    }
  }

  /** Remembers the entry a range search found; returns its rank. */
  private keepFinger(leaf: Leaf, slot: number, rank: number): number {
    this.fingerVersion = this.version;
    this.fingerLeaf = leaf;
    this.fingerSlot = slot;
    this.fingerRank = rank;
    return rank;
  }

  /** True when the entry in `slot` of `leaf` sorts strictly before (score, member). */
  private before(leaf: Leaf, slot: number, score: number, member: string): boolean {
    const own = leaf.scores[slot]!;
    return own < score || (own === score && compareMembers(leaf.members[slot]!, member) < 0);
  }

  /** zslIsInRange: false when the range is empty or misses every score in the set. */
  private overlaps(range: ScoreRange): boolean {
    if (range.min > range.max || (range.min === range.max && (range.minExclusive || range.maxExclusive))) return false;
    if (this.size === 0) return false;
    return aboveMin(this.last.scores[this.last.end - 1]!, range) && belowMax(this.first.scores[this.first.start]!, range);
  }

  /** The leaf holding the entry at `rank` (slot in hitSlot), or null when the rank is outside the set. */
  private locate(rank: number): Leaf | null {
    if (rank === this.fingerRank && this.fingerVersion === this.version) {
      this.hitSlot = this.fingerSlot;
      return this.fingerLeaf;
    }
    if (!(rank >= 0 && rank < this.size) || !Number.isInteger(rank)) return null;
    let left = rank;
    let node = this.root;
    for (let depth = 0; depth < this.height; depth++) {
      const branch = node as Branch;
      const counts = branch.counts;
      let child = 0;
      while (left >= counts[child]!) left -= counts[child++]!;
      node = branch.children[child]!;
    }
    this.hitSlot = (node as Leaf).start + left;
    return node as Leaf;
  }

  /** A descent's step at `depth`: from `branch` into its child `child`, kept in the path. */
  private pathStep(depth: number, branch: Branch, child: number): Leaf | Branch {
    this.pathNode[depth] = branch;
    this.pathIndex[depth] = child;
    return branch.children[child]!;
  }

  /** A descent's end: the path now leads to `node`, a leaf, until the structure changes. */
  private pathEnd(node: Leaf | Branch): Leaf {
    const leaf = node as Leaf;
    this.pathLeaf = leaf;
    this.pathStructure = this.structure;
    return leaf;
  }

  /**
   * How many entries have a score below `bound` (at or below it when `inclusive`). Leaves
   * hitLeaf / hitSlot on the position that count ends at (the slot may equal the leaf's end).
   */
  private countBelow(bound: number, inclusive: boolean): number {
    let rank = 0;
    let node = this.root;
    for (let depth = 0; depth < this.height; depth++) {
      const branch = node as Branch;
      const child = scoreSearch(branch.sepScores, 1, branch.size, bound, inclusive) - 1;
      rank += entriesBefore(branch, child);
      node = this.pathStep(depth, branch, child);
    }
    const leaf = this.pathEnd(node);
    const slot = scoreSearch(leaf.scores, leaf.start, leaf.end, bound, inclusive);
    this.hitLeaf = leaf;
    this.hitSlot = slot;
    return rank + slot - leaf.start;
  }

  /**
   * Descends to the leaf where (score, member) is or belongs, filling the path; the slot goes to
   * hitSlot. When the key lies within the leaf of the last path (the range search just before an
   * insert, the previous delete of a promote), that leaf is the answer without a descent.
   */
  private descend(score: number, member: string): Leaf {
    const cached = this.pathLeaf;
    if (
      cached !== null &&
      this.pathStructure === this.structure &&
      cached.end > cached.start &&
      compareEntry(cached, cached.start, score, member) <= 0 &&
      compareEntry(cached, cached.end - 1, score, member) >= 0
    ) {
      this.hitSlot = lowerBound(cached, score, member);
      return cached;
    }
    let node = this.root;
    for (let depth = 0; depth < this.height; depth++) {
      const branch = node as Branch;
      node = this.pathStep(depth, branch, childFor(branch, score, member));
    }
    const leaf = this.pathEnd(node);
    this.hitSlot = lowerBound(leaf, score, member);
    return leaf;
  }

  /**
   * Puts (score, member), whose member-index slot is `indexSlot`, into `slot` of the leaf the last
   * descend() reached, splitting upwards when full.
   */
  private insertAt(leaf: Leaf, slot: number, score: number, member: string, indexSlot: number): void {
    for (let depth = 0; depth < this.height; depth++) this.pathNode[depth]!.counts[this.pathIndex[depth]!]!++;
    const scores = leaf.scores;
    const members = leaf.members;
    const slots = leaf.slots;
    if (leaf.start > 0 && (slot - leaf.start < leaf.end - slot || leaf.end === scores.length)) {
      // room below the window, and fewer entries to move on that side
      const start = --leaf.start;
      slot--;
      for (let i = start; i < slot; i++) {
        scores[i] = scores[i + 1]!;
        members[i] = members[i + 1]!;
        slots[i] = slots[i + 1]!;
      }
    } else {
      for (let i = leaf.end; i > slot; i--) {
        scores[i] = scores[i - 1]!;
        members[i] = members[i - 1]!;
        slots[i] = slots[i - 1]!;
      }
      leaf.end++;
    }
    scores[slot] = score;
    members[slot] = member;
    slots[slot] = indexSlot;
    if (leaf.end - leaf.start > this.capacity) this.splitLeaf(leaf);
  }

  /** Takes the entry in `slot` out of the leaf the last descend() reached, rebalancing when it runs low. */
  private removeAt(leaf: Leaf, slot: number): void {
    for (let depth = 0; depth < this.height; depth++) this.pathNode[depth]!.counts[this.pathIndex[depth]!]!--;
    const scores = leaf.scores;
    const members = leaf.members;
    const slots = leaf.slots;
    const start = leaf.start;
    const end = leaf.end - 1;
    if (slot - start < end - slot) {
      for (let i = slot; i > start; i--) {
        scores[i] = scores[i - 1]!;
        members[i] = members[i - 1]!;
        slots[i] = slots[i - 1]!;
      }
      members[start] = '';
      leaf.start = start + 1;
    } else {
      for (let i = slot; i < end; i++) {
        scores[i] = scores[i + 1]!;
        members[i] = members[i + 1]!;
        slots[i] = slots[i + 1]!;
      }
      members[end] = '';
      leaf.end = end;
    }
    if (leaf.end - leaf.start < this.minLeaf && this.height > 0) this.refillLeaf();
  }

  /** An overfull leaf gives its upper half to a new right neighbour. */
  private splitLeaf(leaf: Leaf): void {
    this.structure++;
    const right = new Leaf(this.capacity);
    leaf.compact();
    const keep = leaf.end >> 1;
    moveEntries(leaf, keep, right, 0, leaf.end - keep);
    right.end = leaf.end - keep;
    for (let i = keep; i < leaf.end; i++) leaf.members[i] = '';
    leaf.end = keep;
    right.next = leaf.next;
    right.prev = leaf;
    if (leaf.next === null) this.last = right;
    else leaf.next.prev = right;
    leaf.next = right;
    this.addChild(this.height - 1, leaf, keep, right, right.size, right.scores[0]!, right.members[0]!);
  }

  /**
   * After `left` (child of the path's branch at `depth`, or the root when depth < 0) split off
   * `right`, records the pair there with their counts and the separator before `right`.
   */
  private addChild(
    depth: number,
    left: Leaf | Branch,
    leftCount: number,
    right: Leaf | Branch,
    rightCount: number,
    sepScore: number,
    sepMember: string,
  ): void {
    if (depth < 0) {
      const root = new Branch(this.capacity);
      root.children[0] = left;
      root.children[1] = right;
      root.counts[0] = leftCount;
      root.counts[1] = rightCount;
      root.sepScores[1] = sepScore;
      root.sepMembers[1] = sepMember;
      root.size = 2;
      this.root = root;
      this.height++;
      return;
    }
    const branch = this.pathNode[depth]!;
    const at = this.pathIndex[depth]! + 1;
    for (let i = branch.size; i > at; i--) {
      branch.children[i] = branch.children[i - 1]!;
      branch.counts[i] = branch.counts[i - 1]!;
      branch.sepScores[i] = branch.sepScores[i - 1]!;
      branch.sepMembers[i] = branch.sepMembers[i - 1]!;
    }
    branch.children[at] = right;
    branch.counts[at - 1] = leftCount;
    branch.counts[at] = rightCount;
    branch.sepScores[at] = sepScore;
    branch.sepMembers[at] = sepMember;
    branch.size++;
    if (branch.size > this.capacity) this.splitBranch(depth);
  }

  /** An overfull branch gives its upper half to a new right neighbour; the middle separator moves up. */
  private splitBranch(depth: number): void {
    const branch = this.pathNode[depth]!;
    const right = new Branch(this.capacity);
    const keep = branch.size >> 1;
    const moved = branch.size - keep;
    let leftCount = 0;
    let rightCount = 0;
    for (let i = 0; i < keep; i++) leftCount += branch.counts[i]!;
    for (let i = 0; i < moved; i++) {
      right.children[i] = branch.children[keep + i]!;
      right.counts[i] = branch.counts[keep + i]!;
      right.sepScores[i] = branch.sepScores[keep + i]!;
      right.sepMembers[i] = branch.sepMembers[keep + i]!;
      rightCount += right.counts[i]!;
      branch.sepMembers[keep + i] = '';
    }
    right.size = moved;
    branch.size = keep;
    this.addChild(depth - 1, branch, leftCount, right, rightCount, right.sepScores[0]!, right.sepMembers[0]!);
  }

  /** A leaf below its minimum merges with a neighbour when both fit in one, or else takes entries from it. */
  private refillLeaf(): void {
    this.structure++;
    const depth = this.height - 1;
    const parent = this.pathNode[depth]!;
    const index = this.pathIndex[depth]!;
    const leftIndex = index > 0 ? index - 1 : index;
    const left = parent.children[leftIndex] as Leaf;
    const right = parent.children[leftIndex + 1] as Leaf;
    left.compact();
    right.compact();
    const total = left.end + right.end;
    if (total <= this.capacity) {
      moveEntries(right, 0, left, left.end, right.end);
      for (let i = 0; i < right.end; i++) right.members[i] = '';
      left.end = total;
      left.next = right.next;
      if (right.next === null) this.last = left;
      else right.next.prev = left;
      this.removeChild(depth, leftIndex + 1);
      return;
    }
    const leftSize = total >> 1;
    if (left.end < leftSize) {
      const moved = leftSize - left.end;
      moveEntries(right, 0, left, left.end, moved);
      moveEntries(right, moved, right, 0, right.end - moved);
      for (let i = right.end - moved; i < right.end; i++) right.members[i] = '';
    } else {
      const moved = left.end - leftSize;
      moveEntries(right, 0, right, moved, right.end);
      moveEntries(left, leftSize, right, 0, moved);
      for (let i = leftSize; i < left.end; i++) left.members[i] = '';
    }
    left.end = leftSize;
    right.end = total - leftSize;
    parent.counts[leftIndex] = left.end;
    parent.counts[leftIndex + 1] = right.end;
    parent.sepScores[leftIndex + 1] = right.scores[0]!;
    parent.sepMembers[leftIndex + 1] = right.members[0]!;
  }

  /** Drops child `index` (already emptied into its left neighbour) from the path's branch at `depth`. */
  private removeChild(depth: number, index: number): void {
    const branch = this.pathNode[depth]!;
    branch.counts[index - 1] = branch.counts[index - 1]! + branch.counts[index]!;
    const end = branch.size - 1;
    for (let i = index; i < end; i++) {
      branch.children[i] = branch.children[i + 1]!;
      branch.counts[i] = branch.counts[i + 1]!;
      branch.sepScores[i] = branch.sepScores[i + 1]!;
      branch.sepMembers[i] = branch.sepMembers[i + 1]!;
    }
    branch.sepMembers[end] = '';
    branch.size = end;
    if (depth === 0) {
      if (end === 1) {
        this.root = branch.children[0]!;
        this.height--;
      }
    } else if (end < this.minBranch) {
      this.refillBranch(depth);
    }
  }

  /** A branch below its minimum merges with a neighbour when both fit in one, or else takes a child from it. */
  private refillBranch(depth: number): void {
    const parent = this.pathNode[depth - 1]!;
    const index = this.pathIndex[depth - 1]!;
    const leftIndex = index > 0 ? index - 1 : index;
    const left = parent.children[leftIndex] as Branch;
    const right = parent.children[leftIndex + 1] as Branch;
    if (left.size + right.size <= this.capacity) {
      for (let i = 0; i < right.size; i++) {
        left.children[left.size + i] = right.children[i]!;
        left.counts[left.size + i] = right.counts[i]!;
        left.sepScores[left.size + i] = right.sepScores[i]!;
        left.sepMembers[left.size + i] = right.sepMembers[i]!;
      }
      left.sepScores[left.size] = parent.sepScores[leftIndex + 1]!;
      left.sepMembers[left.size] = parent.sepMembers[leftIndex + 1]!;
      left.size += right.size;
      this.removeChild(depth - 1, leftIndex + 1);
      return;
    }
    if (left.size < right.size) {
      // right's first child moves to the end of left; the separator before it comes down from the parent.
      const count = right.counts[0]!;
      left.children[left.size] = right.children[0]!;
      left.counts[left.size] = count;
      left.sepScores[left.size] = parent.sepScores[leftIndex + 1]!;
      left.sepMembers[left.size] = parent.sepMembers[leftIndex + 1]!;
      left.size++;
      parent.sepScores[leftIndex + 1] = right.sepScores[1]!;
      parent.sepMembers[leftIndex + 1] = right.sepMembers[1]!;
      const end = right.size - 1;
      for (let i = 0; i < end; i++) {
        right.children[i] = right.children[i + 1]!;
        right.counts[i] = right.counts[i + 1]!;
        right.sepScores[i] = right.sepScores[i + 1]!;
        right.sepMembers[i] = right.sepMembers[i + 1]!;
      }
      right.sepMembers[end] = '';
      right.size = end;
      parent.counts[leftIndex] = parent.counts[leftIndex]! + count;
      parent.counts[leftIndex + 1] = parent.counts[leftIndex + 1]! - count;
    } else {
      // left's last child moves to the front of right; the parent's separator goes down before right's old first.
      const last = left.size - 1;
      const count = left.counts[last]!;
      for (let i = right.size; i > 0; i--) {
        right.children[i] = right.children[i - 1]!;
        right.counts[i] = right.counts[i - 1]!;
        right.sepScores[i] = right.sepScores[i - 1]!;
        right.sepMembers[i] = right.sepMembers[i - 1]!;
      }
      right.sepScores[1] = parent.sepScores[leftIndex + 1]!;
      right.sepMembers[1] = parent.sepMembers[leftIndex + 1]!;
      right.children[0] = left.children[last]!;
      right.counts[0] = count;
      right.size++;
      parent.sepScores[leftIndex + 1] = left.sepScores[last]!;
      parent.sepMembers[leftIndex + 1] = left.sepMembers[last]!;
      left.sepMembers[last] = '';
      left.size = last;
      parent.counts[leftIndex] = parent.counts[leftIndex]! - count;
      parent.counts[leftIndex + 1] = parent.counts[leftIndex + 1]! + count;
    }
  }
}

/**
 * Binary search over ascending scores in [lo, hi): the first index whose score is above `bound`
 * (at or above it when not `inclusive`), or hi when there is none.
 */
function scoreSearch(scores: readonly number[], lo: number, hi: number, bound: number, inclusive: boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = scores[mid]!;
    if (s < bound || (inclusive && s === bound)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The entries under the children of `branch` before `child`. */
function entriesBefore(branch: Branch, child: number): number {
  const counts = branch.counts;
  let entries = 0;
  for (let i = 0; i < child; i++) entries += counts[i]!;
  return entries;
}

/** The child of `branch` whose subtree holds (score, member): the last one whose separator is at or before it. */
function childFor(branch: Branch, score: number, member: string): number {
  const seps = branch.sepScores;
  let lo = 1;
  let hi = branch.size;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = seps[mid]!;
    if (s < score || (s === score && compareMembers(branch.sepMembers[mid]!, member) <= 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Negative, zero or positive as the entry in `slot` of `leaf` sorts before, at or after (score, member). */
function compareEntry(leaf: Leaf, slot: number, score: number, member: string): number {
  const own = leaf.scores[slot]!;
  if (own !== score) return own < score ? -1 : 1;
  return compareMembers(leaf.members[slot]!, member);
}

/** The first slot of `leaf` whose entry does not sort before (score, member). */
function lowerBound(leaf: Leaf, score: number, member: string): number {
  const scores = leaf.scores;
  let lo = leaf.start;
  let hi = leaf.end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = scores[mid]!;
    if (s < score || (s === score && compareMembers(leaf.members[mid]!, member) < 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Takes the first `drop` children out of a branch (their subtrees are left behind), moving the rest to the front. */
function dropFirstChildren(branch: Branch, drop: number): void {
  const size = branch.size - drop;
  for (let i = 0; i < size; i++) {
    branch.children[i] = branch.children[i + drop]!;
    branch.counts[i] = branch.counts[i + drop]!;
    branch.sepScores[i] = branch.sepScores[i + drop]!;
    branch.sepMembers[i] = branch.sepMembers[i + drop]!;
  }
  for (let i = size; i < branch.size; i++) {
    branch.children[i] = branch.children[size - 1]!;
    branch.sepMembers[i] = '';
  }
  branch.sepMembers[0] = '';
  branch.size = size;
}

/** Copies `count` entries from slot `from` of one leaf to slot `to` of another (or the same: overlap-safe). */
function moveEntries(source: Leaf, from: number, target: Leaf, to: number, count: number): void {
  if (source === target && to > from) {
    for (let i = count - 1; i >= 0; i--) {
      target.scores[to + i] = source.scores[from + i]!;
      target.members[to + i] = source.members[from + i]!;
      target.slots[to + i] = source.slots[from + i]!;
    }
    return;
  }
  for (let i = 0; i < count; i++) {
    target.scores[to + i] = source.scores[from + i]!;
    target.members[to + i] = source.members[from + i]!;
    target.slots[to + i] = source.slots[from + i]!;
  }
}

function entryOf(leaf: Leaf, slot: number): ZEntry {
  return { member: leaf.members[slot]!, score: leaf.scores[slot]! };
}

/** A position in a walk over the entries: the current entry's member and score, and a step to the next. */
export class EntryCursor {
  /** @internal built by SortedSet.cursorAt */
  constructor(
    private readonly tree: SortedSet,
    private leaf: Leaf | null,
    private slot: number,
    private readonly direction: 1 | -1,
    private readonly version: number,
  ) {}

  /** True once the walk has run off an end of the set. */
  get done(): boolean {
    return this.leaf === null;
  }

  /** The current entry's member (the walk must not be done). */
  get member(): string {
    return this.current().members[this.slot]!;
  }

  /** The current entry's score (the walk must not be done). */
  get score(): number {
    return this.current().scores[this.slot]!;
  }

  /** Moves to the next entry in the walk's direction. */
  advance(): void {
    const leaf = this.current();
    this.slot += this.direction;
    if (this.slot === leaf.end) {
      this.leaf = leaf.next;
      this.slot = this.leaf === null ? 0 : this.leaf.start;
    } else if (this.slot < leaf.start) {
      this.leaf = leaf.prev;
      this.slot = this.leaf === null ? 0 : this.leaf.end - 1;
    }
  }

  private current(): Leaf {
    const leaf = this.leaf;
    if (leaf === null) throw new RangeError('EntryCursor read past the end of the walk');
    if (this.tree.changedSince(this.version)) throw new Error('SortedSet changed during entriesFrom iteration');
    return leaf;
  }
}

/** The iterator behind entriesFrom: one ZEntry per step of a cursor. */
class LeafWalk implements IterableIterator<ZEntry> {
  constructor(private readonly cursor: EntryCursor) {}

  next(): IteratorResult<ZEntry> {
    const cursor = this.cursor;
    if (cursor.done) return { done: true, value: undefined };
    const value: ZEntry = { member: cursor.member, score: cursor.score };
    cursor.advance();
    return { done: false, value };
  }

  [Symbol.iterator](): IterableIterator<ZEntry> {
    return this;
  }
}
