/**
 * The real Kue as the oracle: kue 0.11.6 on the suite's redis-server against the model's "kue"
 * strategy (score = the fire-time in ms, member = the INCR id's two-digit length, a bar and the id).
 *
 * Jobs go in through the public API, Queue.create(type, data).delay(ms).save(), a millisecond's jobs at
 * a time with Date.now() held at their timestamp (save reads the clock for created_at and promote_at after
 * its INCR). Kue has no custom ids: a job's id is its INCR counter, so the streams' own ids do not
 * reach it. Only the delayed set is compared: Kue's promoter is a 1 s setInterval under a warlock
 * lock that reads `ZRANGEBYSCORE q:jobs:delayed 0 Date.now() LIMIT 0 1000` (the set's order, which
 * is compared here) and moves each job to the inactive set, which workers read by priority and id.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { allStreams } from './streams.ts';
import { Tally, atClock, runModel, serverSet } from './libraries.ts';

/** What these tests use of kue (it ships no types). */
interface KueJob {
  delay(ms: number): KueJob;
  save(done: (error?: Error) => void): KueJob;
  readonly id: number;
}
interface KueQueue {
  create(type: string, data: object): KueJob;
  shutdown(timeoutMs: number, done: (error?: Error) => void): void;
}
const kue = createRequire(import.meta.url)('kue') as { createQueue(options: object): KueQueue };

const DELAYED = 'q:jobs:delayed';

let redis: ConformanceRedis;
let queue: KueQueue;
const tally = new Tally('kue 0.11.6');

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  queue = kue.createQueue({ prefix: 'q', redis: { host: '127.0.0.1', port: redis.port, db: redis.db }, jobEvents: false });
});

afterAll(async () => {
  tally.report();
  await new Promise<void>((resolve, reject) => queue.shutdown(1000, (error) => (error ? reject(error) : resolve())));
  await redis.close();
});

describe('kue 0.11.6 against the model’s strategy', () => {
  it.each(allStreams())('$name: every score and member of the delayed set', async ({ stream }) => {
    const model = runModel('kue', stream);
    await redis.client.call('FLUSHDB');
    const ids: number[] = [];
    // jobs enqueued in one millisecond are saved together (their INCRs go out in order, so the ids do too)
    for (let start = 0; start < stream.length;) {
      let end = start + 1;
      while (end < stream.length && stream[end]!.timestamp === stream[start]!.timestamp) end++;
      const jobs = await atClock(stream[start]!.timestamp, () =>
        Promise.all(
          stream.slice(start, end).map(
            (a) =>
              new Promise<KueJob>((resolve, reject) => {
                const made = queue.create('firetime', {}).delay(a.delay);
                made.save((error) => (error ? reject(error) : resolve(made)));
              }),
          ),
        ),
      );
      ids.push(...jobs.map((job) => job.id));
      start = end;
    }
    expect(ids).toEqual(stream.map((a) => a.counter));
    expect(tally.sets(model.set, await serverSet(redis.client, DELAYED))).toEqual([]);
  });
});
