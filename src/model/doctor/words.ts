/** Durations and instants as the doctor writes them: "4 min 12 s", "13 min", "05:55:50.444 UTC". */
import { groupDigits } from '../format.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The units a span is said in, largest first. */
const UNITS: ReadonlyArray<readonly [size: number, name: string]> = [
  [DAY, 'd'],
  [HOUR, 'h'],
  [MINUTE, 'min'],
  [SECOND, 's'],
];

/**
 * A span of time in at most two units, the smaller dropped when it is zero: "850 ms", "42 s",
 * "4 min 12 s", "13 min", "2 h 5 min", "3 d 4 h". Rounded down (a job 59.9 s late is "59 s" late).
 */
export function durationText(ms: number): string {
  const span = Math.max(0, Math.floor(Math.abs(ms)));
  if (span < SECOND) return `${span} ms`;
  const first = UNITS.findIndex(([size]) => span >= size);
  const [size, name] = UNITS[first]!;
  const whole = Math.floor(span / size);
  const next = UNITS[first + 1];
  if (next === undefined) return `${whole} ${name}`;
  const rest = Math.floor((span - whole * size) / next[0]);
  return rest === 0 ? `${whole} ${name}` : `${whole} ${name} ${rest} ${next[1]}`;
}

/**
 * A width of time said exactly, for counts per window where a rounded width would misplace the
 * windows: every nonzero unit ("1 d 1 h 1 min 1 s", "2 min"), or the milliseconds grouped
 * ("1,351 ms") when the width is not whole seconds.
 */
export function exactDurationText(ms: number): string {
  const span = Math.max(0, Math.floor(Math.abs(ms)));
  if (span % SECOND !== 0 || span === 0) return `${groupDigits(span)} ms`;
  const parts: string[] = [];
  let rest = span;
  for (const [size, name] of UNITS) {
    const whole = Math.floor(rest / size);
    rest -= whole * size;
    if (whole > 0) parts.push(`${groupDigits(whole)} ${name}`);
  }
  return parts.join(' ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An instant (ms since the epoch) in UTC: the time of day ("05:55:50.444 UTC") when it falls on the
 * same UTC day as `now`, the date before it otherwise ("2026-12-02 05:55:50.444 UTC").
 */
export function instantText(ms: number, now: number): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return `${ms} ms`;
  const at = new Date(ms);
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}.${pad(at.getUTCMilliseconds(), 3)}`;
  const day = at.toISOString().split('T')[0]!;
  const sameDay = Number.isFinite(now) && Math.abs(now) <= 8.64e15 && new Date(now).toISOString().split('T')[0] === day;
  return sameDay ? `${time} UTC` : `${day} ${time} UTC`;
}
