/**
 * How far one sorted set is from arrival order, kept current as jobs come and go, so a set of
 * 100,000 jobs is never re-read whole: a Fenwick tree counts the arrival numbers present.
 *
 * It relies on two facts of this page: a new job always has the highest arrival number so far
 * (numbers are handed out in order), and jobs only ever leave from the head of the set (both
 * sweeps read from score 0 upwards). So a job inserted at `position` is out of order with every
 * job after it, and the head job leaving was out of order with every present job that arrived
 * before it. The full recount (countInversions, arrivalRanks in model/strategies/arrivalOrder.ts) is the
 * reference the tests hold this to.
 */
/** What the page reads of an ArrivalTracker: nothing that changes it. */
export interface ArrivalOrder {
  /** Members in the set. */
  readonly size: number;
  /** Pairs of members whose set order disagrees with their arrival order. */
  readonly inversions: number;
  /** How many present members arrived before `arrival` (its place in arrival order among them). */
  rank(arrival: number): number;
}

export class ArrivalTracker implements ArrivalOrder {
  /** Fenwick tree over arrival numbers 1..capacity: how many of them are in the set. */
  // small to start (a reset makes two, and its undo keeps the old ones): #grow doubles as jobs come
  #tree: Int32Array = new Int32Array(16 + 1);
  #present: Uint8Array = new Uint8Array(16 + 1);
  #size = 0;
  #inversions = 0;

  /** Members in the set. */
  get size(): number {
    return this.#size;
  }

  /** Pairs of members whose set order disagrees with their arrival order. */
  get inversions(): number {
    return this.#inversions;
  }

  /** Records a new job (the highest arrival so far) that the set placed at `position` (its ZRANK). */
  add(arrival: number, position: number): void {
    this.#grow(arrival);
    this.#size++;
    this.#inversions += this.#size - 1 - position;
    this.#present[arrival] = 1;
    this.#update(arrival, 1);
  }

  /** Records that the set's head (position 0) left; false when that arrival was not present (nothing changes). */
  removeHead(arrival: number): boolean {
    if (this.#present[arrival] !== 1) return false;
    this.#inversions -= this.rank(arrival);
    this.#present[arrival] = 0;
    this.#update(arrival, -1);
    this.#size--;
    return true;
  }

  /**
   * Takes back the latest add(arrival, ...), for undo (newest first); the inversions it added are
   * not worked out again: the caller puts back the count it read before (restoreInversions).
   */
  undoAdd(arrival: number): void {
    this.#present[arrival] = 0;
    this.#update(arrival, -1);
    this.#size--;
  }

  /** Puts back the inversion count read before the adds that undoAdd took back (or after adds made again for redo). */
  restoreInversions(inversions: number): void {
    this.#inversions = inversions;
  }

  /** Takes back a removeHead(arrival) that returned true, for undo: the job is the set's head again. */
  undoRemoveHead(arrival: number): void {
    this.#inversions += this.rank(arrival);
    this.#present[arrival] = 1;
    this.#update(arrival, 1);
    this.#size++;
  }

  /** How many present jobs arrived before this arrival number: where arrival order would put it. */
  rank(arrival: number): number {
    let count = 0;
    for (let i = Math.min(arrival - 1, this.#tree.length - 1); i > 0; i -= i & -i) count += this.#tree[i]!;
    return count;
  }

  #update(arrival: number, delta: number): void {
    for (let i = arrival; i < this.#tree.length; i += i & -i) this.#tree[i]! += delta;
  }

  /**
   * Doubles the tree until it covers `arrival`. The capacity is a power of two and no arrival past
   * it is present, so every old node keeps its count, the nodes at twice, four times ... the old capacity
   * cover all of the old range (they take its total, the old top node), and every other new node
   * covers new arrivals only (0): a copy, not a recount, which at 1,000,000 jobs was tens of ms.
   */
  #grow(arrival: number): void {
    if (arrival < this.#tree.length) return;
    const old = this.#tree.length - 1;
    let capacity = old;
    while (capacity < arrival) capacity *= 2;
    const present = new Uint8Array(capacity + 1);
    present.set(this.#present);
    const tree = new Int32Array(capacity + 1);
    tree.set(this.#tree);
    for (let top = old * 2; top <= capacity; top *= 2) tree[top] = this.#tree[old]!;
    this.#present = present;
    this.#tree = tree;
  }
}
