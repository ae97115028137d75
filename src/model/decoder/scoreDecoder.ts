/**
 * The score decoder: every score of a paste (see redisCliOutput.ts) split into its fire-time and its
 * slot by score.ts, with flags saying what getDelayedScore.lua must have done to give it, and what
 * the list as a whole shows (members sharing a score, bands holding several jobs).
 */
import { BAND_SLOTS, bandOf, decodeScore, isPastCliff } from '../protocol/score.ts';
import { readPaste } from './redisCliOutput.ts';
import type { PasteLayout, PastedScore, UnreadableLine } from './redisCliOutput.ts';

/** Earliest fire-time a band score may decode to: 2000-01-01T00:00:00.000Z (see bandScoreProblem). */
export const EARLIEST_BAND_FIRE_TIME = Date.UTC(2000, 0, 1);
/** Latest fire-time a band score may decode to: the last instant a JavaScript Date can show (year 275760). */
export const LATEST_BAND_FIRE_TIME = 8.64e15;

/**
 * What a score says about the job that holds it:
 * - first: slot 0, the band's minScore: first job in its millisecond (`return minScore`);
 * - bumped: slot 1..4094: an earlier job of the same millisecond was there (`return s + 1`);
 * - ceiling: slot 4095 (the band's maxScore): the band was full, the job got the ceiling (`return maxScore`);
 * - previousCeiling: past the cliff, a slot-0 score that is also the previous millisecond's maxScore,
 *   rounded up into this band: the job may belong to either millisecond;
 * - pastCliff: the fire-time is at or past 2^41 ms, where the `+ 1` bump rounds away;
 * - notBand: not a score getDelayedScore.lua can give (see bandScoreProblem); no slot flag then;
 * - shared: another row of the paste holds the very same score (Redis orders them by member bytes).
 */
export type ScoreFlag = 'first' | 'bumped' | 'ceiling' | 'previousCeiling' | 'pastCliff' | 'notBand' | 'shared';

/** Every flag, in the order the view lists them. */
export const SCORE_FLAGS: readonly ScoreFlag[] = [
  'first',
  'bumped',
  'ceiling',
  'previousCeiling',
  'pastCliff',
  'shared',
  'notBand',
];

/** One decoded row of the paste. */
export interface DecodedScore extends PastedScore {
  /** decodeScore's millisecond; null for an infinite score. */
  readonly fireTime: number | null;
  /** decodeScore's slot within the band (0..4095 for a band score); null for an infinite score. */
  readonly slot: number | null;
  readonly flags: readonly ScoreFlag[];
  /** Why the score is not a band score, or null when it is one. */
  readonly notBandReason: string | null;
  /** How many rows of the paste hold this very score (1: only this one). */
  readonly sharedBy: number;
}

export interface DecodedPaste {
  readonly layout: PasteLayout;
  readonly rows: DecodedScore[];
  readonly unreadable: UnreadableLine[];
  /** redis-cli prompts and empty replies: lines not meant to hold scores. */
  readonly skipped: UnreadableLine[];
  /** Rows carrying each flag. */
  readonly flagCounts: Readonly<Record<ScoreFlag, number>>;
  /** Distinct milliseconds among the band scores. */
  readonly bands: number;
  /** Milliseconds holding more than one row of the paste (same-ms collisions). */
  readonly crowdedBands: number;
  /** Milliseconds with a row at the ceiling: bands that filled up. */
  readonly saturatedBands: number;
  /** Raw layout: members read across several lines. */
  readonly multiLineMembers: number;
}

const SECONDS_TIMESTAMPS = { from: Date.UTC(2000, 0, 1) / 1000, to: Date.UTC(2200, 0, 1) / 1000 };
const MS_TIMESTAMPS = { from: Date.UTC(2000, 0, 1), to: Date.UTC(2200, 0, 1) };

/**
 * Why a score cannot come from getDelayedScore.lua (`fireTime * 0x1000`, plus the bump), or null when
 * it can. The rule: a band score is finite, a whole number, and decodes to a fire-time from
 * 2000-01-01 (EARLIEST_BAND_FIRE_TIME) to the last date JavaScript shows (LATEST_BAND_FIRE_TIME).
 * So a negative, fractional (Sidekiq's float seconds) or infinite score is not one, nor a bare
 * timestamp (the textbook `ZADD key <fire-time>`), which decodes to a day in January 1970.
 */
export function bandScoreProblem(score: number): string | null {
  return problemOf(score, decodeScore(score).fireTime);
}

/** bandScoreProblem, given decodeScore's fire-time of the score. */
function problemOf(score: number, fireTime: number): string | null {
  if (score === Infinity || score === -Infinity) return 'infinite: no fire-time';
  if (score < 0) return 'negative: a fire-time before 1970 (a delay below -now?)';
  if (!Number.isInteger(score)) return 'fractional: a band score is a whole number (float seconds, as Sidekiq writes?)';
  if (fireTime < EARLIEST_BAND_FIRE_TIME) {
    if (score >= MS_TIMESTAMPS.from && score < MS_TIMESTAMPS.to)
      return 'decodes to 1970: a bare fire-time in ms (score = fire-time)?';
    if (score >= SECONDS_TIMESTAMPS.from && score < SECONDS_TIMESTAMPS.to)
      return 'decodes to 1970: a bare fire-time in seconds (score = fire-time)?';
    return 'decodes to a fire-time before 2000';
  }
  if (fireTime > LATEST_BAND_FIRE_TIME) return 'decodes past the last date JavaScript can show';
  return null;
}

/** True when the score can come from getDelayedScore.lua (bandScoreProblem gives no reason). */
export function isBandScore(score: number): boolean {
  return bandScoreProblem(score) === null;
}

/** Flags in the order a row lists them; a set of flags is a bit mask over this order. */
const FLAG_ORDER: readonly ScoreFlag[] = ['first', 'bumped', 'ceiling', 'pastCliff', 'previousCeiling', 'notBand', 'shared'];
const bit = (flag: ScoreFlag): number => 1 << FLAG_ORDER.indexOf(flag);
const FIRST = bit('first');
const BUMPED = bit('bumped');
const CEILING = bit('ceiling');
const PAST_CLIFF = bit('pastCliff');
const PREVIOUS_CEILING = bit('previousCeiling');
const NOT_BAND = bit('notBand');
const SHARED = bit('shared');
/** One frozen array per set of flags, shared by every row with that set (no array per row). */
const flagSets: Array<readonly ScoreFlag[] | undefined> = [];

function flagSet(mask: number): readonly ScoreFlag[] {
  return (flagSets[mask] ??= Object.freeze(FLAG_ORDER.filter((flag) => (mask & bit(flag)) !== 0)));
}

/**
 * The flags of one score on its own (all but 'shared'), from decodeScore, bandOf and isPastCliff:
 * which branch of getDelayedScore.lua gave it (first / bumped / ceiling) and whether it lies past the cliff.
 */
export function scoreFlags(score: number): ScoreFlag[] {
  const { fireTime, slot } = decodeScore(score);
  return [...flagSet(problemOf(score, fireTime) === null ? bandMask(score, fireTime, slot) : NOT_BAND)]; // a new array: callers may add 'shared'
}

/** The flags of a band score as a mask, given decodeScore's fire-time and slot. */
function bandMask(score: number, fireTime: number, slot: number): number {
  let mask = slot === BAND_SLOTS - 1 || score === bandOf(fireTime).maxScore ? CEILING : slot === 0 ? FIRST : BUMPED;
  if (isPastCliff(fireTime)) {
    mask |= PAST_CLIFF;
    if (slot === 0 && bandOf(fireTime - 1).maxScore === score) mask |= PREVIOUS_CEILING;
  }
  return mask;
}

/**
 * Reads a paste (redisCliOutput.readPaste) and decodes every score: fire-time and slot
 * (score.ts decodeScore), flags (scoreFlags, plus 'shared' for scores held by more than one row), and
 * counts for a summary. Linear in the text plus a sort of the scores; never throws.
 */
export function decodePaste(text: string): DecodedPaste {
  const reading = readPaste(text, isBandScore);
  const count = reading.scores.length;
  // Sorted typed arrays instead of Maps: a Map keyed by 100,000 distinct large doubles is ~10x slower.
  const sortedScores = new Float64Array(count);
  for (let i = 0; i < count; i++) sortedScores[i] = reading.scores[i]!.score;
  sortedScores.sort();
  const bandTimes = new Float64Array(count);
  const ceilingTimes = new Float64Array(count);
  let bandRows = 0;
  let ceilingRows = 0;

  const flagCounts: Record<ScoreFlag, number> = {
    first: 0,
    bumped: 0,
    ceiling: 0,
    previousCeiling: 0,
    pastCliff: 0,
    notBand: 0,
    shared: 0,
  };
  const rows: DecodedScore[] = reading.scores.map(({ line, member, scoreText, score }) => {
    const sharedBy = countOf(sortedScores, score);
    const decoded = decodeScore(score);
    const notBandReason = problemOf(score, decoded.fireTime);
    const mask =
      (notBandReason === null ? bandMask(score, decoded.fireTime, decoded.slot) : NOT_BAND) | (sharedBy > 1 ? SHARED : 0);
    const flags = flagSet(mask);
    for (const flag of flags) flagCounts[flag]++;
    const finite = Number.isFinite(score);
    if (notBandReason === null) {
      bandTimes[bandRows++] = decoded.fireTime;
      if ((mask & CEILING) !== 0) ceilingTimes[ceilingRows++] = decoded.fireTime;
    }
    // listed, not spread: V8 copies an object holding a double field by spread ~20x slower
    return {
      line,
      member,
      scoreText,
      score,
      fireTime: finite ? decoded.fireTime : null,
      slot: finite ? decoded.slot : null,
      flags,
      notBandReason,
      sharedBy,
    };
  });
  const bands = runsOf(bandTimes.subarray(0, bandRows).sort());
  return {
    layout: reading.layout,
    rows,
    unreadable: reading.unreadable,
    skipped: reading.skipped,
    flagCounts,
    bands: bands.distinct,
    crowdedBands: bands.repeated,
    saturatedBands: runsOf(ceilingTimes.subarray(0, ceilingRows).sort()).distinct,
    multiLineMembers: reading.multiLineMembers,
  };
}

/** How many elements of an ascending array equal `value`: two binary searches. */
function countOf(sorted: Float64Array, value: number): number {
  return firstAbove(sorted, value, true) - firstAbove(sorted, value, false);
}

/** Index of the first element above `value` (strictly: > value; otherwise >= value). */
function firstAbove(sorted: Float64Array, value: number, strictly: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const element = sorted[middle]!;
    if (element < value || (strictly && element === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Distinct values of an ascending array, and how many of them occur more than once. */
function runsOf(sorted: Float64Array): { distinct: number; repeated: number } {
  let distinct = 0;
  let repeated = 0;
  for (let i = 0; i < sorted.length;) {
    let end = i + 1;
    while (end < sorted.length && sorted[end] === sorted[i]) end++;
    distinct++;
    if (end - i > 1) repeated++;
    i = end;
  }
  return { distinct, repeated };
}
