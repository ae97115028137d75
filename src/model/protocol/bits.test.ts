import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bandOf, nextScoreInBand } from './score.ts';
import { CLIFF_FIRE_TIME } from './score.ts';
import { bitLayout, exactRecovery, exactScore, fieldDigits, scoreBitLayout } from './bits.ts';

/** The whole number a finite non-negative double holds, read from its IEEE-754 fields (not through BigInt(number)). */
function doubleValue(score: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, score);
  const high = view.getUint32(0);
  const low = view.getUint32(4);
  const exponent = (high >>> 20) & 0x7ff;
  const fraction = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  if (exponent === 0) return 0n; // zero (no whole score is subnormal)
  const significand = fraction | (1n << 52n);
  const shift = exponent - 1075; // 1023 bias + 52 fraction bits
  return shift >= 0 ? significand << BigInt(shift) : significand >> BigInt(-shift);
}

const drawn = (score: number) =>
  BigInt(
    `0b${scoreBitLayout(score)!
      .bits.map((bit) => bit.value)
      .join('')}`,
  );

const LESSON_FIRE_TIME = Date.UTC(2026, 10, 30, 12) + 5000;

describe('bitLayout: a score drawn in binary', () => {
  const band = bandOf(LESSON_FIRE_TIME);
  const bump = nextScoreInBand(band, band.minScore);
  const pastCliff = bandOf(CLIFF_FIRE_TIME + 1);

  it.each([
    ['the floor', band.minScore],
    ['a bump', bump],
    ['the ceiling', band.maxScore],
    ['a post-2039 floor', pastCliff.minScore],
    ['a post-2039 bump (rounded back)', nextScoreInBand(pastCliff, pastCliff.minScore)],
    ['a post-2039 ceiling (rounded up)', pastCliff.maxScore],
  ])('%s: the drawn bits are the double’s bits', (_name, score) => {
    expect(drawn(score)).toBe(doubleValue(score));
  });

  it('the floor: the fire-time’s bits, then twelve zero slot bits, in 53 places', () => {
    const layout = scoreBitLayout(band.minScore)!;
    expect(layout.width).toBe(53);
    expect(fieldDigits(layout, 'ms')).toBe(LESSON_FIRE_TIME.toString(2));
    expect(fieldDigits(layout, 'slot')).toBe('000000000000');
    expect(layout.bits.filter((bit) => bit.field === 'slot')).toHaveLength(12);
    expect(layout.needsRounding).toBe(false);
    expect(layout.bits.some((bit) => bit.rounded)).toBe(false);
  });

  it('a bump ticks the slot field; the ceiling pins it at all ones', () => {
    expect(fieldDigits(scoreBitLayout(bump)!, 'slot')).toBe('000000000001');
    expect(fieldDigits(scoreBitLayout(band.maxScore)!, 'slot')).toBe('111111111111');
    expect(fieldDigits(scoreBitLayout(band.maxScore)!, 'ms')).toBe(LESSON_FIRE_TIME.toString(2));
  });

  it('past 2^53: 54 places, the lowest outside the 53 a double holds, and floor + 1 needs it (so it is rounded)', () => {
    const layout = scoreBitLayout(pastCliff.minScore)!;
    expect(layout.width).toBe(54);
    expect(layout.heldBottom).toBe(1);
    expect(layout.bits.at(-1)).toMatchObject({ place: 0, rounded: true, value: 0 });
    const meant = bitLayout(exactScore(CLIFF_FIRE_TIME + 1, 1));
    expect(meant.needsRounding).toBe(true);
    // what the double stores instead: the floor again (round half to even)
    expect(BigInt(nextScoreInBand(pastCliff, pastCliff.minScore))).toBe(exactScore(CLIFF_FIRE_TIME + 1, 0));
  });

  it('draws any whole double as its own bits (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: 0, max: 4095 }), (fireTime, slot) => {
        const score = fireTime * 0x1000 + slot;
        expect(drawn(score)).toBe(doubleValue(score));
      }),
    );
  });

  it('refuses what is not a whole non-negative number', () => {
    expect(scoreBitLayout(1.5)).toBeNull();
    expect(scoreBitLayout(-4096)).toBeNull();
    expect(scoreBitLayout(Number.NaN)).toBeNull();
  });
});

describe('exactRecovery: score / 0x1000 written exactly', () => {
  const { minScore } = bandOf(LESSON_FIRE_TIME);

  it('the floor gives back the fire-time, no fraction', () => {
    expect(exactRecovery(minScore)).toMatchObject({
      decimal: String(LESSON_FIRE_TIME),
      slot: 0,
      reply: BigInt(LESSON_FIRE_TIME),
    });
  });

  it('a score bumped 3 times: the fire-time + 3/4096, every digit exact, where the float prints a rounded one', () => {
    const recovery = exactRecovery(minScore + 3)!;
    expect(recovery.decimal).toBe(`${LESSON_FIRE_TIME}.000732421875`);
    expect(recovery.slot).toBe(3);
    expect(String((minScore + 3) / 0x1000)).not.toBe(recovery.decimal);
    // Redis truncates the script's number to an integer reply: the fire-time
    expect(recovery.reply).toBe(BigInt(LESSON_FIRE_TIME));
  });

  it('the ceiling: + 4095/4096, still truncated to the fire-time', () => {
    const recovery = exactRecovery(minScore + 4095)!;
    expect(recovery.decimal).toBe(`${LESSON_FIRE_TIME}.999755859375`);
    expect(recovery.reply).toBe(BigInt(LESSON_FIRE_TIME));
  });

  it('agrees with the double Lua computes (exact: a division by a power of two)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 41 - 1 }), fc.integer({ min: 0, max: 4095 }), (fireTime, slot) => {
        const recovery = exactRecovery(fireTime * 0x1000 + slot)!;
        expect(recovery.whole * 4096n + BigInt(recovery.slot)).toBe(BigInt(fireTime * 0x1000 + slot));
        expect(Number(recovery.decimal)).toBe((fireTime * 0x1000 + slot) / 0x1000);
      }),
    );
  });

  it('is null for a score that is not whole', () => {
    expect(exactRecovery(0.5)).toBeNull();
  });
});
