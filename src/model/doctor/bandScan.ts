/**
 * Finding the fullest band (the millisecond holding the most jobs) without reading a whole set:
 * the bridge reads the set in pages by score (ZRANGEBYSCORE min +inf WITHSCORES LIMIT 0 P), each
 * page starting at the floor of a band, so every band inside a page is counted whole, except the
 * page's last, which may go on past it: that one is counted by ZCOUNT over its band, and the
 * next page starts at the next band's floor. A saturated band of 100,000 jobs costs one page and
 * one ZCOUNT, not a hundred pages. The walk stops at a budget of members read and says so.
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
    if (this.best === null || band.jobs > this.best.jobs) this.best = band;
  }

  get value(): BandCount | null {
    return this.best;
  }
}
