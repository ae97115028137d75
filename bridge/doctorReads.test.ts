import { describe, expect, it } from 'vitest';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import type { ErrorReply } from '../src/model/bridgeWire.ts';
import type { HistogramReply } from '../src/model/doctor/doctorWire.ts';
import { readOnlyCaller } from './allowList.ts';
import type { CommandArg, ReadOnlyCall } from './allowList.ts';
import { BAND_SEARCH_LIMITS } from '../src/model/doctor/bandScan.ts';
import { ROW_BAND, SEARCH_BAND, WHOLE_SET_BAND, fullestBandOf } from './queueRow.ts';
import { histogram } from './routes/histogram.ts';
import { readJobs } from './routes/jobs.ts';

/** The search itself, for sets this file keeps small: no set is read whole. */
const SEARCH_ONLY = { search: BAND_SEARCH_LIMITS, wholeSetUpTo: 0 };

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
    const band = await fullestBandOf(call, Buffer.from('q'), 'band', SEARCH_ONLY);
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
      const band = await fullestBandOf(memoryCall(memory), Buffer.from('q'), 'band', SEARCH_ONLY);
      expect(band?.jobs).toBe(bruteForce(memory, 'q').jobs);
      expect(band?.complete).toBe(true);
    }
  });

  it('stops at its budget of counts and says how full the fullest band can be', async () => {
    const memory = new MemoryRedis();
    for (let i = 0; i < 5000; i++) memory.call('ZADD', 'q', (1_700_000_000_000 + i * 3) * 4096, `m${i}`);
    const band = await fullestBandOf(memoryCall(memory), Buffer.from('q'), 'band', {
      search: { split: 16, maxCounts: 40 },
      wholeSetUpTo: 0,
    });
    expect(band).toMatchObject({ jobs: 1, complete: false });
    expect(band!.atMost).toBeGreaterThan(1);
    expect(band!.counts).toBeLessThanOrEqual(41);
  });
});

describe('the fullest band a queue row reads at each refresh, and the one the detail asks for', () => {
  it('a set of at most 10,000 members: read whole with one ZRANGE, exact, no ZCOUNT search', async () => {
    const memory = new MemoryRedis();
    const t = 1_796_319_300_000;
    for (let i = 0; i < 1345; i++) memory.call('ZADD', 'q', (t + i * 5) * 4096, `a${i}`);
    for (let i = 0; i < 4; i++) memory.call('ZADD', 'q', (t + 7) * 4096 + i, `b${i}`);
    const call = memoryCall(memory);
    const band = await fullestBandOf(call, Buffer.from('q'), 'band', ROW_BAND);
    expect(band).toMatchObject({ fireTime: t + 7, jobs: 4, complete: true, atMost: 4, counts: 0, atCeiling: 0 });
    expect(call.sent).toEqual(['ZCARD', 'ZRANGE', 'ZCOUNT']);
  });

  it('a larger set: the row reads only its size (ZCARD) and leaves the band to the detail, which searches it bounded', async () => {
    const memory = new MemoryRedis();
    const t = 1_796_319_300_000;
    for (let i = 0; i < WHOLE_SET_BAND + 1; i++) memory.call('ZADD', 'q', (t + i * 3) * 4096, `m${i}`);
    for (let i = 0; i < 9; i++) memory.call('ZADD', 'q', (t + 30_001) * 4096 + i, `b${i}`);
    const row = memoryCall(memory);
    expect(await fullestBandOf(row, Buffer.from('q'), 'band', ROW_BAND)).toBeNull();
    expect(row.sent).toEqual(['ZCARD']);
    const detail = memoryCall(memory);
    const band = await fullestBandOf(detail, Buffer.from('q'), 'band', SEARCH_BAND);
    // read whole in two pages (one job every 3 ms leaves the ZCOUNT search nothing to prune)
    expect(band).toMatchObject({ fireTime: t + 30_001, jobs: 9, complete: true, counts: 0 });
    expect(detail.sent).toEqual(['ZCARD', 'ZRANGE', 'ZRANGE', 'ZCOUNT']);
  });

  it('/api/histogram?band=1 carries the band; without it, no search is sent', async () => {
    const memory = new MemoryRedis();
    for (let i = 0; i < 30; i++) memory.call('ZADD', 'q', (1000 + (i % 10)) * 4096 + Math.floor(i / 10), `m${i}`);
    const plain = memoryCall(memory, 5000);
    const body = (await histogram(plain, new URLSearchParams('key=q&buckets=2'))).body as HistogramReply;
    expect(body.fullestBand).toBeUndefined();
    const withBand = (await histogram(memoryCall(memory, 5000), new URLSearchParams('key=q&buckets=2&band=1')))
      .body as HistogramReply;
    expect(withBand.fullestBand).toMatchObject({ fireTime: 1000, jobs: 3, complete: true });
    expect((await histogram(plain, new URLSearchParams('key=q&band=2'))).status).toBe(400);
  });
});

describe('the histogram splits at the server’s now', () => {
  it('the window holding now is cut at now + 1: overdue jobs and jobs not yet due never share a window', async () => {
    const memory = new MemoryRedis();
    // one job each ms from 1000 to 1099; the server's now is 1042: 43 jobs due (1000..1042), 57 not yet
    for (let i = 0; i < 100; i++) memory.call('ZADD', 'q', (1000 + i) * 4096, `m${i}`);
    const body = (await histogram(memoryCall(memory, 1042), new URLSearchParams('key=q&buckets=4'))).body as HistogramReply;
    expect(body.buckets.map((b) => [b.from, b.to, b.jobs])).toEqual([
      [1000, 1025, 25],
      [1025, 1043, 18],
      [1043, 1050, 7],
      [1050, 1075, 25],
      [1075, 1100, 25],
    ]);
    const due = body.buckets.filter((b) => b.to <= body.now + 1).reduce((sum, b) => sum + b.jobs, 0);
    expect(due).toBe(43);
    // a now on a window's edge cuts nothing
    const edge = (await histogram(memoryCall(memory, 1049), new URLSearchParams('key=q&buckets=4'))).body as HistogramReply;
    expect(edge.buckets).toHaveLength(4);
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
    'queue=bull:orders&id=1&state=2',
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
