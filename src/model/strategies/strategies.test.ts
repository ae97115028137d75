import { describe, expect, it } from 'vitest';
import { MemoryRedis } from '../redis/memoryRedis.ts';
import type { Arrival } from './arrivalStreams.ts';
import { seededRandom } from '../seededRandom.ts';
import { compareMembers } from '../redis/memberOrder.ts';
import {
  STRATEGIES,
  kueMember,
  resqueListKey,
  streamUuid,
  sidekiqPayload,
  sidekiqScore,
  strategyById,
  type StrategyId,
} from './strategies.ts';
import { sweepByScore } from '../protocol/sweep.ts';

const T = Date.UTC(2026, 10, 30, 12, 0, 0, 0); // 1796040000000
const DELAY = 5000;

const arrival = (counter: number, timestamp: number): Arrival => ({ timestamp, delay: DELAY, jobId: String(counter), counter });

/**
 * The fixed stream: jobs 1..11 in one ms (fire-time T+5998), job 12 one ms later (T+5999, the same
 * second), job 13 one ms after that (T+6000, the next second).
 */
const STREAM: Arrival[] = [
  ...Array.from({ length: 11 }, (_, i) => arrival(i + 1, T + 998)),
  arrival(12, T + 999),
  arrival(13, T + 1000),
];
const ALL_DUE = T + 10_000;

/** Opens a queue of the strategy over a fresh MemoryRedis, enqueues the stream, returns both and the scores. */
function run(id: StrategyId, stream: readonly Arrival[] = STREAM) {
  const strategy = strategyById(id);
  const redis = new MemoryRedis();
  const queue = strategy.open(redis);
  const scores = stream.map((a) => queue.add(a));
  const entries = (): Array<[string, string]> => {
    const flat = redis.call('ZRANGE', strategy.key, 0, -1, 'WITHSCORES') as string[];
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
    return pairs;
  };
  return { strategy, redis, queue, scores, entries };
}

describe('the strategy table', () => {
  it('lists the seven strategies once each, every one with its systems, rule, tie-break and note', () => {
    expect(STRATEGIES.map((s) => s.id)).toEqual([
      'textbook-s',
      'textbook-ms',
      'bull-legacy',
      'bullmq-band',
      'sidekiq',
      'resque',
      'kue',
    ]);
    for (const s of STRATEGIES) {
      for (const text of [s.name, s.systems, s.rule, s.tieBreak, s.note, s.key]) expect(text.length).toBeGreaterThan(0);
    }
    expect(() => strategyById('nope' as StrategyId)).toThrow(RangeError);
  });
});

describe('textbook, whole seconds (RQ, Asynq)', () => {
  it('scores the due second and orders a second’s jobs by their uuid bytes', () => {
    const { scores, entries, queue } = run('textbook-s');
    const second = Math.floor((T + 5998) / 1000);
    expect(scores).toEqual([...Array(12).fill(second), second + 1]);
    const set = entries();
    expect(set.map(([, score]) => score)).toEqual([...Array(12).fill(String(second)), String(second + 1)]);
    const firstSecond = set.slice(0, 12).map(([member]) => member);
    expect(firstSecond).toEqual([...firstSecond].sort(compareMembers));
    for (const member of firstSecond)
      expect(member).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const order = queue.promote(ALL_DUE);
    expect(order.slice(12)).toEqual([13]);
    expect([...order.slice(0, 12)].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(order.slice(0, 12)).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('promotes a whole second as soon as its first millisecond comes (up to 999 ms early)', () => {
    const { queue } = run('textbook-s');
    expect(queue.promote(T + 4999)).toEqual([]);
    expect(queue.promote(T + 5000)).toHaveLength(12);
  });

  it('draws version 4 uuids from a seeded source: the same stream gives the same ids', () => {
    const random = seededRandom(3);
    expect([streamUuid(random), streamUuid(random)]).toEqual([
      '0b761c43-fdaa-4b04-8d90-c46c0719865e',
      '02420079-50a7-4186-9af4-1653eb1eca00',
    ]);
  });
});

describe('textbook, ms (bee-queue)', () => {
  it('scores the due ms and lets member text order same-ms jobs: 10 and 11 before 2', () => {
    const { scores, queue } = run('textbook-ms');
    expect(scores).toEqual([...Array(11).fill(T + 5998), T + 5999, T + 6000]);
    expect(queue.promote(ALL_DUE)).toEqual([1, 10, 11, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13]);
  });

  it('promotes only what is due, by the ms', () => {
    const { queue } = run('textbook-ms');
    expect(queue.promote(T + 5997)).toEqual([]);
    expect(queue.promote(T + 5999)).toEqual([1, 10, 11, 2, 3, 4, 5, 6, 7, 8, 9, 12]);
  });
});

describe('id counter in the low bits (Bull 3/4, BullMQ < 5.8.6)', () => {
  it('adds the counter’s twelve low bits under the ms: FIFO while they do not wrap', () => {
    const { scores, queue } = run('bull-legacy');
    expect(scores).toEqual(STREAM.map((a) => (a.timestamp + DELAY) * 0x1000 + a.counter));
    expect(queue.promote(ALL_DUE)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('sends counters 4096 and 4097 ahead of 4094 and 4095 in the same ms (the wrap)', () => {
    const stream = [4094, 4095, 4096, 4097].map((counter) => arrival(counter, T));
    const { scores, queue } = run('bull-legacy', stream);
    const floor = (T + DELAY) * 0x1000;
    expect(scores).toEqual([floor + 4094, floor + 4095, floor, floor + 1]);
    expect(queue.promote(ALL_DUE)).toEqual([4096, 4097, 4094, 4095]);
  });

  it('sweeps to the next band’s floor, inclusive: ZRANGEBYSCORE key 0 ((now + 1) * 0x1000)', () => {
    const { queue } = run('bull-legacy');
    expect(queue.promote(T + 5997)).toEqual([]);
    expect(queue.promote(T + 5998)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('band bump (BullMQ >= 5.8.6, EchoMQ)', () => {
  it('bumps each same-ms job one tick above the last: FIFO', () => {
    const { scores, queue } = run('bullmq-band');
    const floor = (T + 5998) * 0x1000;
    expect(scores).toEqual([...Array.from({ length: 11 }, (_, i) => floor + i), (T + 5999) * 0x1000, (T + 6000) * 0x1000]);
    expect(queue.promote(T + 5998)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(queue.promote(ALL_DUE)).toEqual([12, 13]);
  });

  it('past 4,096 jobs in one ms, the rest share the ceiling and fall back to id text', () => {
    const stream = Array.from({ length: 4100 }, (_, i) => arrival(i + 1, T));
    const { scores, queue } = run('bullmq-band', stream);
    const ceiling = (T + DELAY + 1) * 0x1000 - 1;
    expect(scores.slice(4095)).toEqual(Array(5).fill(ceiling));
    expect(queue.promote(ALL_DUE).slice(4095)).toEqual([4096, 4097, 4098, 4099, 4100]);
    // Counters 5903..10002: the ceiling holds 9998..10002, and "10000" sorts before "9998".
    const crossing = Array.from({ length: 4100 }, (_, i) => arrival(i + 5903, T));
    expect(run('bullmq-band', crossing).queue.promote(ALL_DUE).slice(4095)).toEqual([10000, 10001, 10002, 9998, 9999]);
  });
});

describe('float seconds (Sidekiq)', () => {
  it('scores now.to_f + interval and orders same-ms payloads by bytes: args [10], [11] before [1]', () => {
    const { scores, entries, queue } = run('sidekiq');
    expect(scores[0]).toBe((T + 998) / 1000 + 5);
    expect(scores[12]).toBe((T + 1000) / 1000 + 5);
    const set = entries();
    expect(set[0]![0]).toContain('"args":[10]');
    expect(JSON.parse(set[0]![0]) as unknown).toMatchObject({
      retry: true,
      queue: 'default',
      class: 'DelayedJob',
      args: [10],
      created_at: T + 998,
    });
    expect(queue.promote(ALL_DUE)).toEqual([10, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13]);
  });

  it('computes the score as two float divisions and a sum', () => {
    expect(sidekiqScore(1_000_500, 2500)).toBe(1003);
    expect(sidekiqScore(T + 998, 5000)).toBe((T + 998) / 1000 + 5000 / 1000);
  });

  it('promotes only the jobs whose float second has come', () => {
    const { queue } = run('sidekiq');
    expect(queue.promote(T + 5997)).toEqual([]);
    expect(queue.promote(T + 5998)).toEqual([10, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('writes the payload keys in Sidekiq’s merge order, args before jid', () => {
    const text = sidekiqPayload(arrival(7, T), 'ab'.repeat(12));
    expect(text).toBe(
      `{"retry":true,"queue":"default","class":"DelayedJob","args":[7],"jid":"${'ab'.repeat(12)}","created_at":${T}}`,
    );
  });
});

describe('seconds + FIFO list (resque-scheduler)', () => {
  it('keeps one set member per second and promotes each second’s list in arrival order', () => {
    const { scores, entries, queue } = run('resque');
    const second = Math.floor((T + 5998) / 1000);
    expect(scores).toEqual([...Array(12).fill(second), second + 1]);
    expect(entries()).toEqual([
      [String(second), String(second)],
      [String(second + 1), String(second + 1)],
    ]);
    expect(resqueListKey(second)).toBe(`delayed:${second}`);
    expect(queue.promote(T + 5500)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(entries()).toEqual([[String(second + 1), String(second + 1)]]);
    expect(queue.promote(ALL_DUE)).toEqual([13]);
    expect(entries()).toEqual([]);
  });
});

describe('ms + length-prefixed id (Kue)', () => {
  it('names a job by its counter, as Kue’s INCR does, whatever id the stream carries', () => {
    const { entries } = run('kue', [{ timestamp: T, delay: DELAY, jobId: 'job:abc', counter: 7 }]);
    expect(entries()).toEqual([['01|7', String(T + DELAY)]]);
  });

  it('prefixes the id’s two-digit length, so byte order is numeric order', () => {
    expect(kueMember('7')).toBe('01|7');
    expect(kueMember('10')).toBe('02|10');
    expect(kueMember('123456789012')).toBe('12|123456789012');
    const { scores, entries, queue } = run('kue');
    expect(scores).toEqual([...Array(11).fill(T + 5998), T + 5999, T + 6000]);
    expect(
      entries()
        .slice(0, 3)
        .map(([member]) => member),
    ).toEqual(['01|1', '01|2', '01|3']);
    expect(queue.promote(ALL_DUE)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
});

describe('jobs without a delay (Bull, BullMQ, bee-queue, Kue: straight to the wait list)', () => {
  it.each(['bull-legacy', 'bullmq-band', 'textbook-ms', 'kue'] as const)(
    '%s: a delay of 0 or less writes no score and comes first at the sweep',
    (id) => {
      const stream: Arrival[] = [
        arrival(1, T),
        { timestamp: T + 1, delay: 0, jobId: '2', counter: 2 },
        { timestamp: T + 2, delay: -5, jobId: '3', counter: 3 },
        arrival(4, T),
      ];
      const { scores, queue, entries } = run(id, stream);
      expect(scores.map(Number.isNaN)).toEqual([false, true, true, false]);
      expect(entries().map(([member]) => member)).toHaveLength(2);
      expect(queue.promote(ALL_DUE)).toEqual([2, 3, 1, 4]);
    },
  );

  it.each(['textbook-s', 'sidekiq', 'resque'] as const)('%s (no package here to check against) still scores them', (id) => {
    const { scores } = run(id, [{ timestamp: T, delay: 0, jobId: '1', counter: 1 }]);
    expect(Number.isNaN(scores[0])).toBe(false);
  });
});

describe('sweepByScore', () => {
  it('reads batches of LIMIT until one comes back short, removing each batch', () => {
    const redis = new MemoryRedis();
    for (let i = 0; i < 25; i++) redis.call('ZADD', 'k', i, `m${String(i).padStart(2, '0')}`);
    expect(sweepByScore(redis, 'k', 19, 10)).toEqual(Array.from({ length: 20 }, (_, i) => `m${String(i).padStart(2, '0')}`));
    expect(redis.call('ZCARD', 'k')).toBe(5);
  });

  it('refuses a member it did not write', () => {
    const { redis, queue, strategy } = run('kue', [arrival(1, T)]);
    redis.call('ZADD', strategy.key, 0, 'stranger');
    expect(() => queue.promote(ALL_DUE)).toThrow(/stranger/);
  });
});
