/**
 * Parsing of what the user types into the page's fields. Each parser returns the value or a
 * message to show beside the field; the caller keeps the last valid value when it gets a message.
 */

import { groupDigits } from '../model/format.ts';

/** A parsed field: the value, or the reason it was refused. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** The longest delay the page accepts: 100 years of 365.25 days, in ms. */
export const MAX_DELAY_MS = 3_155_760_000_000;
/** The slider's range; longer delays go through the number field. */
export const SLIDER_MAX_MS = 60_000;
/** Bounds of "Enqueue N at the same millisecond". */
export const MIN_BATCH = 2;
export const MAX_BATCH = 10_000;
/** The last instant the clock accepts: 9999-12-31T23:59:59.999Z (four-digit ISO years). */
export const MAX_CLOCK_MS = 253_402_300_799_999;
/** Why an instant field (the clock, the cliff's fire-time) refuses one before 1970 or after year 9999, however written. */
export const CLOCK_RANGE_MESSAGE = `Use an instant from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z (0 to ${groupDigits(MAX_CLOCK_MS)} ms).`;
/** The longest custom id prefix. */
export const MAX_PREFIX_LENGTH = 40;

const WHOLE_NUMBER = /^\d+$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

function refuse<T>(message: string): Parsed<T> {
  return { ok: false, message };
}

/** Reads a whole number of ms, with digit-group separators (`5,000`, `5_000`, `5 000`) allowed. */
function wholeNumber(text: string): number | null | 'negative' {
  const compact = text.trim().replace(/[,_\s]/g, '');
  if (compact.startsWith('-') && WHOLE_NUMBER.test(compact.slice(1))) return 'negative';
  if (!WHOLE_NUMBER.test(compact)) return null;
  return Number(compact);
}

/** The delay field: a whole number of ms from 0 to 100 years. */
export function parseDelay(text: string): Parsed<number> {
  if (text.trim() === '') return refuse('Enter a delay in milliseconds.');
  const value = wholeNumber(text);
  if (value === 'negative') return refuse('A delay cannot be negative.');
  if (value === null) return refuse('Use whole milliseconds, digits only (e.g. 5000).');
  if (value > MAX_DELAY_MS) return refuse(`At most ${groupDigits(MAX_DELAY_MS)} ms (100 years).`);
  return ok(value);
}

/** The N field: how many jobs share one timestamp, 2 to 10,000. */
export function parseBatchSize(text: string): Parsed<number> {
  if (text.trim() === '') return refuse('Enter how many jobs (2 to 10,000).');
  const value = wholeNumber(text);
  if (value === 'negative' || value === null) return refuse('Use a whole number from 2 to 10,000.');
  if (value < MIN_BATCH) return refuse('N starts at 2 (one job is the other button).');
  if (value > MAX_BATCH) return refuse('At most 10,000 jobs at once.');
  return ok(value);
}

/** True when the text's YYYY-MM-DD names a real day (Date.parse rolls 2039-02-30 over to March 2). */
function isCalendarDay(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const day = Number(iso.slice(8, 10));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

function inClockRange(ms: number): Parsed<number> {
  return ms >= 0 && ms <= MAX_CLOCK_MS ? ok(ms) : refuse(CLOCK_RANGE_MESSAGE);
}

/** The clock field: Unix ms, or an ISO 8601 instant with a zone (`2026-11-30T12:00:00.000Z`). */
export function parseClock(text: string): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === '') return refuse('Enter Unix milliseconds or an ISO instant.');
  const value = wholeNumber(trimmed);
  if (value === 'negative') return refuse(CLOCK_RANGE_MESSAGE);
  if (value !== null) return inClockRange(value);
  if (!ISO_INSTANT.test(trimmed)) return refuse('Not ms or an ISO instant such as 2026-11-30T12:00:00.000Z.');
  const ms = Date.parse(trimmed);
  if (Number.isNaN(ms) || !isCalendarDay(trimmed)) return refuse('That date does not exist.');
  // A four-digit year is not enough: its zone offset can carry it past either end
  // (9999-12-31T23:59:59.999-12:00 is in year 10000 UTC), and the session drops such an instant.
  return inClockRange(ms);
}

/** The custom id prefix: 1 to 40 printable characters, well-formed UTF-16 (the job number is appended). */
export function parseIdPrefix(text: string): Parsed<string> {
  if (text === '') return refuse('Enter a prefix, e.g. order-.');
  if ([...text].length > MAX_PREFIX_LENGTH) return refuse(`At most ${MAX_PREFIX_LENGTH} characters.`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) return refuse('No control characters.');
  // Redis would receive U+FFFD in its place (see MemoryRedis.call): the ids would not be the ones typed.
  if (!text.isWellFormed()) return refuse('Contains a broken character (half of a UTF-16 surrogate pair).');
  return ok(text);
}

/** Bounds of the play rate (jobs per second). */
export const MIN_RATE = 1;
export const MAX_RATE = 1000;
/** Bounds of a played burst. */
export const MIN_BURST = 1;

/** The play rate: 1 to 1,000 jobs per second, decimals allowed (2.5), group separators too. */
export function parseRate(text: string): Parsed<number> {
  const compact = text.trim().replace(/[,_\s]/g, '');
  if (compact === '') return refuse('Enter a rate, 1 to 1,000 jobs/s.');
  if (!/^\d+(?:\.\d+)?$/.test(compact)) return refuse('Use a number of jobs per second, e.g. 4.');
  const value = Number(compact);
  if (value < MIN_RATE) return refuse('At least 1 job/s.');
  if (value > MAX_RATE) return refuse('At most 1,000 jobs/s.');
  return ok(value);
}

/** The burst field: how many jobs Play N enqueues one at a time, 1 to 10,000. */
export function parseBurst(text: string): Parsed<number> {
  if (text.trim() === '') return refuse('Enter how many jobs (1 to 10,000).');
  const value = wholeNumber(text);
  if (value === 'negative' || value === null) return refuse('Use a whole number from 1 to 10,000.');
  if (value < MIN_BURST) return refuse('At least 1 job.');
  if (value > MAX_BATCH) return refuse('At most 10,000 jobs at once.');
  return ok(value);
}

/** A position in a set of `size` members (0-based, as ZRANGE counts). */
export function parsePosition(text: string, size: number): Parsed<number> {
  if (text.trim() === '') return refuse('Enter a position.');
  const value = wholeNumber(text);
  if (value === 'negative' || value === null) return refuse('Use a whole number, e.g. 4095.');
  if (size === 0) return refuse('The set is empty.');
  if (value >= size) return refuse(`The last position is ${groupDigits(size - 1)}.`);
  return ok(value);
}
