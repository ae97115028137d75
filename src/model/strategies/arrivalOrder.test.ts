import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arrivalRanks } from './arrivalOrder.ts';
import { countDueInversions } from './dueOrder.ts';

function bruteRanks(values: readonly number[]): number[] {
  return values.map((v, i) => values.filter((w, j) => w < v || (w === v && j < i)).length);
}

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
        expect(anyMoved).toBe(countDueInversions(new Float64Array(values.length), values) > 0);
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
