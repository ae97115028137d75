/**
 * How far the jobs promoted from one set since the last reset are from due order (fire-time, then
 * arrival), kept as each promote appends its jobs, so that no render after a promote sorts the
 * whole list again.
 *
 * It keeps the list's keys sorted in due order. A promote's batch is sorted on its own (which
 * counts the pairs inside it), then merged in from the back: each job of the batch goes after the
 * listed jobs that are not due after it, and the listed jobs it passes are the pairs the batch
 * adds across. Undo takes the same sorted batch out again and puts back the count it read before.
 * A row's place in due order is then a binary search, made only for the rows on screen.
 *
 * The full recount (countDueInversions, dueOrderRanks in model/strategies/dueOrder.ts) is the
 * reference the tests hold this to.
 */
import { dueBefore, sortInDueOrder } from '../model/strategies/dueOrder.ts';
import { DueOrderCount, capacityFor } from './dueOrderCount.ts';

/** What the order reads of a promoted job. */
export interface DueKey {
  readonly fireTime: number;
  readonly arrival: number;
}

/** One promote's jobs as the order took them in: what undo gives back to take them out again. */
export interface AppendedBatch {
  /** The batch's keys in due order. */
  readonly fireTimes: Float64Array;
  readonly arrivals: Float64Array;
  /** Pairs of the batch alone that came out against due order. */
  readonly inversions: number;
  /** The list's count before the batch. */
  readonly before: number;
}

const NONE = new Float64Array(0);
const NOTHING: AppendedBatch = { fireTimes: NONE, arrivals: NONE, inversions: 0, before: 0 };

export class PromotedOrder extends DueOrderCount {
  // shared and empty until the first job: a link of many promotes that take nothing makes two
  // orders per promote, which then cost nothing
  #fire = NONE;
  #arrival = NONE;

  /**
   * Takes in jobs[from..], in the order they came out, after the ones already listed (a promote
   * feeds each of its batches as it takes it, so the sorting is spread over its slices).
   */
  append(jobs: ArrayLike<DueKey>, from = 0): AppendedBatch {
    const count = jobs.length - from;
    if (count <= 0) return { ...NOTHING, before: this.pairs };
    const fireTimes = new Float64Array(count);
    const arrivals = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      fireTimes[i] = jobs[from + i]!.fireTime;
      arrivals[i] = jobs[from + i]!.arrival;
    }
    const sorted = sortInDueOrder(fireTimes, arrivals);
    return this.appendSorted(sorted.fireTimes, sorted.arrivals, sorted.inversions);
  }

  /** Takes in, after the ones listed, all the jobs `other` lists (already sorted there): one promote's jobs at once. */
  appendOrder(other: PromotedOrder): AppendedBatch {
    if (other.held === 0) return { ...NOTHING, before: this.pairs };
    return this.appendSorted(other.#fire.subarray(0, other.held), other.#arrival.subarray(0, other.held), other.pairs);
  }

  /** Takes in a batch given in due order, with its own pairs out of due order counted. */
  appendSorted(fireTimes: Float64Array, arrivals: Float64Array, inversions: number): AppendedBatch {
    const batch: AppendedBatch = { fireTimes, arrivals, inversions, before: this.pairs };
    this.appendAgain(batch);
    return batch;
  }

  /** Takes in again a batch that takeBack() took out (redo): the count comes out as it was. */
  appendAgain(batch: AppendedBatch): void {
    this.pairs = batch.before + batch.inversions + this.#merge(batch.fireTimes, batch.arrivals);
  }

  /** Takes out the last batch appended (undo, newest first) and puts back the count before it. */
  takeBack(batch: AppendedBatch): void {
    this.#unmerge(batch.fireTimes, batch.arrivals);
    this.pairs = batch.before;
  }

  /**
   * Row `index`'s place (0-based) in due order, `jobs` being the list this order was fed: the
   * listed jobs due before it, then the ones of the same key listed earlier (as dueOrderRanks
   * places equal keys). The row came out of turn when this is not `index`.
   */
  rank(jobs: ArrayLike<DueKey>, index: number): number {
    const job = jobs[index]!;
    const lower = this.#lowerBound(job.fireTime, job.arrival, 0);
    const upper = this.#upperBound(job.fireTime, job.arrival, this.held);
    if (upper - lower <= 1) return lower;
    // Two jobs of one fire-time and one arrival number: only jobs the page could not number
    let sameBefore = 0;
    for (let i = 0; i < index; i++) {
      const other = jobs[i]!;
      const same =
        !dueBefore(other.fireTime, other.arrival, job.fireTime, job.arrival) &&
        !dueBefore(job.fireTime, job.arrival, other.fireTime, other.arrival);
      if (same) sameBefore++;
    }
    return lower + sameBefore;
  }

  /**
   * Merges a batch (in due order) in after the listed jobs, from the back; gives the pairs it adds
   * across (a listed job due after a job of the batch).
   */
  #merge(fire: Float64Array, arrival: Float64Array): number {
    const listed = this.held;
    this.#reserve(listed + fire.length);
    const keys = this.#fire;
    const arrivals = this.#arrival;
    let across = 0;
    let end = listed;
    let write = listed + fire.length;
    for (let b = fire.length - 1; b >= 0; b--) {
      const after = this.#upperBound(fire[b]!, arrival[b]!, end);
      across += listed - after;
      keys.copyWithin(write - (end - after), after, end);
      arrivals.copyWithin(write - (end - after), after, end);
      write -= end - after + 1;
      end = after;
      keys[write] = fire[b]!;
      arrivals[write] = arrival[b]!;
    }
    this.held = listed + fire.length;
    return across;
  }

  /** Takes a batch (in due order) out of the sorted keys, one equal key for each of its jobs. */
  #unmerge(fire: Float64Array, arrival: Float64Array): void {
    const keys = this.#fire;
    const arrivals = this.#arrival;
    let read = 0;
    let write = 0;
    for (let b = 0; b < fire.length; b++) {
      const at = this.#lowerBound(fire[b]!, arrival[b]!, read);
      if (at >= this.held || dueBefore(fire[b]!, arrival[b]!, keys[at]!, arrivals[at]!))
        throw new Error(`takeBack: job of fire-time ${fire[b]} and arrival ${arrival[b]} is not listed`);
      keys.copyWithin(write, read, at);
      arrivals.copyWithin(write, read, at);
      write += at - read;
      read = at + 1;
    }
    keys.copyWithin(write, read, this.held);
    arrivals.copyWithin(write, read, this.held);
    this.held -= fire.length;
  }

  /** The first sorted key at or after `from` that is not due before (fire, arrival). */
  #lowerBound(fire: number, arrival: number, from: number): number {
    let low = from;
    let high = this.held;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (dueBefore(this.#fire[mid]!, this.#arrival[mid]!, fire, arrival)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The first sorted key below `end` that is due after (fire, arrival). */
  #upperBound(fire: number, arrival: number, end: number): number {
    let low = 0;
    let high = end;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (dueBefore(fire, arrival, this.#fire[mid]!, this.#arrival[mid]!)) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  #reserve(size: number): void {
    if (size <= this.#fire.length) return;
    const capacity = capacityFor(size);
    const fire = new Float64Array(capacity);
    fire.set(this.#fire.subarray(0, this.held));
    const arrival = new Float64Array(capacity);
    arrival.set(this.#arrival.subarray(0, this.held));
    this.#fire = fire;
    this.#arrival = arrival;
  }
}
