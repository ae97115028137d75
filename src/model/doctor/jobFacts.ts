/**
 * What a delayed job is, read from its hash (HMGET of name, timestamp, delay, attemptsMade / atm,
 * opts) and its score: its name, which attempt comes next of how many, its backoff, whether it is
 * a job scheduler's (`repeat:<scheduler id>:<ms>`), and whether the score's run-at (the true one)
 * differs from timestamp + delay, as it does after a backoff retry, changeDelay or moveToDelayed.
 */
import { printable } from '../printable.ts';
import { fireTimeOf } from '../protocol/score.ts';
import type { ScoreScheme } from './scheme.ts';
import { fireTimeOfScore } from './scheme.ts';

/**
 * A field as the bridge read it: its UTF-8 text (cut to the bridge's cap), or null when the hash
 * has no such field. Whatever of it is shown (name, backoff type, scheduler id) goes through printable().
 */
export interface FieldText {
  readonly text: string;
  /**
   * The field was longer than the cap: the bridge did not read it (its size is checked first, with
   * HSTRLEN) and `text` is empty, or is only its start (JSON in it is not read).
   */
  readonly cut: boolean;
  /** The field's length in bytes, when the bridge measured it. */
  readonly bytes?: number;
}

/** The job-hash fields the doctor reads (the HMGET the allow-list lets through). */
export interface JobHashFields {
  readonly name: FieldText | null;
  readonly timestamp: FieldText | null;
  readonly delay: FieldText | null;
  /** Bull 3/4 write attemptsMade; BullMQ 5+ writes atm. */
  readonly attemptsMade: FieldText | null;
  readonly atm: FieldText | null;
  readonly opts: FieldText | null;
  /** Why the last attempt failed (BullMQ and Bull write it on a failure, a retry's included). */
  readonly failedReason?: FieldText | null;
  /** When a worker took the job (ms), and when it finished (completed or failed, ms). */
  readonly processedOn?: FieldText | null;
  readonly finishedOn?: FieldText | null;
}

/**
 * What moved a job's run-at away from timestamp + delay, told by its hash: a failed attempt
 * (failedReason, attemptsMade >= 1) is a retry with its backoff; a job a worker took (processedOn)
 * and gave back is moveToDelayed; a job never taken had its delay changed (changeDelay).
 */
export type MoveCause = 'retry' | 'moved-to-delayed' | 'change-delay';

/** The most attempts a job's count may say; more (or fewer than 0) is not a count a library wrote. */
const MAX_ATTEMPTS_MADE = 2 ** 31 - 1;

export interface Backoff {
  /** "fixed", "exponential", or the name of a custom strategy. */
  readonly type: string;
  /** The base delay in ms (null when the options give none). */
  readonly delay: number | null;
}

export interface JobFacts {
  /** The job hash exists (a member whose hash is gone is an orphan in the set). */
  readonly found: boolean;
  readonly name: string | null;
  /**
   * The attempt the coming run is (attemptsMade + 1) and how many the job may make (opts.attempts,
   * 1 by default); null when the hash's count is not one (`unreadFields` names it).
   */
  readonly attempt: { readonly n: number; readonly of: number } | null;
  readonly backoff: Backoff | null;
  /** The job scheduler that made it, for a `repeat:<id>:<ms>` member. */
  readonly scheduler: { readonly id: string; readonly at: number } | null;
  /** timestamp + delay (as getDelayedScore takes them), or null when a field is missing. */
  readonly plannedRunAt: number | null;
  /** The score's fire-time: when the job really falls due. */
  readonly runAt: number;
  /** The score's run-at differs from timestamp + delay. */
  readonly runAtDiffers: boolean;
  /** What moved it, when it differs (null: not moved, or nothing tells). */
  readonly movedBy: MoveCause | null;
  /** The last failure's reason (cut to the bridge's cap), or null. */
  readonly failedReason: FieldText | null;
  /** When a worker took it last (processedOn, ms), or null. */
  readonly processedOn: number | null;
  /** Fields present but not readable as what the library writes there (an attempt count of 2^53). */
  readonly unreadFields?: readonly string[];
  /** A field was longer than the bridge's cap (opts cut: attempts and backoff unknown). */
  readonly cutFields: readonly string[];
}

const wholeNumber = (field: FieldText | null): number | null => {
  if (field === null || field.cut || !/^-?\d{1,16}$/.test(field.text.trim())) return null;
  return Number(field.text.trim());
};

function parsedOpts(field: FieldText | null): Record<string, unknown> | null {
  if (field === null || field.cut) return null;
  try {
    const value: unknown = JSON.parse(field.text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** opts.backoff as BullMQ and Bull take it: a number (fixed, that many ms) or { type, delay }. */
function backoffOf(opts: Record<string, unknown> | null): Backoff | null {
  const backoff = opts?.['backoff'];
  if (typeof backoff === 'number' && Number.isFinite(backoff)) return { type: 'fixed', delay: backoff };
  if (typeof backoff !== 'object' || backoff === null) return null;
  const { type, delay } = backoff as Record<string, unknown>;
  return {
    type: typeof type === 'string' ? printable(type.slice(0, 100)) : 'fixed',
    delay: typeof delay === 'number' && Number.isFinite(delay) ? delay : null,
  };
}

/** The scheduler of a `repeat:<scheduler id>:<ms>` member (BullMQ's job schedulers and Bull's repeatable jobs). */
export function schedulerOf(member: string): { id: string; at: number } | null {
  const match = /^repeat:(.+):(\d{1,16})$/s.exec(member);
  return match === null ? null : { id: printable(match[1]!), at: Number(match[2]) };
}

/** The count of attempts made, or 'unread' when the field holds something no library writes. */
function attemptsMadeOf(fields: JobHashFields): number | 'unread' {
  const field = fields.atm ?? fields.attemptsMade;
  if (field === null) return 0;
  const made = wholeNumber(field);
  return made === null || made < 0 || made > MAX_ATTEMPTS_MADE ? 'unread' : made;
}

/** The facts of one delayed job: its member, its score and its hash's fields (all null when the hash is gone). */
export function jobFacts(member: string, score: number, scheme: ScoreScheme, fields: JobHashFields): JobFacts {
  const found = Object.values(fields).some((field) => field !== null && field !== undefined);
  const opts = parsedOpts(fields.opts);
  const made = attemptsMadeOf(fields);
  const attempts = opts?.['attempts'];
  const of = typeof attempts === 'number' && Number.isSafeInteger(attempts) && attempts > 0 ? attempts : 1;
  const timestamp = wholeNumber(fields.timestamp);
  const delay = wholeNumber(fields.delay) ?? 0;
  const planned = timestamp === null ? null : fireTimeOf(timestamp, delay);
  const plannedRunAt = planned !== null && Number.isSafeInteger(planned) ? planned : null;
  const runAt = fireTimeOfScore(score, scheme);
  const runAtDiffers = plannedRunAt !== null && plannedRunAt !== runAt;
  const failedReason = fields.failedReason ?? null;
  const processedOn = wholeNumber(fields.processedOn ?? null);
  const movedBy: MoveCause | null = !runAtDiffers
    ? null
    : failedReason !== null && made !== 'unread' && made >= 1
      ? 'retry'
      : processedOn !== null
        ? 'moved-to-delayed'
        : 'change-delay';
  return {
    found,
    name: fields.name === null ? null : fields.name.cut && fields.name.text === '' ? null : printable(fields.name.text),
    attempt: made === 'unread' ? null : { n: made + 1, of: Math.max(of, made + 1) },
    backoff: backoffOf(opts),
    scheduler: schedulerOf(member),
    plannedRunAt,
    runAt,
    runAtDiffers,
    movedBy,
    failedReason:
      failedReason === null ? null : { ...failedReason, text: failedReason.text === '' ? '' : printable(failedReason.text) },
    processedOn,
    cutFields: (Object.entries(fields) as Array<[string, FieldText | null | undefined]>)
      .filter(([, field]) => field?.cut === true)
      .map(([name]) => name),
    ...(made === 'unread' ? { unreadFields: [fields.atm !== null ? 'atm' : 'attemptsMade'] } : {}),
  };
}

/** "attempt 3 of 5, exponential backoff from 1 s": the job's attempt and backoff in words. */
export function attemptText(facts: JobFacts): string {
  const attempt =
    facts.attempt === null
      ? `attempt unknown (its ${facts.unreadFields?.[0] ?? 'attempt count'} is not a count)`
      : facts.attempt.of > 1
        ? `attempt ${facts.attempt.n} of ${facts.attempt.of}`
        : 'attempt 1 of 1';
  if (facts.backoff === null) return attempt;
  const from = facts.backoff.delay === null ? '' : ` from ${facts.backoff.delay} ms`;
  return `${attempt}, ${facts.backoff.type} backoff${from}`;
}

/** Where a job is, by the structure that holds it (BullMQ 5+ and Bull keys of a queue). */
export type JobState =
  | 'delayed'
  | 'prioritized'
  | 'waiting-children'
  | 'wait'
  | 'paused'
  | 'active'
  | 'failed'
  | 'completed'
  /** It has a hash, but no list or set read holds it (between two states, or past a bounded list search). */
  | 'unknown'
  /** No hash, and no list or set read holds it. */
  | 'gone';

/**
 * Members LPOS compares at each end of a list when Find looks for a job in wait, active or paused
 * (MAXLEN): a list is searched whole up to twice this, else at its head (the newest jobs) and its
 * tail (the next to run), and the middle is said to be unread.
 */
export const LIST_SEARCH = 1000;

/** A list searched for a job, and how much of it: LPOS compares at most `searched` of its `length` members. */
export interface ListSearch {
  readonly list: string;
  readonly length: number;
  readonly searched: number;
}

/** Where the bridge found a job (bridge/jobState.ts) and what told it. */
export interface JobStateReading {
  readonly state: JobState;
  /** The read that told it: "ZSCORE failed", "LPOS wait", or null (found nowhere). */
  readonly by: string | null;
  /** Lists longer than the bounded search: the job may sit in their middle, unread. */
  readonly unsearched: readonly ListSearch[];
}

/** A job in any state, as Find shows it: its state beside what its hash says. */
export interface JobStory {
  readonly state: JobStateReading;
  /** The job hash exists. */
  readonly found: boolean;
  readonly name: string | null;
  readonly attempt: { readonly n: number; readonly of: number } | null;
  readonly failedReason: FieldText | null;
  readonly processedOn: number | null;
  readonly finishedOn: number | null;
}

/** A job's story from where it is and its hash's fields. */
export function jobStory(state: JobStateReading, fields: JobHashFields): JobStory {
  const found = Object.values(fields).some((field) => field !== null && field !== undefined);
  const made = attemptsMadeOf(fields);
  const opts = parsedOpts(fields.opts);
  const attempts = opts?.['attempts'];
  const of = typeof attempts === 'number' && Number.isSafeInteger(attempts) && attempts > 0 ? attempts : 1;
  const failedReason = fields.failedReason ?? null;
  return {
    state,
    found,
    name: fields.name === null || (fields.name.cut && fields.name.text === '') ? null : printable(fields.name.text),
    // a finished job's count is of the attempts it made; any other's of the one it runs or waits to run
    attempt:
      made === 'unread'
        ? null
        : state.state === 'failed' || state.state === 'completed'
          ? { n: Math.max(made, 1), of: Math.max(of, made) }
          : { n: made + 1, of: Math.max(of, made + 1) },
    failedReason:
      failedReason === null ? null : { ...failedReason, text: failedReason.text === '' ? '' : printable(failedReason.text) },
    processedOn: wholeNumber(fields.processedOn ?? null),
    finishedOn: wholeNumber(fields.finishedOn ?? null),
  };
}
