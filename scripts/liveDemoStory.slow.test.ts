/**
 * The live demo's story, on a real redis-server with BullMQ 6.7.0 and a 12 s cycle: the bands are
 * made again each cycle before the last ones leave, the stopped worker leaves jobs overdue in the
 * delayed set, and the restarted one promotes them. BullMQ's worker promotes by the real clock,
 * which no injected clock reaches, so this waits two cycles in real time: it runs in its own lane
 * (`npm run test:slow`, a step of `npm test`), not with the unit tests.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnlyCaller } from '../bridge/allowList.ts';
import { listQueues } from '../bridge/routes/queues.ts';
import type { QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { RespClient } from '../test-support/resp-client.ts';
import { startStory } from './liveDemoStory.ts';
import type { RunningStory } from './liveDemoStory.ts';

const SLOTS = 0x1000;

describe('the story on a real queue', () => {
  let redis: RedisProcess;
  let client: RespClient;
  let story: RunningStory | undefined;
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const log = (line: string) => {
    lines.push(line);
    for (const waiter of waiters.splice(0)) {
      if (waiter.pattern.test(line)) waiter.resolve(line);
      else waiters.push(waiter);
    }
  };
  /** The first line from `from` on that matches, now or when it comes. */
  const lineMatching = (pattern: RegExp, from = 0) =>
    new Promise<string>((resolve) => {
      const seen = lines.slice(from).find((line) => pattern.test(line));
      if (seen !== undefined) resolve(seen);
      else waiters.push({ pattern, resolve });
    });

  beforeAll(async () => {
    redis = await startRedisServer();
    client = await RespClient.connect(redis.port);
  });

  const readers: Redis[] = [];
  afterAll(async () => {
    await story?.stop();
    for (const reader of readers) reader.disconnect();
    client?.close();
    await redis?.stop();
  });

  const KEY = 'bull:story:delayed';

  /** The server's now (TIME) in ms. */
  async function serverNow(): Promise<number> {
    const [seconds, micros] = (await client.call('TIME')) as string[];
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  /** Members due more than `graceMs` ago by the server's clock. */
  async function lateBy(graceMs: number): Promise<number> {
    const cutoff = (await serverNow()) - graceMs;
    return (await client.call('ZCOUNT', KEY, '-inf', String((cutoff + 1) * SLOTS - 1))) as number;
  }

  /** How many millisecond bands hold exactly `jobs` members. */
  async function bandsOf(jobs: number): Promise<number> {
    const flat = (await client.call('ZRANGE', KEY, 0, -1, 'WITHSCORES')) as string[];
    const perBand = new Map<number, number>();
    for (let i = 1; i < flat.length; i += 2) {
      const band = Math.floor(Number(flat[i]) / SLOTS);
      perBand.set(band, (perBand.get(band) ?? 0) + 1);
    }
    return [...perBand.values()].filter((count) => count === jobs).length;
  }

  it('makes the bands, leaves jobs overdue while the worker is stopped, recovers, and makes the bands again', async () => {
    const cycleMs = 12_000;
    // the verdict read as the bridge reads it (its route on a CLIENT LIST-allowed connection)
    const reader = new Redis(`redis://127.0.0.1:${redis.port}`);
    readers.push(reader);
    const call = readOnlyCaller(reader, { clientList: true });
    const readVerdict = async () => {
      const reply = (await listQueues(call, new URLSearchParams('queue=bull:story'))).body as QueuesReply;
      const row = reply.queues[0]!;
      return `${row.verdict.kind}: ${row.verdict.words}`;
    };
    story = await startStory({ redisUrl: `redis://127.0.0.1:${redis.port}`, queueName: 'story', cycleMs, readVerdict }, log);
    expect(story.delayedKey).toBe(KEY);
    // the first bands are in the set once started: 3 jobs in one ms, and 4,100 of which 5 share the ceiling
    expect(await bandsOf(3)).toBe(1);
    const flat = (await client.call('ZRANGE', KEY, 0, -1, 'WITHSCORES')) as string[];
    const scores = flat.filter((_, i) => i % 2 === 1).map(Number);
    const ceilings = new Map<number, number>();
    for (const score of scores) if (score % SLOTS === SLOTS - 1) ceilings.set(score, (ceilings.get(score) ?? 0) + 1);
    expect([...ceilings.values()]).toEqual([5]);

    // paused: the worker moves due jobs to wait and runs none; then held by its limiter
    expect(await lineMatching(/cycle 1, paused: the panel's verdict now: /)).toMatch(
      /the panel's verdict now: paused: paused \(meta paused is set\): no job runs until Queue\.resume\(\); 1 worker connected: it moves due delayed jobs to wait and runs none/,
    );
    await lineMatching(/cycle 1: the queue resumes/);
    expect(await lineMatching(/cycle 1, rate-limited: the panel's verdict now: /)).toMatch(
      /the panel's verdict now: rate-limited: rate-limited for (\d+ ms|1 s) more \(the limiter key expires then\): [\d,]+ waiting.* run after it; 1 worker connected$/,
    );
    await lineMatching(/cycle 1: the worker stops/);
    expect(story.workerRunning()).toBe(false);
    // what fell due while it was stopped stayed in the delayed set: the restart promotes it (no sleep
    // here: on a loaded machine the stop may last less than planned, the restart's count says what was left)
    const restart = await lineMatching(/cycle 1: the worker starts again/);
    expect(Number(/promotes the ([\d,]+) overdue jobs/.exec(restart)?.[1]?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(story.workerRunning()).toBe(true);
    // the story checks 1/24 of a cycle after the restart (0.5 s here): on a loaded machine the new
    // worker may not have caught up by then, and the story says so; it does catch up soon after
    const check = await lineMatching(/cycle 1: (no job overdue: the worker caught up|still [\d,]+ jobs overdue)/);
    // nothing is left late (a burst falling due this very moment is given half a second)
    await expect.poll(() => lateBy(500), { timeout: 10_000, interval: 250 }).toBe(0);

    // cycle 2's lines are looked for from the check on: by the time the waits above end, cycle 2 may have begun
    const from = lines.indexOf(check) + 1;
    await lineMatching(/cycle 2: 3 jobs in one millisecond/, from);
    expect(story.cycles()).toBe(2);
    // this cycle's band of 3 is in the set (that the first cycle's is still there too, for 1.5 s, is
    // the timeline test's to check: read in real time on a loaded machine, that window was missed)
    expect(await bandsOf(3)).toBeGreaterThanOrEqual(1);
    await lineMatching(/cycle 2: 4,100 jobs in one millisecond \(a saturated band: 5 share its last slot\)/, from);
  }, 120_000); // two cycles in real time, with room for a machine that other work slows down
});
