/**
 * The script stepper's trace: getDelayedScore (src/model/protocol/delayed.ts, the function the
 * conformance suite checks against a real Redis) run for the job the page would enqueue now, with
 * a tracer that keeps each line it runs and the value it gives. Memoised per store on what the next
 * job's score depends on: the band set, the clock and the delay.
 */
import { getDelayedScore } from '../model/protocol/delayed.ts';
import type { DelayedScore, DelayedScoreStep } from '../model/protocol/delayed.ts';
import { bandOf, fireTimeOf } from '../model/protocol/score.ts';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { BAND_KEY } from '../session/session.ts';
import type { SetReader } from '../session/setReader.ts';
import type { AppState } from './appStore.ts';
import { memoOn } from './memo.ts';

/** What getDelayedScore ran for the next job, line by line. */
export interface ScriptTrace {
  /** The call's arguments: the clock's now and the page's delay. */
  readonly timestamp: number;
  readonly delay: number;
  /** Each line it ran, in order, with its value. */
  readonly steps: readonly DelayedScoreStep[];
  /** What it returned. */
  readonly returned: DelayedScore;
  /** Which return it took: the band's floor (empty band), one above its highest (a bump), or its ceiling (full). */
  readonly kind: 'floor' | 'bump' | 'ceiling';
  /** The key it read, as the page's band set names it. */
  readonly key: string;
  /** Jobs already in the band the script read. */
  readonly jobsInBand: number;
}

/** Which return a trace ended in (its last step is always one of them). */
function kindOf(last: DelayedScoreStep | undefined): ScriptTrace['kind'] {
  if (last?.line === 'return ceiling') return 'ceiling';
  return last?.line === 'return bump' ? 'bump' : 'floor';
}

/**
 * getDelayedScore run for a job enqueued at `now` with `delay` into `band`, traced. The script reads
 * one entry of the set (ZREVRANGEBYSCORE ... LIMIT 0 1: the band's highest), so it runs against a
 * scratch MemoryRedis that holds just that entry: the same reply, without copying a band of
 * thousands of jobs, and the page's own set (and its command log) is not touched.
 */
export function scriptTraceOf(band: SetReader, now: number, delay: number): ScriptTrace {
  const { minScore, maxScore } = bandOf(fireTimeOf(now, delay));
  const scratch = new MemoryRedis();
  const highest = band.highestIn(minScore, maxScore);
  if (highest !== undefined) scratch.call('ZADD', BAND_KEY, highest.score, highest.member);
  const steps: DelayedScoreStep[] = [];
  const returned = getDelayedScore(scratch, BAND_KEY, now, delay, (step) => steps.push(step));
  return {
    key: BAND_KEY,
    timestamp: now,
    delay,
    steps,
    returned,
    kind: kindOf(steps.at(-1)),
    jobsInBand: band.count(minScore, maxScore),
  };
}

/** The trace for the job the page would enqueue now (its delay, its clock, the band set as it is). */
export const selectScriptTrace = memoOn((s: AppState) => [s.bandSet, s.version, s.now, s.delay] as const)(
  (band, _version, now, delay) => scriptTraceOf(band, now, delay),
);
