import type { Arrival } from '../model/strategies/arrivalStreams.ts';
import type { AppState } from './appStore.ts';
import type { EnqueueBatch } from '../session/session.ts';
import { memoOn } from './memo.ts';

/**
 * The page's own arrival stream, for the strategies view: every job enqueued since the last
 * reset, in arrival order, with the clock reading and the delay its enqueue used, its id, and its
 * arrival number as the id counter (an INCR counter would have handed out the same numbers).
 */
export function pageStream(enqueues: readonly EnqueueBatch[]): Arrival[] {
  const stream: Arrival[] = [];
  for (const { timestamp, delay, firstArrival, members } of enqueues) {
    members.forEach((jobId, i) => stream.push({ timestamp, delay, jobId, counter: firstArrival + i }));
  }
  return stream;
}

/** How many jobs pageStream would give, without building it. */
export function pageStreamSize(enqueues: readonly EnqueueBatch[]): number {
  return enqueues.reduce((sum, batch) => sum + batch.members.length, 0);
}

/**
 * How many jobs the page has enqueued since the last reset: the strategies view's own stream.
 * (Its own module: only the lazily loaded strategies view reads it, so the start script does not carry it.)
 */
export const selectPageStreamSize = memoOn((s: AppState) => [s.enqueues, s.version] as const)((enqueues) =>
  pageStreamSize(enqueues),
);
