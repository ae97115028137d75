/**
 * The benchmark's arrival stream: job ids job:1.., the clock advancing 1 ms every 100 jobs, delays
 * 0..60,000 ms from a seeded generator, 20% of jobs reusing the previous delay so that several
 * jobs land in the same fire-time millisecond and the band bump is exercised.
 */
import { seededRandom } from '../src/model/seededRandom.ts';

export interface Arrival {
  readonly jobId: string;
  readonly timestamp: number;
  readonly delay: number;
}

export const START_TIMESTAMP = Date.UTC(2026, 10, 30, 12, 0, 0);

export function makeArrivals(count: number, seed = 20261130): Arrival[] {
  const random = seededRandom(seed);
  const arrivals: Arrival[] = new Array(count);
  let delay = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0 || random() >= 0.2) delay = Math.floor(random() * 60_001);
    arrivals[i] = { jobId: `job:${i + 1}`, timestamp: START_TIMESTAMP + Math.floor(i / 100), delay };
  }
  return arrivals;
}
