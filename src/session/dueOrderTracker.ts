/**
 * How far one of the page's sorted sets is from due order (fire-time, then arrival), kept current
 * as jobs come and go, so a set of 1,000,000 jobs is never re-read whole.
 *
 * A job's fire-time here is the one its score says (the textbook score itself, the band score's
 * millisecond), so it never goes down along the set's order: jobs of different fire-times are
 * always in due order, and every pair out of due order is two jobs of one fire-time (one group)
 * that the set lists against their arrival. Each group keeps a count of its jobs by the order they
 * joined it, which is their arrival order. Two more facts of this page make the rest O(log n): a
 * new job always has the highest arrival number so far (numbers are handed out in order), and jobs
 * only leave from the head of the set (both sweeps read from score 0 upwards), which is in the
 * lowest group. So a job placed after `k` of its group's jobs is out of order with the others of
 * the group, all of which follow it; and the head leaving was out of order with each job of its
 * group that arrived before it. The full recount (countDueInversions, dueOrderRanks in
 * model/strategies/dueOrder.ts) is the reference the tests hold this to.
 */
import { DueOrderCount, capacityFor } from './dueOrderCount.ts';

/** What the page reads of a DueOrderTracker: nothing that changes it. */
export interface DueOrder {
  /** Jobs in the set. */
  readonly size: number;
  /** Pairs of jobs the set lists in the opposite order to the one they fall due in. */
  readonly inversions: number;
  /**
   * How many present jobs share this job's fire-time and arrived before it: where due order puts it
   * among the jobs of its fire-time (0 for a job the tracker does not hold).
   */
  earlierInGroup(arrival: number): number;
}

/**
 * The jobs of one fire-time, numbered 0, 1, 2... as they join it (arrival order). Until a job leaves
 * from inside the run, the present ones are exactly 0..size-1 and nothing more is kept; only then
 * does the group keep flags and a Fenwick tree over its numbers, and it drops them once its present
 * jobs are again 0..size-1 (all gone, or all back), so a set of a million one-job milliseconds costs
 * a few numbers per millisecond.
 */
class Group {
  size = 0;
  /** The number the next job to join gets. */
  next = 0;
  #flags: Uint8Array | null = null;
  #tree: Int32Array | null = null;

  /** Present jobs numbered below `index` (a present job's number). */
  earlier(index: number): number {
    // without flags the present jobs are 0..size-1, so all the ones below a present job are there
    if (this.#tree === null) return index;
    let count = 0;
    for (let i = Math.min(index, this.#tree.length - 1); i > 0; i -= i & -i) count += this.#tree[i]!;
    return count;
  }

  /** A new job joins: it gets the next number. */
  join(): number {
    const index = this.next++;
    this.insert(index);
    return index;
  }

  /** Takes back the latest join (undo, newest first). */
  unjoin(index: number): void {
    this.delete(index);
    if (index === this.next - 1) this.next--;
    this.#settle();
  }

  /** Job `index` (joined before) is present again. */
  insert(index: number): void {
    if (this.#tree === null) {
      if (index === this.size) {
        this.size++;
        return;
      }
      this.#keep(index + 1);
    }
    this.#reserve(index + 1);
    this.#flags![index] = 1;
    this.#add(index, 1);
    this.size++;
    this.#settle();
  }

  /** Job `index` (present) leaves. */
  delete(index: number): void {
    if (this.#tree === null) {
      if (index === this.size - 1) {
        this.size--;
        return;
      }
      this.#keep(this.next);
    }
    this.#flags![index] = 0;
    this.#add(index, -1);
    this.size--;
    this.#settle();
  }

  #add(index: number, delta: number): void {
    const tree = this.#tree!;
    for (let i = index + 1; i < tree.length; i += i & -i) tree[i]! += delta;
  }

  /** Starts keeping flags and counts: the present jobs are 0..size-1, numbers up to `cover` - 1 may come. */
  #keep(cover: number): void {
    this.#flags = new Uint8Array(capacityFor(Math.max(cover, this.next)));
    this.#flags.fill(1, 0, this.size);
    this.#rebuild();
  }

  /** Grows the flags and the tree to hold numbers below `cover`. */
  #reserve(cover: number): void {
    if (cover <= this.#flags!.length) return;
    const flags = new Uint8Array(capacityFor(cover));
    flags.set(this.#flags!);
    this.#flags = flags;
    this.#rebuild();
  }

  /** The Fenwick tree over the flags, in O(capacity). */
  #rebuild(): void {
    const flags = this.#flags!;
    const tree = new Int32Array(flags.length + 1);
    for (let i = 1; i <= flags.length; i++) {
      tree[i]! += flags[i - 1]!;
      const parent = i + (i & -i);
      if (parent <= flags.length) tree[parent]! += tree[i]!;
    }
    this.#tree = tree;
  }

  /** Drops the flags once the present jobs are 0..size-1 again: none, or every one that joined. */
  #settle(): void {
    if (this.size === 0 || this.size === this.next) {
      this.#flags = null;
      this.#tree = null;
    }
  }
}

export class DueOrderTracker extends DueOrderCount implements DueOrder {
  readonly #groups = new Map<number, Group>();
  /** By arrival number: the job's group (undefined: never added). */
  readonly #groupOf: Array<Group | undefined> = [];
  /** By arrival number: the job's number in its group. */
  #indexOf: Int32Array = new Int32Array(16);
  /** By arrival number: 1 while the job is in the set. */
  #present: Uint8Array = new Uint8Array(16);

  /**
   * Records a new job (the highest arrival so far) of fire-time `fireTime`, which the set placed
   * after `placeInGroup` of the jobs already there with that fire-time (its ZRANK minus the jobs of
   * earlier fire-times).
   */
  add(arrival: number, fireTime: number, placeInGroup: number): void {
    let group = this.#groups.get(fireTime);
    if (group === undefined) {
      group = new Group();
      this.#groups.set(fireTime, group);
    }
    if (!(placeInGroup >= 0 && placeInGroup <= group.size))
      throw new RangeError(`place ${placeInGroup} in a group of ${group.size} jobs`);
    this.#reserve(arrival);
    this.pairs += group.size - placeInGroup;
    this.#groupOf[arrival] = group;
    this.#indexOf[arrival] = group.join();
    this.#present[arrival] = 1;
    this.held++;
  }

  /** Records that the set's head (position 0) left; false when that arrival was not present (nothing changes). */
  removeHead(arrival: number): boolean {
    if (this.#present[arrival] !== 1) return false;
    const group = this.#groupOf[arrival]!;
    const index = this.#indexOf[arrival]!;
    this.pairs -= group.earlier(index);
    group.delete(index);
    this.#present[arrival] = 0;
    this.held--;
    return true;
  }

  /**
   * Takes back the latest add(arrival, ...), for undo (newest first); the inversions it added are
   * not worked out again: the caller puts back the count it read before (restoreInversions).
   */
  undoAdd(arrival: number): void {
    this.#groupOf[arrival]!.unjoin(this.#indexOf[arrival]!);
    this.#present[arrival] = 0;
    this.held--;
  }

  /** Puts back the inversion count read before the adds that undoAdd took back (or after adds made again for redo). */
  restoreInversions(inversions: number): void {
    this.pairs = inversions;
  }

  /** Takes back a removeHead(arrival) that returned true, for undo: the job is the set's head again. */
  undoRemoveHead(arrival: number): void {
    const group = this.#groupOf[arrival]!;
    const index = this.#indexOf[arrival]!;
    group.insert(index);
    this.pairs += group.earlier(index);
    this.#present[arrival] = 1;
    this.held++;
  }

  earlierInGroup(arrival: number): number {
    if (this.#present[arrival] !== 1) return 0;
    return this.#groupOf[arrival]!.earlier(this.#indexOf[arrival]!);
  }

  #reserve(arrival: number): void {
    if (arrival < this.#present.length) return;
    const capacity = capacityFor(arrival + 1);
    const present = new Uint8Array(capacity);
    present.set(this.#present);
    const indexOf = new Int32Array(capacity);
    indexOf.set(this.#indexOf);
    this.#present = present;
    this.#indexOf = indexOf;
  }
}
