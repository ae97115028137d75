/**
 * The real bee-queue as the oracle: bee-queue 2.0.0 on the suite's redis-server against the model's
 * "textbook-ms" strategy (score = the fire-time in ms, member = the job id, so same-ms jobs tie
 * and go by id text).
 *
 * Jobs go in through the public API: createJob().setId(id).delayUntil(timestamp + delay), with
 * Date.now() held at the job's timestamp while it is made (delayUntil keeps only a time after now),
 * then Queue.saveAll. Promotion is bee-queue's raiseDelayedJobs script, which a queue with
 * activateDelayedJobs runs from its timer at Date.now(); here it runs through the queue's own
 * script runner (Queue._evalScript, not public API: the timer cannot be driven to a chosen
 * instant) with the sweep instant, and the order is the waiting list from the end workers take from.
 */
import BeeQueue from 'bee-queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { allStreams } from './streams.ts';
import { Tally, atClock, countersById, listOldestFirst, runModel, serverSet } from './libraries.ts';
import type { Arrival } from '../src/model/strategies/arrivalStreams.ts';
import { sweepTimeOf } from '../src/model/strategies/strategyComparison.ts';

const NAME = 'firetime';
const DELAYED = `bq:${NAME}:delayed`;
const WAITING = `bq:${NAME}:waiting`;

/** The queue's script runner (lib/queue.js), which bee-queue's own timer calls raiseDelayedJobs through. */
type ScriptRunner = { _evalScript(name: string, numKeys: number, ...args: Array<string | number>): Promise<unknown> };

let redis: ConformanceRedis;
const tally = new Tally('bee-queue 2.0.0');

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
});

afterAll(async () => {
  tally.report();
  await redis.close();
});

/** A producer-only queue (no worker, no events, no timer of its own) on an empty database, closed after `body`. */
async function withQueue<T>(body: (queue: BeeQueue) => Promise<T>): Promise<T> {
  await redis.client.call('FLUSHDB');
  const queue = new BeeQueue(NAME, {
    redis: { host: '127.0.0.1', port: redis.port, db: redis.db },
    isWorker: false,
    getEvents: false,
    sendEvents: false,
    storeJobs: false,
    activateDelayedJobs: false,
  });
  try {
    await queue.ready();
    return await body(queue);
  } finally {
    await queue.close();
  }
}

async function addStream(queue: BeeQueue, stream: readonly Arrival[]): Promise<void> {
  for (let start = 0; start < stream.length; start += 1000) {
    const jobs: BeeQueue.Job<object>[] = [];
    for (const a of stream.slice(start, start + 1000)) {
      jobs.push(
        await atClock(a.timestamp, async () =>
          queue
            .createJob({})
            .setId(a.jobId)
            .delayUntil(a.timestamp + a.delay),
        ),
      );
    }
    const errors = await queue.saveAll(jobs);
    expect(errors.size).toBe(0);
  }
}

/** raiseDelayedJobs at `now` (it raises every due job in one call); the waiting list, oldest first. */
async function promote(queue: BeeQueue, now: number): Promise<string[]> {
  await (queue as unknown as ScriptRunner)._evalScript('raiseDelayedJobs', 2, DELAYED, WAITING, now, 1000);
  return listOldestFirst(redis.client, WAITING);
}

describe('bee-queue 2.0.0 against the model’s strategy', () => {
  it.each(allStreams())('$name: every score and member, and the promotion order', async ({ stream }) => {
    const model = runModel('textbook-ms', stream);
    const { set, order } = await withQueue(async (queue) => {
      await addStream(queue, stream);
      const set = await serverSet(redis.client, DELAYED);
      const order = (await promote(queue, sweepTimeOf(stream))).map(countersById(stream));
      return { set, order };
    });
    expect(tally.sets(model.set, set)).toEqual([]);
    expect(tally.orders(model.order, order)).toEqual([]);
  });
});
