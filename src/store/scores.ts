/**
 * The settings and the score cards: plain fields read directly, and what the next job would score
 * (read from the band set through its typed reads and the model's score.ts), memoized per store on
 * the sets' `version`, so a selector returns the same object until something really changed. The
 * first screen reads these: the other concerns (sets.ts, band.ts, promote.ts) load with their parts.
 */
import {
  bandOf,
  decodeScore,
  fireTimeOf,
  isPastCliff,
  nextScoreInBand,
  nextTimestampOf,
  textbookScore,
  wakeMillisecond,
} from '../model/protocol/score.ts';
import type { Band } from '../model/protocol/score.ts';
import type { SetReader } from '../session/setReader.ts';
import type { AppState, TextbookUnit } from './appStore.ts';
import { memoOn } from './memo.ts';

export const selectDelay = (s: AppState) => s.delay;
export const selectClockMode = (s: AppState) => s.clockMode;
export const selectNow = (s: AppState) => s.now;
export const selectIdStyle = (s: AppState) => s.idStyle;
export const selectIdPrefix = (s: AppState) => s.idPrefix;
export const selectBatchSize = (s: AppState) => s.batchSize;
export const selectNextArrival = (s: AppState) => s.nextArrival;
export const selectEnqueueError = (s: AppState) => s.enqueueError;
export const selectLastEnqueue = (s: AppState) => s.lastEnqueue;
export const selectVersion = (s: AppState) => s.version;
export const selectLog = (s: AppState) => s.log;

/** Whether the textbook set holds any job (its unit cannot change then). */
export const selectTextbookHasJobs = memoOn((s: AppState) => [s.textbookSet, s.version] as const)(
  (textbook) => textbook.size > 0,
);

export type NextKind = 'floor' | 'bump' | 'ceiling' | 'stuck';

/** What the next job would get, read from the band set as it is. */
export interface NextScore {
  readonly score: number;
  readonly slot: number;
  /**
   * floor: first in the ms; bump: floor + slot; ceiling: the band is full and the job shares maxScore;
   * stuck: past the cliff, where `currentMaxScore + 1` rounds back to the band's highest score, so the
   * job gets that score again and ties with it.
   */
  readonly kind: NextKind;
  /** Jobs already in that millisecond's band. */
  readonly jobsInBand: number;
  /** score / 0x1000, as getNextDelayedTimestamp would return it (fractional when bumped). */
  readonly recovered: number;
  /** The whole millisecond a worker wakes at. */
  readonly wholeMs: number;
}

export interface ScorePanelData {
  readonly now: number;
  readonly delay: number;
  readonly fireTime: number;
  readonly textbookScore: number;
  readonly textbookUnit: TextbookUnit;
  readonly minScore: number;
  readonly maxScore: number;
  readonly pastCliff: boolean;
  readonly next: NextScore;
}

/** What getDelayedScore gives for the band [minScore, maxScore]: one above the band's highest score, its floor when empty. */
function nextScore(band: SetReader, range: Band): NextScore {
  const { minScore, maxScore } = range;
  const highest = band.highestIn(minScore, maxScore)?.score ?? null;
  const score = nextScoreInBand(range, highest);
  const { slot } = decodeScore(score);
  const jobsInBand = band.count(minScore, maxScore);
  const kind: NextKind = jobsInBand === 0 ? 'floor' : score === maxScore ? 'ceiling' : score === highest ? 'stuck' : 'bump';
  const recovered = nextTimestampOf(score);
  return { score, slot, kind, jobsInBand, recovered, wholeMs: wakeMillisecond(recovered) };
}

/**
 * Everything the score panel shows for the current delay and clock (the band set's next score is
 * read from the set itself).
 */
function scorePanelOf(band: SetReader, now: number, delay: number, unit: TextbookUnit): ScorePanelData {
  const fireTime = fireTimeOf(now, delay);
  const range = bandOf(fireTime);
  const { minScore, maxScore } = range;
  return {
    now,
    delay,
    fireTime,
    textbookScore: textbookScore(now, delay, unit),
    textbookUnit: unit,
    minScore,
    maxScore,
    pastCliff: isPastCliff(fireTime),
    next: nextScore(band, range),
  };
}

/** Everything the score panel shows for the current delay and clock. */
export const selectScorePanel = memoOn((s: AppState) => [s.bandSet, s.version, s.now, s.delay, s.textbookUnit] as const)(
  (band, _version, now, delay, unit) => scorePanelOf(band, now, delay, unit),
);

/** The last enqueued job's score and its recovery (score / 0x1000 and the whole ms), or null. */
export interface LastRecovery {
  readonly score: number;
  readonly slot: number;
  readonly recovered: number;
  readonly wholeMs: number;
}

export const selectLastRecovery = memoOn((s: AppState) => [s.lastEnqueue] as const)((last): LastRecovery | null => {
  if (last === null) return null;
  const recovered = nextTimestampOf(last.lastScore);
  return { score: last.lastScore, slot: decodeScore(last.lastScore).slot, recovered, wholeMs: wakeMillisecond(recovered) };
});
