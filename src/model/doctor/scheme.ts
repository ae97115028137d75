/**
 * Which queue library wrote a delayed set, and how its scores are read. Three schemes:
 * - `band` (BullMQ from 5.8.6): score = fire-time x 0x1000 + the job's slot in its millisecond's
 *   band (arrival order, bumped; past 4,096 jobs every further one takes the ceiling);
 * - `id-counter` (Bull 3/4, BullMQ before 5.8.6): score = fire-time x 0x1000 + (job-id counter &
 *   0xfff): the low 12 bits follow the id, so there is no bump and no ceiling to speak of;
 * - `bare-ms` (bee-queue): score = the fire-time in ms.
 * Framework-free: the bridge computes a queue's row with it and the page can explain it.
 */
import { BAND_SLOTS } from '../protocol/score.ts';

export type QueueLibrary = 'bullmq' | 'bull' | 'bee-queue';
export type ScoreScheme = 'band' | 'id-counter' | 'bare-ms';

/** The first BullMQ release whose getDelayedScore bumps within a millisecond's band (2024-07-11). */
const BAND_BUMP_VERSION = '5.8.6';

/**
 * The library and version in BullMQ's `meta` hash field `version` ("bullmq:6.7.0"; a Pro build
 * writes its own name before the colon), or null when the text is not `<name>:<version>`.
 */
export function parseMetaVersion(text: string | null): { name: string; version: string } | null {
  if (text === null) return null;
  const match = /^([A-Za-z0-9@/_.-]+):(\d+\.\d+\.\d+\S*)$/.exec(text.trim());
  return match === null ? null : { name: match[1]!, version: match[2]! };
}

/** Compares dotted versions by their numeric parts ("5.10.0" > "5.8.6"); a pre-release tag is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[-+]/)[0]!
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/**
 * The scheme a queue's scores follow. BullMQ without a readable version is read as the band
 * scheme (every release since 2024-07 writes it); the caller says that it guessed.
 */
export function schemeOf(library: QueueLibrary, version: string | null): ScoreScheme {
  if (library === 'bee-queue') return 'bare-ms';
  if (library === 'bull') return 'id-counter';
  return version !== null && compareVersions(version, BAND_BUMP_VERSION) < 0 ? 'id-counter' : 'band';
}

/** Score units per millisecond: 0x1000 for the two shifted schemes, 1 for bare milliseconds. */
export function unitsPerMs(scheme: ScoreScheme): number {
  return scheme === 'bare-ms' ? 1 : BAND_SLOTS;
}

/** The whole millisecond a score means (its fire-time). */
export function fireTimeOfScore(score: number, scheme: ScoreScheme): number {
  return Math.floor(score / unitsPerMs(scheme));
}

/**
 * The highest score that is due at `now` (ms): every score of millisecond `now` or earlier, as
 * BullMQ's promoteDelayedJobs reads it, `(now + 1) * 0x1000 - 1`; `now` itself for bare ms.
 */
export function dueBound(now: number, scheme: ScoreScheme): number {
  return (now + 1) * unitsPerMs(scheme) - 1;
}

/** Every score that means `fireTime`: [fireTime x units, (fireTime + 1) x units - 1]. */
export function scoresOf(fireTime: number, scheme: ScoreScheme): { min: number; max: number } {
  const units = unitsPerMs(scheme);
  return { min: fireTime * units, max: (fireTime + 1) * units - 1 };
}

/** Whether the scheme has a band ceiling that jobs past 4,096 in one millisecond share. */
export function hasCeiling(scheme: ScoreScheme): boolean {
  return scheme === 'band';
}

/** Where a queue's scheme came from: its library alone, BullMQ's meta version, its scores, or nothing (assumed). */
export type SchemeSource = 'library' | 'meta' | 'scores' | 'assumed';

/**
 * The scheme a BullMQ set's own scores show, for a queue whose `meta` names no version (BullMQ
 * 5.8.5 writes none; later releases write it unless told not to). Under the id-counter scheme a
 * job with a numeric id N sits in slot N & 0xfff of its millisecond; under the band scheme a job
 * alone in its millisecond sits in slot 0 and the next ones in 1, 2... in arrival order. Each
 * numeric id whose N & 0xfff is not 0 votes: its slot equal to it for the counter, otherwise for
 * the band. Null when no member votes (custom ids, ids that are multiples of 4,096).
 */
export function schemeFromScores(entries: Iterable<readonly [member: string, score: number]>): 'band' | 'id-counter' | null {
  let counter = 0;
  let band = 0;
  for (const [member, score] of entries) {
    if (!/^\d{1,15}$/.test(member) || !Number.isSafeInteger(score)) continue;
    const expected = Number(member) % BAND_SLOTS;
    if (expected === 0) continue;
    const slot = score - Math.floor(score / BAND_SLOTS) * BAND_SLOTS;
    if (slot === expected) counter++;
    else band++;
  }
  if (counter === 0 && band === 0) return null;
  return counter > band ? 'id-counter' : 'band';
}
