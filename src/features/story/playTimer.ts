/**
 * The timing of "Play": jobs are owed at `rate` per second of elapsed time, and each animation
 * frame enqueues the whole jobs owed so far, carrying the fraction over. At 4 jobs/s most frames
 * enqueue none; at 1,000 jobs/s a 60 Hz frame enqueues 16 or 17. A long gap (a hidden tab, a
 * stalled frame) counts as at most MAX_FRAME_MS, so playing never catches up in one burst.
 */

/** The longest a single frame counts for (ms). */
export const MAX_FRAME_MS = 250;

/** Default rate: slow enough to follow each job with the eye. */
export const DEFAULT_RATE = 4;

export interface PlayTick {
  /** Whole jobs to enqueue in this frame. */
  readonly jobs: number;
  /** Time owed towards the next job, carried to the next frame (ms). */
  readonly carryMs: number;
}

/**
 * One frame of playing: `carriedMs` from the last frame plus `elapsedMs` since it (capped) buys
 * `rate` jobs per second; at most `remaining` are taken.
 */
export function playTick(carriedMs: number, elapsedMs: number, rate: number, remaining: number): PlayTick {
  const interval = 1000 / rate;
  const owed = carriedMs + Math.min(Math.max(elapsedMs, 0), MAX_FRAME_MS);
  const jobs = Math.min(Math.floor(owed / interval), remaining);
  // when the burst ends early the carry is dropped; otherwise keep the fraction of a job owed
  const carryMs = jobs === remaining ? 0 : owed - jobs * interval;
  return { jobs, carryMs };
}

/** What the first frame of a play starts with: one job owed, so the first job lands at once. */
export function firstCarry(rate: number): number {
  return 1000 / rate;
}

/**
 * Above this rate (jobs/s) every 60 Hz frame owes two jobs or more, and on a frozen clock the
 * player lands a frame's jobs every other frame (twice as many each time): the page then draws at
 * most 30 new states a second, so the frames between stay free and a drag or an animation keeps its
 * 60 per second. Each job is still its own enqueue, at the same rate, into the same millisecond;
 * only when the views hear of them changes. On a live clock each job's reading of the time is what
 * it shows, so the jobs land in the frame that owes them (batching two frames would pile twice as
 * many into one millisecond).
 */
export const EVERY_OTHER_FRAME_ABOVE = 120;
