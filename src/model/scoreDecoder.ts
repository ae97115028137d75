/**
 * The score decoder: every score of a paste (see redisCliOutput.ts) split into its fire-time and its
 * slot by score.ts, with flags saying what getDelayedScore.lua must have done to give it, and what
 * the list as a whole shows (members sharing a score, bands holding several jobs).
 */
import { BAND_SLOTS, bandOf, decodeScore, isPastCliff } from './score.ts';
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
export const SCORE_FLAGS: readonly ScoreFlag[] = ['first', 'bumped', 'ceiling', 'previousCeiling', 'pastCliff', 'shared', 'notBand'];

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
  if (score === Infinity || score === -Infinity) return 'infinite: no fire-time';
  if (score < 0) return 'negative: a fire-time before 1970 (a delay below -now?)';
  if (!Number.isInteger(score)) return 'fractional: a band score is a whole number (float seconds, as Sidekiq writes?)';
  const { fireTime } = decodeScore(score);
  if (fireTime < EARLIEST_BAND_FIRE_TIME) {
    if (score >= MS_TIMESTAMPS.from && score < MS_TIMESTAMPS.to) return 'decodes to 1970: a bare fire-time in ms (score = fire-time)?';
    if (score >= SECONDS_TIMESTAMPS.from && score < SECONDS_TIMESTAMPS.to) return 'decodes to 1970: a bare fire-time in seconds (score = fire-time)?';
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
 * The flags of one score on its own (all but 'shared'), from decodeScore, bandOf and isPastCliff:
 * which branch of getDelayedScore.lua gave it (first / bumped / ceiling) and whether it lies past the cliff.
 */
export function scoreFlags(score: number): ScoreFlag[] {
  return isBandScore(score) ? bandScoreFlags(score) : ['notBand'];
}

function bandScoreFlags(score: number): ScoreFlag[] {
  const { fireTime, slot } = decodeScore(score);
  const flags: ScoreFlag[] = [];
  if (slot === BAND_SLOTS - 1 || score === bandOf(fireTime).maxScore) flags.push('ceiling');
  else if (slot === 0) flags.push('first');
  else flags.push('bumped');
  if (isPastCliff(fireTime)) {
    flags.push('pastCliff');
    if (slot === 0 && bandOf(fireTime - 1).maxScore === score) flags.push('previousCeiling');
  }
  return flags;
}

/**
 * Reads a paste (redisCliOutput.readPaste) and decodes every score: fire-time and slot
 * (score.ts decodeScore), flags (scoreFlags, plus 'shared' for scores held by more than one row), and
 * counts for a summary. Linear in the paste; never throws.
 */
export function decodePaste(text: string): DecodedPaste {
  const reading = readPaste(text, isBandScore);
  const holders = new Map<number, number>();
  for (const { score } of reading.scores) holders.set(score, (holders.get(score) ?? 0) + 1);

  const flagCounts: Record<ScoreFlag, number> = { first: 0, bumped: 0, ceiling: 0, previousCeiling: 0, pastCliff: 0, notBand: 0, shared: 0 };
  const bandRows = new Map<number, number>();
  const saturated = new Set<number>();
  const rows: DecodedScore[] = reading.scores.map(({ line, member, scoreText, score }) => {
    const sharedBy = holders.get(score) ?? 1;
    const notBandReason = bandScoreProblem(score);
    const flags: ScoreFlag[] = notBandReason === null ? bandScoreFlags(score) : ['notBand'];
    if (sharedBy > 1) flags.push('shared');
    for (const flag of flags) flagCounts[flag]++;
    const { fireTime, slot } = Number.isFinite(score) ? decodeScore(score) : { fireTime: null, slot: null };
    if (notBandReason === null && fireTime !== null) {
      bandRows.set(fireTime, (bandRows.get(fireTime) ?? 0) + 1);
      if (flags[0] === 'ceiling') saturated.add(fireTime);
    }
    // listed, not spread: V8 copies an object holding a double field by spread ~20x slower
    return { line, member, scoreText, score, fireTime, slot, flags, notBandReason, sharedBy };
  });
  let crowdedBands = 0;
  for (const count of bandRows.values()) if (count > 1) crowdedBands++;
  return {
    layout: reading.layout,
    rows,
    unreadable: reading.unreadable,
    skipped: reading.skipped,
    flagCounts,
    bands: bandRows.size,
    crowdedBands,
    saturatedBands: saturated.size,
    multiLineMembers: reading.multiLineMembers,
  };
}
