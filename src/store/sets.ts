/**
 * The two sets in set order, as SetsPanel lists them: a row reader over the visible rows only,
 * each row with the order its job arrived in and whether it sits where due order (fire-time, then
 * arrival) would put it. Read through the sets' typed reads (SetReader), memoized per store on `version`.
 */
import { bandOf, decodeScore } from '../model/protocol/score.ts';
import type { DueOrder } from '../session/dueOrderTracker.ts';
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
  /** The job's arrival number; null when there is none to know (a live set's foreign id). */
  readonly arrival: number | null;
  /** The row sits away from where due order (fire-time, then arrival) would put it. */
  readonly outOfOrder: boolean;
}

/** A set read in set order: its size, how far from due order it is, and a row reader (visible rows only). */
export interface SetSnapshot {
  readonly size: number;
  /** Pairs of jobs the set lists in the opposite order to the one they fall due in. */
  readonly outOfOrderPairs: number;
  readonly version: number;
  readonly readRows: (start: number, end: number) => SetRow[];
  /** The member's position in set order (ZRANK), or null when the set does not hold it. */
  readonly positionOf: (member: string) => number | null;
}

/**
 * The lowest score that means the same fire-time as `score`, per set: the jobs scoring below it are
 * the ones due earlier. The textbook score is the fire-time itself; a band score's is its millisecond.
 */
export type FireTimeFloor = (score: number) => number;

export const textbookFloor: FireTimeFloor = (score) => score;
export const bandFloor: FireTimeFloor = (score) => bandOf(decodeScore(score).fireTime).minScore;

/** A set's snapshot as selectTextbookSet / selectBandSet build it. */
function snapshotOf(
  set: SetReader,
  arrivals: ReadonlyMap<string, number>,
  order: DueOrder,
  floorOf: FireTimeFloor,
  version: number,
): SetSnapshot {
  return {
    size: order.size,
    outOfOrderPairs: order.inversions,
    version,
    readRows(start, end) {
      // Rows of one fire-time are next to each other: the jobs due before them are counted once per run.
      let floor = Number.NaN;
      let runStart = 0;
      return set.rangeByRank(start, end).map((entry, i) => {
        const position = start + i;
        const arrival = arrivals.get(entry.member) ?? 0;
        const entryFloor = floorOf(entry.score);
        if (entryFloor !== floor) {
          floor = entryFloor;
          runStart = set.countBelow(floor);
        }
        return {
          position,
          member: entry.member,
          scoreText: set.scoreText(entry.score),
          arrival,
          // due order puts it after the jobs due earlier and the jobs of its fire-time that arrived before it
          outOfOrder: runStart + order.earlierInGroup(arrival) !== position,
        };
      });
    },
    positionOf: (member) => set.rank(member),
  };
}

/** The textbook set in set order. */
export const selectTextbookSet = memoOn((s: AppState) => [s.textbookSet, s.version, s.arrivals, s.textbookOrder] as const)(
  (textbook, version, arrivals, order) => snapshotOf(textbook, arrivals, order, textbookFloor, version),
);

/** The band set in set order. */
export const selectBandSet = memoOn((s: AppState) => [s.bandSet, s.version, s.arrivals, s.bandOrder] as const)(
  (band, version, arrivals, order) => snapshotOf(band, arrivals, order, bandFloor, version),
);
