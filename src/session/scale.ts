/**
 * The page's stated scale: what a scenario (the steps a link replays) and one action may hold.
 * Everything past it is refused before any work, with a message naming the limit, and the page
 * keeps the state it had. Inside it the page is built to answer every click at once; past it the
 * page would need machinery (warm-ups, growth spread over clicks) no reader of the lesson needs.
 */
import { groupDigits } from '../model/format.ts';
import { MAX_BATCH } from './input.ts';

/** The most jobs a scenario enqueues in all (every enqueue of its steps, resets included). */
export const SCALE_JOBS = 100_000;
/** The most steps a scenario holds. */
export const SCALE_STEPS = 100_000;
/** The most jobs one action enqueues (Enqueue N). */
export const SCALE_ACTION_JOBS = MAX_BATCH;

/** The scale in words, as the README states it. */
export const SCALE_TEXT = `firetime works with up to ${groupDigits(SCALE_JOBS)} jobs and ${groupDigits(SCALE_STEPS)} steps in a scenario, ${groupDigits(SCALE_ACTION_JOBS)} jobs in one action`;

/**
 * Why a scenario of `jobs` jobs in `steps` steps is past the scale, or null when it is within it.
 * `what` names the thing refused ("This link", "This enqueue").
 */
export function scaleRefusal(what: string, jobs: number, steps: number): string | null {
  if (jobs > SCALE_JOBS)
    return `${what} would make a scenario of ${groupDigits(jobs)} jobs, past the page's limit of ${groupDigits(SCALE_JOBS)} (${SCALE_TEXT}).`;
  if (steps > SCALE_STEPS)
    return `${what} would make a scenario of ${groupDigits(steps)} steps, past the page's limit of ${groupDigits(SCALE_STEPS)} (${SCALE_TEXT}).`;
  return null;
}
