import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, plural } from './format.ts';

const intl = new Intl.NumberFormat('en-US');

describe('groupDigits', () => {
  it('groups a count by thousands', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(4096)).toBe('4,096');
    expect(groupDigits(123456)).toBe('123,456');
    expect(groupDigits(-1234567)).toBe('-1,234,567');
    expect(groupDigits(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991');
  });

  it('prints every safe integer as Intl.NumberFormat("en-US") does', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => groupDigits(n) === intl.format(n)),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.integer({ min: -100_000, max: 100_000 }), (n) => groupDigits(n) === intl.format(n)));
  });

  it('prints what is not a safe integer as Intl.NumberFormat("en-US") does (fractions, -0, NaN, infinities, past 2^53)', () => {
    for (const n of [-0, 0.5, 1234.5678, -0.0001, Number.NaN, Infinity, -Infinity, 2 ** 53, 1e21, -(2 ** 60)])
      expect(groupDigits(n)).toBe(intl.format(n));
    fc.assert(fc.property(fc.double(), (n) => groupDigits(n) === intl.format(n)));
  });

  it('is what plural prints with', () => {
    expect(groupDigits(10000)).toBe('10,000');
    expect(plural(1, 'job', 'jobs')).toBe('1 job');
    expect(plural(4096, 'job', 'jobs')).toBe('4,096 jobs');
  });
});
