/**
 * The real BullMQ as the oracle: bullmq 6.7.0 (the band bump) and bullmq 5.8.5 (the last release
 * with the id counter in the low bits) on the suite's redis-server, against the model's strategies
 * of the same name ("bullmq-band", "bull-legacy") and against delayed.ts on MemoryRedis.
 *
 * Jobs go in through the public API (Queue.addBulk, with each job's `timestamp`, `delay` and, when
 * it is not an integer, its `jobId`; integer ids are BullMQ's own INCR, which gives the stream's
 * counters on a fresh queue). Promotion runs as a worker does it: Worker.getNextJob, whose
 * moveToActive script calls promoteDelayedJobs at Date.now(), here held at the sweep instant;
 * the order is the jobs it hands out, then the wait list from the end workers take from.
 * changeDelay (Job.changeDelay), moveToDelayed (a failed attempt retried with a fixed backoff, and
 * Job.moveToDelayed) and getNextDelayedTimestamp (the marker score addDelayMarkerIfNeeded writes)
 * also go through the public API with the clock held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue, Worker } from 'bullmq';
import { Queue as Queue585, Worker as Worker585 } from 'bullmq-5.8.5';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { allStreams } from './streams.ts';
import {
  Tally,
  atClock,
  countersById,
  isIntegerId,
  listOldestFirst,
  renumbered,
  runModel,
  serverSet,
  type FlatSet,
} from './libraries.ts';
import type { Arrival } from '../src/model/strategies/arrivalStreams.ts';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import { addDelayedJob, changeDelay, getNextDelayedTimestamp, promoteDelayedJobs } from '../src/model/protocol/delayed.ts';
import { sweepTimeOf } from '../src/model/strategies/strategyComparison.ts';
import { CLIFF_FIRE_TIME, legacyScore } from '../src/model/protocol/score.ts';
import type { StrategyId } from '../src/model/strategies/strategies.ts';

const NAME = 'firetime';
const DELAYED = `bull:${NAME}:delayed`;
const WAIT = `bull:${NAME}:wait`;
const MARKER = `bull:${NAME}:marker`;
const T = Date.UTC(2026, 10, 30, 12);

/** What these tests use of a Job, a Queue and a Worker: the same calls in both versions. */
interface AnyJob {
  readonly id?: string;
  changeDelay(delay: number): Promise<void>;
  moveToFailed(error: Error, token: string): Promise<unknown>;
  moveToDelayed(timestamp: number, token?: string): Promise<void>;
}
type JobSpec = { name: string; data: object; opts: Record<string, unknown> };
interface AnyQueue {
  add(name: string, data: object, opts: Record<string, unknown>): Promise<AnyJob>;
  addBulk(jobs: JobSpec[]): Promise<AnyJob[]>;
  getJob(id: string): Promise<AnyJob | undefined>;
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
}
interface AnyWorker {
  getNextJob(token: string, options: { block: boolean }): Promise<AnyJob | undefined>;
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
}

interface Library {
  readonly version: string;
  readonly strategy: StrategyId;
  /** A queue and a worker (not running, no processor) on the connection. */
  open(connection: object): { queue: AnyQueue; worker: AnyWorker };
}

const LIBRARIES: Library[] = [
  {
    version: 'bullmq 6.7.0',
    strategy: 'bullmq-band',
    open: (connection) => ({
      queue: new Queue(NAME, { connection }) as unknown as AnyQueue,
      worker: new Worker(NAME, null, { connection, autorun: false }) as unknown as AnyWorker,
    }),
  },
  {
    version: 'bullmq 5.8.5',
    strategy: 'bull-legacy',
    open: (connection) => ({
      queue: new Queue585(NAME, { connection }) as unknown as AnyQueue,
      worker: new Worker585(NAME, null, { connection, autorun: false }) as unknown as AnyWorker,
    }),
  },
];

let redis: ConformanceRedis;
const tallies = new Map(LIBRARIES.map((library) => [library.version, new Tally(library.version)]));

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
});

afterAll(async () => {
  for (const tally of tallies.values()) tally.report();
  await redis.close();
});

const connection = () => ({ host: '127.0.0.1', port: redis.port, db: redis.db, maxRetriesPerRequest: null });

/** Opens a queue and a worker (not running) of the library on an empty database; closes both after `body`. */
async function withQueue<T>(library: Library, body: (queue: AnyQueue, worker: AnyWorker) => Promise<T>): Promise<T> {
  await redis.client.call('FLUSHDB');
  const { queue, worker } = library.open(connection());
  try {
    // Both connections (the worker's blocking one too) ready before the body and so before the close:
    // bullmq 5.8.5 closes a connection still initialising by disconnecting it, and its pending
    // commands then reject as "Connection is closed" outside any await (an unhandled rejection).
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
    return await body(queue, worker);
  } finally {
    await worker.close();
    await queue.close();
  }
}

/** Adds the stream with Queue.addBulk, 1,000 jobs a call; returns the ids BullMQ gave. */
async function addStream(queue: AnyQueue, stream: readonly Arrival[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < stream.length; start += 1000) {
    const jobs = stream.slice(start, start + 1000).map((a) => ({
      name: 'job',
      data: {},
      opts: { delay: a.delay, timestamp: a.timestamp, ...(isIntegerId(a.jobId) ? {} : { jobId: a.jobId }) },
    }));
    for (const job of await queue.addBulk(jobs)) ids.push(String(job.id));
  }
  return ids;
}

/**
 * Promotes as a worker does at `now`: getNextJob (moveToActive, which promotes up to 1,000 due
 * jobs and then takes the oldest waiting one) until a call promotes nothing; returns the jobs it
 * took, then the rest of the wait list oldest first.
 */
async function promoteAsWorker(worker: AnyWorker, now: number): Promise<string[]> {
  return atClock(now, async () => {
    const taken: string[] = [];
    for (;;) {
      const before = await redis.client.call('ZCARD', DELAYED);
      const job = await worker.getNextJob('firetime-token', { block: false });
      if (job) taken.push(String(job.id));
      if ((await redis.client.call('ZCARD', DELAYED)) === before) break;
    }
    return [...taken, ...(await listOldestFirst(redis.client, WAIT))];
  });
}

/** The stream as each version takes it (see the tests below for the two it refuses or reads differently). */
function streamFor(library: Library, stream: readonly Arrival[]): Arrival[] {
  if (library.version === 'bullmq 6.7.0') {
    // 6.7.0 refuses custom ids with one ':' (the page's job:N); the same stream with '-' instead, on both sides
    return stream.map((a) => ({ ...a, jobId: a.jobId.replaceAll(':', '-') }));
  }
  // 5.8.5 adds a negative delay to the delayed set at fire-time 0 (tested below); the model follows Bull 4 and 6.7.0
  return renumbered(stream.filter((a) => a.delay >= 0));
}

describe.each(LIBRARIES)('$version against the model’s strategy', (library) => {
  const tally = () => tallies.get(library.version)!;

  it.each(allStreams())('$name: every score and member, and the promotion order', async ({ stream: original }) => {
    const stream = streamFor(library, original);
    const model = runModel(library.strategy, stream);
    const { ids, set, order } = await withQueue(library, async (queue, worker) => {
      const ids = await addStream(queue, stream);
      const set = await serverSet(redis.client, DELAYED);
      const order = (await promoteAsWorker(worker, sweepTimeOf(stream))).map(countersById(stream));
      return { ids, set, order };
    });
    expect(ids).toEqual(stream.map((a) => a.jobId));
    expect(tally().sets(model.set, set)).toEqual([]);
    expect(tally().orders(model.order, order)).toEqual([]);
  });
});

describe('what each version refuses or reads its own way', () => {
  it('bullmq 6.7.0 refuses a custom id with one colon (the page’s job:N style); 5.8.5 takes it', async () => {
    await withQueue(LIBRARIES[0]!, async (queue) => {
      await expect(queue.add('job', {}, { jobId: 'job:7', delay: 5 })).rejects.toThrow('Custom Id cannot contain :');
    });
    await withQueue(LIBRARIES[1]!, async (queue) => {
      expect((await queue.add('job', {}, { jobId: 'job:7', delay: 5, timestamp: T })).id).toBe('job:7');
    });
  });

  it('bullmq 5.8.5 puts a negative delay in the delayed set at fire-time 0: score = counter & 0xfff', async () => {
    await withQueue(LIBRARIES[1]!, async (queue) => {
      await queue.add('job', {}, { delay: 5000, timestamp: T });
      await queue.add('job', {}, { delay: -5000, timestamp: T });
      expect(await serverSet(redis.client, DELAYED)).toEqual([
        '2',
        String(legacyScore(0, 2)),
        '1',
        String(legacyScore(T + 5000, 1)),
      ]);
    });
  });
});

/** Runs `steps` on the real 6.7.0 queue and on delayed.ts over MemoryRedis; both sets after each step. */
describe('bullmq 6.7.0 against delayed.ts on MemoryRedis', () => {
  const library = LIBRARIES[0]!;
  const tally = () => tallies.get(library.version)!;

  /** Adds jobs on both sides at clock `at`: [id, delay] pairs. */
  async function addBoth(queue: AnyQueue, memory: MemoryRedis, at: number, jobs: Array<[string, number]>): Promise<void> {
    for (const [id, delay] of jobs) {
      await queue.add('job', {}, { jobId: id, delay, timestamp: at });
      if (delay > 0) addDelayedJob(memory, DELAYED, id, at, delay);
    }
  }

  async function sameSet(memory: MemoryRedis): Promise<FlatSet> {
    const real = await serverSet(redis.client, DELAYED);
    expect(tally().sets((memory.call('ZRANGE', DELAYED, 0, -1, 'WITHSCORES') as string[]).map(String), real)).toEqual([]);
    return real;
  }

  /** The marker's score: getNextDelayedTimestamp as addDelayMarkerIfNeeded wrote it, against the model. */
  async function sameNextTimestamp(memory: MemoryRedis): Promise<number> {
    const marker = Number(await redis.client.call('ZSCORE', MARKER, '1'));
    expect(marker).toBe(getNextDelayedTimestamp(memory, DELAYED));
    tally().scores++;
    return marker;
  }

  it('changeDelay bumps the job past its own score, and the next wake reads the bumped head as T + k/4096', async () => {
    await withQueue(library, async (queue) => {
      const memory = new MemoryRedis();
      await addBoth(queue, memory, T, [
        ['job-a', 1000],
        ['job-b', 1000],
        ['job-c', 1000],
      ]);
      await sameSet(memory);
      expect(await sameNextTimestamp(memory)).toBe(T + 1000);
      const job = (await queue.getJob('job-a'))!;
      for (let i = 0; i < 3; i++) {
        await atClock(T, () => job.changeDelay(1000));
        changeDelay(memory, DELAYED, 'job-a', T, 1000);
        await sameSet(memory);
      }
      // job-a climbed to slot 5 (b = 1, c = 2, then 3, 4, 5); the head is job-b in slot 1
      expect(await redis.client.call('ZSCORE', DELAYED, 'job-a')).toBe(String((T + 1000) * 4096 + 5));
      expect(await sameNextTimestamp(memory)).toBe(T + 1000 + 1 / 4096);
    });
  });

  it('moveToDelayed: a failed attempt retried with a fixed backoff, and Job.moveToDelayed to a past instant', async () => {
    await withQueue(library, async (queue, worker) => {
      const memory = new MemoryRedis();
      await addBoth(queue, memory, T, [
        ['due-2000-a', 2000],
        ['due-2000-b', 2000],
      ]);
      await queue.add('job', {}, { jobId: 'retried', timestamp: T, attempts: 3, backoff: { type: 'fixed', delay: 2000 } });
      await queue.add('job', {}, { jobId: 'moved', timestamp: T });
      await atClock(T, async () => {
        const retried = (await worker.getNextJob('token', { block: false }))!;
        expect(retried.id).toBe('retried');
        await retried.moveToFailed(new Error('first attempt fails'), 'token');
        // moveToDelayed(jobId, Date.now(), 2000): getDelayedScore at T + 2000, one above the two there
        addDelayedJob(memory, DELAYED, 'retried', T, 2000);
        await sameSet(memory);
        const moved = (await worker.getNextJob('token', { block: false }))!;
        expect(moved.id).toBe('moved');
        await moved.moveToDelayed(T - 5000, 'token');
        // a past instant gives delay max(ts - now, 0) = 0: the band of now itself
        addDelayedJob(memory, DELAYED, 'moved', T, 0);
      });
      const set = await sameSet(memory);
      expect(set.slice(0, 2)).toEqual(['moved', String(T * 4096)]);
      expect(await redis.client.call('ZSCORE', DELAYED, 'retried')).toBe(String((T + 2000) * 4096 + 2));
    });
  });

  it.each([
    ['the ms before the band', T + 4999],
    ['the band’s own ms', T + 5000],
    ['past the cliff, 1 ms before a job', CLIFF_FIRE_TIME + 99],
  ])('promotes at %s exactly what promoteDelayedJobs does on the model', async (_name, now) => {
    await withQueue(library, async (queue, worker) => {
      const memory = new MemoryRedis();
      await addBoth(queue, memory, T, [
        ['job-a', 5000],
        ['job-b', 5000],
        ['job-c', 5001],
        ['late-a', CLIFF_FIRE_TIME + 100 - T],
        ['late-b', CLIFF_FIRE_TIME + 99 - T],
      ]);
      await sameSet(memory);
      const promoted = await atClock(now, async () => {
        const job = await worker.getNextJob('token', { block: false });
        return [...(job ? [String(job.id)] : []), ...(await listOldestFirst(redis.client, WAIT))];
      });
      const expected = promoteDelayedJobs(memory, DELAYED, now);
      expect(
        tally().orders(
          expected.map((_, i) => i),
          promoted.map((id) => expected.indexOf(id)),
        ),
      ).toEqual([]);
      await sameSet(memory);
    });
  });
});
