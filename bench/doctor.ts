/**
 * Benchmark: the doctor's reads (GET /api/queues and /api/histogram) on a real redis-server
 * holding a BullMQ-shaped queue of 1,000,000 delayed jobs (meta with `version`, a marker, an id
 * counter), in three shapes:
 * - `spread`: fire-times spread over 3 hours from 30 minutes ago (most jobs alone in their
 *   millisecond) and one saturated band of 4,200 jobs, no job hashes;
 * - `spread + hashes`: the same with a job hash for every job, so the queue walk (SCAN) passes
 *   1,000,000 more keys, as a real queue's does;
 * - `banded`: 1,000,000 jobs in 250 milliseconds of 4,000 each.
 * Each read runs 7 times, the reads alternating; the figures are medians: the time to the reply
 * on this machine, the CPU the bridge (this process) and redis-server spent on it, the Redis
 * commands it sent (INFO commandstats), and the reply's size. It measures; it never fails on time.
 *
 * With `--refresh` it measures instead what the Live panel's Refresh sends (src/features/live/
 * refreshPlan.ts: the reads one Refresh, or one tick of Auto-refresh, makes while a queue's
 * delayed set is chosen, its queue read and its detail open) on the `spread + hashes` queue:
 * commands (by name), redis-server's time in them (INFO commandstats usec) and its CPU, per
 * Refresh and per minute of Auto-refresh every 5 s (12 Refreshes), and the watched queue's row alone
 * (what each queue watched adds to a Refresh). `--before` writes that section
 * under its own name, to keep the figures of the code before a change beside the ones after it.
 *
 *   npm run bench:doctor
 *   npm run bench:doctor -- --jobs 200000 --runs 5 --no-write
 *   npm run bench:doctor -- --refresh [--before]
 */
import { performance } from 'node:perf_hooks';
import { startBridge } from '../bridge/bridge.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import type { FullestBandReading, HistogramReply, QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { keyFromText, listKeys, readSetHead } from '../src/features/live/bridgeClient.ts';
import type { Fetch } from '../src/features/live/bridgeClient.ts';
import { readHistogram } from '../src/features/live/detailClient.ts';
import { readNamedQueues } from '../src/features/live/queuesClient.ts';
import { refreshReads } from '../src/features/live/refreshPlan.ts';
import { DEFAULT_KEY_PATTERN } from '../src/model/bridgeWire.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';
import { RespClient } from '../test-support/resp-client.ts';
import { figure, report } from './report.ts';
import { median } from './stats.ts';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const JOBS = option('--jobs', 1_000_000);
const REFRESH = process.argv.includes('--refresh');
const BEFORE = process.argv.includes('--before');
/** Refreshes in a minute of Auto-refresh at its default of every 5 s. */
const TICKS_A_MINUTE = 12;
const RUNS = option('--runs', 7);
const KEY = 'bull:big:delayed';
const CHUNK = 100_000;

/** ZADDs `count` jobs from id `first` at fire-times base + (a seeded LCG % span); returns the LCG state. */
const SPREAD_LUA = `
local x = tonumber(ARGV[5])
for i = tonumber(ARGV[1]), tonumber(ARGV[1]) + tonumber(ARGV[2]) - 1 do
  x = (x * 1103515245 + 12345) % 2147483648
  redis.call('ZADD', KEYS[1], (tonumber(ARGV[3]) + x % tonumber(ARGV[4])) * 4096, tostring(i))
end
return x`;
/** `count` jobs in one millisecond, bumped as getDelayedScore bumps them (the ceiling past 4,096). */
const BAND_LUA = `
for i = 0, tonumber(ARGV[2]) - 1 do
  redis.call('ZADD', KEYS[1], tonumber(ARGV[3]) * 4096 + math.min(i, 4095), ARGV[1] .. i)
end
return redis.call('ZCARD', KEYS[1])`;
/** A job hash for ids first..first+count-1, with the fields the doctor reads. */
const HASHES_LUA = `
for i = tonumber(ARGV[1]), tonumber(ARGV[1]) + tonumber(ARGV[2]) - 1 do
  redis.call('HSET', 'bull:big:' .. i, 'name', 'job', 'timestamp', ARGV[3], 'delay', '60000', 'opts', '{"attempts":3}')
end
return 1`;

interface Sample {
  wallMs: number;
  bridgeCpuMs: number;
  redisCpuMs: number;
  commands: number;
  replyKiB: number;
  body: unknown;
}

/** Calls per command and redis-server's CPU seconds so far (INFO commandstats, INFO cpu). */
async function serverCounters(admin: RespClient): Promise<{ calls: number; cpuMs: number }> {
  const stats = String(await admin.call('INFO', 'commandstats'));
  const cpu = String(await admin.call('INFO', 'cpu'));
  let calls = 0;
  for (const match of stats.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm)) if (match[1] !== 'info') calls += Number(match[2]);
  const seconds = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(cpu)?.[1] ?? 0);
  return { calls, cpuMs: (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1000 };
}

/** One read; with `follow`, every request of a queue walk until its cursor is 0 (the figures summed, `requests` counted). */
async function measure(admin: RespClient, url: string, follow = false): Promise<Sample & { requests: number }> {
  const before = await serverCounters(admin);
  const cpu = process.cpuUsage();
  const start = performance.now();
  let text: string;
  // the walk's row of the queue may come in any of its parts: keep the part that holds it
  let kept: string | null = null;
  let bytes = 0;
  let requests = 0;
  let cursor = '0';
  do {
    const response = await fetch(follow ? `${url}?cursor=${cursor}` : url, { headers: { 'X-Firetime-Bridge': '1' } });
    text = await response.text();
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
    bytes += Buffer.byteLength(text);
    requests++;
    const part = JSON.parse(text) as QueuesReply;
    if (part.queues?.some((q) => q.name === 'big')) kept = text;
    cursor = follow ? part.cursor : '0';
  } while (cursor !== '0');
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const after = await serverCounters(admin);
  return {
    wallMs,
    bridgeCpuMs: (used.user + used.system) / 1000,
    redisCpuMs: after.cpuMs - before.cpuMs,
    commands: after.calls - before.calls,
    replyKiB: bytes / 1024,
    body: JSON.parse(kept ?? text) as unknown,
    requests,
  };
}

/** Calls and microseconds per command so far (INFO commandstats), INFO itself left out. */
async function commandStats(admin: RespClient): Promise<Map<string, { calls: number; usec: number }>> {
  const stats = String(await admin.call('INFO', 'commandstats'));
  const byName = new Map<string, { calls: number; usec: number }>();
  for (const match of stats.matchAll(/^cmdstat_([\w|]+):calls=(\d+),usec=(\d+)/gm))
    if (match[1] !== 'info') byName.set(match[1]!.toUpperCase(), { calls: Number(match[2]), usec: Number(match[3]) });
  return byName;
}

const nodeFetch: Fetch = (url, init) => fetch(url, init);

/**
 * One Refresh as the panel sends it with bull:big:delayed chosen, the queue bull:big read and its
 * detail open: the reads refreshReads names, in the panel's order.
 */
async function pageRefresh(base: string): Promise<void> {
  const reads = refreshReads({ keyChosen: true, queuesRead: true, detailOpen: true });
  if (reads.listKeys) await listKeys(base, DEFAULT_KEY_PATTERN, nodeFetch);
  const key = keyFromText(KEY);
  await Promise.all([
    reads.readSet ? readSetHead(base, key, nodeFetch) : null,
    reads.readQueues ? readNamedQueues(base, ['bull:big'], nodeFetch) : null,
    reads.readDetail ? readHistogram(base, key, 'band', null, nodeFetch) : null,
  ]);
}

interface RefreshFigures {
  wallMs: number;
  redisCpuMs: number;
  redisUsec: number;
  commands: number;
  byName: Map<string, number>;
}

/** The watched queue's part of a Refresh alone: its row read by name. */
async function queueRowRead(base: string): Promise<void> {
  await readNamedQueues(base, ['bull:big'], nodeFetch);
}

/** `times` Refreshes (or `read`s) back to back, the figures summed. */
async function measureRefreshes(admin: RespClient, base: string, times: number, read = pageRefresh): Promise<RefreshFigures> {
  const before = await serverCounters(admin);
  const statsBefore = await commandStats(admin);
  const start = performance.now();
  for (let i = 0; i < times; i++) await read(base);
  const wallMs = performance.now() - start;
  const after = await serverCounters(admin);
  const statsAfter = await commandStats(admin);
  const byName = new Map<string, number>();
  let usec = 0;
  for (const [name, now] of statsAfter) {
    const was = statsBefore.get(name) ?? { calls: 0, usec: 0 };
    if (now.calls > was.calls) byName.set(name, now.calls - was.calls);
    usec += now.usec - was.usec;
  }
  return { wallMs, redisCpuMs: after.cpuMs - before.cpuMs, redisUsec: usec, commands: after.calls - before.calls, byName };
}

const byNameText = (byName: Map<string, number>) =>
  [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, calls]) => `${figure(calls)} ${name}`)
    .join(', ');

interface Read {
  readonly name: string;
  readonly path: string;
  /** Follow the queue walk's cursor to its end. */
  readonly follow?: boolean;
  readonly note: (body: unknown) => string;
}

/** A fullest band as found: its jobs, how (the set read whole, or searched with ZCOUNTs) and whether the search ended. */
const bandNote = (band: FullestBandReading | null | undefined): string =>
  band === null || band === undefined
    ? 'fullest band not read (a set over 10,000 members: the detail searches it once, band=1)'
    : `fullest band ${figure(band.jobs)} jobs${band.complete ? '' : ` (search stopped: at most ${figure(band.atMost)})`}, ${band.counts === 0 ? 'the set read whole' : `${figure(band.counts)} ZCOUNTs`}`;

const bigRow = (body: unknown): string => {
  const row = (body as QueuesReply).queues.find((q) => q.name === 'big');
  return row === undefined ? 'no row' : `${figure(row.overdue)} due; ${bandNote(row.fullestBand)}`;
};

const READS: readonly Read[] = [
  { name: '/api/queues, the whole walk', path: '/api/queues', follow: true, note: bigRow },
  { name: '/api/queues?queue=bull:big', path: '/api/queues?queue=bull:big', note: bigRow },
  {
    name: '/api/histogram, 100 windows',
    path: `/api/histogram?key=${KEY}&buckets=100`,
    note: (body) => `${figure((body as HistogramReply).total)} jobs, windows of ${figure((body as HistogramReply).width)} ms`,
  },
  {
    name: "/api/histogram?band=1, the detail's fullest-band search",
    path: `/api/histogram?key=${KEY}&buckets=1&band=1`,
    note: (body) => bandNote((body as HistogramReply).fullestBand),
  },
  {
    name: '/api/histogram, 1,000 windows',
    path: `/api/histogram?key=${KEY}&buckets=1000`,
    note: (body) => `windows of ${figure((body as HistogramReply).width)} ms`,
  },
];

async function fill(admin: RespClient, shape: 'spread' | 'banded', hashes: boolean, now: number): Promise<void> {
  await admin.call('FLUSHALL');
  const base = now - 30 * 60_000;
  if (shape === 'spread') {
    let state = 7;
    for (let first = 1; first <= JOBS - 4200; first += CHUNK)
      state = Number(
        await admin.call('EVAL', SPREAD_LUA, 1, KEY, first, Math.min(CHUNK, JOBS - 4200 - first + 1), base, 3 * 3_600_000, state),
      );
    await admin.call('EVAL', BAND_LUA, 1, KEY, 'sat', 4200, now + 45 * 60_000);
  } else {
    for (let band = 0; band < 250; band++)
      await admin.call('EVAL', BAND_LUA, 1, KEY, `b${band}:`, JOBS / 250, base + band * 10_000);
  }
  if (hashes) for (let first = 1; first <= JOBS; first += CHUNK) await admin.call('EVAL', HASHES_LUA, 0, first, CHUNK, now);
  const head = (await admin.call('ZRANGE', KEY, 0, 0, 'WITHSCORES')) as string[];
  await admin.call('HSET', 'bull:big:meta', 'version', 'bullmq:6.7.0', 'opts.maxLenEvents', '10000');
  await admin.call('ZADD', 'bull:big:marker', Math.floor(Number(head[1]) / 4096), '1');
  await admin.call('SET', 'bull:big:id', String(JOBS));
  const size = Number(await admin.call('ZCARD', KEY));
  if (size !== JOBS) throw new Error(`the set holds ${size} jobs, not ${JOBS}`);
}

const server = await startRedisServer();
const admin = await RespClient.connect(server.port);
const bridge = await startBridge(
  { ...DEFAULT_OPTIONS, redisUrl: `redis://127.0.0.1:${server.port}`, port: 0, commandTimeoutMs: 30_000 },
  () => undefined,
);
const rows: string[][] = [];
const refreshRows: string[][] = [];
try {
  if (REFRESH) {
    await fill(admin, 'spread', true, Date.now());
    const keys = Number(await admin.call('DBSIZE'));
    await pageRefresh(bridge.url); // warm: the first read compiles the routes
    const singles: RefreshFigures[] = [];
    for (let run = 0; run < RUNS; run++) singles.push(await measureRefreshes(admin, bridge.url, 1));
    const minute = await measureRefreshes(admin, bridge.url, TICKS_A_MINUTE);
    const rowsAlone: RefreshFigures[] = [];
    for (let run = 0; run < RUNS; run++) rowsAlone.push(await measureRefreshes(admin, bridge.url, 1, queueRowRead));
    const mid = (pick: (f: RefreshFigures) => number) => median(singles.map(pick));
    const last = singles.at(-1)!;
    refreshRows.push(
      [
        `one Refresh (median of ${RUNS})`,
        figure(mid((f) => f.wallMs)),
        figure(
          mid((f) => f.redisUsec / 1000),
          1,
        ),
        figure(mid((f) => f.redisCpuMs)),
        figure(mid((f) => f.commands)),
        byNameText(last.byName),
      ],
      [
        `a minute of Auto-refresh every 5 s (${TICKS_A_MINUTE} Refreshes)`,
        figure(minute.wallMs),
        figure(minute.redisUsec / 1000, 1),
        figure(minute.redisCpuMs),
        figure(minute.commands),
        byNameText(minute.byName),
      ],
    );
    // the queue's row is what each watched queue adds to a Refresh
    refreshRows.push([
      `the watched queue's row alone, per Refresh (median of ${RUNS})`,
      figure(median(rowsAlone.map((f) => f.wallMs))),
      figure(median(rowsAlone.map((f) => f.redisUsec / 1000)), 1),
      figure(median(rowsAlone.map((f) => f.redisCpuMs))),
      figure(median(rowsAlone.map((f) => f.commands))),
      byNameText(rowsAlone.at(-1)!.byName),
    ]);
    for (const row of refreshRows) console.log(`${figure(keys)} keys | ${row.join(' | ')}`);
    refreshRows.forEach((row) => row.unshift(figure(keys)));
  }
  for (const [label, shape, hashes] of REFRESH
    ? []
    : ([
        ['spread', 'spread', false],
        ['spread + hashes', 'spread', true],
        ['banded', 'banded', false],
      ] as const)) {
    const filling = performance.now();
    await fill(admin, shape, hashes, Date.now());
    const keys = Number(await admin.call('DBSIZE'));
    console.log(`${label}: ${figure(JOBS)} jobs, ${figure(keys)} keys, filled in ${figure(performance.now() - filling)} ms`);
    const samples = new Map<string, Array<Sample & { requests: number }>>(READS.map((read) => [read.name, []]));
    await measure(admin, `${bridge.url}/api/queues`); // warm: the first read compiles the routes
    for (let run = 0; run < RUNS; run++)
      for (const read of run % 2 === 0 ? READS : [...READS].reverse())
        samples.get(read.name)!.push(await measure(admin, `${bridge.url}${read.path}`, read.follow));
    for (const read of READS) {
      const runs = samples.get(read.name)!;
      const mid = (pick: (s: Sample) => number) => median(runs.map(pick));
      rows.push([
        `${label} (${figure(keys)} keys)`,
        runs[0]!.requests > 1 ? `${read.name} (${runs[0]!.requests} requests)` : read.name,
        figure(mid((s) => s.wallMs)),
        figure(mid((s) => s.bridgeCpuMs)),
        figure(mid((s) => s.redisCpuMs)),
        figure(mid((s) => s.commands)),
        figure(
          mid((s) => s.replyKiB),
          1,
        ),
        read.note(runs.at(-1)!.body),
      ]);
      console.log(rows.at(-1)!.join(' | '));
    }
  }
} finally {
  await bridge.close();
  admin.close();
  await server.stop();
}

const reads = refreshReads({ keyChosen: true, queuesRead: true, detailOpen: true });
const readList = [
  reads.listKeys ? `List keys (${DEFAULT_KEY_PATTERN}, every page)` : '',
  reads.readSet ? "the chosen set's head (/api/members, up to 20,000 members)" : '',
  reads.readQueues ? 'the queue by name (/api/queues?queue=bull:big)' : '',
  reads.readDetail ? "the open detail's histogram (40 windows)" : '',
].filter(Boolean);
if (REFRESH)
  report(BEFORE ? 'doctor-refresh-before' : 'doctor-refresh', {
    script: 'bench:doctor',
    tables: [
      {
        caption: `What one Refresh of the Live panel costs Redis, a queue of ${figure(JOBS)} delayed jobs with a job hash each (${BEFORE ? 'the code before the refresh was bounded' : 'as the code is now'}): ${readList.join('; ')}.`,
        columns: [
          { title: 'keys' },
          { title: 'what' },
          { title: 'wall ms', align: 'right' },
          { title: 'redis ms in commands', align: 'right' },
          { title: 'redis CPU ms', align: 'right' },
          { title: 'commands', align: 'right' },
          { title: 'by command' },
        ],
        rows: refreshRows,
      },
    ],
    notes: [
      '"redis ms in commands" sums INFO commandstats usec over the Refresh (the main thread\'s time in those commands); "redis CPU ms" is INFO cpu (user + sys) over the same span, which also holds the connection handling; "commands" counts INFO commandstats calls, INFO itself left out.',
      'The Refreshes run back to back: a minute of Auto-refresh sends the same reads 12 times, spread over the minute.',
      "The bridge runs without --client-list: with it, each Refresh's queue read adds one CLIENT LIST, whose cost grows with the clients connected, not with the keys.",
    ],
  });
else
  report('doctor', {
    script: 'bench:doctor',
    tables: [
      {
        caption: `The doctor's reads on a queue of ${figure(JOBS)} delayed jobs, medians of ${RUNS} runs each (the reads alternating):`,
        columns: [
          { title: 'queue' },
          { title: 'read' },
          { title: 'reply ms', align: 'right' },
          { title: 'bridge CPU ms', align: 'right' },
          { title: 'redis CPU ms', align: 'right' },
          { title: 'commands', align: 'right' },
          { title: 'reply KiB', align: 'right' },
          { title: 'what it found' },
        ],
        rows,
      },
    ],
    notes: [
      '"the whole walk" follows /api/queues?cursor= to its end: each request walks at most 200 SCAN rounds of COUNT 1,000 (so a keyspace of a million job hashes takes several short requests rather than one long one); ?queue= reads a known queue\'s row without the walk, as a refresh does.',
      '"reply ms" is the time from the request to the whole reply on this shared 2-core machine; the CPU columns are what the bridge (node, this process, the fetch included) and redis-server (INFO cpu) spent on it; "commands" counts what Redis ran for the read (INFO commandstats, INFO itself left out).',
      "A queue row reads its fullest band only when the set holds at most 10,000 members (one ZRANGE WITHSCORES of the whole set, exact); for a larger set the detail asks once, on opening (band=1): a set of at most 100,000 members read whole in pages, a larger one searched with ZCOUNTs of windows (src/model/doctor/bandScan.ts): the fullest window is split in 16 until a single millisecond is the fullest left; a window holding no more jobs than the best band known is pruned. It stops at 3,000 ZCOUNTs and says so (`complete: false`, `atMost`): a set with no band standing out leaves nothing to prune. The histogram is one ZCOUNT a window, whatever the set's size.",
    ],
  });
