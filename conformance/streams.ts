/**
 * The arrival streams the conformance suite runs through the strategies: on MemoryRedis replayed
 * on redis-server (strategies.test.ts) and through the real queue libraries (bullmq.test.ts,
 * bull.test.ts, bee-queue.test.ts, kue.test.ts). The generated ones reach each rule's edge (a
 * saturated band and the Bull wrap, bursts, collisions, seconds); the page-like one is what the
 * strategies view's "This page's jobs" hands over; the edge one has zero and negative delays,
 * delays years ahead, and fire-times on both sides of the 2039 cliff.
 */
import { STREAM_START_MS, generateStream, type Arrival, type ArrivalPattern } from '../src/model/strategies/arrivalStreams.ts';
import { CLIFF_FIRE_TIME } from '../src/model/protocol/score.ts';
import { createAppStore } from '../src/store/appStore.ts';
import { pageStream } from '../src/store/pageStream.ts';

export interface NamedStream {
  readonly name: string;
  readonly stream: Arrival[];
}

/** Generated streams that reach each rule's edge: a saturated band (and the Bull wrap), bursts, collisions, seconds. */
export const GENERATED: ReadonlyArray<{ pattern: ArrivalPattern; n: number }> = [
  { pattern: 'one-ms', n: 4200 },
  { pattern: 'bursty', n: 3000 },
  { pattern: 'uniform', n: 3000 },
  { pattern: 'seconds', n: 2000 },
];

/**
 * A stream as the page records it ("This page's jobs"): plain-number ids, uuids and job:N ids, a
 * clock step, a shorter delay, and a clock set back, so fire-times do not follow arrival.
 */
export function pageLikeStream(): Arrival[] {
  const store = createAppStore({ frozenAt: Date.UTC(2026, 10, 30, 12), seed: 9, idStyle: 'N' });
  const page = store.getState;
  page().setBatchSize(600);
  page().enqueue(600);
  page().setIdStyle('uuid');
  page().stepClock(1);
  page().enqueue(600);
  page().setIdStyle('job:N');
  page().setDelay(1000);
  page().enqueue(300);
  page().freezeClock(Date.UTC(2026, 10, 30, 11, 59, 58));
  page().enqueue(200);
  return pageStream(page().enqueues);
}

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/**
 * The edges in one stream, all enqueued at STREAM_START_MS (late 2026): three jobs in one ms and a
 * fourth joining from the next ms; zero and negative delays; two jobs 10 years ahead (before the
 * cliff) and two 20 years ahead (past it); two at the last exact fire-time; three sharing one
 * fire-time past the cliff; and a job due 1 ms later arriving before two due at F, past the cliff,
 * whose band ceiling rounds into the later job's band. Ids are the counters, as an INCR gives them.
 */
export function edgeStream(): Arrival[] {
  const T = STREAM_START_MS;
  const F = CLIFF_FIRE_TIME + 100;
  const jobs: Array<[timestamp: number, delay: number]> = [
    [T, 5000],
    [T, 5000],
    [T, 5000],
    [T + 1, 4999],
    [T, 0],
    [T, -5000],
    [T, 0],
    [T, Math.round(10 * YEAR_MS)],
    [T, Math.round(10 * YEAR_MS)],
    [T, CLIFF_FIRE_TIME - 1 - T],
    [T, CLIFF_FIRE_TIME - 1 - T],
    [T, CLIFF_FIRE_TIME + 7 - T],
    [T, CLIFF_FIRE_TIME + 7 - T],
    [T, CLIFF_FIRE_TIME + 7 - T],
    [T, F + 1 - T],
    [T, F - T],
    [T, F - T],
    [T, Math.round(20 * YEAR_MS)],
    [T, Math.round(20 * YEAR_MS)],
  ];
  return jobs.map(([timestamp, delay], i) => ({ timestamp, delay, jobId: String(i + 1), counter: i + 1 }));
}

/** The generated streams, the page-like one and the edge one. */
export function allStreams(): NamedStream[] {
  return [
    ...GENERATED.map(({ pattern, n }) => ({ name: `${pattern} stream of ${n} jobs`, stream: generateStream(pattern, n) })),
    { name: 'the page’s own enqueues', stream: pageLikeStream() },
    { name: 'the edges: zero and negative delays, years ahead, the 2039 cliff', stream: edgeStream() },
  ];
}
