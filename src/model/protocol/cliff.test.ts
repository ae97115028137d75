import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import * as cliff from './cliff.ts';
import { CLIFF_FIRE_TIME, bandOf, fireTimeOf, isPastCliff, scoreStep } from './score.ts';
import { MemoryRedis } from '../redis/memoryRedis.ts';
import { addDelayedJob, promoteDelayedJobs } from './delayed.ts';

const LATE_2026 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);
const JULIAN_YEAR_MS = 365.25 * 86_400_000;
const KEY = 'bull:q:delayed';

describe('scoreBits', () => {
  it('counts the binary digits of the whole part', () => {
    expect(cliff.scoreBits(0)).toBe(0);
    expect(cliff.scoreBits(0.75)).toBe(0);
    expect(cliff.scoreBits(1)).toBe(1);
    expect(cliff.scoreBits(4095)).toBe(12);
    expect(cliff.scoreBits(4096)).toBe(13);
    expect(cliff.scoreBits(-4096)).toBe(13);
    expect(cliff.scoreBits(2 ** 53 - 1)).toBe(53);
    expect(cliff.scoreBits(2 ** 53)).toBe(54);
    expect(cliff.scoreBits(Infinity)).toBe(Infinity);
  });

  it('agrees with the length of the number written in base 2', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(cliff.scoreBits(n)).toBe(n.toString(2).length);
      }),
    );
  });
});

describe('bandPrecision at the cliff', () => {
  it('2^41 - 1: the last exact band, all 53 bits used, spacing 1, 4096 scores, the bump works', () => {
    expect(cliff.LAST_EXACT_FIRE_TIME).toBe(2 ** 41 - 1);
    expect(new Date(cliff.LAST_EXACT_FIRE_TIME).toISOString()).toBe('2039-09-07T15:47:35.551Z');
    expect(cliff.bandPrecision(cliff.LAST_EXACT_FIRE_TIME)).toEqual({
      fireTime: 2 ** 41 - 1,
      minScore: 2 ** 53 - 4096,
      maxScore: 2 ** 53 - 1,
      scoreBits: 53,
      significandBitsUsed: 53,
      droppedBits: 0,
      spacing: 1,
      bumpLost: false,
      ceilingLeaks: false,
      distinctSlotScores: 4096,
      reachableScores: 4096,
    });
  });

  it('2^41: the score needs 54 bits, one is dropped, spacing 2, the bump is lost, the ceiling leaks', () => {
    expect(cliff.bandPrecision(CLIFF_FIRE_TIME)).toEqual({
      fireTime: 2 ** 41,
      minScore: 2 ** 53,
      maxScore: 2 ** 53 + 4096,
      scoreBits: 54,
      significandBitsUsed: 53,
      droppedBits: 1,
      spacing: 2,
      bumpLost: true,
      ceilingLeaks: true,
      distinctSlotScores: 2048,
      reachableScores: 1,
    });
    expect(cliff.bandPrecision(CLIFF_FIRE_TIME).maxScore).toBe(bandOf(CLIFF_FIRE_TIME + 1).minScore);
  });

  it('2^41 + 1: the same losses one millisecond later', () => {
    expect(cliff.bandPrecision(CLIFF_FIRE_TIME + 1)).toEqual({
      ...cliff.bandPrecision(CLIFF_FIRE_TIME),
      fireTime: 2 ** 41 + 1,
      minScore: 2 ** 53 + 4096,
      maxScore: 2 ** 53 + 8192,
    });
  });

  it('each doubling of the fire-time drops one more bit and halves the distinct scores', () => {
    expect(cliff.bandPrecision(2 ** 42)).toMatchObject({
      scoreBits: 55,
      droppedBits: 2,
      spacing: 4,
      distinctSlotScores: 1024,
      reachableScores: 1,
    });
    expect(cliff.bandPrecision(2 ** 43)).toMatchObject({ scoreBits: 56, droppedBits: 3, spacing: 8, distinctSlotScores: 512 });
    // the page's last clock instant, 9999-12-31T23:59:59.999Z
    expect(cliff.bandPrecision(253_402_300_799_999)).toMatchObject({
      scoreBits: 60,
      droppedBits: 7,
      spacing: 128,
      distinctSlotScores: 32,
      reachableScores: 1,
    });
  });

  it('today every score already fills all 53 bits, still exact; before 2^40 ms (2004) one bit is spare', () => {
    expect(cliff.bandPrecision(LATE_2026)).toMatchObject({
      scoreBits: 53,
      significandBitsUsed: 53,
      droppedBits: 0,
      spacing: 1,
      distinctSlotScores: 4096,
      reachableScores: 4096,
    });
    expect(new Date(2 ** 40).toISOString()).toBe('2004-11-03T19:53:47.776Z');
    expect(cliff.bandPrecision(2 ** 40 - 1)).toMatchObject({
      scoreBits: 52,
      significandBitsUsed: 52,
      droppedBits: 0,
      spacing: 0.5,
      distinctSlotScores: 4096,
    });
    expect(cliff.bandPrecision(0)).toMatchObject({
      scoreBits: 0,
      significandBitsUsed: 0,
      distinctSlotScores: 4096,
      reachableScores: 4096,
      bumpLost: false,
    });
  });

  it('before the cliff nothing is lost; from it on everything is (any whole ms up to year 9999)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2 ** 40, max: 253_402_300_799_999 }), (fireTime) => {
        const precision = cliff.bandPrecision(fireTime);
        const past = isPastCliff(fireTime);
        expect(precision.bumpLost).toBe(past);
        expect(precision.ceilingLeaks).toBe(past);
        expect(precision.reachableScores).toBe(past ? 1 : 4096);
        expect(precision.spacing).toBe(2 ** precision.droppedBits);
        expect(precision.spacing).toBe(scoreStep(precision.minScore));
        expect(precision.distinctSlotScores).toBe(4096 / precision.spacing);
        expect(precision.significandBitsUsed).toBe(cliff.SIGNIFICAND_BITS);
      }),
      { numRuns: 200 },
    );
  });
});

describe('longestFifoDelay', () => {
  it('from late 2026 it is about 12.8 years, and one ms more crosses the cliff', () => {
    const delay = cliff.longestFifoDelay(LATE_2026)!;
    expect(delay).toBe(2 ** 41 - 1 - LATE_2026);
    expect(delay / JULIAN_YEAR_MS).toBeCloseTo(12.77, 2);
    expect(isPastCliff(fireTimeOf(LATE_2026, delay))).toBe(false);
    expect(isPastCliff(fireTimeOf(LATE_2026, delay + 1))).toBe(true);
  });

  it('at 2^41 - 1 only a delay of 0 is safe; from 2^41 none is', () => {
    expect(cliff.longestFifoDelay(CLIFF_FIRE_TIME - 2)).toBe(1);
    expect(cliff.longestFifoDelay(CLIFF_FIRE_TIME - 1)).toBe(0);
    expect(cliff.longestFifoDelay(CLIFF_FIRE_TIME)).toBeNull();
    expect(cliff.longestFifoDelay(CLIFF_FIRE_TIME + 1)).toBeNull();
  });

  it('is the largest whole delay keeping the fire-time before the cliff, even from a fractional now', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: CLIFF_FIRE_TIME - 1, noNaN: true }), (now) => {
        const delay = cliff.longestFifoDelay(now)!;
        expect(Number.isInteger(delay)).toBe(true);
        expect(isPastCliff(fireTimeOf(now, delay))).toBe(false);
        expect(isPastCliff(fireTimeOf(now, delay + 1))).toBe(true);
      }),
    );
  });

  it('keeps three same-ms jobs in arrival order at that delay, not one ms later (delayed.ts on MemoryRedis)', () => {
    const delay = cliff.longestFifoDelay(LATE_2026)!;
    const scoresAt = (d: number): number[] => {
      const redis = new MemoryRedis();
      return ['c', 'a', 'b'].map((id) => addDelayedJob(redis, KEY, id, LATE_2026, d).score);
    };
    const [first, second, third] = scoresAt(delay);
    expect([second! - first!, third! - second!]).toEqual([1, 1]);
    expect(new Set(scoresAt(delay + 1)).size).toBe(1);
  });
});

describe('sweepReachesNextBand (promote 1 ms early)', () => {
  it('not before the cliff, nor from 2^41 - 1 whose bound 2^53 - 1 is exact; from 2^41 on it does', () => {
    expect(cliff.sweepReachesNextBand(LATE_2026)).toBe(false);
    expect(cliff.sweepReachesNextBand(CLIFF_FIRE_TIME - 1)).toBe(false);
    expect(cliff.sweepReachesNextBand(CLIFF_FIRE_TIME)).toBe(true);
    expect(cliff.sweepReachesNextBand(CLIFF_FIRE_TIME + 1)).toBe(true);
  });

  it('agrees with promoteDelayedJobs: a job due at T + 1 comes out of a sweep at T exactly when it says so', () => {
    for (const now of [
      LATE_2026,
      CLIFF_FIRE_TIME - 2,
      CLIFF_FIRE_TIME - 1,
      CLIFF_FIRE_TIME,
      CLIFF_FIRE_TIME + 1,
      cliff.fireTimeYearsPastCliff(5),
    ]) {
      const redis = new MemoryRedis();
      addDelayedJob(redis, KEY, 'due-next-ms', now, 1);
      expect(promoteDelayedJobs(redis, KEY, now).length === 1, String(now)).toBe(cliff.sweepReachesNextBand(now));
    }
  });
});

describe('clockForFireTime', () => {
  it('inverts fireTimeOf, delay 0 or below included', () => {
    expect(cliff.clockForFireTime(CLIFF_FIRE_TIME, 5000)).toBe(CLIFF_FIRE_TIME - 5000);
    expect(cliff.clockForFireTime(CLIFF_FIRE_TIME, 0)).toBe(CLIFF_FIRE_TIME);
    expect(cliff.clockForFireTime(CLIFF_FIRE_TIME, -7)).toBe(CLIFF_FIRE_TIME);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 }), fc.integer({ min: -1000, max: 2 ** 42 }), (fireTime, delay) => {
        expect(fireTimeOf(cliff.clockForFireTime(fireTime, delay), delay)).toBe(fireTime);
      }),
    );
  });
});

describe('fireTimeYearsPastCliff', () => {
  it('moves the cliff instant by calendar years', () => {
    expect(cliff.fireTimeYearsPastCliff(0)).toBe(CLIFF_FIRE_TIME);
    expect(new Date(cliff.fireTimeYearsPastCliff(1)).toISOString()).toBe('2040-09-07T15:47:35.552Z');
    expect(new Date(cliff.fireTimeYearsPastCliff(5)).toISOString()).toBe('2044-09-07T15:47:35.552Z');
  });
});

describe('tiesInBand', () => {
  it('below the cliff same-ms jobs do not tie', () => {
    const redis = new MemoryRedis();
    for (const id of ['c', 'a', 'b']) addDelayedJob(redis, KEY, id, cliff.LAST_EXACT_FIRE_TIME, 0);
    expect(cliff.tiesInBand(redis, KEY, cliff.LAST_EXACT_FIRE_TIME)).toEqual([]);
  });

  it('at 2^41 and 2^41 + 1 same-ms jobs share the floor and come back in member order', () => {
    for (const fireTime of [CLIFF_FIRE_TIME, CLIFF_FIRE_TIME + 1]) {
      const redis = new MemoryRedis();
      for (const id of ['job:3', 'job:10', 'job:1']) addDelayedJob(redis, KEY, id, fireTime, 0);
      expect(cliff.tiesInBand(redis, KEY, fireTime)).toEqual([
        { scoreText: String(bandOf(fireTime).minScore), members: ['job:1', 'job:10', 'job:3'], count: 3 },
      ]);
    }
  });

  it('sees a job that leaked into the next band tie with that band floor', () => {
    const redis = new MemoryRedis();
    addDelayedJob(redis, KEY, 'later', CLIFF_FIRE_TIME + 1, 0);
    const leaked = addDelayedJob(redis, KEY, 'earlier', CLIFF_FIRE_TIME, 0);
    expect(leaked.score).toBe(bandOf(CLIFF_FIRE_TIME + 1).minScore);
    expect(cliff.tiesInBand(redis, KEY, CLIFF_FIRE_TIME)).toEqual([
      { scoreText: String(2 ** 53 + 4096), members: ['earlier', 'later'], count: 2 },
    ]);
  });

  it('reads a few thousand entries of a band where tens of thousands of jobs share scores, and counts them all', () => {
    const redis = new MemoryRedis();
    const { minScore, maxScore } = bandOf(cliff.LAST_EXACT_FIRE_TIME);
    const args: Array<string | number> = [];
    for (let i = 0; i < 20_000; i++) args.push(minScore, `a${i}`);
    for (let i = 1; i < 4095; i++) args.push(minScore + i, `b${i}`);
    for (let i = 0; i < 30_000; i++) args.push(maxScore, `c${i}`);
    redis.call('ZADD', KEY, ...args);
    const call = redis.call.bind(redis);
    let read = 0;
    const spy = vi.spyOn(redis, 'call').mockImplementation((...callArgs) => {
      const reply = call(...callArgs);
      if (Array.isArray(reply)) read += reply.length / 2;
      return reply;
    });
    const ties = cliff.tiesInBand(redis, KEY, cliff.LAST_EXACT_FIRE_TIME);
    spy.mockRestore();
    expect(ties.map((tie) => [tie.scoreText, tie.count])).toEqual([
      [String(minScore), 20_000],
      [String(maxScore), 30_000],
    ]);
    expect(ties[0]!.members.slice(0, 3)).toEqual(['a0', 'a1', 'a10']);
    expect(ties[1]!.members.slice(0, 3)).toEqual(['c0', 'c1', 'c10']);
    expect(read).toBeLessThanOrEqual(3 * cliff.TIE_READ_LIMIT);
  });

  it('is empty for an empty set', () => {
    expect(cliff.tiesInBand(new MemoryRedis(), KEY, CLIFF_FIRE_TIME)).toEqual([]);
  });
});
