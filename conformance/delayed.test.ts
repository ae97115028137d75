/**
 * Conformance of the delayed-set protocol: every scenario runs twice, once as EVAL of the
 * project's own Lua (conformance/lua/) on the real redis-server, once as delayed.ts on
 * MemoryRedis, and every returned value, plus regularly the whole set, must be identical.
 * Scores cross the script boundary as %.17g text (a Lua number reply would be truncated).
 *
 * What it proves and what it does not: the Lua here is the project's own reading of BullMQ's
 * scripts, so this file checks that delayed.ts computes what that Lua computes on a real Redis
 * (its doubles, its %.17g, its bit ops, thousands of random steps). That the reading matches BullMQ
 * itself is checked by conformance/bullmq.test.ts, which runs the real bullmq 6.7.0 and 5.8.5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { LUA } from './lua.ts';
import { seededRandom } from '../src/model/seededRandom.ts';
import { RespClient, RespError, type RespReply } from '../test-support/resp-client.ts';
import { MemoryRedis, RedisError } from '../src/model/redis/memoryRedis.ts';
import {
  JobNotDelayedError,
  addDelayedJob,
  changeDelay,
  getNextDelayedTimestamp,
  promoteDelayedJobs,
} from '../src/model/protocol/delayed.ts';
import { CLIFF_FIRE_TIME, bandOf, fireTimeOf, isPastCliff, legacyScore, legacySlot } from '../src/model/protocol/score.ts';

type Op =
  | { kind: 'add'; id: string; timestamp: number; delay: number }
  | { kind: 'change'; id: string; timestamp: number; delay: number }
  | { kind: 'promote'; now: number; limit: number }
  | { kind: 'next' }
  | { kind: 'zadd'; id: string; score: number } // a raw write, identical on both sides
  | { kind: 'set' }; // compare the whole set

const T = Date.UTC(2026, 0, 1);
const add = (id: string, timestamp: number, delay: number): Op => ({ kind: 'add', id, timestamp, delay });
const change = (id: string, timestamp: number, delay: number): Op => ({ kind: 'change', id, timestamp, delay });
const promote = (now: number, limit = 1000): Op => ({ kind: 'promote', now, limit });
const next: Op = { kind: 'next' };
const wholeSet: Op = { kind: 'set' };

/** Exact text for a double, -0 included (String() is the shortest text that reads back the same double). */
const exact = (x: number): string => (Object.is(x, -0) ? '-0' : String(x));

/** A %.17g text from Lua (or a Redis score) as a number: strtod's inf/nan spellings included. */
function fromLuaText(text: string): number {
  if (/^[+-]?inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/nan/i.test(text)) return Number.NaN;
  return Number(text);
}

function realOutcome(reply: RespReply, kind: Op['kind']): string {
  if (reply instanceof RespError) return `error ${reply.message}`;
  if (kind === 'add' || kind === 'change') {
    if (reply === -3) return 'not-delayed';
    const [score, fire] = reply as string[];
    return `score ${exact(fromLuaText(score!))} fire ${exact(fromLuaText(fire!))}`;
  }
  if (kind === 'next') return reply === null ? 'null' : exact(fromLuaText(reply as string));
  return JSON.stringify(reply);
}

/** What a scenario exercised, counted from the model's results (to show the mix reaches each case). */
interface Coverage {
  bumped: number; // scored above its band floor
  saturated: number; // scored at its band ceiling
  pastCliff: number; // fire-time at or past 2^41
  infinite: number; // an overflowing score
  notDelayed: number; // changeDelay's -3
  promoted: number; // jobs promoted
  fractionalWakes: number; // getNextDelayedTimestamp not a whole ms
}

const noCoverage = (): Coverage => ({
  bumped: 0,
  saturated: 0,
  pastCliff: 0,
  infinite: 0,
  notDelayed: 0,
  promoted: 0,
  fractionalWakes: 0,
});

function modelOutcome(run: () => unknown, kind: Op['kind'], coverage: Coverage): string {
  try {
    const value = run();
    if (kind === 'add' || kind === 'change') {
      const { score, delayedTimestamp } = value as { score: number; delayedTimestamp: number };
      const band = bandOf(delayedTimestamp);
      if (score > band.minScore) coverage.bumped++;
      if (score === band.maxScore) coverage.saturated++;
      if (isPastCliff(delayedTimestamp)) coverage.pastCliff++;
      if (score === Infinity) coverage.infinite++;
      return `score ${exact(score)} fire ${exact(delayedTimestamp)}`;
    }
    if (kind === 'next') {
      if (value !== null && !Number.isInteger(value)) coverage.fractionalWakes++;
      return value === null ? 'null' : exact(value as number);
    }
    if (kind === 'promote') coverage.promoted += (value as string[]).length;
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof JobNotDelayedError) {
      coverage.notDelayed++;
      return 'not-delayed';
    }
    if (error instanceof RedisError) return `error ${error.message}`;
    throw error;
  }
}

const tally = { scenarios: 0, operations: 0, setComparisons: 0, legacyChecks: 0, differences: 0 };
let redis: ConformanceRedis;
let client: RespClient;

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  client = redis.client;
});

afterAll(async () => {
  await redis.close();
  console.log(
    `delayed conformance: ${tally.scenarios} scenarios, ${tally.operations} operations, ` +
      `${tally.setComparisons} whole-set comparisons, ${tally.legacyChecks} legacy-score checks, ${tally.differences} differences`,
  );
  expect(tally.differences, 'differences from redis-server').toBe(0);
  expect(tally.setComparisons, 'whole-set comparisons').toBeGreaterThan(0);
  expect(tally.legacyChecks, 'legacy-score checks').toBeGreaterThan(0);
});

/** Runs one scenario on both sides; returns the differences (empty when they agree) and what it exercised. */
async function runBoth(name: string, ops: Iterable<Op>, setEvery = 0): Promise<{ differences: string[]; coverage: Coverage }> {
  const key = `conformance:${name}`;
  const model = new MemoryRedis();
  const differences: string[] = [];
  const coverage = noCoverage();
  await client.call('DEL', key);
  let step = 0;
  const compare = (label: string, real: string, mine: string): void => {
    if (real === mine) return;
    tally.differences++;
    if (differences.length < 20) differences.push(`${name} step ${step} ${label}: real ${real} | model ${mine}`);
  };
  const compareSet = async (): Promise<void> => {
    tally.setComparisons++;
    const real = await client.call('ZRANGE', key, 0, -1, 'WITHSCORES');
    compare('whole set', JSON.stringify(real), JSON.stringify(model.call('ZRANGE', key, 0, -1, 'WITHSCORES')));
  };
  for (const op of ops) {
    step++;
    if (op.kind === 'set') {
      await compareSet();
      continue;
    }
    tally.operations++;
    let real: RespReply;
    let mine: string;
    switch (op.kind) {
      case 'add':
      case 'change': {
        const script = op.kind === 'add' ? LUA.add : LUA.change;
        real = await client.call('EVAL', script, 1, key, op.id, String(op.timestamp), String(op.delay));
        const run = op.kind === 'add' ? addDelayedJob : changeDelay;
        mine = modelOutcome(() => run(model, key, op.id, op.timestamp, op.delay), op.kind, coverage);
        break;
      }
      case 'promote':
        real = await client.call('EVAL', LUA.promote, 1, key, String(op.now), String(op.limit));
        mine = modelOutcome(() => promoteDelayedJobs(model, key, op.now, op.limit), op.kind, coverage);
        break;
      case 'next':
        real = await client.call('EVAL', LUA.next, 1, key);
        mine = modelOutcome(() => getNextDelayedTimestamp(model, key), op.kind, coverage);
        break;
      case 'zadd':
        real = await client.call('ZADD', key, String(op.score), op.id);
        mine = modelOutcome(() => model.call('ZADD', key, op.score, op.id), op.kind, coverage);
        break;
    }
    compare(JSON.stringify(op), realOutcome(real, op.kind), mine);
    if (setEvery > 0 && step % setEvery === 0) await compareSet();
  }
  await compareSet();
  await client.call('DEL', key);
  tally.scenarios++;
  return { differences, coverage };
}

const repeat = (count: number, make: (i: number) => Op): Op[] => Array.from({ length: count }, (_, i) => make(i));
const drain = (now: number, times: number): Op[] => repeat(times, () => promote(now));

/** The unit tests' scenarios (src/model/delayed.test.ts), each as a list of operations. */
const scenarios: Record<string, Op[]> = {
  'three jobs in one ms': [add('c', T, 0), add('b', T - 1000, 1000), add('a', T, 0), wholeSet, next],
  'neighbouring ms leave the band alone': [add('before', T - 1, 0), add('after', T + 1, 0), add('x', T, 0)],
  '4096 fill the band, 4097+ get the ceiling': [...repeat(4098, (i) => add(`j${i}`, T, 0)), add('next-ms', T + 1, 0)],
  'saturation tie order 10, 11, 9': [
    ...repeat(4096, (i) => add(`f${String(i).padStart(4, '0')}`, T, 0)),
    add('9', T, 0),
    add('10', T, 0),
    add('11', T, 0),
    wholeSet,
    ...drain(T, 5),
  ],
  'just before the cliff the bump works': repeat(3, (i) => add(`${i}`, CLIFF_FIRE_TIME - 1, 0)),
  'past the cliff same-ms jobs share a score': [
    add('c', CLIFF_FIRE_TIME, 0),
    add('a', CLIFF_FIRE_TIME, 0),
    add('b', CLIFF_FIRE_TIME, 0),
    wholeSet,
    promote(CLIFF_FIRE_TIME),
  ],
  'past the cliff a job leaks into the next band': [
    add('later', CLIFF_FIRE_TIME + 1, 0),
    add('earlier', CLIFF_FIRE_TIME, 0),
    add('third', CLIFF_FIRE_TIME, 0),
  ],
  'past the cliff a job is promoted 1 ms early': [
    add('due-next-ms', CLIFF_FIRE_TIME + 1, 0),
    promote(CLIFF_FIRE_TIME),
    add('due-next-ms-2026', T + 1, 0),
    promote(T),
  ],
  'delay 0 and negative': [add('zero', T, 0), add('neg', T, -5000), add('neg-big', T, -T - 5000)],
  'fractional delay': [
    add('whole', T, 0),
    add('half', T, 0.5),
    add('whole-2', T, 0),
    add('odd', T, 0.1),
    add('odd-2', T, 1 / 3),
    next,
  ],
  'huge delay': [
    add('far', T, 1e305),
    add('farther', T, 1e306),
    add('big', T, 1e300),
    add('big-2', T, 1e300),
    next,
    promote(1e300),
    next,
  ],
  'negative timestamp': [add('past', -5000, 0), promote(T), next],
  'changeDelay self-bump': [add('a', T, 0), change('a', T, 0), change('a', T - 10, 10), change('a', T, 0)],
  'changeDelay overtakes later arrivals': [add('a', T, 0), add('b', T, 0), change('a', T, 0)],
  'changeDelay to another ms': [add('a', T, 0), change('a', T, 60_000)],
  'changeDelay of a missing job is -3': [change('ghost', T, 0), add('a', T, 0), promote(T), change('a', T, 5)],
  'promote order': [add('late', T, 2), add('b', T, 0), add('a', T, 0), add('early', T - 5, 0), promote(T)],
  'promote limit 1000': [...repeat(2500, (i) => add(`j${i}`, T - (i % 7), 0)), ...drain(T, 4)],
  'promote smaller limit': [add('a', T, 0), add('b', T, 0), add('c', T, 0), promote(T, 2), promote(T, 2)],
  'promote bound excludes the next ms': [
    ...repeat(4097, (i) => add(`j${i}`, T, 0)),
    add('next', T + 1, 0),
    ...drain(T, 6),
    promote(T + 1),
  ],
  'job at the band ceiling is due at its ms': [
    { kind: 'zadd', id: 'ceiling', score: bandOf(T).maxScore },
    promote(T - 1),
    promote(T),
  ],
  'next wake: empty, then whole ms': [next, add('a', T, 5000), next],
  'next wake fractional when the head is bumped': [
    add('a', T, 0),
    add('b', T, 0),
    add('c', T, 0),
    promote(T, 1),
    next,
    promote(T, 1),
    next,
  ],
};

/** A seeded generator, so the mix is the same on every run. */
function seeded(seed: number): { float(): number; int(min: number, max: number): number } {
  const float = seededRandom(seed);
  return { float, int: (min, max) => min + Math.floor(float() * (max - min + 1)) };
}

/**
 * A long random mix: adds (bursts into one ms, delays 0..60,000, some negative, fractional, at the
 * cliff or huge, and one burst past a full band), changeDelays (some of promoted jobs: -3),
 * promotes and next-wake reads, on a clock that mostly creeps and sometimes jumps.
 */
function randomMix(seed: number, steps: number): Op[] {
  const random = seeded(seed);
  const ops: Op[] = [];
  const ids: string[] = [];
  let clock = T + random.int(0, 1_000_000);
  let lastFire = clock;
  let nextId = 1;
  const pickDelay = (): number => {
    const r = random.float();
    if (r < 0.3) return lastFire - clock; // a burst into the last fire-time's ms (or now, if it is past)
    if (r < 0.6) return random.int(0, 60_000);
    if (r < 0.72) return random.int(0, 20);
    if (r < 0.78) return 0;
    if (r < 0.83) return -random.int(1, 60_000);
    if (r < 0.88) return random.int(0, 2000) + [0.25, 0.5, 0.75, random.float()][random.int(0, 3)]!;
    if (r < 0.92) return CLIFF_FIRE_TIME - clock + random.int(-3, 5);
    if (r < 0.93) return 10 ** random.int(300, 308);
    return random.int(0, 600_000);
  };
  const addOne = (delay: number): void => {
    const id = String(nextId++);
    ids.push(id);
    ops.push(add(id, clock, delay));
    lastFire = fireTimeOf(clock, delay);
  };
  for (let step = 0; step < steps; step++) {
    const tick = random.float();
    if (tick < 0.3) clock += random.int(1, 3);
    else if (tick < 0.45) clock += random.int(1, 2000);
    if (step === Math.floor(steps / 2)) {
      const delay = random.int(1, 60_000);
      for (let i = 0; i < 4200; i++) addOne(delay); // a band filled past its ceiling
      continue;
    }
    const r = random.float();
    if (r < 0.5) addOne(pickDelay());
    else if (r < 0.65) {
      const id = ids.length > 0 ? ids[random.int(0, ids.length - 1)]! : 'none';
      const delay = pickDelay();
      ops.push(change(id, clock, delay));
      lastFire = fireTimeOf(clock, delay);
    } else if (r < 0.85) {
      const where = random.float();
      const now =
        where < 0.7
          ? clock
          : where < 0.9
            ? clock + random.int(0, 60_000)
            : where < 0.97
              ? CLIFF_FIRE_TIME + random.int(-2, 6)
              : 1e300;
      ops.push(promote(now, random.float() < 0.7 ? 1000 : random.int(1, 50)));
    } else ops.push(next);
  }
  return ops;
}

describe("delayed protocol: the project's own Lua (not BullMQ's) on redis-server vs delayed.ts on MemoryRedis", () => {
  for (const [name, ops] of Object.entries(scenarios)) {
    it(name, async () => {
      expect((await runBoth(name, ops)).differences).toEqual([]);
    });
  }

  it('a long seeded random mix, whole set compared every 100 steps', async () => {
    const ops = randomMix(20260101, 9000);
    expect(ops.filter((op) => op.kind !== 'set').length).toBeGreaterThanOrEqual(5000);
    const { differences, coverage } = await runBoth('random mix', ops, 100);
    expect(differences).toEqual([]);
    console.log(`random mix coverage: ${JSON.stringify(coverage)}`);
    for (const [what, count] of Object.entries(coverage)) expect(count, what).toBeGreaterThan(0);
  });
});

describe('legacy score: score.ts vs Redis LuaBitOp bit.band', () => {
  it('agrees on counters of every kind', async () => {
    const random = seeded(4096);
    const counters = [
      0,
      1,
      4095,
      4096,
      4097,
      -1,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 31 + 5,
      2 ** 32 + 4097,
      2 ** 51 + 3,
      2 ** 52 + 3,
      2 ** 53 + 2,
      1e20,
    ];
    counters.push(2.5, 3.5, -0.5, 4095.5, Number.NaN, Infinity, -Infinity);
    for (let i = 0; i < 300; i++) counters.push(random.int(0, 2 ** 30) * 2 ** random.int(0, 23) + random.int(0, 4095));
    const differences: string[] = [];
    for (const counter of counters) {
      const [score, slot] = (await client.call('EVAL', LUA.legacy, 0, String(T), String(counter))) as string[];
      const real = `${exact(fromLuaText(score!))} ${exact(fromLuaText(slot!))}`;
      const mine = `${exact(legacyScore(T, counter))} ${exact(legacySlot(counter))}`;
      if (real !== mine) differences.push(`counter ${counter}: real ${real} | model ${mine}`);
      tally.legacyChecks++;
    }
    tally.differences += differences.length;
    expect(differences).toEqual([]);
  });
});
