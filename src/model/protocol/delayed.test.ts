import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRedis, type RedisLike, type Reply } from '../redis/memoryRedis.ts';
import {
  JobNotDelayedError,
  addDelayedJob,
  changeDelay,
  getDelayedScore,
  getNextDelayedTimestamp,
  promoteDelayedJobs,
} from './delayed.ts';
import type { DelayedScoreStep } from './delayed.ts';
import { CLIFF_FIRE_TIME, bandOf, decodeScore } from './score.ts';

const KEY = 'q:delayed';
const T = Date.UTC(2026, 0, 1); // 1767225600000
const FLOOR = T * 4096; // 7238556057600000

/** Passes every call through to a MemoryRedis and keeps the command lines, to check the protocol. */
class Recorder implements RedisLike {
  readonly log: Array<Array<string | number>> = [];
  constructor(readonly inner: MemoryRedis = new MemoryRedis()) {}
  call(command: string, ...args: Array<string | number>): Reply {
    this.log.push([command, ...args]);
    return this.inner.call(command, ...args);
  }
}

let redis: MemoryRedis;
beforeEach(() => {
  redis = new MemoryRedis();
});

/** The whole set as [member, score] pairs, scores parsed back to numbers. */
function contents(): Array<[string, number]> {
  const flat = redis.call('ZRANGE', KEY, 0, -1, 'WITHSCORES') as string[];
  const pairs: Array<[string, number]> = [];
  for (let i = 0; i < flat.length; i += 2) {
    const text = flat[i + 1]!;
    pairs.push([flat[i]!, text === 'inf' ? Infinity : text === '-inf' ? -Infinity : Number(text)]);
  }
  return pairs;
}

describe('protocol: the same commands, arguments and order as the Lua', () => {
  it('addDelayedJob: ZREVRANGEBYSCORE max min WITHSCORES LIMIT 0 1, then ZADD', () => {
    const rec = new Recorder();
    addDelayedJob(rec, KEY, 'a', T, 5000);
    const fire = T + 5000;
    expect(rec.log).toEqual([
      ['ZREVRANGEBYSCORE', KEY, (fire + 1) * 4096 - 1, fire * 4096, 'WITHSCORES', 'LIMIT', 0, 1],
      ['ZADD', KEY, fire * 4096, 'a'],
    ]);
  });

  it('getDelayedScore only reads', () => {
    const rec = new Recorder();
    expect(getDelayedScore(rec, KEY, T, 0)).toEqual({ score: FLOOR, delayedTimestamp: T });
    expect(rec.log.map((line) => line[0])).toEqual(['ZREVRANGEBYSCORE']);
    expect(rec.inner.call('ZCARD', KEY)).toBe(0);
  });

  it('changeDelay: the score read comes BEFORE the job own ZREM, then ZADD', () => {
    const rec = new Recorder();
    addDelayedJob(rec, KEY, 'a', T, 0);
    rec.log.length = 0;
    changeDelay(rec, KEY, 'a', T, 10);
    expect(rec.log.map((line) => line[0])).toEqual(['ZREVRANGEBYSCORE', 'ZREM', 'ZADD']);
    expect(rec.log[1]).toEqual(['ZREM', KEY, 'a']);
  });

  it('changeDelay of a job not in the set: -3, no ZADD, set unchanged', () => {
    const rec = new Recorder();
    addDelayedJob(rec, KEY, 'a', T, 0);
    rec.log.length = 0;
    expect(() => changeDelay(rec, KEY, 'ghost', T, 10)).toThrow(JobNotDelayedError);
    expect(rec.log.map((line) => line[0])).toEqual(['ZREVRANGEBYSCORE', 'ZREM']);
    expect(rec.inner.call('ZCARD', KEY)).toBe(1);
  });

  it('promote: ZRANGEBYSCORE 0 bound LIMIT 0 limit, then one ZREM of the batch; no ZREM when empty', () => {
    const rec = new Recorder();
    addDelayedJob(rec, KEY, 'a', T, 0);
    addDelayedJob(rec, KEY, 'b', T, 0);
    rec.log.length = 0;
    expect(promoteDelayedJobs(rec, KEY, T)).toEqual(['a', 'b']);
    expect(rec.log).toEqual([
      ['ZRANGEBYSCORE', KEY, 0, (T + 1) * 4096 - 1, 'LIMIT', 0, 1000],
      ['ZREM', KEY, 'a', 'b'],
    ]);
    rec.log.length = 0;
    expect(promoteDelayedJobs(rec, KEY, T)).toEqual([]);
    expect(rec.log.map((line) => line[0])).toEqual(['ZRANGEBYSCORE']);
  });

  it('getNextDelayedTimestamp: ZRANGE 0 0 WITHSCORES', () => {
    const rec = new Recorder();
    expect(getNextDelayedTimestamp(rec, KEY)).toBeNull();
    expect(rec.log).toEqual([['ZRANGE', KEY, 0, 0, 'WITHSCORES']]);
  });
});

describe('same millisecond', () => {
  it('three jobs get floor, floor + 1, floor + 2, in arrival order', () => {
    expect(addDelayedJob(redis, KEY, 'c', T, 0)).toEqual({ score: FLOOR, delayedTimestamp: T });
    expect(addDelayedJob(redis, KEY, 'b', T - 1000, 1000)).toEqual({ score: FLOOR + 1, delayedTimestamp: T });
    expect(addDelayedJob(redis, KEY, 'a', T, 0)).toEqual({ score: FLOOR + 2, delayedTimestamp: T });
    expect(contents()).toEqual([
      ['c', FLOOR],
      ['b', FLOOR + 1],
      ['a', FLOOR + 2],
    ]);
  });

  it('the neighbouring milliseconds do not disturb the band', () => {
    addDelayedJob(redis, KEY, 'before', T - 1, 0);
    addDelayedJob(redis, KEY, 'after', T + 1, 0);
    expect(addDelayedJob(redis, KEY, 'x', T, 0).score).toBe(FLOOR);
  });

  it('4096 jobs fill the band, job 4097 and later get the ceiling', () => {
    for (let i = 0; i < 4096; i++) expect(addDelayedJob(redis, KEY, `j${i}`, T, 0).score).toBe(FLOOR + i);
    expect(addDelayedJob(redis, KEY, 'j4096', T, 0).score).toBe(FLOOR + 4095);
    expect(addDelayedJob(redis, KEY, 'j4097', T, 0).score).toBe(FLOOR + 4095);
    expect(addDelayedJob(redis, KEY, 'next-ms', T + 1, 0).score).toBe(FLOOR + 4096);
  });

  it('saturated jobs tie at the ceiling and fall back to member order: "9", "10", "11" come out 10, 11, 9', () => {
    for (let i = 0; i < 4096; i++) addDelayedJob(redis, KEY, `f${String(i).padStart(4, '0')}`, T, 0);
    for (const id of ['9', '10', '11']) expect(addDelayedJob(redis, KEY, id, T, 0).score).toBe(FLOOR + 4095);
    const promoted = [...promoteDelayedJobs(redis, KEY, T, 1000)];
    while (promoted.length < 4099) {
      const batch = promoteDelayedJobs(redis, KEY, T, 1000);
      expect(batch.length).toBeGreaterThan(0);
      promoted.push(...batch);
    }
    expect(promoted.slice(0, 3)).toEqual(['f0000', 'f0001', 'f0002']);
    expect(promoted.slice(-4)).toEqual(['10', '11', '9', 'f4095']);
  });
});

describe('the precision cliff at fire-time 2^41', () => {
  it('one millisecond before it the bump still works', () => {
    const before = CLIFF_FIRE_TIME - 1;
    expect(addDelayedJob(redis, KEY, 'a', before, 0).score).toBe(2 ** 53 - 4096);
    expect(addDelayedJob(redis, KEY, 'b', before, 0).score).toBe(2 ** 53 - 4095);
    expect(addDelayedJob(redis, KEY, 'c', before, 0).score).toBe(2 ** 53 - 4094);
  });

  it('past it same-ms jobs share one score and come out in member order', () => {
    for (const id of ['c', 'a', 'b']) expect(addDelayedJob(redis, KEY, id, CLIFF_FIRE_TIME, 0).score).toBe(2 ** 53);
    expect(contents()).toEqual([
      ['a', 2 ** 53],
      ['b', 2 ** 53],
      ['c', 2 ** 53],
    ]);
    expect(promoteDelayedJobs(redis, KEY, CLIFF_FIRE_TIME)).toEqual(['a', 'b', 'c']);
  });

  it('a job leaks into the next band: its ceiling is the next band floor', () => {
    const next = CLIFF_FIRE_TIME + 1;
    expect(addDelayedJob(redis, KEY, 'later', next, 0).score).toBe(2 ** 53 + 4096);
    const leaked = addDelayedJob(redis, KEY, 'earlier', CLIFF_FIRE_TIME, 0);
    expect(leaked).toEqual({ score: 2 ** 53 + 4096, delayedTimestamp: CLIFF_FIRE_TIME });
    expect(decodeScore(leaked.score).fireTime).toBe(next);
  });

  it('a job is promoted 1 ms early: the sweep bound rounds up to the next band floor', () => {
    addDelayedJob(redis, KEY, 'due-next-ms', CLIFF_FIRE_TIME + 1, 0);
    expect(promoteDelayedJobs(redis, KEY, CLIFF_FIRE_TIME)).toEqual(['due-next-ms']);
    // below the cliff the same shape waits for its millisecond
    addDelayedJob(redis, KEY, 'due-next-ms-2026', T + 1, 0);
    expect(promoteDelayedJobs(redis, KEY, T)).toEqual([]);
  });
});

describe('odd delays', () => {
  it('delay 0 and negative delays mean "now": the timestamp band', () => {
    expect(addDelayedJob(redis, KEY, 'zero', T, 0)).toEqual({ score: FLOOR, delayedTimestamp: T });
    expect(addDelayedJob(redis, KEY, 'neg', T, -5000)).toEqual({ score: FLOOR + 1, delayedTimestamp: T });
  });

  it('a fractional delay gives a band straddling two milliseconds', () => {
    addDelayedJob(redis, KEY, 'whole', T, 0);
    expect(addDelayedJob(redis, KEY, 'half', T, 0.5)).toEqual({ score: FLOOR + 2048, delayedTimestamp: T + 0.5 });
    // the next whole-ms job of T now sees the fractional one as its band's highest
    expect(addDelayedJob(redis, KEY, 'whole-2', T, 0).score).toBe(FLOOR + 2049);
  });

  it('a huge delay overflows to an infinite score that saturates and never promotes', () => {
    expect(addDelayedJob(redis, KEY, 'far', T, 1e305)).toEqual({ score: Infinity, delayedTimestamp: 1e305 + T });
    expect(addDelayedJob(redis, KEY, 'farther', T, 1e306).score).toBe(Infinity);
    expect(redis.call('ZRANGE', KEY, 0, -1, 'WITHSCORES')).toEqual(['far', 'inf', 'farther', 'inf']);
    expect(getNextDelayedTimestamp(redis, KEY)).toBe(Infinity);
    expect(promoteDelayedJobs(redis, KEY, 1e300)).toEqual([]);
  });

  it('a timestamp below zero gives a negative score that the 0 bound never promotes', () => {
    expect(addDelayedJob(redis, KEY, 'past', -5000, 0).score).toBe(-5000 * 4096);
    expect(promoteDelayedJobs(redis, KEY, T)).toEqual([]);
    expect(getNextDelayedTimestamp(redis, KEY)).toBe(-5000);
  });
});

describe('changeDelay', () => {
  it('re-delaying a job into its own millisecond bumps its own score +1 each time', () => {
    addDelayedJob(redis, KEY, 'a', T, 0);
    expect(changeDelay(redis, KEY, 'a', T, 0).score).toBe(FLOOR + 1);
    expect(changeDelay(redis, KEY, 'a', T - 10, 10).score).toBe(FLOOR + 2);
    expect(changeDelay(redis, KEY, 'a', T, 0).score).toBe(FLOOR + 3);
    expect(contents()).toEqual([['a', FLOOR + 3]]);
  });

  it('the self-bump lets a re-delayed job overtake later arrivals of its millisecond', () => {
    addDelayedJob(redis, KEY, 'a', T, 0);
    addDelayedJob(redis, KEY, 'b', T, 0);
    changeDelay(redis, KEY, 'a', T, 0);
    expect(contents()).toEqual([
      ['b', FLOOR + 1],
      ['a', FLOOR + 2],
    ]);
  });

  it('moves a job to another millisecond', () => {
    addDelayedJob(redis, KEY, 'a', T, 0);
    expect(changeDelay(redis, KEY, 'a', T, 60_000)).toEqual({ score: (T + 60_000) * 4096, delayedTimestamp: T + 60_000 });
    expect(contents()).toEqual([['a', (T + 60_000) * 4096]]);
  });

  it('a job not in the set is -3 and nothing is added', () => {
    expect(() => changeDelay(redis, KEY, 'ghost', T, 0)).toThrow(/-3/);
    expect(redis.call('ZCARD', KEY)).toBe(0);
  });
});

describe('promoteDelayedJobs', () => {
  it('returns due jobs in score order, removes them, leaves the rest', () => {
    addDelayedJob(redis, KEY, 'late', T, 2);
    addDelayedJob(redis, KEY, 'b', T, 0);
    addDelayedJob(redis, KEY, 'a', T, 0);
    addDelayedJob(redis, KEY, 'early', T - 5, 0);
    expect(promoteDelayedJobs(redis, KEY, T)).toEqual(['early', 'b', 'a']);
    expect(contents().map(([member]) => member)).toEqual(['late']);
  });

  it('takes at most 1000 per call', () => {
    for (let i = 0; i < 2500; i++) addDelayedJob(redis, KEY, `j${i}`, T - (i % 7), 0);
    expect(promoteDelayedJobs(redis, KEY, T)).toHaveLength(1000);
    expect(promoteDelayedJobs(redis, KEY, T)).toHaveLength(1000);
    expect(promoteDelayedJobs(redis, KEY, T)).toHaveLength(500);
    expect(promoteDelayedJobs(redis, KEY, T)).toEqual([]);
  });

  it('honours a smaller limit', () => {
    for (const id of ['a', 'b', 'c']) addDelayedJob(redis, KEY, id, T, 0);
    expect(promoteDelayedJobs(redis, KEY, T, 2)).toEqual(['a', 'b']);
    expect(promoteDelayedJobs(redis, KEY, T, 2)).toEqual(['c']);
  });

  it('the bound (now + 1) * 0x1000 - 1 takes the whole current band and excludes the next ms', () => {
    for (let i = 0; i < 4097; i++) addDelayedJob(redis, KEY, `j${i}`, T, 0); // j4095 and j4096 at the ceiling
    addDelayedJob(redis, KEY, 'next', T + 1, 0);
    const promoted: string[] = [];
    for (let batch = promoteDelayedJobs(redis, KEY, T); batch.length > 0; batch = promoteDelayedJobs(redis, KEY, T))
      promoted.push(...batch);
    expect(promoted).toHaveLength(4097);
    expect(promoted).not.toContain('next');
    expect(promoteDelayedJobs(redis, KEY, T + 1)).toEqual(['next']);
  });

  it('a job exactly at the band ceiling is due at its own millisecond', () => {
    redis.call('ZADD', KEY, bandOf(T).maxScore, 'ceiling');
    expect(promoteDelayedJobs(redis, KEY, T - 1)).toEqual([]);
    expect(promoteDelayedJobs(redis, KEY, T)).toEqual(['ceiling']);
  });
});

describe('getNextDelayedTimestamp', () => {
  it('is null for an empty set and the whole ms for a floor head', () => {
    expect(getNextDelayedTimestamp(redis, KEY)).toBeNull();
    addDelayedJob(redis, KEY, 'a', T, 5000);
    expect(getNextDelayedTimestamp(redis, KEY)).toBe(T + 5000);
  });

  it('is fractional when the head is a bumped job: T + k/4096, exactly', () => {
    addDelayedJob(redis, KEY, 'a', T, 0);
    addDelayedJob(redis, KEY, 'b', T, 0);
    addDelayedJob(redis, KEY, 'c', T, 0);
    expect(promoteDelayedJobs(redis, KEY, T, 1)).toEqual(['a']);
    expect(getNextDelayedTimestamp(redis, KEY)).toBe(T + 1 / 4096);
    expect(promoteDelayedJobs(redis, KEY, T, 1)).toEqual(['b']);
    expect(getNextDelayedTimestamp(redis, KEY)! - T).toBe(2 / 4096);
  });
});

describe('reply format', () => {
  it('reads the same scores whether replies are printed as Redis 7.0 or 7.2 does', () => {
    const results = (['7.0', '7.2'] as const).map((scoreFormat) => {
      const server = new MemoryRedis({ scoreFormat });
      const scores = ['a', 'b', 'c'].map((id) => addDelayedJob(server, KEY, id, T, 0.25).score);
      scores.push(addDelayedJob(server, KEY, 'far', T, 1e305).score);
      promoteDelayedJobs(server, KEY, T, 1);
      return [...scores, getNextDelayedTimestamp(server, KEY)];
    });
    expect(results[0]).toEqual([FLOOR + 1024, FLOOR + 1025, FLOOR + 1026, Infinity, T + 0.25 + 1 / 4096]);
    expect(results[1]).toEqual(results[0]);
  });
});

describe('getDelayedScore traced, line by line', () => {
  /** The steps a traced call is told, and what it returns. */
  function traced(timestamp: number, delay: number) {
    const steps: DelayedScoreStep[] = [];
    const returned = getDelayedScore(redis, KEY, timestamp, delay, (step) => steps.push(step));
    return { steps, returned };
  }
  const lines = (steps: readonly DelayedScoreStep[]) => steps.map((step) => step.line);
  const valueAt = (steps: readonly DelayedScoreStep[], line: DelayedScoreStep['line']) =>
    steps.find((s) => s.line === line)?.value;
  const band = bandOf(T + 1000);

  it('a floor job: the locals, an empty reply, nil, then return minScore', () => {
    const { steps, returned } = traced(T, 1000);
    expect(returned).toEqual(getDelayedScore(redis, KEY, T, 1000));
    expect(lines(steps)).toEqual([
      'call',
      'delayedTimestamp',
      'minScore',
      'maxScore',
      'result',
      'result length',
      'currentMaxScore',
      'has score',
      'return floor',
    ]);
    expect(steps).toEqual([
      { line: 'call', value: { timestamp: T, delay: 1000 } },
      { line: 'delayedTimestamp', value: T + 1000 },
      { line: 'minScore', value: band.minScore },
      { line: 'maxScore', value: band.maxScore },
      { line: 'result', value: [] },
      { line: 'result length', value: 0 },
      { line: 'currentMaxScore', value: null },
      { line: 'has score', value: false },
      { line: 'return floor', value: returned.score },
    ]);
    expect(returned.score).toBe(band.minScore);
  });

  it('a bump: the reply holds the highest member and score, the test for a full band fails, return currentMaxScore + 1', () => {
    addDelayedJob(redis, KEY, 'a', T, 1000);
    addDelayedJob(redis, KEY, 'b', T, 1000);
    const { steps, returned } = traced(T, 1000);
    expect(returned).toEqual(getDelayedScore(redis, KEY, T, 1000));
    expect(returned.score).toBe(band.minScore + 2);
    expect(valueAt(steps, 'result')).toEqual(['b', String(band.minScore + 1)]);
    expect(valueAt(steps, 'result length')).toBe(2);
    expect(valueAt(steps, 'currentMaxScore')).toBe(band.minScore + 1);
    expect(lines(steps).slice(-3)).toEqual(['has score', 'band full', 'return bump']);
    expect(steps.slice(-3).map((step) => step.value)).toEqual([true, false, returned.score]);
  });

  it('a ceiling: 4,096 jobs in the band, the test for a full band holds, return maxScore', () => {
    for (let n = 0; n < 4096; n++) addDelayedJob(redis, KEY, `j${n}`, T, 1000);
    const { steps, returned } = traced(T, 1000);
    expect(returned).toEqual(getDelayedScore(redis, KEY, T, 1000));
    expect(returned.score).toBe(band.maxScore);
    expect(valueAt(steps, 'result')).toEqual(['j4095', String(band.maxScore)]);
    expect(valueAt(steps, 'currentMaxScore')).toBe(band.maxScore);
    expect(lines(steps).slice(-3)).toEqual(['has score', 'band full', 'return ceiling']);
    expect(steps.slice(-3).map((step) => step.value)).toEqual([true, true, band.maxScore]);
  });

  it('the trace changes nothing: the same score with or without it, and no write', () => {
    addDelayedJob(redis, KEY, 'a', T, 1000);
    const before = contents();
    const plain = getDelayedScore(redis, KEY, T, 1000);
    expect(traced(T, 1000).returned).toEqual(plain);
    expect(contents()).toEqual(before);
  });
});
