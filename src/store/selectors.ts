/**
 * Module-level selectors over the store. Plain fields are read directly; everything derived from the
 * sets goes through the model (delayed.ts, score.ts, MemoryRedis replies) and is memoized on the
 * instances and `version`, so a selector returns the same object until something really changed.
 */
import type { MemoryRedis, Reply } from '../model/redis/memoryRedis.ts';
import { getDelayedScore } from '../model/protocol/delayed.ts';
import {
  bandOf,
  decodeScore,
  fireTimeOf,
  isPastCliff,
  nextTimestampOf,
  textbookScore,
  wakeMillisecond,
} from '../model/protocol/score.ts';
import { parseScoreArg } from '../model/redis/doubles.ts';
import { BAND_KEY, TEXTBOOK_KEY } from './appStore.ts';
import type { AppState, TextbookUnit } from './appStore.ts';
import { memoOn } from './memo.ts';

export const selectDelay = (s: AppState) => s.delay;
export const selectTextbookUnit = (s: AppState) => s.textbookUnit;
export const selectClockMode = (s: AppState) => s.clockMode;
export const selectFrozenAt = (s: AppState) => s.frozenAt;
export const selectNow = (s: AppState) => s.now;
export const selectIdStyle = (s: AppState) => s.idStyle;
export const selectIdPrefix = (s: AppState) => s.idPrefix;
export const selectBatchSize = (s: AppState) => s.batchSize;
export const selectNextArrival = (s: AppState) => s.nextArrival;
export const selectEnqueueError = (s: AppState) => s.enqueueError;
export const selectLastPromote = (s: AppState) => s.lastPromote;
export const selectLastEnqueue = (s: AppState) => s.lastEnqueue;
export const selectVersion = (s: AppState) => s.version;
export const selectLog = (s: AppState) => s.log;

/** The number a reply element holds when it is an integer reply (ZCARD, ZCOUNT), else 0. */
export function integerReply(reply: Reply): number {
  return typeof reply === 'number' ? reply : 0;
}

/** The score of a `WITHSCORES` element, read back with Redis's own parser. */
export function scoreOf(text: Reply | undefined): number {
  return typeof text === 'string' ? (parseScoreArg(text) ?? Number.NaN) : Number.NaN;
}

/** Whether the textbook set holds any job (its unit cannot change then). */
export const selectTextbookHasJobs = memoOn((s: AppState) => [s.textbook, s.version] as const)(
  (textbook) => integerReply(textbook.call('ZCARD', TEXTBOOK_KEY)) > 0,
);

/** What the next job would get, read from the band set as it is. */
export interface NextScore {
  readonly score: number;
  readonly slot: number;
  /** floor: first in the ms; bump: floor + slot; ceiling: the band is full and the job shares maxScore. */
  readonly kind: 'floor' | 'bump' | 'ceiling';
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

function nextScore(band: MemoryRedis, now: number, delay: number, minScore: number, maxScore: number): NextScore {
  const { score } = getDelayedScore(band, BAND_KEY, now, delay);
  const { slot } = decodeScore(score);
  const jobsInBand = integerReply(band.call('ZCOUNT', BAND_KEY, minScore, maxScore));
  const kind = jobsInBand === 0 ? 'floor' : score === maxScore ? 'ceiling' : 'bump';
  const recovered = nextTimestampOf(score);
  return { score, slot, kind, jobsInBand, recovered, wholeMs: wakeMillisecond(recovered) };
}

/**
 * Everything the score panel shows for the current delay and clock (the band set's next score is
 * asked of the set itself, unlogged). Exported unmemoized for the enqueue warm-up, which reads a
 * throwaway session's band as the page does.
 */
export function scorePanelOf(band: MemoryRedis, now: number, delay: number, unit: TextbookUnit): ScorePanelData {
  const fireTime = fireTimeOf(now, delay);
  const { minScore, maxScore } = bandOf(fireTime);
  return {
    now,
    delay,
    fireTime,
    textbookScore: textbookScore(now, delay, unit),
    textbookUnit: unit,
    minScore,
    maxScore,
    pastCliff: isPastCliff(fireTime),
    next: nextScore(band, now, delay, minScore, maxScore),
  };
}

/** Everything the score panel shows for the current delay and clock. */
export const selectScorePanel = memoOn((s: AppState) => [s.band, s.version, s.now, s.delay, s.textbookUnit] as const)(
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
