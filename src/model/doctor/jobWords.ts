/**
 * A delayed job in words, for the queue detail's rows: what it is (its name, or its scheduler's),
 * which attempt comes, and when it really runs: the score's run-at, set beside timestamp + delay
 * when the two differ (a retry's backoff, changeDelay or moveToDelayed moved it after it was added).
 */
import { groupDigits } from '../format.ts';
import { printable } from '../printable.ts';
import type { FieldText, JobFacts, JobStory } from './jobFacts.ts';
import { LIST_SEARCH, attemptText } from './jobFacts.ts';
import { durationText, instantText } from './words.ts';

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

/** Why the run-at moved, by what the hash tells (MoveCause). */
function movedText(facts: JobFacts, now: number): string {
  switch (facts.movedBy) {
    case 'retry': {
      const failed = facts.attempt === null ? 'an attempt' : `attempt ${Math.max(1, facts.attempt.n - 1)}`;
      const backoff = facts.backoff === null ? 'its retry delay' : `its ${facts.backoff.type} backoff`;
      return `a retry: ${failed} failed, and ${backoff} set the run-at`;
    }
    case 'moved-to-delayed':
      return facts.processedOn === null
        ? 'a worker took it and moved it back to delayed (moveToDelayed)'
        : `a worker took it at ${instantText(facts.processedOn, now)} and moved it back to delayed (moveToDelayed)`;
    case 'change-delay':
      return 'its delay was changed after it was added, before any worker took it (changeDelay)';
    default:
      return "moved after it was added (a retry's backoff, changeDelay or moveToDelayed)";
  }
}

/**
 * When the job runs, by its score: "runs 12:00:05.000 UTC", "overdue by 1 min 9 s (due
 * 12:00:05.000 UTC)" once the server's `now` is past it, with the planned time and its cause when
 * the score says otherwise: "..., not timestamp + delay = 12:00:01.000 UTC: a retry: attempt 1
 * failed, and its exponential backoff set the run-at".
 */
export function runAtText(facts: JobFacts, now: number): string {
  const runs =
    facts.runAt <= now
      ? `overdue by ${durationText(now - facts.runAt)} (due ${instantText(facts.runAt, now)})`
      : `runs ${instantText(facts.runAt, now)}`;
  if (!facts.runAtDiffers || facts.plannedRunAt === null) return runs;
  return `${runs}, not timestamp + delay = ${instantText(facts.plannedRunAt, now)}: ${movedText(facts, now)}`;
}

/** The most characters of a failure's reason a row shows (the bridge reads at most 4 KB of it). */
export const REASON_CHARS = 300;

/** A failure's reason as shown: printable, cut to REASON_CHARS, and said to be cut. */
export function reasonText(reason: FieldText): string {
  if (reason.text === '' && reason.cut)
    return `(a reason of ${reason.bytes === undefined ? 'over 4 KB' : `${groupDigits(reason.bytes)} bytes`}, not read)`;
  const text = printable(reason.text);
  return text.length > REASON_CHARS || reason.cut ? `${text.slice(0, REASON_CHARS)}…` : text;
}

/** "last failure: connection refused", or '' when the job has not failed. */
export function failedText(facts: { readonly failedReason: FieldText | null }): string {
  return facts.failedReason === null ? '' : `last failure: ${reasonText(facts.failedReason)}`;
}

const LIST_WORDS: Record<string, string> = {
  wait: 'waiting in wait',
  paused: 'waiting in the paused list: the queue is paused',
  active: 'active: a worker is running it',
  prioritized: 'waiting among the prioritized jobs',
  'waiting-children': 'waiting for its children to finish',
};

/**
 * A job in any state in words, for Find: "failed at 12:00:05.000 UTC, attempt 3 of 3: boom (ZSCORE
 * failed)", "active: a worker is running it, since ... (LPOS active)", "gone: ...". `held` is why
 * the queue runs none of its ready jobs now (holdWords.ts: paused, rate-limited, busy, no
 * worker), said of a job in wait or prioritized; null when nothing holds them.
 */
export function storyText(story: JobStory, now: number, held: string | null = null): string {
  const { state } = story;
  const by = state.by === null ? '' : ` (${state.by})`;
  const attempt = story.attempt === null ? '' : `, attempt ${story.attempt.n} of ${story.attempt.of}`;
  const reason = story.failedReason === null ? '' : `: ${reasonText(story.failedReason)}`;
  const at = (ms: number | null, word: string) =>
    ms === null ? '' : `${word.startsWith(',') ? '' : ' '}${word} ${instantText(ms, now)}`;
  switch (state.state) {
    case 'failed':
      return `failed${at(story.finishedOn, 'at')}${attempt}${reason}${by}`;
    case 'completed':
      return `completed${at(story.finishedOn, 'at')}${attempt}${by}`;
    case 'active':
      return `${LIST_WORDS.active}${at(story.processedOn, ', taken at')}${attempt}${by}`;
    case 'wait':
    case 'prioritized': {
      const next =
        held !== null
          ? held
          : state.state === 'wait'
            ? 'the next free worker takes it'
            : 'a free worker takes it by its priority';
      return `${LIST_WORDS[state.state]}: ${next}${attempt}${story.failedReason === null ? '' : `; last failure${reason}`}${by}`;
    }
    case 'paused':
    case 'waiting-children':
      return `${LIST_WORDS[state.state]}${attempt}${story.failedReason === null ? '' : `; last failure${reason}`}${by}`;
    case 'delayed':
      return `delayed${attempt}${by}`;
    case 'unknown': {
      const unread = state.unsearched.map((l) => `${groupDigits(l.length - l.searched)} of ${l.list}'s ${groupDigits(l.length)}`);
      return unread.length > 0
        ? `not found in any set, nor in the ${groupDigits(LIST_SEARCH)} members read at each end of its lists; its hash exists, so it may sit among the ${unread.join(' and ')} not read`
        : 'its hash exists, but no list or set of its queue holds it: it is between two states, or its queue is not one BullMQ or Bull keeps';
    }
    case 'gone':
      return 'gone: no job hash, and no list or set of its queue holds it (removed, or never added)';
  }
}
