/**
 * A job's whole story and a refresh's cost on real bullmq 6.7.0 queues, on a redis-server of this
 * file's own: Find (/api/jobs?state=1) of a failed, a waiting, an active, a completed, a
 * prioritized and a delayed retry job, each state compared with BullMQ's own Job.getState(); a
 * retry with a failing processor shows its failedReason and the cause of its moved run-at, as do
 * a job its processor moved back (Job.moveToDelayed) and one whose delay was changed (changeDelay);
 * MONITOR counts the commands of a refresh's reads (by name: no SCAN) on a set larger than a row
 * reads whole; an ACL user named in the URL signs in with the password from
 * FIRETIME_REDIS_PASSWORD or --password-file. No sleeps: the tests wait on BullMQ's events.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DelayedError, Job, Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { DEFAULT_OPTIONS, parseBridgeArgs } from '../bridge/options.ts';
import type { HistogramReply, JobRow, JobsReply, QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { runAtText, storyText } from '../src/model/doctor/jobWords.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';
import { monitorRedis } from '../test-support/redisMonitor.ts';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { documentedAclRules } from './doctorDocs.ts';

let redis: ConformanceRedis;
let bridge: RunningBridge;
const connection = () => ({ host: '127.0.0.1', port: redis.port });
const closers: Array<() => Promise<unknown>> = [];
/** Lets the active job's processor finish (at the end of the file). */
let release: () => void = () => undefined;

async function get<T>(path: string, base = bridge.url): Promise<{ status: number; body: T }> {
  const answer = await httpAnswer(`${base}${path}`, { 'X-Firetime-Bridge': '1' });
  return { status: answer.status, body: answer.body as T };
}

async function find(queue: string, id: string): Promise<JobRow> {
  const { status, body } = await get<JobsReply>(`/api/jobs?queue=bull:${queue}&id=${encodeURIComponent(id)}&rank=1&state=1`);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.jobs).toHaveLength(1);
  return body.jobs[0]!;
}

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  bridge = await startBridge({ ...DEFAULT_OPTIONS, redisUrl: redis.url, port: 0 }, () => undefined);
  // one queue, every state: a worker that fails `boom` jobs, finishes `ok` jobs and holds `hold` jobs
  const queue = new Queue('story', { connection: connection() });
  closers.push(() => queue.close());
  const held = new Promise<void>((resolve) => (release = resolve));
  let movedBack: () => void = () => undefined;
  const laterMoved = new Promise<void>((resolve) => (movedBack = resolve));
  const worker = new Worker(
    'story',
    async (job, token) => {
      if (job.name === 'boom') throw new Error(`card declined for ${job.id}`);
      // a processor that puts its job back an hour out (Job.moveToDelayed), as a poller waiting on an outside system does
      if (job.name === 'later') {
        await job.moveToDelayed(Date.now() + 3_600_000, token);
        movedBack();
        throw new DelayedError();
      }
      if (job.name === 'hold') await held;
      return 'done';
    },
    { connection: connection(), concurrency: 4 },
  );
  closers.push(() => worker.close());
  const event = (name: 'failed' | 'completed' | 'active', id: string) =>
    new Promise<void>((resolve) => {
      const on = (job: Job | undefined) => {
        if (job?.id !== id) return;
        worker.off(name, on);
        resolve();
      };
      worker.on(name, on);
    });
  const finished = [event('failed', 'failed-1'), event('completed', 'done-1'), event('active', 'active-1')];
  // a retry: its first attempt fails, its backoff puts it an hour out in the delayed set
  const retried = event('failed', 'retry-1');
  await queue.add('boom', {}, { jobId: 'failed-1' });
  await queue.add('ok', {}, { jobId: 'done-1' });
  await queue.add('hold', {}, { jobId: 'active-1' });
  await queue.add('boom', {}, { jobId: 'retry-1', attempts: 3, backoff: { type: 'exponential', delay: 3_600_000 } });
  // added 10 s in the past: moveToDelayed writes delay = target - now, so a job moved in the same
  // millisecond it was added (a quiet machine) would read timestamp + delay = run-at, nothing moved
  await queue.add('later', {}, { jobId: 'later-1', timestamp: Date.now() - 10_000 });
  await Promise.all([...finished, retried, laterMoved]);
  // a queue with no worker: a waiting job and a prioritized one
  const idle = new Queue('idle', { connection: connection() });
  closers.push(() => idle.close());
  await idle.add('later', {}, { jobId: 'waiting-1' });
  await idle.add('urgent', {}, { jobId: 'prio-1', priority: 5 });
  // a job whose delay was changed after it was added: a minute out, then two minutes from a later now
  const changed = await idle.add('remind', {}, { jobId: 'changed-1', delay: 60_000, timestamp: Date.now() - 10_000 });
  await changed.changeDelay(120_000);
}, 60_000);

afterAll(async () => {
  release();
  for (const close of closers.reverse()) await close();
  await bridge?.close();
  await redis?.close();
});

describe('Find a job in any state, as BullMQ says it', () => {
  it.each([
    ['story', 'failed-1', 'failed'],
    ['story', 'done-1', 'completed'],
    ['story', 'active-1', 'active'],
    ['story', 'retry-1', 'delayed'],
    ['idle', 'waiting-1', 'wait'],
    ['idle', 'prio-1', 'prioritized'],
  ])('%s %s is %s', async (queueName, id, state) => {
    const queue = new Queue(queueName, { connection: connection() });
    try {
      expect(await queue.getJobState(id)).toBe(state === 'wait' ? 'waiting' : state);
    } finally {
      await queue.close();
    }
    const row = await find(queueName, id);
    expect(row.story?.state.state).toBe(state);
    expect(row.story?.found).toBe(true);
  });

  it('a failed job: its reason, when it finished and its attempts, as the hash holds them', async () => {
    const queue = new Queue('story', { connection: connection() });
    const job = (await Job.fromId(queue, 'failed-1'))!;
    await queue.close();
    const row = await find('story', 'failed-1');
    expect(row.story).toMatchObject({
      state: { state: 'failed', by: 'ZSCORE failed' },
      name: 'boom',
      failedReason: { text: 'card declined for failed-1', cut: false },
      finishedOn: job.finishedOn,
      attempt: { n: 1, of: 1 },
    });
    expect(storyText(row.story!, job.finishedOn!)).toMatch(
      /^failed at (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC, attempt 1 of 1: card declined for failed-1 \(ZSCORE failed\)$/,
    );
  });

  it('a retry moved by its backoff: its failedReason, and the cause of the run-at timestamp + delay does not give', async () => {
    const row = await find('story', 'retry-1');
    const score = Number(await redis.client.call('ZSCORE', 'bull:story:delayed', 'retry-1'));
    expect(row.score).toBe(String(score));
    expect(row.facts).toMatchObject({
      attempt: { n: 2, of: 3 },
      runAt: Math.floor(score / 4096),
      runAtDiffers: true,
      movedBy: 'retry',
      failedReason: { text: 'card declined for retry-1', cut: false },
    });
  });

  it('a job its processor moved back to delayed, and one whose delay was changed: each run-at explained by its cause', async () => {
    const queue = new Queue('story', { connection: connection() });
    const idle = new Queue('idle', { connection: connection() });
    try {
      expect([await queue.getJobState('later-1'), await idle.getJobState('changed-1')]).toEqual(['delayed', 'delayed']);
      const moved = (await Job.fromId(queue, 'later-1'))!;
      const row = await find('story', 'later-1');
      const score = Number(await redis.client.call('ZSCORE', 'bull:story:delayed', 'later-1'));
      expect(row.facts).toMatchObject({
        runAt: Math.floor(score / 4096),
        runAtDiffers: true,
        movedBy: 'moved-to-delayed',
        processedOn: moved.processedOn,
        failedReason: null,
      });
      // an instant on another day than `now` is written with its date: the run-at is an hour out, so
      // a run in the last hour before midnight (UTC) shows one
      const instant = String.raw`(?:\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC`;
      expect(runAtText(row.facts!, moved.processedOn!)).toMatch(
        new RegExp(
          `, not timestamp \\+ delay = ${instant}: a worker took it at ${instant} and moved it back to delayed \\(moveToDelayed\\)$`,
        ),
      );
      const changed = await find('idle', 'changed-1');
      expect(changed.facts).toMatchObject({ runAtDiffers: true, movedBy: 'change-delay', processedOn: null, failedReason: null });
      expect(runAtText(changed.facts!, changed.facts!.runAt - 1000)).toMatch(
        /: its delay was changed after it was added, before any worker took it \(changeDelay\)$/,
      );
    } finally {
      await Promise.all([queue.close(), idle.close()]);
    }
  });

  it('an active job: taken at its processedOn; a job never added is gone', async () => {
    const queue = new Queue('story', { connection: connection() });
    const job = (await Job.fromId(queue, 'active-1'))!;
    await queue.close();
    expect((await find('story', 'active-1')).story).toMatchObject({ state: { by: 'LPOS active' }, processedOn: job.processedOn });
    expect((await find('story', 'never-added')).story).toMatchObject({ state: { state: 'gone', by: null }, found: false });
  });
});

describe('what a refresh costs Redis, counted by MONITOR', () => {
  it('the row by name and the open detail: no SCAN, a bounded number of commands on a set larger than a row reads whole', async () => {
    const big = new Queue('big', { connection: connection() });
    await big.add('one', {}, { delay: 60_000 });
    await big.close();
    // 30,000 more members in the delayed set (three a millisecond, as a busy producer leaves them)
    const now = Date.now();
    for (let chunk = 0; chunk < 3; chunk++) {
      const args: Array<string | number> = [];
      for (let i = 0; i < 10_000; i++) {
        const n = chunk * 10_000 + i;
        args.push((now + 60_000 + Math.floor(n / 3)) * 4096 + (n % 3), `m${n}`);
      }
      await redis.client.call('ZADD', 'bull:big:delayed', ...args);
    }
    const watch = await monitorRedis(redis.port);
    const row = await get<QueuesReply>('/api/queues?queue=bull:big');
    const rowSeen = await watch.commandsBefore(redis.client, 'end-of-row');
    const key64 = Buffer.from('bull:big:delayed').toString('base64url');
    const detail = await get<HistogramReply>(`/api/histogram?key64=${key64}&scheme=band&buckets=40`);
    const all = await watch.commandsBefore(redis.client, 'end-of-detail');
    const detailSeen = all.slice(rowSeen.length + 1);
    expect(row.status).toBe(200);
    expect(row.body.queues[0]).toMatchObject({ delayed: 30_001, fullestBand: null });
    expect(detail.body.total).toBe(30_001);
    console.log(`refresh by name: the row ${rowSeen.length} commands, the open detail's histogram ${detailSeen.length}`);
    expect(rowSeen.filter((c) => c.name === 'SCAN')).toEqual([]);
    expect(detailSeen.filter((c) => c.name === 'SCAN')).toEqual([]);
    expect(rowSeen.length).toBeLessThanOrEqual(50);
    expect(detailSeen.length).toBeLessThanOrEqual(50);
    // the band is searched once, on demand: bounded, and it finds the three-job band
    const band = await get<HistogramReply>(`/api/histogram?key64=${key64}&scheme=band&buckets=1&band=1`);
    expect(band.body.fullestBand).toMatchObject({ jobs: 3, complete: true, counts: 0 });
  });
});

describe('an ACL user named in the URL, the password kept off the command line', () => {
  it('signs in with the password from FIRETIME_REDIS_PASSWORD, or from --password-file', async () => {
    // the user docs/live-redis.md tells an operator to create, with this test's password
    const rules = documentedAclRules().map((rule) => (rule === '>secret' ? '>acl-secret-36' : rule));
    expect(await redis.client.call('ACL', 'SETUSER', 'firetime', ...rules)).toBe('OK');
    const folder = mkdtempSync(join(tmpdir(), 'firetime-pw-'));
    const file = join(folder, 'redis-password');
    writeFileSync(file, 'acl-secret-36\n', { mode: 0o600 });
    try {
      for (const [argv, env] of [
        [['--redis', `redis://firetime@127.0.0.1:${redis.port}`, '--port', '0'], { FIRETIME_REDIS_PASSWORD: 'acl-secret-36' }],
        [['--redis', `redis://firetime@127.0.0.1:${redis.port}`, '--port', '0', '--password-file', file], {}],
      ] as const) {
        const parsed = parseBridgeArgs(argv, env);
        if (parsed.kind !== 'options') throw new Error(JSON.stringify(parsed));
        const logs: string[] = [];
        const acl = await startBridge(parsed.options, (line) => logs.push(line));
        try {
          expect(acl.shownRedisUrl).toBe(`redis://firetime:***@127.0.0.1:${redis.port}`);
          for (const path of ['/api/queues?queue=bull:story', '/api/jobs?queue=bull:story&id=failed-1&rank=1&state=1']) {
            const answer = await get<unknown>(path, acl.url);
            expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
          }
          expect(logs.join('\n')).not.toContain('acl-secret-36');
        } finally {
          await acl.close();
        }
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await redis.client.call('ACL', 'DELUSER', 'firetime');
    }
  });
});
