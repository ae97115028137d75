import { describe, expect, it } from 'vitest';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import type { ErrorReply } from '../src/model/bridgeWire.ts';
import type { HistogramReply } from '../src/model/doctor/doctorWire.ts';
import { readOnlyCaller } from './allowList.ts';
import type { CommandArg, ReadOnlyCall } from './allowList.ts';
import { fullestBandOf, histogram, readJobs } from './doctorRoutes.ts';

/** The bridge's reads answered by the project's in-memory Redis (TIME answered from `now`), every command recorded. */
function memoryCall(memory: MemoryRedis, now = 1_796_319_211_616): ReadOnlyCall & { sent: string[] } {
  const sent: string[] = [];
  const call = readOnlyCaller({
    callBuffer: (command: string, ...args: CommandArg[]) => {
      sent.push(command);
      if (command === 'TIME') return Promise.resolve([String(Math.floor(now / 1000)), String((now % 1000) * 1000)]);
      // MemoryRedis holds sorted sets only
      if (command === 'TYPE') return Promise.resolve((memory.call('ZCARD', String(args[0])) as number) > 0 ? 'zset' : 'none');
      const reply = memory.call(command, ...args.map((arg) => (Buffer.isBuffer(arg) ? arg.toString('latin1') : arg)));
      return Promise.resolve(reply);
    },
  });
  return Object.assign(call, { sent });
}

/** The fullest band by brute force: every member's fire-time counted. */
function bruteForce(memory: MemoryRedis, key: string): { fireTime: number; jobs: number } {
  const flat = memory.call('ZRANGE', key, 0, -1, 'WITHSCORES') as string[];
  const counts = new Map<number, number>();
  for (let i = 1; i < flat.length; i += 2) {
    const ms = Math.floor(Number(flat[i]) / 4096);
    counts.set(ms, (counts.get(ms) ?? 0) + 1);
  }
  let best = { fireTime: Number.NaN, jobs: 0 };
  for (const [fireTime, jobs] of counts) if (jobs > best.jobs) best = { fireTime, jobs };
  return best;
}

describe('the fullest band', () => {
  it('a saturated band among spread jobs: found by ZCOUNTs, its ceiling counted', async () => {
    const memory = new MemoryRedis();
    const t = 1_796_319_300_000;
    // 3,000 jobs one every 7 ms, a band of 4,100 in one ms (4,096 slots, 5 at the ceiling), 300 in the next
    for (let i = 0; i < 3000; i++) memory.call('ZADD', 'q', (t - 30_000 + i * 7) * 4096, `a${i}`);
    for (let i = 0; i < 4100; i++) memory.call('ZADD', 'q', t * 4096 + Math.min(i, 4095), `b${i}`);
    for (let i = 0; i < 300; i++) memory.call('ZADD', 'q', (t + 1) * 4096 + i, `c${i}`);
    const call = memoryCall(memory);
    const band = await fullestBandOf(call, Buffer.from('q'), 'band');
    expect(band).toMatchObject({ fireTime: t, jobs: 4100, atCeiling: 5, complete: true, atMost: 4100 });
    expect(bruteForce(memory, 'q')).toEqual({ fireTime: t, jobs: 4100 });
    // one page (the head), then ZCOUNTs: far fewer than the 7,400 members
    expect(call.sent.filter((command) => command === 'ZRANGEBYSCORE')).toHaveLength(1);
    console.log(`fullest band among 7,400 jobs: ${band?.counts} ZCOUNTs`);
    expect(band!.counts).toBeLessThan(500);
  });

  it('agrees with brute force on sets of random bands', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 8; round++) {
      const memory = new MemoryRedis();
      let n = 0;
      for (let ms = 0; ms < 3000; ms += 1 + Math.floor(random() * 5)) {
        const jobs = random() < 0.02 ? Math.floor(random() * 300) : 1 + Math.floor(random() * 3);
        for (let j = 0; j < jobs; j++) memory.call('ZADD', 'q', (1_700_000_000_000 + ms) * 4096 + Math.min(j, 4095), `m${n++}`);
      }
      const band = await fullestBandOf(memoryCall(memory), Buffer.from('q'), 'band');
      expect(band?.jobs).toBe(bruteForce(memory, 'q').jobs);
      expect(band?.complete).toBe(true);
    }
  });

  it('stops at its budget of counts and says how full the fullest band can be', async () => {
    const memory = new MemoryRedis();
    for (let i = 0; i < 5000; i++) memory.call('ZADD', 'q', (1_700_000_000_000 + i * 3) * 4096, `m${i}`);
    const band = await fullestBandOf(memoryCall(memory), Buffer.from('q'), 'band', { split: 16, maxCounts: 40 });
    expect(band).toMatchObject({ jobs: 1, complete: false });
    expect(band!.atMost).toBeGreaterThan(1);
    expect(band!.counts).toBeLessThanOrEqual(41);
  });
});

describe('/api/histogram and /api/jobs refuse bad input before Redis is asked', () => {
  it.each([
    'key=q&buckets=0',
    'key=q&buckets=1001',
    'key=q&buckets=x',
    'key=q&from=1.5',
    'key=q&from=10&to=10',
    'key=q&from=9007199254740993',
    'key=q&scheme=seconds',
    'key=',
    'key64=***',
  ])('histogram ?%s is a 400', async (query) => {
    const call = memoryCall(new MemoryRedis());
    const reply = await histogram(call, new URLSearchParams(query));
    expect(reply.status).toBe(400);
    expect((reply.body as ErrorReply).error.code).toBe('bad-request');
    expect(call.sent).toEqual([]);
  });

  it.each([
    '',
    'queue=orders&id=1',
    'queue=bull:&id=1',
    'queue=bull:orders',
    `queue=bull:orders${'&id=1'.repeat(101)}`,
    'queue=bull:orders&id64=*',
  ])('jobs ?%s is a 400', async (query) => {
    const call = memoryCall(new MemoryRedis());
    expect((await readJobs(call, new URLSearchParams(query))).status).toBe(400);
    expect(call.sent).toEqual([]);
  });

  it('counts each window by ZCOUNT; before, windows and after add up to the set', async () => {
    const memory = new MemoryRedis();
    for (let i = 0; i < 100; i++) memory.call('ZADD', 'q', (1000 + i) * 4096 + (i % 3), `m${i}`);
    const reply = await histogram(memoryCall(memory), new URLSearchParams('key=q&from=1010&to=1050&buckets=4'));
    const body = reply.body as HistogramReply;
    expect(body.buckets.map((b) => b.jobs)).toEqual([10, 10, 10, 10]);
    expect([body.before, body.after, body.total]).toEqual([10, 50, 100]);
    const whole = (await histogram(memoryCall(memory), new URLSearchParams('key=q&buckets=7'))).body as HistogramReply;
    expect([whole.from, whole.to, whole.buckets.reduce((sum, b) => sum + b.jobs, 0), whole.before, whole.after]).toEqual([
      1000, 1100, 100, 0, 0,
    ]);
  });
});
