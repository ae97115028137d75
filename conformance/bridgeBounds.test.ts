/**
 * The bridge's /api/queues on a real redis-server holding 200,000 keys that look like queue keys
 * and are not (100,000 `a:uN:meta` strings, 100,000 `b:uN:id` strings) beside three real BullMQ
 * queues: the walk pages through them in bounded requests, finds the three queues, and no request
 * holds the bridge's event loop for more than 100 ms at a stretch (measured as the longest
 * synchronous piece of work, test-support/eventLoopBlocks.ts, so a machine busy with other work
 * does not count against the bridge).
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import type { QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { probeEventLoop } from '../test-support/eventLoopBlocks.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';

let redis: ConformanceRedis;
let bridge: RunningBridge;

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  for (const name of ['mail', 'pdf', 'video']) {
    const queue = new Queue(name, { connection: { host: '127.0.0.1', port: redis.port } });
    await queue.add('later', {}, { delay: 60_000 });
    await queue.close();
  }
  // one script loads the keys: 200,000 commands from here would take longer than the test
  const fill =
    "for i = 1, tonumber(ARGV[1]) do redis.call('SET', 'a:u' .. i .. ':meta', 'x'); redis.call('SET', 'b:u' .. i .. ':id', '7') end return 1";
  await redis.client.call('EVAL', fill, 0, 100_000);
  // the default deadline and timeout: the bound is on the longest block, not on the walk's time
  bridge = await startBridge({ ...DEFAULT_OPTIONS, redisUrl: redis.url, port: 0 }, () => undefined);
}, 120_000);

afterAll(async () => {
  await bridge?.close();
  await redis?.close();
});

describe('/api/queues over 200,000 candidate keys', () => {
  it('walks them in bounded requests, finds the three queues, and never blocks the event loop over 100 ms', async () => {
    const probe = probeEventLoop();
    const found: string[] = [];
    let cursor = '0';
    let requests = 0;
    const started = performance.now();
    do {
      const answer = await httpAnswer(`${bridge.url}/api/queues?cursor=${cursor}`, { 'X-Firetime-Bridge': '1' });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
      const body = answer.body as QueuesReply;
      found.push(...body.queues.map((q) => `${q.prefix}:${q.name}`));
      expect(body.toRead).toEqual([]);
      cursor = body.cursor;
      requests++;
    } while (cursor !== '0' && requests < 200);
    const { longestBlockMs, delayMaxMs } = probe.stop();
    console.log(
      `bridge bounds: 200,000 candidate keys walked in ${requests} requests, ${Math.round(performance.now() - started)} ms; longest block ${longestBlockMs.toFixed(1)} ms (event-loop delay max ${delayMaxMs.toFixed(1)} ms)`,
    );
    expect([...new Set(found)].sort()).toEqual(['bull:mail', 'bull:pdf', 'bull:video']);
    expect(requests).toBeGreaterThan(1);
    expect(longestBlockMs).toBeLessThan(100);
  }, 180_000);
});
