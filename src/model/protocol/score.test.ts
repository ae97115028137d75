import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BAND_SLOTS,
  CLIFF_FIRE_TIME,
  bandOf,
  decodeScore,
  fireTimeOf,
  isPastCliff,
  legacyScore,
  legacySlot,
  nextScoreInBand,
  nextTimestampOf,
  promoteBound,
  scoreStep,
  textbookScore,
  wakeMillisecond,
} from './score.ts';

const NEW_YEAR_2026 = Date.UTC(2026, 0, 1); // 1767225600000

describe('fireTimeOf (delay > 0 and timestamp + delay or timestamp)', () => {
  it('adds a positive delay, ignores 0, negative and NaN delays', () => {
    expect(fireTimeOf(NEW_YEAR_2026, 5000)).toBe(1767225605000);
    expect(fireTimeOf(NEW_YEAR_2026, 0)).toBe(NEW_YEAR_2026);
    expect(fireTimeOf(NEW_YEAR_2026, -5000)).toBe(NEW_YEAR_2026);
    expect(fireTimeOf(NEW_YEAR_2026, Number.NaN)).toBe(NEW_YEAR_2026);
  });

  it('keeps a fractional delay and lets a huge one overflow like a double', () => {
    expect(fireTimeOf(NEW_YEAR_2026, 0.5)).toBe(1767225600000.5);
    expect(fireTimeOf(NEW_YEAR_2026, 1e300)).toBe(1e300);
    expect(fireTimeOf(NEW_YEAR_2026, Infinity)).toBe(Infinity);
  });
});

describe('bandOf', () => {
  it('shifts the fire-time twelve bits: worked numbers for 2026-01-01', () => {
    expect(bandOf(NEW_YEAR_2026)).toEqual({ minScore: 7238556057600000, maxScore: 7238556057604095 });
    expect(NEW_YEAR_2026 * BAND_SLOTS).toBe(7238556057600000);
    // the 32-bit shift a careless port would use is wrong:
    expect(NEW_YEAR_2026 << 12).not.toBe(7238556057600000);
  });

  it('tiles the score line without gaps below the cliff', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 41) + 1, max: 2 ** 41 - 2 }), (fireTime) => {
        const band = bandOf(fireTime);
        expect(band.maxScore - band.minScore).toBe(4095);
        expect(band.maxScore + 1).toBe(bandOf(fireTime + 1).minScore);
      }),
    );
  });

  it('at the cliff: 2^41 - 1 is the last exact band, from 2^41 maxScore rounds into the next band', () => {
    expect(bandOf(CLIFF_FIRE_TIME - 1)).toEqual({ minScore: 2 ** 53 - 4096, maxScore: 2 ** 53 - 1 });
    expect(bandOf(CLIFF_FIRE_TIME)).toEqual({ minScore: 2 ** 53, maxScore: 2 ** 53 + 4096 });
    expect(bandOf(CLIFF_FIRE_TIME).maxScore).toBe(bandOf(CLIFF_FIRE_TIME + 1).minScore);
    expect(bandOf(CLIFF_FIRE_TIME + 1)).toEqual({ minScore: 2 ** 53 + 4096, maxScore: 2 ** 53 + 8192 });
  });

  it('past the cliff every band ceiling is the next band floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2 ** 41, max: 2 ** 52 }), (fireTime) => {
        expect(bandOf(fireTime).maxScore).toBe(bandOf(fireTime + 1).minScore);
      }),
    );
  });

  it('a fractional fire-time gives a band straddling two milliseconds', () => {
    expect(bandOf(NEW_YEAR_2026 + 0.5)).toEqual({
      minScore: 7238556057600000 + 2048,
      maxScore: 7238556057600000 + 2048 + 4095,
    });
  });

  it('a huge fire-time overflows to Infinity', () => {
    expect(bandOf(1e305)).toEqual({ minScore: Infinity, maxScore: Infinity });
    expect(bandOf(1e300).minScore).toBe(1e300 * 4096);
  });
});

describe('nextScoreInBand', () => {
  const band = bandOf(NEW_YEAR_2026);

  it('first job takes the floor, the next ones one tick above the highest', () => {
    expect(nextScoreInBand(band, null)).toBe(band.minScore);
    expect(nextScoreInBand(band, band.minScore)).toBe(band.minScore + 1);
    expect(nextScoreInBand(band, band.minScore + 1)).toBe(band.minScore + 2);
  });

  it('saturates at the ceiling', () => {
    expect(nextScoreInBand(band, band.maxScore - 1)).toBe(band.maxScore);
    expect(nextScoreInBand(band, band.maxScore)).toBe(band.maxScore);
  });

  it('filling a band: 4096 distinct scores, then the ceiling for job 4097 on', () => {
    let current: number | null = null;
    const scores: number[] = [];
    for (let i = 0; i < 4100; i++) {
      current = nextScoreInBand(band, current);
      scores.push(current);
    }
    expect(new Set(scores.slice(0, 4096)).size).toBe(4096);
    expect(scores[4095]).toBe(band.maxScore);
    expect(scores.slice(4096)).toEqual([band.maxScore, band.maxScore, band.maxScore, band.maxScore]);
  });

  it('at the cliff the +1 is lost: same-ms jobs share the floor', () => {
    const cliffBand = bandOf(CLIFF_FIRE_TIME);
    expect(nextScoreInBand(cliffBand, cliffBand.minScore)).toBe(2 ** 53);
    expect(2 ** 53 + 1).toBe(2 ** 53);
    // one millisecond earlier the bump still works, up to the exact ceiling 2^53 - 1
    const lastExact = bandOf(CLIFF_FIRE_TIME - 1);
    expect(nextScoreInBand(lastExact, lastExact.minScore)).toBe(2 ** 53 - 4095);
    expect(nextScoreInBand(lastExact, 2 ** 53 - 2)).toBe(2 ** 53 - 1);
  });

  it('past the cliff a band holding the next band floor saturates into that next band', () => {
    const cliffBand = bandOf(CLIFF_FIRE_TIME);
    const nextFloor = bandOf(CLIFF_FIRE_TIME + 1).minScore;
    expect(nextScoreInBand(cliffBand, nextFloor)).toBe(nextFloor);
  });
});

describe('textbookScore', () => {
  it('is the fire-time in ms, or in whole seconds (floored)', () => {
    expect(textbookScore(NEW_YEAR_2026, 5000, 'ms')).toBe(1767225605000);
    expect(textbookScore(NEW_YEAR_2026 + 999, 5000, 's')).toBe(1767225605);
    expect(textbookScore(NEW_YEAR_2026, 300_000, 's')).toBe(1767225900);
    expect(textbookScore(-1, 0, 's')).toBe(-1);
  });

  it('same-second jobs collide in seconds but not in ms', () => {
    expect(textbookScore(NEW_YEAR_2026, 10, 's')).toBe(textbookScore(NEW_YEAR_2026, 20, 's'));
    expect(textbookScore(NEW_YEAR_2026, 10, 'ms')).not.toBe(textbookScore(NEW_YEAR_2026, 20, 'ms'));
  });
});

describe('legacySlot / legacyScore (fireTime * 0x1000 + bit.band(counter, 0xfff))', () => {
  it('takes the counter modulo 4096 and wraps at 4096', () => {
    expect(legacyScore(NEW_YEAR_2026, 1)).toBe(7238556057600001);
    expect(legacyScore(NEW_YEAR_2026, 4095)).toBe(7238556057604095);
    expect(legacyScore(NEW_YEAR_2026, 4096)).toBe(legacyScore(NEW_YEAR_2026, 0));
    expect(legacyScore(NEW_YEAR_2026, 4097)).toBe(legacyScore(NEW_YEAR_2026, 1));
  });

  it('works for counters past 2^31 and 2^32 (what Redis bit.band answers)', () => {
    expect(legacySlot(2 ** 31 + 5)).toBe(5);
    expect(legacySlot(2 ** 32 + 4097)).toBe(1);
    expect(legacySlot(2 ** 40 + 7)).toBe(7);
  });

  it('matches LuaBitOp on odd inputs: NaN, infinities, negatives, fractions, beyond 2^51', () => {
    expect(legacySlot(Number.NaN)).toBe(0); // custom string id: tonumber gives nil/NaN
    expect(legacySlot(Infinity)).toBe(0);
    expect(legacySlot(-1)).toBe(4095);
    expect(legacySlot(2.5)).toBe(2); // rounds half to even
    expect(legacySlot(3.5)).toBe(4);
    expect(legacySlot(-0.5)).toBe(0);
    expect(legacySlot(4096 * 3 + 4095.5)).toBe(0);
    expect(legacySlot(2 ** 51 + 3)).toBe(2); // the magic add itself rounds
    expect(legacySlot(2 ** 52 + 3)).toBe(2);
  });

  it('equals the counter modulo 4096 for every integer below 2^51 in magnitude', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 51) + 1, max: 2 ** 51 - 1 }), (counter) => {
        expect(legacySlot(counter)).toBe(((counter % 4096) + 4096) % 4096);
      }),
    );
  });
});

describe('decodeScore', () => {
  it('recovers fire-time and slot exactly', () => {
    expect(decodeScore(7238556057600000)).toEqual({ fireTime: NEW_YEAR_2026, slot: 0 });
    expect(decodeScore(7238556057600007)).toEqual({ fireTime: NEW_YEAR_2026, slot: 7 });
    expect(decodeScore(7238556057604095)).toEqual({ fireTime: NEW_YEAR_2026, slot: 4095 });
    expect(decodeScore(-1)).toEqual({ fireTime: -1, slot: 4095 });
  });

  it('is the exact inverse below the cliff', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 41), max: 2 ** 41 - 1 }), fc.integer({ min: 0, max: 4095 }), (fireTime, slot) => {
        expect(decodeScore(fireTime * BAND_SLOTS + slot)).toEqual({ fireTime, slot });
      }),
    );
  });

  it('past the cliff a saturated score decodes to the next millisecond', () => {
    expect(decodeScore(bandOf(CLIFF_FIRE_TIME).maxScore)).toEqual({ fireTime: CLIFF_FIRE_TIME + 1, slot: 0 });
  });
});

describe('isPastCliff', () => {
  it('starts at 2^41 ms = 2039-09-07T15:47:35.552Z', () => {
    expect(new Date(CLIFF_FIRE_TIME).toISOString()).toBe('2039-09-07T15:47:35.552Z');
    expect(isPastCliff(CLIFF_FIRE_TIME - 1)).toBe(false);
    expect(isPastCliff(CLIFF_FIRE_TIME)).toBe(true);
    expect(isPastCliff(CLIFF_FIRE_TIME + 1)).toBe(true);
    expect(isPastCliff(NEW_YEAR_2026)).toBe(false);
  });
});

describe('promoteBound ((now + 1) * 0x1000 - 1)', () => {
  it('is the current band ceiling, excluding the next millisecond', () => {
    expect(promoteBound(NEW_YEAR_2026)).toBe(7238556057604095);
    expect(promoteBound(NEW_YEAR_2026)).toBe(bandOf(NEW_YEAR_2026).maxScore);
    expect(promoteBound(NEW_YEAR_2026)).toBeLessThan(bandOf(NEW_YEAR_2026 + 1).minScore);
  });

  it('past the cliff it reaches the next band floor (promotes 1 ms early)', () => {
    expect(promoteBound(CLIFF_FIRE_TIME)).toBe(bandOf(CLIFF_FIRE_TIME + 1).minScore);
    expect(promoteBound(CLIFF_FIRE_TIME - 1)).toBe(2 ** 53 - 1);
  });
});

describe('nextTimestampOf / wakeMillisecond', () => {
  it('divides without flooring: a bumped head is fractional, the worker wakes at the whole ms', () => {
    expect(nextTimestampOf(7238556057600000)).toBe(NEW_YEAR_2026);
    expect(nextTimestampOf(7238556057600001)).toBe(NEW_YEAR_2026 + 1 / 4096);
    expect(nextTimestampOf(7238556057600002) - NEW_YEAR_2026).toBe(2 / 4096);
    expect(wakeMillisecond(nextTimestampOf(7238556057604095))).toBe(NEW_YEAR_2026);
    expect(wakeMillisecond(-0.5)).toBe(0); // a C cast truncates toward zero
  });
});

describe('scoreStep', () => {
  it('is 1 just below 2^53 and doubles from there', () => {
    expect(scoreStep(2 ** 53 - 1)).toBe(1);
    expect(scoreStep(2 ** 53)).toBe(2);
    expect(scoreStep(2 ** 54 + 4)).toBe(4);
    expect(scoreStep(7238556057600000)).toBe(1);
    expect(scoreStep(-(2 ** 53))).toBe(2);
    expect(scoreStep(1)).toBe(2 ** -52);
    expect(scoreStep(0)).toBe(2 ** -1074);
  });
});
