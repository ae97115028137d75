import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countDueInversions, dueBefore, dueOrderRanks } from './dueOrder.ts';

interface Job {
  readonly fire: number;
  readonly arrival: number;
}

/** The pairs i < j with j due before i, one by one. */
function brutePairs(jobs: readonly Job[]): number {
  let count = 0;
  for (let i = 0; i < jobs.length; i++)
    for (let j = i + 1; j < jobs.length; j++)
      if (dueBefore(jobs[j]!.fire, jobs[j]!.arrival, jobs[i]!.fire, jobs[i]!.arrival)) count++;
  return count;
}

/** Each row's due position: the jobs due before it, plus the equal ones listed before it. */
function bruteRanks(jobs: readonly Job[]): number[] {
  return jobs.map(
    (job, i) =>
      jobs.filter(
        (other, j) =>
          dueBefore(other.fire, other.arrival, job.fire, job.arrival) ||
          (j < i && other.fire === job.fire && other.arrival === job.arrival),
      ).length,
  );
}

const count = (jobs: readonly Job[]) =>
  countDueInversions(
    jobs.map((job) => job.fire),
    jobs.map((job) => job.arrival),
  );

const T = Date.UTC(2026, 10, 30, 12);

describe('countDueInversions', () => {
  it('is 0 for no job or one', () => {
    expect(count([])).toBe(0);
    expect(count([{ fire: T, arrival: 1 }])).toBe(0);
  });

  it('does not count jobs due at different times listed by fire-time, whatever their arrival', () => {
    // enqueued at delay 10,000, then at 1,000: the second is due first and the set lists it first
    expect(
      count([
        { fire: T + 1000, arrival: 2 },
        { fire: T + 10_000, arrival: 1 },
      ]),
    ).toBe(0);
    // the same two listed by arrival are out of due order
    expect(
      count([
        { fire: T + 10_000, arrival: 1 },
        { fire: T + 1000, arrival: 2 },
      ]),
    ).toBe(1);
  });

  it('counts same-millisecond jobs listed by member bytes: "10", "11", "12" before "2"', () => {
    const members = Array.from({ length: 12 }, (_, i) => String(i + 1)).sort();
    const jobs = members.map((member) => ({ fire: T, arrival: Number(member) }));
    // 10, 11 and 12 each sit before 2..9 (8 jobs): 24 pairs
    expect(count(jobs)).toBe(24);
    expect(brutePairs(jobs)).toBe(24);
  });

  it('compares fire-times exactly where a combined key would not (fire-times near 2^53)', () => {
    // fire * 4096 + arrival cannot tell these apart as doubles; the two keys can
    const big = 2 ** 52;
    const jobs = [
      { fire: big + 1, arrival: 1 },
      { fire: big, arrival: 2 },
    ];
    expect(count(jobs)).toBe(1);
    expect(Array.from(dueOrderRanks([big + 1, big], [1, 2]))).toEqual([1, 0]);
  });

  it('does not count two jobs with equal keys', () => {
    expect(
      count([
        { fire: T, arrival: 3 },
        { fire: T, arrival: 3 },
      ]),
    ).toBe(0);
  });

  it('refuses lists of different lengths', () => {
    expect(() => countDueInversions([1, 2], [1])).toThrow(RangeError);
  });

  it('matches the O(n^2) count', () => {
    const job = fc.record({ fire: fc.integer({ min: -5, max: 5 }), arrival: fc.integer({ min: -20, max: 20 }) });
    fc.assert(
      fc.property(fc.array(job, { maxLength: 150 }), (jobs) => {
        expect(count(jobs)).toBe(brutePairs(jobs));
      }),
      { numRuns: 400 },
    );
  });

  it('matches the O(n^2) count on page-sized fire-times and distinct arrivals', () => {
    const jobs = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 120 }).chain((offsets) =>
      fc.shuffledSubarray(
        offsets.map((offset, i) => ({ fire: T + offset * 1000, arrival: i + 1 })),
        { minLength: offsets.length, maxLength: offsets.length },
      ),
    );
    fc.assert(
      fc.property(jobs, (list) => {
        expect(count(list)).toBe(brutePairs(list));
      }),
      { numRuns: 300 },
    );
  });

  it('finishes on 100,000 jobs listed in reverse due order with the exact count', () => {
    const n = 100_000;
    const fire = Float64Array.from({ length: n }, (_, i) => T + Math.floor((n - i) / 10));
    const arrival = Float64Array.from({ length: n }, (_, i) => n - i);
    expect(countDueInversions(fire, arrival)).toBe((n * (n - 1)) / 2);
  });
});

describe('dueOrderRanks', () => {
  it('gives each row the position the due order would put it in', () => {
    expect(Array.from(dueOrderRanks([T + 5, T, T, T], [1, 4, 2, 3]))).toEqual([3, 2, 0, 1]);
  });

  it('matches the O(n^2) ranks, and a row moves exactly when some pair is out of due order', () => {
    const job = fc.record({ fire: fc.integer({ min: 0, max: 4 }), arrival: fc.integer({ min: 0, max: 30 }) });
    fc.assert(
      fc.property(fc.array(job, { maxLength: 100 }), (jobs) => {
        const ranks = Array.from(
          dueOrderRanks(
            jobs.map((j) => j.fire),
            jobs.map((j) => j.arrival),
          ),
        );
        expect(ranks).toEqual(bruteRanks(jobs));
        expect(ranks.some((rank, i) => rank !== i)).toBe(count(jobs) > 0);
      }),
      { numRuns: 300 },
    );
  });
});

/** The pairs i < j with values[i] > values[j], one by one. */
function bruteInversions(values: readonly number[]): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) if (values[i]! > values[j]!) count++;
  }
  return count;
}

/** The pairs out of arrival order: every job due at the same time, so arrival alone decides. */
const byArrival = (arrivals: ArrayLike<number>) => countDueInversions(new Float64Array(arrivals.length), arrivals);

describe('countDueInversions with one fire-time for every job: the pairs out of arrival order', () => {
  it('is 0 for an empty or single-element list', () => {
    expect(byArrival([])).toBe(0);
    expect(byArrival([7])).toBe(0);
  });

  it('is 0 for arrival order and n(n-1)/2 for reversed order', () => {
    const sorted = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(byArrival(sorted)).toBe(0);
    expect(byArrival([...sorted].reverse())).toBe((1000 * 999) / 2);
  });

  it('does not count equal arrivals as a pair', () => {
    expect(byArrival([3, 3, 3])).toBe(0);
    expect(byArrival([2, 1, 1])).toBe(2);
  });

  it('counts the textbook member-order fallback: ids 10, 11, 9 in set order', () => {
    // arrivals 9, 10, 11 read back in member-byte order "10" < "11" < "9"
    expect(byArrival([10, 11, 9])).toBe(2);
  });

  it('leaves its input untouched and accepts typed arrays', () => {
    const input = Int32Array.from([5, 4, 3, 2, 1]);
    expect(byArrival(input)).toBe(10);
    expect(Array.from(input)).toEqual([5, 4, 3, 2, 1]);
  });

  it('matches the O(n^2) count', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 200 }), (values) => {
        expect(byArrival(values)).toBe(bruteInversions(values));
      }),
      { numRuns: 300 },
    );
  });

  it('finishes on 100,000 reversed arrivals with the exact count', () => {
    const n = 100_000;
    const reversed = Float64Array.from({ length: n }, (_, i) => n - i);
    expect(byArrival(reversed)).toBe((n * (n - 1)) / 2);
  });
});
