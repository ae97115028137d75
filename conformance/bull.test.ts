/**
 * The real Bull as the oracle: bull 4.16.5 on the suite's redis-server against the model's
 * "bull-legacy" strategy (`fireTime * 0x1000 + (jobCounter & 0xfff)`, the counter from INCR
 * bull:<queue>:id, which Bull runs for custom ids too).
 *
 * Jobs go in through Queue.addBulk with each job's `timestamp`, `delay` and (when it is not an
 * integer) `jobId`. Promotion is Bull's updateDelaySet script, which a processing queue runs from
 * its delay timer with Date.now(); here it is called through Bull's own scripts module
 * (bull/lib/scripts.js, not public API: the timer cannot be driven to a chosen instant) until a call
 * promotes nothing, and the order is the wait list from the end workers take from.
 */
import { createRequire } from 'node:module';
import Bull from 'bull';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { allStreams } from './streams.ts';
import { Tally, countersById, isIntegerId, listOldestFirst, runModel, serverSet } from './libraries.ts';
import type { Arrival } from '../src/model/strategies/arrivalStreams.ts';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import { sweepTimeOf } from '../src/model/strategies/strategyComparison.ts';
import { sweepByScore } from '../src/model/protocol/sweep.ts';
import { bullUpdateDelaySetBound } from '../src/model/protocol/score.ts';

/** Bull's scripts module: updateDelaySet(queue, delayedTimestamp) runs updateDelaySet-6.lua and gives the next head's score. */
const scripts = createRequire(import.meta.url)('bull/lib/scripts.js') as {
  updateDelaySet(queue: Bull.Queue, now: number): Promise<string | null>;
};

const NAME = 'firetime';
const DELAYED = `bull:${NAME}:delayed`;
const WAIT = `bull:${NAME}:wait`;
const T = Date.UTC(2026, 10, 30, 12);

let redis: ConformanceRedis;
const tally = new Tally('bull 4.16.5');

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
});

afterAll(async () => {
  tally.report();
  await redis.close();
});

/** A Bull queue on an empty database, closed after `body`. */
async function withQueue<T>(body: (queue: Bull.Queue) => Promise<T>): Promise<T> {
  await redis.client.call('FLUSHDB');
  const queue = new Bull(NAME, { redis: { host: '127.0.0.1', port: redis.port, db: redis.db } });
  try {
    return await body(queue);
  } finally {
    await queue.close();
  }
}

async function addStream(queue: Bull.Queue, stream: readonly Arrival[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < stream.length; start += 1000) {
    const jobs = stream.slice(start, start + 1000).map((a) => ({
      data: {},
      opts: { delay: a.delay, timestamp: a.timestamp, ...(isIntegerId(a.jobId) ? {} : { jobId: a.jobId }) },
    }));
    for (const job of await queue.addBulk(jobs)) ids.push(String(job.id));
  }
  return ids;
}

/** updateDelaySet at `now` until a call promotes nothing; the wait list, oldest first. */
async function promote(queue: Bull.Queue, now: number): Promise<string[]> {
  for (;;) {
    const before = await redis.client.call('ZCARD', DELAYED);
    await scripts.updateDelaySet(queue, now);
    if ((await redis.client.call('ZCARD', DELAYED)) === before) break;
  }
  return listOldestFirst(redis.client, WAIT);
}

describe('bull 4.16.5 against the model’s strategy', () => {
  it.each(allStreams())('$name: every score and member, and the promotion order', async ({ stream }) => {
    const model = runModel('bull-legacy', stream);
    const { ids, set, order } = await withQueue(async (queue) => {
      const ids = await addStream(queue, stream);
      const set = await serverSet(redis.client, DELAYED);
      const order = (await promote(queue, sweepTimeOf(stream))).map(countersById(stream));
      return { ids, set, order };
    });
    expect(ids).toEqual(stream.map((a) => a.jobId));
    expect(tally.sets(model.set, set)).toEqual([]);
    expect(tally.orders(model.order, order)).toEqual([]);
  });

  it('updateDelaySet reads to now * 0x1000, inclusive: of the millisecond now, only slot 0 is due', async () => {
    // counters 4095, 4096, 4097 in one ms: slots 4095, 0, 1; the slot-0 job leaves at now = T + 5000, the others a ms later
    const stream: Arrival[] = Array.from({ length: 4097 }, (_, i) => ({
      timestamp: T,
      delay: i < 4094 ? 1000 : 5000,
      jobId: String(i + 1),
      counter: i + 1,
    }));
    await withQueue(async (queue) => {
      await addStream(queue, stream);
      const memory = new MemoryRedis();
      const flat = await serverSet(redis.client, DELAYED);
      for (let i = 0; i < flat.length; i += 2) memory.call('ZADD', DELAYED, flat[i + 1]!, flat[i]!);
      for (const now of [T + 4999, T + 5000, T + 5001]) {
        const expected = sweepByScore(memory, DELAYED, bullUpdateDelaySetBound(now));
        await redis.client.call('DEL', WAIT);
        expect(tally.orders(expected.map(Number), (await promote(queue, now)).map(Number))).toEqual([]);
        if (now === T + 5000) expect(expected).toEqual(['4096']);
      }
    });
  });
});
