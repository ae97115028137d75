import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareBytes, compareMembers } from './memberOrder.ts';

const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('compareMembers', () => {
  it('orders numeric-looking job ids as text, as Redis does', () => {
    expect(['9', '10', '11', '100', '2'].sort(compareMembers)).toEqual(['10', '100', '11', '2', '9']);
  });

  it('puts a prefix before the longer member', () => {
    expect(compareMembers('job', 'job1')).toBeLessThan(0);
    expect(compareMembers('job1', 'job')).toBeGreaterThan(0);
    expect(compareMembers('', 'a')).toBeLessThan(0);
  });

  it('returns 0 only for equal members', () => {
    expect(compareMembers('a', 'a')).toBe(0);
    expect(compareMembers('', '')).toBe(0);
    expect(compareMembers('a', 'b')).not.toBe(0);
  });

  it('sorts an astral character after U+E000..U+FFFF, as its UTF-8 bytes do', () => {
    // UTF-16 code units say '\u{1F600}' (0xD83D...) < '\uFFFD'; UTF-8 says F0.. > EF..
    expect('\u{1F600}' < '\uFFFD').toBe(true);
    expect(compareMembers('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect(compareMembers('\uE000', '\u{10000}')).toBeLessThan(0);
    expect(compareMembers('\uD7FF', '\u{10000}')).toBeLessThan(0);
  });

  it('compares astral characters by code point', () => {
    expect(compareMembers('\u{1F600}', '\u{1F601}')).toBeLessThan(0);
    expect(compareMembers('\u{10FFFF}', '\u{10000}')).toBeGreaterThan(0);
    expect(compareMembers('a\u{20000}', 'a\u{1FFFF}')).toBeGreaterThan(0);
  });

  const sign = (n: number): number => Math.sign(n) + 0;
  const highChars = fc
    .oneof(
      fc.integer({ min: 0xd000, max: 0xd7ff }),
      fc.integer({ min: 0xe000, max: 0xffff }),
      fc.integer({ min: 0x10000, max: 0x10ffff }),
      fc.integer({ min: 0x30, max: 0x39 }),
    )
    .map((cp) => String.fromCodePoint(cp));
  const members = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary-ascii' }),
    fc.string({ unit: highChars, maxLength: 6 }),
  );

  it('agrees with Buffer.compare of the UTF-8 bytes on random members', () => {
    fc.assert(
      fc.property(members, members, (a, b) => sign(compareMembers(a, b)) === sign(byteOrder(a, b))),
      { numRuns: 5000 },
    );
  });

  it('agrees with byte order on members sharing a long prefix', () => {
    fc.assert(
      fc.property(members, members, members, (prefix, a, b) => {
        const x = prefix + a;
        const y = prefix + b;
        return sign(compareMembers(x, y)) === sign(byteOrder(x, y));
      }),
      { numRuns: 2000 },
    );
  });

  it('is antisymmetric', () => {
    fc.assert(fc.property(members, members, (a, b) => sign(compareMembers(a, b)) === -sign(compareMembers(b, a))));
  });
});

describe('compareBytes', () => {
  it('is memcmp then the shorter first, as Buffer.compare (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 6 }), fc.uint8Array({ maxLength: 6 }), (a, b) => {
        expect(Math.sign(compareBytes(a, b))).toBe(Buffer.compare(Buffer.from(a), Buffer.from(b)));
      }),
    );
  });
});
