/**
 * The two sets in set order, as SetsPanel lists them: a row reader over the visible rows only,
 * each row with the order its job arrived in and whether it sits where due order (fire-time, then
 * arrival) would put it. Read through the sets' typed reads (SetReader), memoized per store on `version`.
 */
import { bandFloor, snapshotOf, textbookFloor } from '../session/view/setRows.ts';
import type { AppState } from './appStore.ts';
import { memoOn } from './memo.ts';

// The rows and counts are the view model's, shared with the embed cards.
export type { SetRow, SetSnapshot } from '../session/view/setRows.ts';

/** The textbook set in set order. */
export const selectTextbookSet = memoOn((s: AppState) => [s.textbookSet, s.version, s.arrivals, s.textbookOrder] as const)(
  (textbook, version, arrivals, order) => snapshotOf(textbook, arrivals, order, textbookFloor, version),
);

/** The band set in set order. */
export const selectBandSet = memoOn((s: AppState) => [s.bandSet, s.version, s.arrivals, s.bandOrder] as const)(
  (band, version, arrivals, order) => snapshotOf(band, arrivals, order, bandFloor, version),
);
