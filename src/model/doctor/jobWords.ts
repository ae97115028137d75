/**
 * A delayed job in words, for the queue detail's rows: what it is (its name, or its scheduler's),
 * which attempt comes, and when it really runs: the score's run-at, set beside timestamp + delay
 * when the two differ (a retry's backoff, changeDelay or moveToDelayed moved it after it was added).
 */
import type { JobFacts } from './jobFacts.ts';
import { attemptText } from './jobFacts.ts';
import { instantText } from './words.ts';

/** What the job is: "send", "scheduler nightly (its run of 05:00:00.000 UTC)", or why nothing is known. */
export function jobWhatText(facts: JobFacts, now: number): string {
  if (facts.scheduler !== null) {
    const run = `scheduler ${facts.scheduler.id}'s run of ${instantText(facts.scheduler.at, now)}`;
    return facts.name === null ? run : `${facts.name} (${run})`;
  }
  if (!facts.found) return 'no job hash: an orphan member (its job was removed, the set kept it)';
  return facts.name ?? 'no name';
}

/** The job's attempt and backoff ("attempt 2 of 3, exponential backoff from 1000 ms"); '' for an orphan. */
export function jobAttemptText(facts: JobFacts): string {
  return facts.found ? attemptText(facts) : '';
}

/**
 * When the job runs, by its score; with the planned time when the score says otherwise:
 * "runs 12:00:05.000 UTC, not timestamp + delay = 12:00:01.000 UTC: moved after it was added
 * (a retry's backoff, changeDelay or moveToDelayed)".
 */
export function runAtText(facts: JobFacts, now: number): string {
  const runs = `runs ${instantText(facts.runAt, now)}`;
  if (!facts.runAtDiffers || facts.plannedRunAt === null) return runs;
  return `${runs}, not timestamp + delay = ${instantText(facts.plannedRunAt, now)}: moved after it was added (a retry's backoff, changeDelay or moveToDelayed)`;
}
