/**
 * The precision cliff on the real server: the project's own Lua (conformance/lua/) run by EVAL on
 * redis-server 7.0.15 against delayed.ts on MemoryRedis, at fire-times around and past 2^41 ms, and
 * every number the cliff explorer (src/model/cliff.ts) shows about Redis checked by ZADD + ZSCORE.
 */
import { describe, expect, it } from 'vitest';
import { redisForFile } from './databases.ts';
import { LUA } from './lua.ts';
import { RespError, type RespReply } from '../test-support/resp-client.ts';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import type { Reply } from '../src/model/redis/memoryRedis.ts';
import { addDelayedJob, promoteDelayedJobs } from '../src/model/protocol/delayed.ts';
import { CLIFF_FIRE_TIME, bandOf } from '../src/model/protocol/score.ts';
import {
  LAST_EXACT_FIRE_TIME,
  bandPrecision,
  fireTimeYearsPastCliff,
  longestFifoDelay,
  sweepReachesNextBand,
  tiesInBand,
} from '../src/model/protocol/cliff.ts';
import { compareMembers } from '../src/model/redis/memberOrder.ts';

/** Lua's own `s + 1 == s` for the score in ARGV[1]. */
const BUMP_IS_LOST = 'local s = tonumber(ARGV[1]) return tostring(s + 1 == s)';
/** getDelayedScore's `(delayedTimestamp + 1) * 0x1000 - 1` for the fire-time in ARGV[1], as exact text. */
const MAX_SCORE = 'return string.format("%.17g", (tonumber(ARGV[1]) + 1) * 0x1000 - 1)';

const LATE_2026 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);
/** The page's last clock instant, 9999-12-31T23:59:59.999Z. */
const YEAR_9999 = 253_402_300_799_999;
const KEY = 'conformance:cliff';

const redis = redisForFile(import.meta.url);

/** Runs the commands in one pipeline on the file's database; their replies in order. */
function send(commands: Array<Array<string | number>>): Promise<RespReply[]> {
  return redis.client.pipeline(commands);
}

/** The exact decimal text of a whole-number double plus a whole offset (no JS rounding on the way). */
const integerText = (score: number, plus = 0): string => (BigInt(score) + BigInt(plus)).toString();

type Op = { kind: 'add'; id: string; timestamp: number; delay: number } | { kind: 'promote'; now: number };
const add = (id: string, timestamp: number, delay = 0): Op => ({ kind: 'add', id, timestamp, delay });
const promote = (now: number): Op => ({ kind: 'promote', now });

/** What a scenario returned: each op's result as text, then the whole set (ZRANGE 0 -1 WITHSCORES). */
interface Run {
  readonly results: string[];
  readonly set: Reply[];
}

/** The scenario as EVALs of the project's Lua, on a fresh key. */
async function runReal(ops: Op[]): Promise<Run> {
  const commands = ops.map((op) =>
    op.kind === 'add'
      ? ['EVAL', LUA.add, 1, KEY, op.id, String(op.timestamp), String(op.delay)]
      : ['EVAL', LUA.promote, 1, KEY, String(op.now), '1000'],
  );
  const replies = await send([['DEL', KEY], ...commands, ['ZRANGE', KEY, 0, -1, 'WITHSCORES'], ['DEL', KEY]]);
  const results = ops.map((op, i) => {
    const reply = replies[i + 1];
    if (reply instanceof RespError) return `error ${reply.message}`;
    // addDelayedJob.lua returns { %.17g score, %.17g fire-time }
    if (op.kind === 'add') return `score ${String(Number((reply as string[])[0]))}`;
    return `promoted ${JSON.stringify(reply)}`;
  });
  return { results, set: replies.at(-2) as Reply[] };
}

/** The same scenario through delayed.ts on MemoryRedis. */
function runModel(ops: Op[]): Run {
  const redis = new MemoryRedis();
  const results = ops.map((op) =>
    op.kind === 'add'
      ? `score ${String(addDelayedJob(redis, KEY, op.id, op.timestamp, op.delay).score)}`
      : `promoted ${JSON.stringify(promoteDelayedJobs(redis, KEY, op.now))}`,
  );
  return { results, set: redis.call('ZRANGE', KEY, 0, -1, 'WITHSCORES') as Reply[] };
}

/** Runs both sides, expects them to agree, and returns the real run. */
async function agree(ops: Op[]): Promise<Run> {
  const real = await runReal(ops);
  expect(runModel(ops)).toEqual(real);
  return real;
}

const scoresOf = (run: Run): number[] => run.results.filter((r) => r.startsWith('score ')).map((r) => Number(r.slice(6)));
const membersOf = (set: Reply[]): string[] => set.filter((_, i) => i % 2 === 0).map(String);

const PAST_THE_CLIFF = [CLIFF_FIRE_TIME, CLIFF_FIRE_TIME + 1, fireTimeYearsPastCliff(1), fireTimeYearsPastCliff(5)];
/** Arrival order that is not member byte order. */
const IDS = ['job:3', 'job:10', 'job:1', 'b', 'a'];

describe('same-ms collisions: the project Lua on redis-server agrees with delayed.ts on MemoryRedis', () => {
  it('at 2^41 - 1 five same-ms jobs get floor + 0..4 and keep arrival order', async () => {
    const run = await agree(IDS.map((id) => add(id, LAST_EXACT_FIRE_TIME - 5000, 5000)));
    const floor = bandOf(LAST_EXACT_FIRE_TIME).minScore;
    expect(scoresOf(run)).toEqual([0, 1, 2, 3, 4].map((slot) => floor + slot));
    expect(membersOf(run.set)).toEqual(IDS);
  });

  it.each(PAST_THE_CLIFF.map((fireTime) => [new Date(fireTime).toISOString(), fireTime]))(
    'at %s five same-ms jobs share the floor and fall back to member order',
    async (_iso, fireTime) => {
      const run = await agree(IDS.map((id) => add(id, fireTime - 5000, 5000)));
      expect(new Set(scoresOf(run))).toEqual(new Set([bandOf(fireTime).minScore]));
      expect(membersOf(run.set)).toEqual([...IDS].sort(compareMembers));
      // the view's tie note, computed from the real server's reply
      const range = bandOf(fireTime);
      const replies = await send([
        ['DEL', KEY],
        ...IDS.map((id) => ['ZADD', KEY, integerText(range.minScore), id]),
        ['ZRANGEBYSCORE', KEY, integerText(range.minScore), integerText(range.maxScore), 'WITHSCORES'],
        ['DEL', KEY],
      ]);
      const realRedis = { call: () => replies.at(-2) as Reply };
      expect(tiesInBand(realRedis, KEY, fireTime)).toEqual([
        { scoreText: integerText(range.minScore), members: [...IDS].sort(compareMembers), count: IDS.length },
      ]);
    },
  );

  it('the bump reaches 4096 scores at 2^41 - 1 (the 4097th job saturates) and 1 score at 2^41', async () => {
    for (const [fireTime, jobs] of [
      [LAST_EXACT_FIRE_TIME, 4097],
      [CLIFF_FIRE_TIME, 50],
    ] as const) {
      const run = await agree(Array.from({ length: jobs }, (_, i) => add(`j${i}`, fireTime)));
      expect(new Set(scoresOf(run)).size).toBe(bandPrecision(fireTime).reachableScores);
    }
  });
});

describe('the band ceiling rounds into the next band', () => {
  it.each(PAST_THE_CLIFF.map((fireTime) => [new Date(fireTime).toISOString(), fireTime]))(
    'at %s a job due 1 ms earlier lands on the next band floor, beside a job due there',
    async (_iso, fireTime) => {
      const run = await agree([add('later', fireTime + 1), add('earlier', fireTime), add('third', fireTime)]);
      const nextFloor = bandOf(fireTime + 1).minScore;
      expect(scoresOf(run)).toEqual([nextFloor, nextFloor, nextFloor]);
      expect(membersOf(run.set)).toEqual(['earlier', 'later', 'third']);
    },
  );

  it('just before the cliff the ceiling stays in its band', async () => {
    const run = await agree([
      add('later', LAST_EXACT_FIRE_TIME + 1),
      add('earlier', LAST_EXACT_FIRE_TIME),
      add('third', LAST_EXACT_FIRE_TIME),
    ]);
    const floor = bandOf(LAST_EXACT_FIRE_TIME).minScore;
    expect(scoresOf(run)).toEqual([2 ** 53, floor, floor + 1]);
  });
});

describe('promotion 1 ms early: a job due at T + 1 and a sweep at now = T', () => {
  it.each(
    [LATE_2026, CLIFF_FIRE_TIME - 2, CLIFF_FIRE_TIME - 1, ...PAST_THE_CLIFF].map((now) => [new Date(now).toISOString(), now]),
  )('now = %s', async (_iso, now) => {
    const run = await agree([add('due-next-ms', now, 1), promote(now)]);
    expect(run.results[1]).toBe(sweepReachesNextBand(now) ? 'promoted ["due-next-ms"]' : 'promoted []');
  });
});

describe('the longest FIFO-safe delay', () => {
  it('from late 2026: three same-ms jobs keep arrival order at that delay and share a score 1 ms further', async () => {
    const delay = longestFifoDelay(LATE_2026)!;
    const safe = await agree(['c', 'a', 'b'].map((id) => add(id, LATE_2026, delay)));
    expect(membersOf(safe.set)).toEqual(['c', 'a', 'b']);
    expect(new Set(scoresOf(safe)).size).toBe(3);
    const past = await agree(['c', 'a', 'b'].map((id) => add(id, LATE_2026, delay + 1)));
    expect(membersOf(past.set)).toEqual(['a', 'b', 'c']);
    expect(new Set(scoresOf(past)).size).toBe(1);
  });
});

describe('each number the cliff explorer shows, asked of Redis (ZADD, then ZSCORE)', () => {
  const FIRE_TIMES = [
    LATE_2026,
    LAST_EXACT_FIRE_TIME,
    CLIFF_FIRE_TIME,
    CLIFF_FIRE_TIME + 1,
    fireTimeYearsPastCliff(1),
    fireTimeYearsPastCliff(5),
    2 ** 42,
    YEAR_9999,
  ];

  it.each(FIRE_TIMES.map((fireTime) => [new Date(fireTime).toISOString(), fireTime]))('fire-time %s', async (_iso, fireTime) => {
    const shown = bandPrecision(fireTime);
    const nextFloor = bandOf(fireTime + 1).minScore;
    // every slot score minScore + 0..4095, written as its exact integer text
    const slotArgs = Array.from({ length: 4096 }, (_, slot) => [integerText(shown.minScore, slot), `s${slot}`]).flat();
    const replies = await send([
      ['DEL', KEY],
      ['ZADD', KEY, ...slotArgs],
      ['ZSCORE', KEY, 's0'],
      ['ZSCORE', KEY, 's1'],
      ['ZSCORE', KEY, 's4095'],
      ['ZRANGEBYSCORE', KEY, integerText(shown.minScore), `(${integerText(nextFloor)}`, 'WITHSCORES'],
      ['EVAL', BUMP_IS_LOST, 0, integerText(shown.minScore)],
      ['EVAL', MAX_SCORE, 0, String(fireTime)],
      ['DEL', KEY],
    ]);
    const [, , floorText, plusOneText, ceilingText, inBand, luaBumpLost, luaMaxScore] = replies as [
      unknown,
      unknown,
      string,
      string,
      string,
      string[],
      string,
      string,
    ];

    // "the score needs N bits": the stored floor written in base 2
    expect(BigInt(Number(floorText)).toString(2).length).toBe(shown.scoreBits);
    expect(Number(floorText)).toBe(shown.minScore);
    // "s + 1 == s at this score": ZADD of floor + 1 stores the floor; Lua agrees
    expect(Number(plusOneText) === shown.minScore).toBe(shown.bumpLost);
    expect(luaBumpLost).toBe(String(shown.bumpLost));
    // "maxScore rounds into the next band": Lua's maxScore and ZADD of its exact text
    expect(Number(luaMaxScore)).toBe(shown.maxScore);
    expect(Number(ceilingText)).toBe(shown.maxScore);
    expect(Number(ceilingText) >= nextFloor).toBe(shown.ceilingLeaks);
    // "distinct scores in the band" and "spacing": what the 4096 slot scores became
    const stored = [...new Set(inBand.filter((_, i) => i % 2 === 1).map(Number))].sort((a, b) => a - b);
    expect(stored.length).toBe(shown.distinctSlotScores);
    expect(stored[0]).toBe(shown.minScore);
    expect(stored[1]! - stored[0]!).toBe(shown.spacing);
    // "the lowest N bits are dropped": every stored score is a multiple of the spacing
    const spacing = BigInt(Math.max(1, shown.spacing));
    expect(stored.every((score) => BigInt(score) % spacing === 0n)).toBe(true);
  });

  it('2^41 - 1 is the last exact fire-time: all 4096 slot scores read back as written, not so at 2^41', async () => {
    for (const fireTime of [LAST_EXACT_FIRE_TIME, CLIFF_FIRE_TIME]) {
      const { minScore } = bandOf(fireTime);
      const written = Array.from({ length: 4096 }, (_, slot) => integerText(minScore, slot));
      const replies = await send([
        ['DEL', KEY],
        ['ZADD', KEY, ...written.flatMap((text, slot) => [text, `s${slot}`])],
        ['ZMSCORE', KEY, ...written.map((_, slot) => `s${slot}`)],
        ['DEL', KEY],
      ]);
      const readBack = replies[2] as string[];
      const exact = readBack.every((text, slot) => text === written[slot]);
      expect(exact).toBe(fireTime === LAST_EXACT_FIRE_TIME);
    }
  });
});
