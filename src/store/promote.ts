/**
 * What promote did and the band set's head: the last promote's lists and how far each came out
 * from due order (fire-time, then arrival), every job promoted since the last reset, and the head a worker sleeps on
 * (the timeline, auto-promote). Memoized per store. The session counts the pairs out of due order
 * as each promote runs, so no read here sorts a list.
 */
import { decodeScore, nextTimestampOf, wakeMillisecond } from '../model/protocol/score.ts';
import type { PromotedOrder } from '../session/promotedOrder.ts';
import type { AppState, TextbookUnit } from './appStore.ts';
import { memoOn } from './memo.ts';

export interface PromotedListData {
  /**
   * In the order they came out; `fireTime`: the job's, as its set's score says it; `at`: the instant
   * of the promote that took the job (lists since the last reset).
   */
  readonly jobs: ReadonlyArray<{ member: string; arrival: number; fireTime: number; at?: number }>;
  readonly calls: number;
  /** Pairs of jobs that came out in the opposite order to the one they fall due in. */
  readonly outOfOrderPairs: number;
}

/** A list since the last reset, which can say of each row whether it came out of turn. */
export interface PromotedSinceResetList extends PromotedListData {
  /** Whether row `index` came out of turn (its place in due order is not its place here); asked of the rows on screen only. */
  outOfOrder(index: number): boolean;
}

export interface PromoteSummary {
  readonly now: number;
  readonly band: PromotedListData;
  readonly textbook: PromotedListData & { readonly bound: number; readonly unit: TextbookUnit };
  readonly nextWake: number | null;
  readonly nextWakeMs: number | null;
}

/**
 * The last promote of both sets, with how far each came out from due order (counted by the
 * promote itself); null before any.
 */
export const selectPromoteSummary = memoOn((s: AppState) => [s.lastPromote] as const)((last): PromoteSummary | null =>
  last === null ? null : { ...last, nextWakeMs: last.nextWake === null ? null : wakeMillisecond(last.nextWake) },
);

/** Since the last reset: every job each set handed out, in order, with how far from due order. */
export interface PromotedSinceResetData {
  readonly promotes: number;
  readonly band: PromotedSinceResetList;
  readonly textbook: PromotedSinceResetList;
}

function sinceReset(jobs: PromotedListData['jobs'], calls: number, order: PromotedOrder): PromotedSinceResetList {
  return { jobs, calls, outOfOrderPairs: order.inversions, outOfOrder: (index) => order.rank(jobs, index) !== index };
}

/**
 * Every job promoted since the last reset (manual and auto-promote alike), per set, in order; the
 * counts are the ones the session keeps as promotes come and go, so reading them costs nothing.
 */
export const selectPromotedSinceReset = memoOn((s: AppState) => [s.promoted, s.promoted.changes] as const)(
  (promoted): PromotedSinceResetData => ({
    promotes: promoted.promotes,
    band: sinceReset(promoted.band, promoted.promotes, promoted.bandOrder),
    textbook: sinceReset(promoted.textbook, promoted.promotes, promoted.textbookOrder),
  }),
);

/** How many of the band set's head jobs the timeline marks. */
export const HEAD_MARKS = 200;

/** One job at the head of the band set: its member, score text and fire-time (the score's millisecond). */
export interface HeadMark {
  readonly member: string;
  readonly scoreText: string;
  readonly fireTime: number;
}

/** The head of the band set: what a worker sleeps on. */
export interface BandHead {
  /** Jobs in the band set. */
  readonly size: number;
  /** The first HEAD_MARKS jobs in set order. */
  readonly marks: readonly HeadMark[];
  /** getNextDelayedTimestamp: the head's score / 0x1000 (fractional when the head was bumped); null when empty. */
  readonly nextTimestamp: number | null;
  /** The whole millisecond the worker wakes at (the integer reply the script's number becomes); null when empty. */
  readonly wakeAt: number | null;
}

/**
 * The band set's head: its first HEAD_MARKS entries, and what getNextDelayedTimestamp gives (the
 * head's score / 0x1000). Depends on the set only, so a slider drag never re-reads it.
 */
export const selectBandHead = memoOn((s: AppState) => [s.bandSet, s.version] as const)((band): BandHead => {
  const size = band.size;
  const marks: HeadMark[] = band.rangeByRank(0, HEAD_MARKS - 1).map(({ member, score }) => ({
    member,
    scoreText: band.scoreText(score),
    fireTime: decodeScore(score).fireTime,
  }));
  const head = band.head;
  const nextTimestamp = head === undefined ? null : nextTimestampOf(head.score);
  return { size, marks, nextTimestamp, wakeAt: nextTimestamp === null ? null : wakeMillisecond(nextTimestamp) };
});
