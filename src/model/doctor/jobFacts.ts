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
  /** The field was longer than the cap and `text` is only its start (JSON in it is not read). */
  readonly cut: boolean;
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
}

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
  /** The attempt the coming run is (attemptsMade + 1) and how many the job may make (opts.attempts, 1 by default). */
  readonly attempt: { readonly n: number; readonly of: number };
  readonly backoff: Backoff | null;
  /** The job scheduler that made it, for a `repeat:<id>:<ms>` member. */
  readonly scheduler: { readonly id: string; readonly at: number } | null;
  /** timestamp + delay (as getDelayedScore takes them), or null when a field is missing. */
  readonly plannedRunAt: number | null;
  /** The score's fire-time: when the job really falls due. */
  readonly runAt: number;
  /** The score's run-at differs from timestamp + delay. */
  readonly runAtDiffers: boolean;
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

/** The facts of one delayed job: its member, its score and its hash's fields (all null when the hash is gone). */
export function jobFacts(member: string, score: number, scheme: ScoreScheme, fields: JobHashFields): JobFacts {
  const found = Object.values(fields).some((field) => field !== null);
  const opts = parsedOpts(fields.opts);
  const made = wholeNumber(fields.atm) ?? wholeNumber(fields.attemptsMade) ?? 0;
  const attempts = opts?.['attempts'];
  const of = typeof attempts === 'number' && Number.isSafeInteger(attempts) && attempts > 0 ? attempts : 1;
  const timestamp = wholeNumber(fields.timestamp);
  const delay = wholeNumber(fields.delay) ?? 0;
  const plannedRunAt = timestamp === null ? null : fireTimeOf(timestamp, delay);
  const runAt = fireTimeOfScore(score, scheme);
  return {
    found,
    name: fields.name === null ? null : printable(fields.name.text),
    attempt: { n: made + 1, of: Math.max(of, made + 1) },
    backoff: backoffOf(opts),
    scheduler: schedulerOf(member),
    plannedRunAt,
    runAt,
    runAtDiffers: plannedRunAt !== null && plannedRunAt !== runAt,
    cutFields: (Object.entries(fields) as Array<[string, FieldText | null]>)
      .filter(([, field]) => field?.cut === true)
      .map(([name]) => name),
  };
}

/** "attempt 3 of 5, exponential backoff from 1 s": the job's attempt and backoff in words. */
export function attemptText(facts: JobFacts): string {
  const attempt = facts.attempt.of > 1 ? `attempt ${facts.attempt.n} of ${facts.attempt.of}` : 'attempt 1 of 1';
  if (facts.backoff === null) return attempt;
  const from = facts.backoff.delay === null ? '' : ` from ${facts.backoff.delay} ms`;
  return `${attempt}, ${facts.backoff.type} backoff${from}`;
}
