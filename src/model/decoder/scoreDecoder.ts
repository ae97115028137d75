/**
 * The score decoder: every score of a paste (see redisCliOutput.ts) split into its fire-time and its
 * slot by score.ts, with flags saying what getDelayedScore.lua must have done to give it, and what
 * the list as a whole shows (members sharing a score, bands holding several jobs). Scores are read
 * by a scheme (../doctor/scheme.ts): BullMQ's band by default, or the id-counter scheme of Bull 3/4
 * and BullMQ before 5.8.6, or bee-queue's bare milliseconds.
 */
import { BAND_SLOTS, bandOf, decodeScore, isPastCliff } from '../protocol/score.ts';
import { fireTimeOfScore, schemeFromScores } from '../doctor/scheme.ts';
import type { ScoreScheme } from '../doctor/scheme.ts';
import { readPaste } from './redisCliOutput.ts';
import type { PasteLayout, PastedScore, UnreadableLine } from './redisCliOutput.ts';

/** How a paste is read: by a scheme, or by the scheme its counter ids show (schemeFromScores), else the band. */
export type SchemeChoice = ScoreScheme | 'detect';

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
 * - notBand: not a score the scheme's writer can give (see schemeScoreProblem); no slot flag then;
 * - shared: another row of the paste holds the very same score (Redis orders them by member bytes).
 * The band scheme's own flags are first, bumped, ceiling and previousCeiling. Under the id-counter
 * scheme (slot = job-id counter & 0xfff) a row with a member has one of:
 * - idSlot: the slot is the member's id & 0xfff, as the writer gave it;
 * - notIdSlot: it is not (a custom id, whose slot is the hidden counter's, or another writer).
 * Under bare-ms (score = fire-time in ms) there is no slot, and:
 * - looksShifted: the score is at least 2000-01-01 x 0x1000: a BullMQ or Bull score, read as ms.
 */
export type ScoreFlag =
  | 'first'
  | 'bumped'
  | 'ceiling'
  | 'idSlot'
  | 'notIdSlot'
  | 'previousCeiling'
  | 'pastCliff'
  | 'looksShifted'
  | 'notBand'
  | 'shared';

/** Every flag, in the order the view lists them. */
export const SCORE_FLAGS: readonly ScoreFlag[] = [
  'first',
  'bumped',
  'ceiling',
  'idSlot',
  'notIdSlot',
  'previousCeiling',
  'pastCliff',
  'looksShifted',
  'shared',
  'notBand',
];

/** One decoded row of the paste. */
export interface DecodedScore extends PastedScore {
  /** decodeScore's millisecond; null for an infinite score. */
  readonly fireTime: number | null;
  /** decodeScore's slot within the band (0..4095 for a shifted score); null for an infinite score, or under bare-ms. */
  readonly slot: number | null;
  readonly flags: readonly ScoreFlag[];
  /** Why the score is not one the scheme's writer gives, or null when it is one. */
  readonly notBandReason: string | null;
  /** How many rows of the paste hold this very score (1: only this one). */
  readonly sharedBy: number;
}

export interface DecodedPaste {
  readonly layout: PasteLayout;
  /** The scheme the scores were read by. */
  readonly scheme: ScoreScheme;
  /** True when the scheme came from the paste's ids (choice 'detect' and some id told). */
  readonly detected: boolean;
  /** The scheme the paste's counter ids and slots show (schemeFromScores), whatever was chosen; null when none tells. */
  readonly idScheme: 'band' | 'id-counter' | null;
  /**
   * Under the shifted schemes, scores that are themselves a plausible instant in ms (2000 to 2200):
   * a BullMQ marker's next wake (`<queue>:marker`) or a bee-queue fire-time, not a shifted score.
   */
  readonly plainMsScores: number;
  readonly rows: DecodedScore[];
  readonly unreadable: UnreadableLine[];
  /** redis-cli prompts and empty replies: lines not meant to hold scores. */
  readonly skipped: UnreadableLine[];
  /** Rows carrying each flag. */
  readonly flagCounts: Readonly<Record<ScoreFlag, number>>;
  /** Distinct milliseconds among the scheme's scores. */
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

/**
 * Why a score cannot come from the scheme's writer, or null when it can: bandScoreProblem for the
 * band scheme; the same rule for the id-counter one (its scores are shifted alike); under bare-ms,
 * a whole number of ms from 2000-01-01 to the last JavaScript date.
 */
export function schemeScoreProblem(score: number, scheme: ScoreScheme): string | null {
  if (scheme === 'bare-ms') return bareMsProblem(score);
  return problemOf(score, decodeScore(score).fireTime, scheme);
}

/** The first score of 2000-01-01 when shifted: a bare-ms score this high is a shifted one read as ms. */
const EARLIEST_SHIFTED_SCORE = EARLIEST_BAND_FIRE_TIME * BAND_SLOTS;

function bareMsProblem(score: number): string | null {
  if (score === Infinity || score === -Infinity) return 'infinite: no fire-time';
  if (score < 0) return 'negative: a fire-time before 1970 (a delay below -now?)';
  if (!Number.isInteger(score)) return 'fractional: bee-queue writes whole milliseconds (float seconds, as Sidekiq writes?)';
  if (score < EARLIEST_BAND_FIRE_TIME) {
    if (score >= SECONDS_TIMESTAMPS.from && score < SECONDS_TIMESTAMPS.to) return 'before 2000 as ms: a fire-time in seconds?';
    return 'a fire-time before 2000';
  }
  if (score > LATEST_BAND_FIRE_TIME) return 'past the last date JavaScript can show: a BullMQ score (fire-time x 0x1000)?';
  return null;
}

/** schemeScoreProblem for the shifted schemes, given decodeScore's fire-time of the score. */
function problemOf(score: number, fireTime: number, scheme: ScoreScheme = 'band'): string | null {
  if (score === Infinity || score === -Infinity) return 'infinite: no fire-time';
  if (score < 0) return 'negative: a fire-time before 1970 (a delay below -now?)';
  if (!Number.isInteger(score))
    return `fractional: a ${scheme === 'band' ? 'band' : 'Bull'} score is a whole number (float seconds, as Sidekiq writes?)`;
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

/**
 * True when the score is a plausible instant in plain ms (2000 to 2200): see DecodedPaste.plainMsScores.
 * Not only whole numbers: a BullMQ marker holds the head's score / 0x1000, fractional when the head was bumped.
 */
export function isPlainMsInstant(score: number): boolean {
  return score >= MS_TIMESTAMPS.from && score < MS_TIMESTAMPS.to;
}

/** Flags in the order a row lists them; a set of flags is a bit mask over this order. */
const FLAG_ORDER: readonly ScoreFlag[] = [
  'first',
  'bumped',
  'ceiling',
  'idSlot',
  'notIdSlot',
  'pastCliff',
  'previousCeiling',
  'looksShifted',
  'notBand',
  'shared',
];
const bit = (flag: ScoreFlag): number => 1 << FLAG_ORDER.indexOf(flag);
const FIRST = bit('first');
const BUMPED = bit('bumped');
const CEILING = bit('ceiling');
const PAST_CLIFF = bit('pastCliff');
const PREVIOUS_CEILING = bit('previousCeiling');
const NOT_BAND = bit('notBand');
const ID_SLOT = bit('idSlot');
const NOT_ID_SLOT = bit('notIdSlot');
const LOOKS_SHIFTED = bit('looksShifted');
const SHARED = bit('shared');
/** One frozen array per set of flags, shared by every row with that set (no array per row). */
const flagSets: Array<readonly ScoreFlag[] | undefined> = [];

function flagSet(mask: number): readonly ScoreFlag[] {
  return (flagSets[mask] ??= Object.freeze(FLAG_ORDER.filter((flag) => (mask & bit(flag)) !== 0)));
}

/**
 * The flags of one score on its own (all but 'shared'), from decodeScore, bandOf and isPastCliff.
 * Band scheme: which branch of getDelayedScore.lua gave it (first / bumped / ceiling) and whether it
 * lies past the cliff. Id-counter scheme: whether its slot is the member's id & 0xfff (no member: no
 * such flag). Bare-ms: whether it looks like a shifted score.
 */
export function scoreFlags(score: number, scheme: ScoreScheme = 'band', member: string | null = null): ScoreFlag[] {
  return [...flagSet(maskOf(score, scheme, member, decodeAs(score, scheme)))]; // a new array: callers may add 'shared'
}

/** The fire-time and slot of a finite score under a scheme; bare ms have no slot. */
export function decodeAs(score: number, scheme: ScoreScheme): { fireTime: number; slot: number | null } {
  return scheme === 'bare-ms' ? { fireTime: fireTimeOfScore(score, scheme), slot: null } : decodeScore(score);
}

/** A counter id: digits only, exact as a double (as schemeFromScores reads them). */
const COUNTER_ID = /^\d{1,15}$/;

/** The flags (but 'shared') of a score as a mask, and why it is not the scheme's when it is not. */
function maskOf(
  score: number,
  scheme: ScoreScheme,
  member: string | null,
  decoded: { fireTime: number; slot: number | null },
): number {
  const problem = scheme === 'bare-ms' ? bareMsProblem(score) : problemOf(score, decoded.fireTime, scheme);
  if (scheme === 'bare-ms') return (problem === null ? 0 : NOT_BAND) | (score >= EARLIEST_SHIFTED_SCORE ? LOOKS_SHIFTED : 0);
  if (problem !== null) return NOT_BAND;
  const slot = decoded.slot!;
  if (scheme === 'band') return bandMask(score, decoded.fireTime, slot);
  let mask = isPastCliff(decoded.fireTime) ? PAST_CLIFF : 0;
  if (member !== null) mask |= COUNTER_ID.test(member) && Number(member) % BAND_SLOTS === slot ? ID_SLOT : NOT_ID_SLOT;
  return mask;
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

/** The paste's members and scores as schemeFromScores reads them (rows without a member left out). */
function* memberScores(scores: readonly PastedScore[]): Generator<readonly [string, number]> {
  for (const { member, score } of scores) if (member !== null) yield [member, score];
}

/**
 * Reads a paste (redisCliOutput.readPaste) and decodes every score by the chosen scheme (the band
 * unless told): fire-time and slot (score.ts decodeScore; the score itself under bare-ms), flags
 * (scoreFlags, plus 'shared' for scores held by more than one row), and counts for a summary.
 * 'detect' reads by the scheme the ids show (schemeFromScores), the band when none tells.
 * Linear in the text plus a sort of the scores; never throws.
 */
export function decodePaste(text: string, choice: SchemeChoice = 'band'): DecodedPaste {
  const reading = readPaste(text, choice === 'bare-ms' ? (score) => bareMsProblem(score) === null : isBandScore);
  const idScheme = schemeFromScores(memberScores(reading.scores));
  const scheme: ScoreScheme = choice === 'detect' ? (idScheme ?? 'band') : choice;
  const count = reading.scores.length;
  let plainMsScores = 0;
  // Sorted typed arrays instead of Maps: a Map keyed by 100,000 distinct large doubles is ~10x slower.
  const sortedScores = new Float64Array(count);
  for (let i = 0; i < count; i++) sortedScores[i] = reading.scores[i]!.score;
  sortedScores.sort();
  const bandTimes = new Float64Array(count);
  const ceilingTimes = new Float64Array(count);
  let bandRows = 0;
  let ceilingRows = 0;

  const flagCounts = Object.fromEntries(SCORE_FLAGS.map((flag) => [flag, 0])) as Record<ScoreFlag, number>;
  const rows: DecodedScore[] = reading.scores.map(({ line, member, scoreText, score }) => {
    const sharedBy = countOf(sortedScores, score);
    const decoded = decodeAs(score, scheme);
    const notBandReason = scheme === 'bare-ms' ? bareMsProblem(score) : problemOf(score, decoded.fireTime, scheme);
    const mask = maskOf(score, scheme, member, decoded) | (sharedBy > 1 ? SHARED : 0);
    const flags = flagSet(mask);
    if (scheme !== 'bare-ms' && isPlainMsInstant(score)) plainMsScores++;
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
    scheme,
    detected: choice === 'detect' && idScheme !== null,
    idScheme,
    plainMsScores,
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
