/**
 * The two sets in set order, as SetsPanel lists them: a row reader over the visible rows only,
 * each row with the order its job arrived in. Read through the sets' typed reads (SetReader),
 * memoized per store on `version`.
 */
import type { ArrivalOrder } from '../session/arrivalTracker.ts';
import type { SetReader } from '../session/setReader.ts';
import type { AppState } from './appStore.ts';
import { memoOn } from './memo.ts';

/** One member of a sorted set, as a ZRANGE walk returns it, with the order it arrived in (a row of SetView). */
export interface SetRow {
  /** 0-based rank in the set (what ZRANGE counts from). */
  readonly position: number;
  readonly member: string;
  /** The score exactly as Redis prints it. */
  readonly scoreText: string;
  readonly arrival: number;
  /** The row sits away from where arrival order would put it. */
  readonly outOfOrder: boolean;
}

/** A set read in set order: its size, how far from arrival order it is, and a row reader (visible rows only). */
export interface SetSnapshot {
  readonly size: number;
  readonly outOfOrderPairs: number;
  readonly version: number;
  readonly readRows: (start: number, end: number) => SetRow[];
  /** The member's position in set order (ZRANK), or null when the set does not hold it. */
  readonly positionOf: (member: string) => number | null;
}

/** A set's snapshot as selectTextbookSet / selectBandSet build it (exported for the enqueue warm-up, which reads a throwaway session's sets). */
export function snapshotOf(
  set: SetReader,
  arrivals: ReadonlyMap<string, number>,
  order: ArrivalOrder,
  version: number,
): SetSnapshot {
  return {
    size: order.size,
    outOfOrderPairs: order.inversions,
    version,
    readRows(start, end) {
      return set.rangeByRank(start, end).map((entry, i) => {
        const position = start + i;
        const arrival = arrivals.get(entry.member) ?? 0;
        return {
          position,
          member: entry.member,
          scoreText: set.scoreText(entry.score),
          arrival,
          outOfOrder: order.rank(arrival) !== position,
        };
      });
    },
    positionOf: (member) => set.rank(member),
  };
}

/** The textbook set in set order. */
export const selectTextbookSet = memoOn((s: AppState) => [s.textbookSet, s.version, s.arrivals, s.textbookOrder] as const)(
  (textbook, version, arrivals, order) => snapshotOf(textbook, arrivals, order, version),
);

/** The band set in set order. */
export const selectBandSet = memoOn((s: AppState) => [s.bandSet, s.version, s.arrivals, s.bandOrder] as const)(
  (band, version, arrivals, order) => snapshotOf(band, arrivals, order, version),
);
