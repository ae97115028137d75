/**
 * Generated arrival streams: who enqueues a delayed job, when, and with which id.
 *
 * Every stream is seeded, so a pattern, a size and a seed always give the same arrivals. All jobs
 * of a stream share one delay, so their fire-times never go down: arrival order is also the order
 * a perfect FIFO scheduler would promote them in.
 */
import { seededRandom } from '../seededRandom.ts';

/** One enqueue of a delayed job. */
export interface Arrival {
  /** The client's clock when it enqueued (Unix ms). */
  readonly timestamp: number;
  /** The delay it asked for (ms). */
  readonly delay: number;
  /** The job id, as the queue's INCR id counter gives it: the counter as decimal text. */
  readonly jobId: string;
  /** The queue's id counter (INCR) for this job: 1 for the first arrival, and so on. */
  readonly counter: number;
}

/** The burst shapes a stream can take. */
export type ArrivalPattern = 'uniform' | 'bursty' | 'one-ms' | 'seconds';

/** The patterns in display order, with a label and what each does to the clock. */
export const ARRIVAL_PATTERNS: ReadonlyArray<{
  readonly id: ArrivalPattern;
  readonly label: string;
  readonly description: string;
}> = [
  {
    id: 'uniform',
    label: 'Uniform',
    description: 'Random instants over n ms: about one job per ms, so some milliseconds get two or more.',
  },
  { id: 'bursty', label: 'Bursty', description: 'Bursts of about 200 jobs in one ms, with up to 2 s of quiet between them.' },
  { id: 'one-ms', label: 'All in one ms', description: 'Every job enqueued in the same millisecond.' },
  {
    id: 'seconds',
    label: 'Spread over seconds',
    description: 'One job every 1 to 20 ms: never two in one ms, about 95 in each second.',
  },
];

/** The largest stream the page generates. */
export const MAX_STREAM_SIZE = 100_000;
/** The delay every generated job asks for (ms). */
export const STREAM_DELAY_MS = 5000;
/** Where generated streams start: 2026-11-30T12:00:00.000Z. */
export const STREAM_START_MS = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

/** The enqueue instants (ms, non-decreasing) of a pattern. */
function timestampsOf(pattern: ArrivalPattern, n: number, start: number, random: () => number): Float64Array {
  const timestamps = new Float64Array(n);
  switch (pattern) {
    case 'one-ms':
      timestamps.fill(start);
      break;
    case 'uniform':
      for (let i = 0; i < n; i++) timestamps[i] = start + Math.floor(random() * n);
      timestamps.sort();
      break;
    case 'seconds': {
      let at = start;
      for (let i = 0; i < n; i++) {
        timestamps[i] = at;
        at += 1 + Math.floor(random() * 20);
      }
      break;
    }
    case 'bursty': {
      let at = start;
      let i = 0;
      while (i < n) {
        // Burst sizes follow an exponential law with a mean of about 200 jobs.
        const size = 1 + Math.floor(-Math.log(1 - random()) * 200);
        const end = Math.min(n, i + size);
        timestamps.fill(at, i, end);
        i = end;
        at += 1 + Math.floor(random() * 2000);
      }
      break;
    }
  }
  return timestamps;
}

/**
 * A stream of `n` arrivals (0 to MAX_STREAM_SIZE) in the given pattern, counters 1..n, each job
 * delayed by `delay` ms. Same pattern, n and seed: same stream.
 */
export function generateStream(
  pattern: ArrivalPattern,
  n: number,
  seed = 1,
  delay = STREAM_DELAY_MS,
  start = STREAM_START_MS,
): Arrival[] {
  if (!Number.isInteger(n) || n < 0 || n > MAX_STREAM_SIZE)
    throw new RangeError(`stream size must be a whole number from 0 to ${MAX_STREAM_SIZE}`);
  const timestamps = timestampsOf(pattern, n, start, seededRandom(seed));
  const arrivals: Arrival[] = new Array<Arrival>(n);
  for (let i = 0; i < n; i++) {
    arrivals[i] = { timestamp: timestamps[i]!, delay, jobId: String(i + 1), counter: i + 1 };
  }
  return arrivals;
}
