/**
 * What the two due-order bookkeepers share: the jobs they hold and the pairs of them listed against
 * due order (fire-time, then arrival), read by the page and changed only by the bookkeeper itself,
 * and how their typed arrays grow.
 */
export abstract class DueOrderCount {
  /** Jobs held: the bookkeeper's own to change. */
  protected held = 0;
  /** Pairs out of due order: the bookkeeper's own to change. */
  protected pairs = 0;

  /** Jobs in the list. */
  get size(): number {
    return this.held;
  }

  /** Pairs of the list (i < j) where job j falls due before job i. */
  get inversions(): number {
    return this.pairs;
  }
}

/** The length a typed array grows to so that it covers `cover` items: doubling from 16. */
export function capacityFor(cover: number): number {
  let capacity = 16;
  while (capacity < cover) capacity *= 2;
  return capacity;
}
