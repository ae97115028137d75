import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Arrival } from './arrivalStreams.ts';
import { generateStream } from './arrivalStreams.ts';
import { STRATEGIES, strategyById } from './strategies.ts';
import { compareMembers } from '../redis/memberOrder.ts';
import {
  compareStrategies,
  compareStrategiesNow,
  countTies,
  dueRanks,
  fallsDueInArrivalOrder,
  normaliseTau,
  sweepTimeOf,
} from './strategyComparison.ts';

const T = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

function bruteInversions(order: ArrayLike<number>): number {
  let count = 0;
  for (let i = 0; i < order.length; i++) for (let j = i + 1; j < order.length; j++) if (order[i]! > order[j]!) count++;
  return count;
}

function bruteTies(scores: readonly number[]): { pairs: number; jobs: number } {
  let pairs = 0;
  let jobs = 0;
  scores.forEach((s, i) => {
    if (scores.some((t, j) => j !== i && t === s)) jobs++;
    for (let j = i + 1; j < scores.length; j++) if (scores[j] === s) pairs++;
  });
  return { pairs, jobs };
}

/** Small random streams: counters 1..n, timestamps non-decreasing over a few ms and seconds, one delay. */
const smallStream = fc
  .array(fc.integer({ min: 0, max: 1500 }), { minLength: 0, maxLength: 40 })
  .map((offsets): Arrival[] =>
    [...offsets]
      .sort((a, b) => a - b)
      .map((offset, i) => ({ timestamp: T + offset, delay: 5000, jobId: String(i + 1), counter: i + 1 })),
  );

/** Also bunches many jobs into few milliseconds so ties are common. */
const bunchedStream = fc
  .array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 40 })
  .map((offsets): Arrival[] =>
    [...offsets]
      .sort((a, b) => a - b)
      .map((offset, i) => ({ timestamp: T + offset * 400, delay: 5000, jobId: String(i + 1), counter: i + 1 })),
  );

describe('countTies', () => {
  it('counts pairs and jobs that share a score', () => {
    expect(countTies([])).toEqual({ pairs: 0, jobs: 0 });
    expect(countTies([5])).toEqual({ pairs: 0, jobs: 0 });
    expect(countTies([3, 1, 3, 2, 3, 1])).toEqual({ pairs: 4, jobs: 5 });
    expect(countTies([0, -0])).toEqual({ pairs: 1, jobs: 2 });
  });

  it('agrees with a brute-force count on random scores', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: 0, max: 6 }).map((x) => x / 4),
          { maxLength: 60 },
        ),
        (scores) => {
          expect(countTies(scores)).toEqual(bruteTies(scores));
        },
      ),
    );
  });
});

describe('normaliseTau', () => {
  it('divides by n(n-1)/2 and is 0 without pairs', () => {
    expect(normaliseTau(0, 0)).toBe(0);
    expect(normaliseTau(0, 1)).toBe(0);
    expect(normaliseTau(45, 10)).toBe(1);
    expect(normaliseTau(9, 10)).toBe(0.2);
  });
});

describe('compareStrategies', () => {
  it('counts the Kendall tau distance exactly: equal to a brute-force pair count on small random streams', () => {
    fc.assert(
      fc.property(fc.oneof(smallStream, bunchedStream), (stream) => {
        const outcomes = compareStrategiesNow(stream);
        expect(outcomes.map((o) => o.id)).toEqual(STRATEGIES.map((s) => s.id));
        for (const outcome of outcomes) {
          expect([...outcome.order].sort((a, b) => a - b)).toEqual(stream.map((a) => a.counter));
          expect(outcome.inversions).toBe(bruteInversions(outcome.order));
          expect(outcome.normalisedTau).toBeCloseTo(
            stream.length < 2 ? 0 : outcome.inversions / ((stream.length * (stream.length - 1)) / 2),
            12,
          );
        }
      }),
      { numRuns: 80 },
    );
  });

  it('orders bee-queue’s set by (ms, id text) and keeps Kue, resque and the band in arrival order', () => {
    fc.assert(
      fc.property(fc.oneof(smallStream, bunchedStream), (stream) => {
        const byId = Object.fromEntries(compareStrategiesNow(stream).map((o) => [o.id, [...o.order]]));
        const fifo = stream.map((a) => a.counter);
        const textOrder = [...stream]
          .sort((a, b) => a.timestamp - b.timestamp || compareMembers(a.jobId, b.jobId))
          .map((a) => a.counter);
        expect(byId['textbook-ms']).toEqual(textOrder);
        expect(byId.kue).toEqual(fifo);
        expect(byId.resque).toEqual(fifo);
        expect(byId['bullmq-band']).toEqual(fifo);
        expect(byId['bull-legacy']).toEqual(fifo); // counters below 4096 never wrap
      }),
      { numRuns: 60 },
    );
  });

  it('counts ties per strategy: same ms for the ms rules, same second for the second rules', () => {
    fc.assert(
      fc.property(fc.oneof(smallStream, bunchedStream), (stream) => {
        const byId = Object.fromEntries(compareStrategiesNow(stream).map((o) => [o.id, o]));
        const ms = bruteTies(stream.map((a) => a.timestamp));
        const seconds = bruteTies(stream.map((a) => Math.floor((a.timestamp + a.delay) / 1000)));
        for (const id of ['textbook-ms', 'kue', 'sidekiq'] as const)
          expect({ pairs: byId[id]!.tiedPairs, jobs: byId[id]!.tiedJobs }).toEqual(ms);
        for (const id of ['textbook-s', 'resque'] as const)
          expect({ pairs: byId[id]!.tiedPairs, jobs: byId[id]!.tiedJobs }).toEqual(seconds);
        expect(byId['bullmq-band']!.tiedPairs).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  it('on "all in one ms": the textbook rules invert pairs, the band keeps FIFO up to 4,096 jobs', () => {
    const byId = Object.fromEntries(compareStrategiesNow(generateStream('one-ms', 2000)).map((o) => [o.id, o]));
    expect(byId['textbook-s']!.inversions).toBeGreaterThan(0);
    expect(byId['textbook-ms']!.inversions).toBeGreaterThan(0);
    expect(byId.sidekiq!.inversions).toBeGreaterThan(0);
    for (const id of ['bullmq-band', 'bull-legacy', 'resque', 'kue'] as const) expect(byId[id]!.inversions).toBe(0);
    expect(byId['textbook-ms']!.tiedPairs).toBe((2000 * 1999) / 2);
    expect(byId['bullmq-band']!.tiedPairs).toBe(0);
  });

  it('reports progress after every chunk of enqueues and every promotion, ending at the total', () => {
    const stream = generateStream('uniform', 250);
    const strategies = [strategyById('kue'), strategyById('resque')];
    const run = compareStrategies(stream, strategies, 100);
    const steps = [];
    let result = run.next();
    while (!result.done) {
      steps.push(result.value);
      result = run.next();
    }
    expect(steps.map((s) => `${s.strategy} ${s.phase} ${s.done}/${s.total}`)).toEqual([
      'kue enqueue 100/1000',
      'kue enqueue 200/1000',
      'kue enqueue 250/1000',
      'kue promote 500/1000',
      'resque enqueue 600/1000',
      'resque enqueue 700/1000',
      'resque enqueue 750/1000',
      'resque promote 1000/1000',
    ]);
    expect(result.value.map((o) => o.id)).toEqual(['kue', 'resque']);
  });

  it('measures against due order when the jobs do not share a delay (a page’s own enqueues)', () => {
    // job:1 asks for 5 s, job:2 (1 ms later) for 1 s, job:3 and job:4 for 5 s in the same ms as job:1:
    // due order is job:2, then job:1, job:3, job:4 (same fire-time: arrival order).
    const stream = [
      { timestamp: T, delay: 5000, jobId: 'job:1', counter: 1 },
      { timestamp: T + 1, delay: 1000, jobId: 'job:2', counter: 2 },
      { timestamp: T, delay: 5000, jobId: 'job:3', counter: 3 },
      { timestamp: T, delay: 5000, jobId: 'job:4', counter: 4 },
    ];
    expect(fallsDueInArrivalOrder(stream)).toBe(false);
    expect(fallsDueInArrivalOrder(stream.slice(2))).toBe(true);
    for (const pattern of ['uniform', 'bursty', 'one-ms', 'seconds'] as const)
      expect(fallsDueInArrivalOrder(generateStream(pattern, 500))).toBe(true);
    expect([...dueRanks(stream)]).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
      [4, 4],
    ]);
    const byId = Object.fromEntries(compareStrategiesNow(stream).map((o) => [o.id, o]));
    // The band keeps arrival order inside the millisecond: a perfect run, so no inverted pair.
    expect([...byId['bullmq-band']!.order]).toEqual([1, 2, 3, 4]);
    expect(byId['bullmq-band']!.inversions).toBe(0);
    // In ms, job:1, job:3 and job:4 tie and sort by id text, which is due order here.
    expect([...byId['textbook-ms']!.order]).toEqual([1, 2, 3, 4]);
    // In whole seconds job:2's second comes first; the other three tie (on random uuids).
    expect(byId['textbook-s']!.order[0]).toBe(1);
    expect([...byId['textbook-s']!.order].sort()).toEqual([1, 2, 3, 4]);
  });

  it('sweeps one second after the last fire-time', () => {
    expect(sweepTimeOf(generateStream('seconds', 10))).toBe(generateStream('seconds', 10).at(-1)!.timestamp + 5000 + 1000);
    expect(compareStrategiesNow([])).toHaveLength(STRATEGIES.length);
  });
});
