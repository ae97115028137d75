/**
 * The member index of SortedSet: Redis's dict (member -> score, what ZSCORE reads and what ZADD
 * and ZREM use to find a member's entry), as an open-addressing hash table with linear probing.
 *
 * Why not a Map: the entry of a member sits in a slot that stays put until the table is rebuilt,
 * and the sorted set's leaves keep that slot beside each entry. So taking the set's head run off
 * (promote's ZREM) frees each member's slot directly, one write per member, where Map.delete
 * hashes and probes the member again and rehashes as the map shrinks. On the benchmark's
 * 1,000,000 members, deleted in score order, that was about 4 to 5 times less CPU than Map.delete
 * (2 loaded cores, Node 20). A lookup compares stored hashes before members, so a miss (ZADD of a
 * new member) touches no member text.
 *
 * A slot is empty, free (its member was removed: probes go on past it) or taken. At most half
 * the slots are in use (taken or free): the table is rebuilt, a quarter full, when an add would
 * pass that, or when fewer than a sixteenth of the slots are taken (Redis's dict shrinks below a
 * tenth; a sixteenth makes a set that drains rebuild a third as often as an eighth did). A rebuild
 * moves every member to a new slot, so the owner moves them (it knows where each slot is
 * remembered): it gives the table a walk over its entries, and the walk calls `move` with each
 * entry's old slot, member and score (read where the owner keeps them, in order, rather than
 * from the old table at random) and stores the new slot.
 */

/** Slot states in `tags`; any other value is the hash of the member in that slot. */
const EMPTY = 0;
const FREE = 1;

/** The smallest table (a power of two). */
const MIN_CAPACITY = 8;

/**
 * FNV-1a over the UTF-16 code units, then murmur3's finalizer, so that the low bits (the slot)
 * depend on every unit; never EMPTY or FREE.
 */
export function memberHash(member: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < member.length; i++) hash = Math.imul(hash ^ member.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash === EMPTY || hash === FREE ? hash + 2 : hash;
}

/** The smallest power of two, at least MIN_CAPACITY, that holds `members` at a quarter full. */
function capacityFor(members: number): number {
  let capacity = MIN_CAPACITY;
  while (capacity < members * 4) capacity *= 2;
  return capacity;
}

/** A walk over every entry of the owner: calls `move` with each entry's slot, member and score, and keeps the slot it returns. */
export type SlotWalk = (move: (slot: number, member: string, score: number) => number) => void;

/** member -> score with stable slots; see the file comment. */
export class MemberIndex {
  /** Members taken; the others hold ''. */
  private keys: string[];
  /** EMPTY, FREE, or the member's hash. */
  private tags: Int32Array;
  private values: Float64Array;
  private mask: number;
  /** Members held. */
  private count = 0;
  /** Slots taken or free (not empty): what probes walk through. */
  private used = 0;
  /** Where the last find() that missed would put its member, and that member's hash. */
  private addSlot = 0;
  private addHash = 0;

  /** @param walk visits every entry of the owner with its slot (see SlotWalk), for rebuilds. */
  constructor(private readonly walk: SlotWalk) {
    this.keys = new Array<string>(MIN_CAPACITY).fill('');
    this.tags = new Int32Array(MIN_CAPACITY);
    this.values = new Float64Array(MIN_CAPACITY);
    this.mask = MIN_CAPACITY - 1;
  }

  /** Members held. */
  get size(): number {
    return this.count;
  }

  /**
   * dictFind: the member's slot, or -1 when it is not there (and then the slot add() would give
   * it is remembered, until the table changes).
   */
  find(member: string): number {
    const hash = memberHash(member);
    const tags = this.tags;
    const mask = this.mask;
    let slot = hash & mask;
    let free = -1;
    for (;;) {
      const tag = tags[slot]!;
      if (tag === EMPTY) break;
      if (tag === hash) {
        if (this.keys[slot] === member) return slot;
      } else if (tag === FREE && free < 0) free = slot;
      slot = (slot + 1) & mask;
    }
    this.addSlot = free < 0 ? slot : free;
    this.addHash = hash;
    return -1;
  }

  /** The score in a taken slot. */
  score(slot: number): number {
    return this.values[slot]!;
  }

  /** The member in a taken slot. */
  member(slot: number): string {
    return this.keys[slot]!;
  }

  /** Gives the member in a taken slot a new score. */
  setScore(slot: number, score: number): void {
    this.values[slot] = score;
  }

  /**
   * dictAdd right after find(member) missed, with nothing changed between: puts the member in
   * and returns its slot. May rebuild the table first (the owner's walk must not include the
   * member yet).
   */
  add(member: string, score: number): number {
    let slot = this.addSlot;
    if (this.tags[slot] === EMPTY) {
      if ((this.used + 1) * 2 > this.tags.length) {
        this.rebuild(capacityFor(this.count + 1));
        slot = this.emptySlotFor(this.addHash);
      }
      this.used++;
    }
    this.tags[slot] = this.addHash;
    this.keys[slot] = member;
    this.values[slot] = score;
    this.count++;
    return slot;
  }

  /** dictDelete of the member in a taken slot: the slot becomes free. Call shrink() once the owner is consistent again. */
  remove(slot: number): void {
    this.tags[slot] = FREE;
    this.keys[slot] = '';
    this.count--;
  }

  /** Rebuilds a table that has become mostly free or empty at the size its members need (the owner's walk must be valid). */
  shrink(): void {
    if (this.count * 16 < this.tags.length && this.tags.length > MIN_CAPACITY) this.rebuild(capacityFor(this.count));
  }

  /** Forgets every member (the owner forgets every entry). */
  clear(): void {
    this.keys = new Array<string>(MIN_CAPACITY).fill('');
    this.tags = new Int32Array(MIN_CAPACITY);
    this.values = new Float64Array(MIN_CAPACITY);
    this.mask = MIN_CAPACITY - 1;
    this.count = 0;
    this.used = 0;
  }

  /**
   * Checks the table's own rules and throws on the first one broken (for tests): the counts
   * add up, every taken slot holds its member's hash, and every member is found where it is.
   */
  checkStructure(): void {
    let taken = 0;
    let notEmpty = 0;
    for (let slot = 0; slot < this.tags.length; slot++) {
      const tag = this.tags[slot]!;
      if (tag !== EMPTY) notEmpty++;
      if (tag === EMPTY || tag === FREE) {
        if (this.keys[slot] !== '') throw new Error(`MemberIndex: a member left in ${tag === FREE ? 'a free' : 'an empty'} slot`);
        continue;
      }
      taken++;
      const member = this.keys[slot]!;
      if (tag !== memberHash(member)) throw new Error(`MemberIndex: ${JSON.stringify(member)} under a wrong hash`);
      if (this.find(member) !== slot) throw new Error(`MemberIndex: ${JSON.stringify(member)} not found in its slot`);
    }
    if (taken !== this.count) throw new Error(`MemberIndex: ${taken} slots taken, ${this.count} members counted`);
    if (notEmpty !== this.used) throw new Error(`MemberIndex: ${notEmpty} slots in use, ${this.used} counted`);
    if (this.used * 2 > this.tags.length) throw new Error('MemberIndex: more than half the slots in use');
  }

  /** The first empty slot on the probe path of `hash` (a rebuilt table has no free slots). */
  private emptySlotFor(hash: number): number {
    const tags = this.tags;
    const mask = this.mask;
    let slot = hash & mask;
    while (tags[slot] !== EMPTY) slot = (slot + 1) & mask;
    return slot;
  }

  /** Moves every member into a new table of `capacity` slots, through the owner's walk. */
  private rebuild(capacity: number): void {
    const oldTags = this.tags;
    const keys = (this.keys = new Array<string>(capacity).fill(''));
    const tags = (this.tags = new Int32Array(capacity));
    const values = (this.values = new Float64Array(capacity));
    const mask = (this.mask = capacity - 1);
    let moved = 0;
    this.walk((old, member, score) => {
      const hash = oldTags[old]!;
      let slot = hash & mask;
      while (tags[slot] !== EMPTY) slot = (slot + 1) & mask;
      tags[slot] = hash;
      keys[slot] = member;
      values[slot] = score;
      moved++;
      return slot;
    });
    if (moved !== this.count) throw new Error(`MemberIndex: the walk moved ${moved} of ${this.count} members`);
    this.used = moved;
  }
}
