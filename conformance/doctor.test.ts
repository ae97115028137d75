/**
 * The delayed-jobs doctor on real queues: bullmq 6.7.0 (overdue jobs with no worker, a
 * worker that then runs them, a retry with backoff, a job scheduler, a custom prefix with a colon
 * in it, an empty queue), bullmq 5.8.5, Bull 4 and bee-queue, all on one redis-server of this
 * file's own (MONITOR sees every database of a server, so no other file may share it). Every
 * number of /api/queues and /api/histogram is checked against the set read whole with ZRANGE and
 * counted here; the verdict is checked for each case; MONITOR shows the new routes send reads only.
 */
import BeeQueue from 'bee-queue';
import Bull from 'bull';
import { Queue, Worker } from 'bullmq';
import { Queue as Queue585 } from 'bullmq-5.8.5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_COMMANDS, JOB_HASH_FIELDS, META_STATE_FIELDS } from '../bridge/allowList.ts';
import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import type { HistogramReply, JobsReply, QueueRow, QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { durationText, instantText } from '../src/model/doctor/words.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';
import { monitorRedis } from '../test-support/redisMonitor.ts';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { documentedAclRules, documentedClientListRules, documentedCommands } from './doctorDocs.ts';

const MINUTE = 60_000;
let redis: ConformanceRedis;
let bridge: RunningBridge;
/** The libraries' clients, closed once the fixtures are written (the worker test opens its own). */
const closers: Array<() => Promise<unknown>> = [];
const started = Date.now();
const connection = () => ({ host: '127.0.0.1', port: redis.port });

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const answer = await httpAnswer(`${bridge.url}${path}`, { 'X-Firetime-Bridge': '1' });
  return { status: answer.status, body: answer.body as T };
}

async function queues(): Promise<QueuesReply> {
  const answer = await get<QueuesReply>('/api/queues');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const rowOf = (reply: QueuesReply, prefix: string, name: string): QueueRow => {
  const row = reply.queues.find((q) => q.prefix === prefix && q.name === name);
  if (row === undefined)
    throw new Error(`no row ${prefix}:${name} in ${reply.queues.map((q) => `${q.prefix}:${q.name}`).join(', ')}`);
  return row;
};

/** [member, score] of the whole set, read with ZRANGE 0 -1 WITHSCORES. */
async function wholeSet(key: string): Promise<Array<[string, number]>> {
  const flat = (await redis.client.call('ZRANGE', key, 0, -1, 'WITHSCORES')) as string[];
  const pairs: Array<[string, number]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i]!, Number(flat[i + 1])]);
  return pairs;
}

/** What the row must say, counted here from the whole set and the marker at the reply's `now`. */
async function directRow(row: QueueRow, now: number) {
  const units = row.scheme === 'bare-ms' ? 1 : 4096;
  const fire = (score: number) => Math.floor(score / units);
  const base = `${row.prefix}:${row.name}`;
  const set = await wholeSet(`${base}:delayed`);
  const due = set.filter(([, score]) => score >= 0 && fire(score) <= now);
  const bands = new Map<number, number>();
  for (const [, score] of set) bands.set(fire(score), (bands.get(fire(score)) ?? 0) + 1);
  let fullest: { fireTime: number; jobs: number } | null = null;
  for (const [fireTime, jobs] of bands) if (fullest === null || jobs > fullest.jobs) fullest = { fireTime, jobs };
  const ceiling = fullest === null ? 0 : (fullest.fireTime + 1) * 4096 - 1;
  const marker = row.library === 'bullmq' ? await wholeSet(`${base}:marker`) : [];
  const version = await redis.client.call('HGET', `${base}:meta`, 'version');
  return {
    version: typeof version === 'string' ? version.split(':')[1] : null,
    delayed: set.length,
    overdue: due.length,
    oldestOverdueMs: due.length === 0 ? null : now - fire(due[0]![1]),
    nextFireTime: set.length === 0 ? null : fire(set[0]![1]),
    head: set.length === 0 ? null : set[0]![0],
    markerTime: marker.length === 0 ? null : marker[0]![1],
    fullestBand:
      fullest === null
        ? null
        : {
            ...fullest,
            atCeiling: row.scheme === 'band' ? set.filter(([, score]) => score === ceiling).length : null,
            complete: true,
          },
  };
}

/** The row's numbers beside the ones counted here. */
async function expectRowMatches(row: QueueRow, now: number): Promise<void> {
  const direct = await directRow(row, now);
  expect({
    version: row.version,
    delayed: row.delayed,
    overdue: row.overdue,
    oldestOverdueMs: row.oldestOverdueMs,
    nextFireTime: row.nextFireTime,
    head: row.head?.member.text ?? null,
    markerTime: row.marker?.time ?? null,
    fullestBand:
      row.fullestBand === null
        ? null
        : {
            fireTime: row.fullestBand.fireTime,
            jobs: row.fullestBand.jobs,
            atCeiling: row.fullestBand.atCeiling,
            complete: row.fullestBand.complete,
          },
  }).toEqual(direct);
}

const T0 = Math.floor(started / 1000) * 1000;

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  // overdue jobs with no worker: 40 added in one millisecond 13 minutes ago with 1 s delay, and 10 due in an hour
  const overdue = new Queue('overdue', { connection: connection() });
  for (let i = 0; i < 40; i++) await overdue.add('late', { i }, { delay: 1000, timestamp: T0 - 13 * MINUTE });
  for (let i = 0; i < 10; i++) await overdue.add('later', { i }, { delay: 60 * MINUTE, timestamp: T0 });
  // a custom prefix (with a colon in it) and a queue a worker will run: 5 late jobs and one 10 min out
  const worked = new Queue('worked', { connection: connection(), prefix: 'acme:prod' });
  for (let i = 0; i < 5; i++) await worked.add('late', { i }, { delay: 1000, timestamp: T0 - 20 * MINUTE });
  await worked.add('later', {}, { delay: 10 * MINUTE, timestamp: T0 });
  // a 4,200-job addBulk in one millisecond (a saturated band: 105 share the ceiling) among 1,500 spread jobs
  const bulk = new Queue('bulk', { connection: connection() });
  await bulk.addBulk(
    Array.from({ length: 4200 }, (_, i) => ({ name: 'burst', data: { i }, opts: { delay: 20 * MINUTE, timestamp: T0 } })),
  );
  await bulk.addBulk(
    Array.from({ length: 1500 }, (_, i) => ({ name: 'spread', data: { i }, opts: { delay: 1000 + i * 1700, timestamp: T0 } })),
  );
  // a job scheduler: its next job sits in the delayed set as repeat:daily:<ms>
  const scheduled = new Queue('scheduled', { connection: connection() });
  await scheduled.upsertJobScheduler('daily', { pattern: '0 0 * * *' }, { name: 'nightly' });
  // a queue with nothing delayed
  const idle = new Queue('idle', { connection: connection() });
  await idle.add('now', {});
  // BullMQ before the band bump: the low bits are the id counter
  const old = new Queue585('old', { connection: connection() });
  for (let i = 0; i < 3; i++) await old.add('same-ms', { i }, { delay: 30 * MINUTE, timestamp: T0 });
  // Bull 4: 30 jobs in one millisecond an hour out, 5 jobs 10 min late
  const legacy = new Bull('legacy', { redis: connection() });
  // Bull reads opts.timestamp (its typings leave it out)
  const at = (timestamp: number, delay: number) => ({ delay, timestamp }) as Bull.JobOptions;
  for (let i = 0; i < 30; i++) await legacy.add({ i }, at(T0, 60 * MINUTE));
  for (let i = 0; i < 5; i++) await legacy.add({ i }, at(T0 - 10 * MINUTE, 1000));
  // bee-queue: bare milliseconds
  const bees = new BeeQueue('bees', { redis: connection(), activateDelayedJobs: false, isWorker: false, getEvents: false });
  await bees
    .createJob({})
    .delayUntil(T0 + 5 * MINUTE)
    .save();
  await bees
    .createJob({})
    .delayUntil(T0 + 5 * MINUTE)
    .save();
  closers.push(
    () => overdue.close(),
    () => bulk.close(),
    () => worked.close(),
    () => scheduled.close(),
    () => idle.close(),
    () => old.close(),
    () => legacy.close(),
    () => bees.close(),
  );
  bridge = await startBridge({ ...DEFAULT_OPTIONS, redisUrl: redis.url, port: 0, commandTimeoutMs: 5000 }, () => undefined);
});

afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined);
  await bridge?.close();
  await redis?.close();
});

describe('/api/queues on real queues', () => {
  it('lists every queue, empty ones too, with the library and its scheme', async () => {
    const reply = await queues();
    expect(reply.complete).toBe(true);
    // bullmq 5.8.5 writes no version in meta: its scores tell its scheme
    expect(reply.queues.map((q) => [`${q.prefix}:${q.name}`, q.library, q.version, q.scheme, q.schemeFrom])).toEqual([
      ['acme:prod:worked', 'bullmq', '6.7.0', 'band', 'meta'],
      ['bq:bees', 'bee-queue', null, 'bare-ms', 'library'],
      ['bull:bulk', 'bullmq', '6.7.0', 'band', 'meta'],
      ['bull:idle', 'bullmq', '6.7.0', 'band', 'meta'],
      ['bull:legacy', 'bull', null, 'id-counter', 'library'],
      ['bull:old', 'bullmq', null, 'id-counter', 'scores'],
      ['bull:overdue', 'bullmq', '6.7.0', 'band', 'meta'],
      ['bull:scheduled', 'bullmq', '6.7.0', 'band', 'meta'],
    ]);
    // the server's TIME, not this process's clock, but on one machine they agree within a second
    expect(Math.abs(reply.now - Date.now())).toBeLessThan(1000);
  });

  it('every number equals the set counted whole', async () => {
    const reply = await queues();
    for (const row of reply.queues) await expectRowMatches(row, reply.now);
    console.log(`doctor: ${reply.queues.map((q) => `${q.prefix}:${q.name} ${q.delayed} delayed, ${q.overdue} due`).join('; ')}`);
  });

  it('overdue jobs and no worker: how many, how late, and the marker left behind', async () => {
    const reply = await queues();
    const row = rowOf(reply, 'bull', 'overdue');
    expect([row.delayed, row.overdue, row.fullestBand?.jobs, row.fullestBand?.atCeiling]).toEqual([50, 40, 40, 0]);
    const head = T0 - 13 * MINUTE + 1000;
    expect(row.marker?.time).toBe(head);
    expect(row.verdict).toMatchObject({
      kind: 'overdue-no-worker',
      words: `40 due, oldest ${durationText(reply.now - head)} late; the marker says ${instantText(head, reply.now)}, long past: no worker is polling`,
    });
    expect(row.verdict.words).toMatch(
      /^40 due, oldest (12 min 59 s|13 min( \d+ s)?) late; the marker says (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC, long past: no worker is polling$/,
    );
  });

  it('a saturated band among 5,700 jobs: the set read whole (one ZRANGE: at most 10,000), 105 at its ceiling', async () => {
    const reply = await queues();
    const row = rowOf(reply, 'bull', 'bulk');
    expect(row.fullestBand).toMatchObject({
      fireTime: T0 + 20 * MINUTE,
      jobs: 4200,
      atCeiling: 105,
      complete: true,
      atMost: 4200,
    });
    expect(row.fullestBand!.counts).toBe(0);
  });

  it('future jobs only: the marker agrees with the head', async () => {
    const reply = await queues();
    const row = rowOf(reply, 'bull', 'scheduled');
    expect(row.verdict.kind).toBe('waiting');
    expect(row.verdict.words).toBe(`next job in ${durationText(row.nextFireTime! - reply.now)}; the marker agrees`);
    // one job in wait and nobody took the marker the add wrote: "nothing delayed" alone hid it
    expect(rowOf(reply, 'bull', 'idle').verdict).toMatchObject({
      kind: 'overdue-no-worker',
      words: '1 waiting; the marker says jobs are waiting, and nobody took it: no worker is polling',
    });
  });

  it('Bull 4 and BullMQ 5.8.5: id-counter scores, no ceiling; Bull keeps no marker', async () => {
    const reply = await queues();
    const legacy = rowOf(reply, 'bull', 'legacy');
    expect([legacy.overdue, legacy.fullestBand?.fireTime, legacy.fullestBand?.jobs, legacy.fullestBand?.atCeiling]).toEqual([
      5,
      T0 + 60 * MINUTE,
      30,
      null,
    ]);
    expect(legacy.marker).toBeNull();
    expect(legacy.verdict.words).toBe(
      `5 due, oldest ${durationText(reply.now - (T0 - 10 * MINUTE + 1000))} late: no worker is promoting them (bull keeps no marker)`,
    );
    const old = rowOf(reply, 'bull', 'old');
    expect([old.fullestBand?.jobs, old.fullestBand?.atCeiling]).toEqual([3, null]);
    const bees = rowOf(reply, 'bq', 'bees');
    expect([bees.delayed, bees.nextFireTime, bees.fullestBand?.jobs]).toEqual([2, T0 + 5 * MINUTE, 2]);
  });

  it('a worker then runs the overdue jobs: nothing is due, and the marker was taken', async () => {
    let row = rowOf(await queues(), 'acme:prod', 'worked');
    expect([row.overdue, row.verdict.kind]).toEqual([5, 'overdue-no-worker']);
    let done = 0;
    const worker = new Worker('worked', () => Promise.resolve(done++), { connection: connection(), prefix: 'acme:prod' });
    try {
      for (let i = 0; i < 100 && (row.overdue > 0 || done < 5); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        row = rowOf(await queues(), 'acme:prod', 'worked');
      }
      const reply = await queues();
      row = rowOf(reply, 'acme:prod', 'worked');
      expect([done, row.delayed, row.overdue]).toEqual([5, 1, 0]);
      await expectRowMatches(row, reply.now);
      // an idle worker pops the marker (BZPOPMIN) and sleeps until its score
      expect(row.verdict.words).toBe(
        `next job in ${durationText(T0 + 10 * MINUTE - reply.now)}; no marker is set (a waiting worker took it, or none was written)`,
      );
    } finally {
      await worker.close();
    }
  });
});

describe('/api/jobs on real queues', () => {
  it('a retry with exponential backoff: attempt 2 of 3, and the run-at that timestamp + delay does not give', async () => {
    const retried = new Queue('retried', { connection: connection() });
    const worker = new Worker(
      'retried',
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 25));
        throw new Error('try again');
      },
      { connection: connection() },
    );
    try {
      const failed = new Promise<void>((resolve) => worker.once('failed', () => resolve()));
      await retried.add('flaky', {}, { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } });
      await failed;
      await worker.close();
      const score = Number(await redis.client.call('ZSCORE', 'bull:retried:delayed', '1'));
      const { status, body } = await get<JobsReply>('/api/jobs?queue=bull:retried&id=1&id=missing');
      expect(status).toBe(200);
      expect(body.scheme).toBe('band');
      const [job, missing] = body.jobs;
      expect(job!.score).toBe(String(score));
      expect(job!.facts).toMatchObject({
        found: true,
        name: 'flaky',
        attempt: { n: 2, of: 3 },
        backoff: { type: 'exponential', delay: 60_000 },
        runAt: Math.floor(score / 4096),
        runAtDiffers: true,
      });
      const hash = (await redis.client.call('HMGET', 'bull:retried:1', 'timestamp', 'delay')) as string[];
      expect(job!.facts!.plannedRunAt).toBe(Number(hash[0]) + Number(hash[1]));
      expect(job!.facts!.runAt - job!.facts!.plannedRunAt!).toBeGreaterThanOrEqual(20);
      expect(missing).toMatchObject({ score: null, facts: null });
    } finally {
      await worker.close();
      await retried.close();
    }
  });

  it('a job scheduler’s member is named as its scheduler’s', async () => {
    const [member, score] = (await wholeSet('bull:scheduled:delayed'))[0]!;
    const { body } = await get<JobsReply>(`/api/jobs?queue=bull:scheduled&id=${encodeURIComponent(member)}`);
    const facts = body.jobs[0]!.facts!;
    expect(facts).toMatchObject({
      name: 'nightly',
      scheduler: { id: 'daily', at: Math.floor(score / 4096) },
      runAtDiffers: false,
    });
  });
});

describe('/api/jobs?rank=1: where a found job stands in its set', () => {
  it('in the 4,200-job band and among Bull 4 jobs, the count of lower scores is the rank ZRANK gives', async () => {
    // jobs deep in the saturated band (4,000 is past the ceiling: ties sort by bytes after the lower scores)
    for (const [queue, ids] of [
      ['bull:bulk', ['1', '2100', '4096', '4150', '5000']],
      ['bull:legacy', ['1', '17', '33']],
    ] as const) {
      const query = ids.map((id) => `id=${id}`).join('&');
      const { status, body } = await get<JobsReply>(`/api/jobs?queue=${queue}&${query}&rank=1`);
      expect(status).toBe(200);
      for (const [i, id] of ids.entries()) {
        const key = `${queue}:delayed`;
        const score = String(await redis.client.call('ZSCORE', key, id));
        const lower = Number(await redis.client.call('ZCOUNT', key, '-inf', `(${score}`));
        const ties = Number(await redis.client.call('ZCOUNT', key, score, score));
        const rank = Number(await redis.client.call('ZRANK', key, id));
        expect(body.jobs[i]!.lower).toBe(lower);
        // the job is among its ties, which follow every lower score
        expect(rank).toBeGreaterThanOrEqual(lower);
        expect(rank).toBeLessThan(lower + ties);
        if (ties === 1) expect(body.jobs[i]!.lower).toBe(rank);
      }
    }
  });

  it('a job not delayed has no rank; without rank=1 none is counted; any other rank is a 400', async () => {
    const { body } = await get<JobsReply>('/api/jobs?queue=bull:bulk&id=no-such-job&id=7&rank=1');
    expect(body.jobs[0]).toMatchObject({ score: null, facts: null, lower: null });
    expect(typeof body.jobs[1]!.lower).toBe('number');
    const plain = await get<JobsReply>('/api/jobs?queue=bull:bulk&id=7');
    expect('lower' in plain.body.jobs[0]!).toBe(false);
    expect((await get('/api/jobs?queue=bull:bulk&id=7&rank=yes')).status).toBe(400);
  });
});

describe('/api/histogram on real queues', () => {
  it.each([
    ['the overdue queue, head to tail', 'bull:overdue:delayed', 'band', ''],
    [
      'the overdue queue, 14 min ago to 61 min ahead in 75 windows',
      'bull:overdue:delayed',
      'band',
      `&from=${T0 - 14 * MINUTE}&to=${T0 + 61 * MINUTE}&buckets=75`,
    ],
    ['Bull 4, 7 windows', 'bull:legacy:delayed', 'id-counter', '&buckets=7'],
    ['bee-queue, 3 windows', 'bq:bees:delayed', 'bare-ms', '&buckets=3'],
  ])('%s: each window equals the set counted whole', async (_label, key, scheme, params) => {
    const { status, body } = await get<HistogramReply>(`/api/histogram?key=${encodeURIComponent(key)}&scheme=${scheme}${params}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const units = scheme === 'bare-ms' ? 1 : 4096;
    const fires = (await wholeSet(key)).map(([, score]) => Math.floor(score / units));
    expect(body.total).toBe(fires.length);
    for (const bucket of body.buckets) expect(bucket.jobs).toBe(fires.filter((ms) => ms >= bucket.from && ms < bucket.to).length);
    expect(body.before).toBe(fires.filter((ms) => ms < body.from).length);
    expect(body.after).toBe(fires.filter((ms) => ms >= body.buckets.at(-1)!.to).length);
    expect(body.before + body.after + body.buckets.reduce((sum, b) => sum + b.jobs, 0)).toBe(fires.length);
  });

  it('bad parameters are a 400', async () => {
    for (const query of [
      'key=bull:overdue:delayed&buckets=0',
      'key=bull:overdue:delayed&from=5&to=1',
      'key=bull:overdue:delayed&scheme=x',
    ])
      expect((await get(`/api/histogram?${query}`)).status).toBe(400);
    expect((await get('/api/histogram?key=bull:nothing:delayed')).status).toBe(404);
    expect((await get('/api/histogram?key=bull:overdue:meta')).status).toBe(409);
  });
});

describe('the doctor only reads', () => {
  it('MONITOR shows only allowed commands, HGET of version and HMGET of job fields, under every new route', async () => {
    for (const close of closers.splice(0)) await close();
    const watch = await monitorRedis(redis.port);
    // a second bridge, started while MONITOR watches, on another database: its handshake is SELECT
    const other = await startBridge(
      { ...DEFAULT_OPTIONS, redisUrl: `redis://127.0.0.1:${redis.port}/3`, port: 0 },
      () => undefined,
    );
    try {
      const answer = await httpAnswer(`${other.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
      expect([answer.status, (answer.body as QueuesReply).queues]).toEqual([200, []]);
      await queues();
      await get('/api/histogram?key=bull:overdue:delayed&buckets=50');
      await get('/api/jobs?queue=bull:overdue&id=1&id=2&id=nope');
      await get('/api/jobs?queue=bull:legacy&id=1');
      await get('/api/jobs?queue=bull:bulk&id=4100&rank=1');
      const seen = await watch.commandsBefore(redis.client, 'end-of-doctor-reads');
      const names = new Set(seen.map((command) => command.name));
      console.log(`doctor: MONITOR saw ${seen.length} commands: ${[...names].sort().join(', ')}`);
      // every read the allow-list has but LPOS (Find in a list, not asked for here), and SELECT
      expect([...names].sort()).toEqual([...[...ALLOWED_COMMANDS].filter((name) => name !== 'LPOS'), 'SELECT'].sort());
      // SELECT is ioredis's handshake for a /db in the URL (and AUTH for a password: conformance/bridge.test.ts)
      expect(seen.filter((command) => command.name === 'SELECT').map((command) => command.args)).toEqual([['3']]);
      expect([...names].every((name) => name === 'SELECT' || ALLOWED_COMMANDS.has(name))).toBe(true);
      // and every one of them is in the table docs/live-redis.md gives operators (README links it)
      const documented = new Set(documentedCommands().map((command) => command.name));
      expect([...names].filter((name) => !documented.has(name))).toEqual([]);
      for (const command of seen) {
        if (command.name === 'HGET') expect(command.args.slice(1)).toEqual(['version']);
        if (command.name === 'HMGET') expect([JOB_HASH_FIELDS, META_STATE_FIELDS]).toContainEqual(command.args.slice(1));
        if (command.name === 'HSTRLEN') expect(JOB_HASH_FIELDS).toContain(command.args[1]);
      }
    } finally {
      watch.stop();
      await other.close();
    }
  });
});

describe('what docs/live-redis.md (linked from README.md) tells an operator the bridge sends', () => {
  it('its command table names exactly the allow-list, CLIENT LIST as the opt-in, and ioredis’s own commands apart', () => {
    const table = documentedCommands();
    const own = table.filter((command) => !command.byIoredis && !command.optIn).map((command) => command.name);
    expect(own.sort()).toEqual([...ALLOWED_COMMANDS].sort());
    expect(table.filter((command) => command.optIn).map((command) => command.name)).toEqual(['CLIENT|LIST']);
    expect(
      table
        .filter((command) => command.byIoredis)
        .map((command) => command.name)
        .sort(),
    ).toEqual(['AUTH', 'CLIENT|SETNAME', 'CLUSTER|SLOTS', 'INFO', 'SELECT']);
  });

  it('its ACL line allows exactly the allow-list and SELECT (the handshake), and --client-list adds +client|list', () => {
    const rules = documentedAclRules();
    const allowed = rules.filter((rule) => rule.startsWith('+')).map((rule) => rule.slice(1).toUpperCase());
    expect(allowed.sort()).toEqual([...ALLOWED_COMMANDS, 'SELECT'].sort());
    expect(rules.filter((rule) => !rule.startsWith('+'))).toEqual(['on', '>secret', '~*', 'resetchannels', '-@all']);
    expect(documentedClientListRules()).toEqual(['+client|list']);
  });
});

describe('an ACL user holding only the commands README.md lists', () => {
  it('every route answers, on database 0 and on another (SELECT)', async () => {
    // the line docs/live-redis.md gives, with this test's password
    const rules = documentedAclRules().map((rule) => (rule === '>secret' ? '>acl-secret-42' : rule));
    expect(await redis.client.call('ACL', 'SETUSER', 'firetime', ...rules)).toBe('OK');
    try {
      for (const db of ['', '/3']) {
        const acl = await startBridge(
          { ...DEFAULT_OPTIONS, redisUrl: `redis://firetime:acl-secret-42@127.0.0.1:${redis.port}${db}`, port: 0 },
          () => undefined,
        );
        try {
          for (const path of [
            '/api/keys?pattern=*:delayed',
            '/api/members?key=bull:overdue:delayed',
            '/api/queues',
            '/api/queues?queue=bull:overdue',
            '/api/histogram?key=bull:overdue:delayed&buckets=10',
            '/api/jobs?queue=bull:overdue&id=1',
            '/api/jobs?queue=bull:overdue&id=1&rank=1',
            '/api/jobs?queue=bull:overdue&id=1&rank=1&state=1',
          ]) {
            const answer = await httpAnswer(`${acl.url}${path}`, { 'X-Firetime-Bridge': '1' });
            // database 3 is empty: its set reads are 404, which is Redis answering, not refusing
            expect([200, ...(db === '' ? [] : [404])], `${db} ${path}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
          }
        } finally {
          await acl.close();
        }
      }
    } finally {
      await redis.client.call('ACL', 'DELUSER', 'firetime');
    }
  });
});

describe('/api/queues by name, and a walk in parts', () => {
  it('?queue= reads the named queues’ rows with no walk', async () => {
    const { status, body } = await get<QueuesReply>('/api/queues?queue=bull:overdue&queue=bq:bees&queue=bull:gone');
    expect(status).toBe(200);
    expect([body.queues.map((q) => `${q.prefix}:${q.name}`), body.cursor, body.complete]).toEqual([
      ['bq:bees', 'bull:overdue'],
      '0',
      true,
    ]);
    for (const row of body.queues) await expectRowMatches(row, body.now);
    expect((await get('/api/queues?queue=nocolon')).status).toBe(400);
    expect((await get('/api/queues?cursor=x')).status).toBe(400);
  });

  it('a keyspace larger than one request walks: the cursor goes on and every queue is found', async () => {
    const fill = "for i = 1, tonumber(ARGV[1]) do redis.call('SET', 'filler:' .. i, '') end return 1";
    await redis.client.call('EVAL', fill, 0, 250_000);
    try {
      const found: string[] = [];
      let cursor = '0';
      let requests = 0;
      do {
        const { body } = await get<QueuesReply>(`/api/queues?cursor=${cursor}`);
        found.push(...body.queues.map((q) => `${q.prefix}:${q.name}`));
        expect(body.complete).toBe(body.cursor === '0');
        cursor = body.cursor;
        requests++;
      } while (cursor !== '0' && requests < 20);
      console.log(`doctor: 250,000 more keys walked in ${requests} requests`);
      expect(requests).toBeGreaterThan(1);
      // SCAN returns every key at least once; a key may come back in two parts of the walk
      expect([...new Set(found)].sort()).toEqual([
        'acme:prod:worked',
        'bq:bees',
        'bull:bulk',
        'bull:idle',
        'bull:legacy',
        'bull:old',
        'bull:overdue',
        'bull:retried',
        'bull:scheduled',
      ]);
    } finally {
      await redis.client.call(
        'EVAL',
        "for _, k in ipairs(redis.call('KEYS', 'filler:*')) do redis.call('DEL', k) end return 1",
        0,
      );
    }
  });
});
