import { describe, expect, it } from 'vitest';
import { seededRandom } from './seededRandom.ts';

describe('seededRandom', () => {
  it('repeats for one seed, differs between seeds, stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
    expect(new Set(xs).size).toBe(1000);
  });

  it('works from seed 0 (xorshift needs a set bit)', () => {
    const zero = seededRandom(0);
    expect(zero()).not.toBe(zero());
  });
});
