/**
 * How far a set's order is from arrival order.
 *
 * A sorted set lists its members by score (then member bytes); a queue wants them in the order
 * they arrived. Given the arrival numbers read in set order, these functions say how many pairs
 * the set has swapped and which rows sit away from where arrival order would put them.
 */

/**
 * Counts the pairs i < j with arrivals[i] > arrivals[j]: the pairs a ZRANGE walk returns in the
 * opposite order to their arrival. 0 means the set is in arrival order. Equal values are not a
 * pair. O(n log n): a bottom-up merge sort on a copy that counts, at each merge, how many values
 * of the left run a right value jumps over.
 */
export function countInversions(arrivals: ArrayLike<number>): number {
  const n = arrivals.length;
  let source = Float64Array.from(arrivals);
  let target = new Float64Array(n);
  let inversions = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let start = 0; start < n; start += 2 * width) {
      const mid = Math.min(start + width, n);
      const end = Math.min(start + 2 * width, n);
      let left = start;
      let right = mid;
      let out = start;
      while (left < mid && right < end) {
        const l = source[left]!;
        const r = source[right]!;
        if (l <= r) {
          target[out++] = l;
          left++;
        } else {
          target[out++] = r;
          right++;
          inversions += mid - left;
        }
      }
      while (left < mid) target[out++] = source[left++]!;
      while (right < end) target[out++] = source[right++]!;
    }
    [source, target] = [target, source];
  }
  return inversions;
}

/**
 * The rank (0-based) of each arrival among all of them: ranks[i] is the position row i would
 * have if the set were in arrival order. A row read at position i is out of arrival order when
 * ranks[i] !== i. Equal values keep their relative order (the earlier row ranks first).
 */
export function arrivalRanks(arrivals: ArrayLike<number>): Int32Array {
  const n = arrivals.length;
  const values = Float64Array.from(arrivals);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => values[a]! - values[b]! || a - b);
  const ranks = new Int32Array(n);
  for (let rank = 0; rank < n; rank++) ranks[order[rank]!] = rank;
  return ranks;
}
