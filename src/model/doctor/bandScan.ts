/**
 * Finding the fullest band (the millisecond holding the most jobs) of a set of any size without
 * reading it: ZCOUNT tells how many jobs fall in any window of milliseconds in O(log n), and a
 * window holding c jobs holds no band of more than c. So the search keeps windows in a max-heap
 * by count, splits the fullest into SPLIT parts (one ZCOUNT each), and stops when the fullest
 * window left is a single millisecond (no other window can hold a fuller band: that is the
 * answer) or holds no more jobs than the best band already known (pruned). A saturated band of
 * 4,200 jobs in a million spread over 3 hours is found in a few hundred ZCOUNTs. A set with no
 * band standing out (a million jobs, one or two a millisecond) gives the search no window to
 * prune, so it stops at its budget of counts and says so, with the most the fullest band can hold.
 *
 * The head of the set, read as one page, seeds the best band (bandRuns): a small set is answered
 * by that page alone.
 */
import type { ScoreScheme } from './scheme.ts';
import { fireTimeOfScore } from './scheme.ts';

/** A millisecond and how many jobs fall due in it. */
export interface BandCount {
  readonly fireTime: number;
  readonly jobs: number;
}

/** The runs of one page's scores (in set order) by fire-time. */
export function bandRuns(scores: readonly number[], scheme: ScoreScheme): BandCount[] {
  const runs: BandCount[] = [];
  let fireTime = Number.NaN;
  let jobs = 0;
  for (const score of scores) {
    const ms = fireTimeOfScore(score, scheme);
    if (ms === fireTime) {
      jobs++;
      continue;
    }
    if (jobs > 0) runs.push({ fireTime, jobs });
    fireTime = ms;
    jobs = 1;
  }
  if (jobs > 0) runs.push({ fireTime, jobs });
  return runs;
}

/** Keeps the fullest band seen so far; the earliest wins a tie. */
export class FullestBand {
  private best: BandCount | null = null;

  offer(band: BandCount): void {
    if (this.best === null || band.jobs > this.best.jobs || (band.jobs === this.best.jobs && band.fireTime < this.best.fireTime))
      this.best = band;
  }

  get value(): BandCount | null {
    return this.best;
  }
}

/** Jobs whose fire-time is in [from, to) (ms): one ZCOUNT. */
export type CountWindow = (from: number, to: number) => Promise<number>;

export interface BandSearchLimits {
  /** Parts a window is split into (ZCOUNTs sent together). */
  readonly split: number;
  /** ZCOUNTs the search may send. */
  readonly maxCounts: number;
}

export const BAND_SEARCH_LIMITS: BandSearchLimits = { split: 16, maxCounts: 3000 };

export interface BandSearch {
  /** The fullest band found (the seed when the search found none fuller); null when the span is empty. */
  readonly best: BandCount | null;
  /** True when no band can hold more than `best`. */
  readonly complete: boolean;
  /** The most jobs the fullest band can hold: best.jobs when complete, else the fullest window left. */
  readonly atMost: number;
  /** ZCOUNTs sent. */
  readonly counts: number;
}

interface Window {
  readonly from: number;
  readonly to: number;
  readonly jobs: number;
}

/** A binary max-heap of windows by jobs (the earlier window first among equals). */
class WindowHeap {
  private readonly items: Window[] = [];
  private above = (a: Window, b: Window) => a.jobs > b.jobs || (a.jobs === b.jobs && a.from < b.from);

  get size(): number {
    return this.items.length;
  }

  peek(): Window | undefined {
    return this.items[0];
  }

  push(item: Window): void {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!this.above(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): Window | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      for (let i = 0; ;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let next = i;
        if (l < items.length && this.above(items[l]!, items[next]!)) next = l;
        if (r < items.length && this.above(items[r]!, items[next]!)) next = r;
        if (next === i) break;
        [items[i], items[next]] = [items[next]!, items[i]!];
        i = next;
      }
    }
    return top;
  }
}

/**
 * The fullest band among fire-times [from, to) holding `jobs` jobs, by ZCOUNTs of windows
 * (`count`), starting from `seed` (a band already known, or null).
 */
export async function searchFullestBand(
  count: CountWindow,
  span: { from: number; to: number; jobs: number },
  seed: BandCount | null,
  limits: BandSearchLimits = BAND_SEARCH_LIMITS,
): Promise<BandSearch> {
  const fullest = new FullestBand();
  if (seed !== null) fullest.offer(seed);
  const heap = new WindowHeap();
  if (span.to > span.from && span.jobs > 0) heap.push({ from: span.from, to: span.to, jobs: span.jobs });
  let counts = 0;
  for (;;) {
    const top = heap.peek();
    const bestJobs = fullest.value?.jobs ?? 0;
    // no window left can hold a fuller band (of equals, the one found first is kept)
    if (top === undefined || top.jobs <= bestJobs) return { best: fullest.value, complete: true, atMost: bestJobs, counts };
    if (top.to - top.from === 1) {
      fullest.offer({ fireTime: top.from, jobs: top.jobs });
      return { best: fullest.value, complete: true, atMost: fullest.value!.jobs, counts };
    }
    const width = Math.ceil((top.to - top.from) / limits.split);
    const parts: Array<{ from: number; to: number }> = [];
    for (let from = top.from; from < top.to; from += width) parts.push({ from, to: Math.min(top.to, from + width) });
    if (counts + parts.length > limits.maxCounts) return { best: fullest.value, complete: false, atMost: top.jobs, counts };
    heap.pop();
    const jobs = await Promise.all(parts.map((part) => count(part.from, part.to)));
    counts += parts.length;
    parts.forEach((part, i) => {
      if (jobs[i]! > bestJobs) heap.push({ ...part, jobs: jobs[i]! });
    });
  }
}
