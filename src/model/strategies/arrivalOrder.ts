/**
 * How far a set's order is from arrival order.
 *
 * A sorted set lists its members by score (then member bytes); a queue wants them in the order
 * they arrived. Given the arrival numbers read in set order, arrivalRanks says which rows sit away
 * from where arrival order would put them. The pairs the set has swapped are countDueInversions
 * (dueOrder.ts) with one fire-time for every row.
 */

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
