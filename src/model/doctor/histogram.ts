/**
 * The windows of a fire-time histogram over a whole delayed set: from..to (ms) cut into at most
 * MAX_BUCKETS windows of whole milliseconds, each counted by one ZCOUNT over the scores that
 * mean its milliseconds. ZCOUNT is O(log n), so the set's size does not matter, only the count
 * of windows.
 */
import type { ScoreScheme } from './scheme.ts';
import { unitsPerMs } from './scheme.ts';

/** The most windows one histogram has. */
export const MAX_BUCKETS = 1000;
/** Windows when the request names no count. */
export const DEFAULT_BUCKETS = 100;
/** The widest span a histogram covers: about 285,000 years either side, Date's whole range. */
const MAX_SPAN_MS = 2 * 8.64e15;

/** One window: fire-times from `from` (inclusive) to `to` (exclusive), in ms. */
export interface Window {
  readonly from: number;
  readonly to: number;
}

/** The windows of from..to, or why they cannot be made. */
export type HistogramPlan = { ok: true; width: number; windows: Window[] } | { ok: false; message: string };

/**
 * from..to in `buckets` windows of one whole width (the last one may end past `to`, and there are
 * fewer when the span has fewer milliseconds than buckets). With `splitAt`, the window holding
 * that millisecond (not starting at it) is cut in two there, so no window holds fire-times on both
 * sides of it: the doctor splits at the server's now + 1, where overdue jobs end and jobs not yet
 * due begin. The two parts are narrower than `width`; there is then one window more.
 */
export function planHistogram(from: number, to: number, buckets: number, splitAt?: number): HistogramPlan {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to))
    return { ok: false, message: 'from and to must be whole milliseconds' };
  if (to <= from) return { ok: false, message: 'to must be later than from' };
  if (to - from > MAX_SPAN_MS) return { ok: false, message: `from..to may span at most ${MAX_SPAN_MS} ms` };
  if (!Number.isSafeInteger(buckets) || buckets < 1 || buckets > MAX_BUCKETS)
    return { ok: false, message: `buckets must be a whole number from 1 to ${MAX_BUCKETS}` };
  const width = Math.ceil((to - from) / buckets);
  const windows: Window[] = [];
  for (let start = from; start < to; start += width) windows.push({ from: start, to: start + width });
  if (splitAt !== undefined && Number.isSafeInteger(splitAt)) {
    const at = windows.findIndex((w) => w.from < splitAt && splitAt < w.to);
    if (at >= 0) {
      const cut = windows[at]!;
      windows.splice(at, 1, { from: cut.from, to: splitAt }, { from: splitAt, to: cut.to });
    }
  }
  return { ok: true, width, windows };
}

/** Where due fire-times end at `now` (ms): a fire-time before it is due, from it on not yet. */
export const firstNotDue = (now: number): number => now + 1;

/** ZCOUNT's bounds for a window: its first millisecond's lowest score to (exclusive) the next window's. */
export function windowBounds(window: Window, scheme: ScoreScheme): { min: string; max: string } {
  const units = unitsPerMs(scheme);
  return { min: String(window.from * units), max: `(${window.to * units}` };
}
