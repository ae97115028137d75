/**
 * How far a list of jobs is from the order they fall due in.
 *
 * A fair queue runs its jobs by fire-time, and the jobs due in the same millisecond in the order
 * they arrived: that is the due order. A delayed set is in due order when every pair of its members
 * is; two jobs due at different times that the set lists by fire-time are not out of order, however
 * they arrived. These functions take, for each member in the list's order, its fire-time and its
 * arrival number, and compare the list with the due order on both keys at once (no combined key:
 * fire-time x something + arrival would lose exactness past 2^53).
 *
 * Fire-times and arrivals are finite numbers (whole ones on this page: milliseconds and counters).
 */

/** Whether job a falls due before job b: an earlier fire-time, or the same one and an earlier arrival. */
export function dueBefore(fireA: number, arrivalA: number, fireB: number, arrivalB: number): boolean {
  return fireA < fireB || (fireA === fireB && arrivalA < arrivalB);
}

/**
 * Counts the pairs i < j that the due order puts the other way round: job j falls due before job i
 * (dueBefore(j, i)). 0 means the list is in due order. Two jobs with the same fire-time and the same
 * arrival are not a pair. O(n log n): a bottom-up merge sort of both keys together that counts, at
 * each merge, how many jobs of the left run a job of the right run goes before.
 */
export function countDueInversions(fireTimes: ArrayLike<number>, arrivals: ArrayLike<number>): number {
  return sortInDueOrder(fireTimes, arrivals).inversions;
}

/** A list's jobs sorted into due order, and how many pairs the list had the other way round. */
export interface DueSorted {
  readonly fireTimes: Float64Array;
  readonly arrivals: Float64Array;
  /** What countDueInversions gives for the list. */
  readonly inversions: number;
}

/**
 * The list's keys in due order (fire-time, then arrival) and its pairs out of due order, from one
 * merge sort: a caller that keeps a sorted copy of a growing list (to count the pairs a new batch
 * adds) gets both for the price of the count.
 */
export function sortInDueOrder(fireTimes: ArrayLike<number>, arrivals: ArrayLike<number>): DueSorted {
  const n = checkedLength(fireTimes, arrivals);
  let fire = Float64Array.from(fireTimes);
  let arrival = Float64Array.from(arrivals);
  let fireOut = new Float64Array(n);
  let arrivalOut = new Float64Array(n);
  let inversions = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let start = 0; start < n; start += 2 * width) {
      const mid = Math.min(start + width, n);
      const end = Math.min(start + 2 * width, n);
      let left = start;
      let right = mid;
      let out = start;
      while (left < mid && right < end) {
        if (dueBefore(fire[right]!, arrival[right]!, fire[left]!, arrival[left]!)) {
          fireOut[out] = fire[right]!;
          arrivalOut[out++] = arrival[right++]!;
          inversions += mid - left;
        } else {
          fireOut[out] = fire[left]!;
          arrivalOut[out++] = arrival[left++]!;
        }
      }
      for (; left < mid; left++, out++) {
        fireOut[out] = fire[left]!;
        arrivalOut[out] = arrival[left]!;
      }
      for (; right < end; right++, out++) {
        fireOut[out] = fire[right]!;
        arrivalOut[out] = arrival[right]!;
      }
    }
    [fire, fireOut] = [fireOut, fire];
    [arrival, arrivalOut] = [arrivalOut, arrival];
  }
  return { fireTimes: fire, arrivals: arrival, inversions };
}

/**
 * Each job's place (0-based) in the due order: ranks[i] is the position row i would have if the list
 * were in due order, so row i is out of due order when ranks[i] !== i. Jobs with equal keys keep
 * their relative order (the earlier row ranks first). O(n log n).
 */
export function dueOrderRanks(fireTimes: ArrayLike<number>, arrivals: ArrayLike<number>): Int32Array {
  const n = checkedLength(fireTimes, arrivals);
  const fire = Float64Array.from(fireTimes);
  const arrival = Float64Array.from(arrivals);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // comparisons rather than differences: infinite fire-times (unreadable scores) would give Infinity - Infinity = NaN
  order.sort((a, b) => {
    if (dueBefore(fire[a]!, arrival[a]!, fire[b]!, arrival[b]!)) return -1;
    if (dueBefore(fire[b]!, arrival[b]!, fire[a]!, arrival[a]!)) return 1;
    return a - b;
  });
  const ranks = new Int32Array(n);
  for (let rank = 0; rank < n; rank++) ranks[order[rank]!] = rank;
  return ranks;
}

function checkedLength(fireTimes: ArrayLike<number>, arrivals: ArrayLike<number>): number {
  if (fireTimes.length !== arrivals.length)
    throw new RangeError(`${fireTimes.length} fire-times for ${arrivals.length} arrivals: one of each per job`);
  return fireTimes.length;
}
