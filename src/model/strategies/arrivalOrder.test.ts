import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arrivalRanks, countInversions } from './arrivalOrder.ts';

function bruteInversions(values: readonly number[]): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) if (values[i]! > values[j]!) count++;
  }
  return count;
}

function bruteRanks(values: readonly number[]): number[] {
  return values.map((v, i) => values.filter((w, j) => w < v || (w === v && j < i)).length);
}

describe('countInversions', () => {
  it('is 0 for an empty or single-element list', () => {
    expect(countInversions([])).toBe(0);
    expect(countInversions([7])).toBe(0);
  });

  it('is 0 for arrival order and n(n-1)/2 for reversed order', () => {
    const sorted = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(countInversions(sorted)).toBe(0);
    expect(countInversions([...sorted].reverse())).toBe((1000 * 999) / 2);
  });

  it('does not count equal arrivals as a pair', () => {
    expect(countInversions([3, 3, 3])).toBe(0);
    expect(countInversions([2, 1, 1])).toBe(2);
  });

  it('counts the textbook member-order fallback: ids 10, 11, 9 in set order', () => {
    // arrivals 9, 10, 11 read back in member-byte order "10" < "11" < "9"
    expect(countInversions([10, 11, 9])).toBe(2);
  });

  it('leaves its input untouched and accepts typed arrays', () => {
    const input = Int32Array.from([5, 4, 3, 2, 1]);
    expect(countInversions(input)).toBe(10);
    expect(Array.from(input)).toEqual([5, 4, 3, 2, 1]);
  });

  it('matches the O(n^2) count', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 200 }), (values) => {
        expect(countInversions(values)).toBe(bruteInversions(values));
      }),
      { numRuns: 300 },
    );
  });

  it('finishes on 100,000 reversed arrivals with the exact count', () => {
    const n = 100_000;
    const reversed = Float64Array.from({ length: n }, (_, i) => n - i);
    expect(countInversions(reversed)).toBe((n * (n - 1)) / 2);
  });
});

describe('arrivalRanks', () => {
  it('is empty for an empty list', () => {
    expect(arrivalRanks([])).toEqual(new Int32Array(0));
  });

  it('gives each row the position arrival order would put it in', () => {
    expect(Array.from(arrivalRanks([10, 11, 9]))).toEqual([1, 2, 0]);
    expect(Array.from(arrivalRanks([1, 2, 3]))).toEqual([0, 1, 2]);
  });

  it('ranks equal arrivals in row order', () => {
    expect(Array.from(arrivalRanks([4, 2, 4, 2]))).toEqual([2, 0, 3, 1]);
  });

  it('matches a brute-force rank and is a permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 120 }), (values) => {
        const ranks = Array.from(arrivalRanks(values));
        expect(ranks).toEqual(bruteRanks(values));
        expect([...ranks].sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
      }),
      { numRuns: 300 },
    );
  });

  it('marks no row out of order exactly when there are no inversions', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 60 }), (values) => {
        const ranks = arrivalRanks(values);
        const anyMoved = ranks.some((rank, i) => rank !== i);
        expect(anyMoved).toBe(countInversions(values) > 0);
      }),
    );
  });

  it('finishes on 100,000 shuffled arrivals', () => {
    const n = 100_000;
    const values = Float64Array.from({ length: n }, (_, i) => (i * 7919) % n);
    const ranks = arrivalRanks(values);
    expect(ranks.length).toBe(n);
    for (let i = 0; i < n; i += 9973) expect(ranks[i]).toBe(values[i]);
  });
});
