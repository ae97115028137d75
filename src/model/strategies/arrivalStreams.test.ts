import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ARRIVAL_PATTERNS, MAX_STREAM_SIZE, STREAM_DELAY_MS, STREAM_START_MS, generateStream } from './arrivalStreams.ts';
import type { ArrivalPattern } from './arrivalStreams.ts';

const PATTERNS = ARRIVAL_PATTERNS.map((p) => p.id);

/** How many arrivals share their millisecond with another. */
function sharingAMillisecond(timestamps: number[]): number {
  const counts = new Map<number, number>();
  for (const t of timestamps) counts.set(t, (counts.get(t) ?? 0) + 1);
  let shared = 0;
  for (const c of counts.values()) if (c > 1) shared += c;
  return shared;
}

describe('generateStream', () => {
  it('gives n arrivals with counters 1..n, ids as decimal text, one delay, non-decreasing timestamps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ArrivalPattern>(...PATTERNS),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer(),
        (pattern, n, seed) => {
          const stream = generateStream(pattern, n, seed);
          expect(stream).toHaveLength(n);
          const bad = stream.findIndex(
            (a, i) =>
              a.counter !== i + 1 ||
              a.jobId !== String(i + 1) ||
              a.delay !== STREAM_DELAY_MS ||
              !Number.isInteger(a.timestamp) ||
              a.timestamp < (i === 0 ? STREAM_START_MS : stream[i - 1]!.timestamp),
          );
          expect(bad).toBe(-1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is the same stream for the same pattern, n and seed, and another for another seed', () => {
    expect(generateStream('bursty', 5000, 9)).toEqual(generateStream('bursty', 5000, 9));
    expect(generateStream('bursty', 5000, 9)).not.toEqual(generateStream('bursty', 5000, 10));
  });

  it('shapes each pattern as its description says', () => {
    const n = 20_000;
    const times = (pattern: ArrivalPattern) => generateStream(pattern, n).map((a) => a.timestamp);
    expect(new Set(times('one-ms'))).toEqual(new Set([STREAM_START_MS]));

    const spread = times('seconds');
    expect(sharingAMillisecond(spread)).toBe(0);
    const perSecond = n / ((spread.at(-1)! - STREAM_START_MS) / 1000);
    expect(perSecond).toBeGreaterThan(80);
    expect(perSecond).toBeLessThan(110);

    const uniform = times('uniform');
    expect(uniform.at(-1)! - STREAM_START_MS).toBeLessThan(n);
    expect(sharingAMillisecond(uniform) / n).toBeGreaterThan(0.4); // Poisson(1): 1 - e^-1 of jobs share
    expect(sharingAMillisecond(uniform) / n).toBeLessThan(0.8);

    const bursty = times('bursty');
    const bursts = new Set(bursty).size;
    expect(n / bursts).toBeGreaterThan(100);
    expect(n / bursts).toBeLessThan(400);
  });

  it('refuses sizes that are not whole numbers from 0 to 100,000', () => {
    expect(generateStream('uniform', MAX_STREAM_SIZE)).toHaveLength(MAX_STREAM_SIZE);
    expect(() => generateStream('uniform', MAX_STREAM_SIZE + 1)).toThrow(RangeError);
    expect(() => generateStream('uniform', -1)).toThrow(RangeError);
    expect(() => generateStream('uniform', 2.5)).toThrow(RangeError);
  });
});
