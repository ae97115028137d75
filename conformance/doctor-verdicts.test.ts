/**
 * The doctor's verdicts on queues built with the real bullmq 6.7.0, each in the state that used to
 * be worded falsely: paused (with and without a worker), a busy worker (concurrency 1, a job that
 * does not end until the test lets it), a worker held by its limiter, a scheduler with no worker,
 * retries with a failing processor, an empty queue and one with due jobs and no worker. Every
 * count the bridge reads is compared with BullMQ's own API (getJobCounts, isPaused,
 * getRateLimitTtl, getWorkers); CLIENT LIST is sent only by a bridge started with --client-list,
 * and an ACL user needs +client|list for it; MONITOR shows the reads write nothing.
 * Jobs are made due by past timestamps, and states are waited for by polling BullMQ, never by sleeps.
 */
import { Queue, Worker } from 'bullmq';
import type { JobType } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_COMMANDS, JOB_HASH_FIELDS, META_STATE_FIELDS } from '../bridge/allowList.ts';
import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import type { JobsReply, QueueRow, QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { holdText } from '../src/model/doctor/holdWords.ts';
import { storyText } from '../src/model/doctor/jobWords.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';
import { monitorRedis } from '../test-support/redisMonitor.ts';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { documentedAclRules, documentedClientListRules } from './doctorDocs.ts';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / 1000) * 1000;
let redis: ConformanceRedis;
/** A bridge started with --client-list, and one without. */
let seeing: RunningBridge;
let blind: RunningBridge;
const queues = new Map<string, Queue>();
const workers: Worker[] = [];
/** Lets the busy worker's one long job end. */
let releaseLongJob: () => void = () => undefined;
const connection = () => ({ host: '127.0.0.1', port: redis.port });

const queueOf = (name: string) => {
  const queue = new Queue(name, { connection: connection() });
  queues.set(name, queue);
  return queue;
};
const workerOf = (name: string, processor: () => Promise<unknown>, opts: Record<string, unknown> = {}) => {
  const worker = new Worker(name, processor, { connection: connection(), ...opts });
  workers.push(worker);
  return worker;
};

/** Polls `read` (BullMQ's own API) until `done` holds; the interval only paces the polls. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 300 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  if (!done(value)) throw new Error(`${what} never came: ${JSON.stringify(value)}`);
  return value;
}

async function rowFrom(bridge: RunningBridge, name: string): Promise<{ row: QueueRow; now: number }> {
  const answer = await httpAnswer(`${bridge.url}/api/queues?queue=bull:${name}`, { 'X-Firetime-Bridge': '1' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const reply = answer.body as QueuesReply;
  const row = reply.queues.find((q) => q.name === name);
  if (row === undefined) throw new Error(`no row for ${name}`);
  return { row, now: reply.now };
}

/** The legacy paused list: getJobCounts counts it (LLEN) though the JobType union leaves it out. */
const PAUSED_LIST = 'paused' as JobType;

/** The row read through the --client-list bridge, every count checked against BullMQ's API read just after. */
async function checkedRow(name: string): Promise<QueueRow> {
  const queue = queues.get(name)!;
  const { row } = await rowFrom(seeing, name);
  const counts = await queue.getJobCounts(
    'wait',
    'active',
    'prioritized',
    'waiting-children',
    'failed',
    'completed',
    PAUSED_LIST,
    'delayed',
  );
  const ttl = await queue.getRateLimitTtl();
  const state = row.state!;
  expect({
    counts: state.counts,
    pausedList: state.pausedList,
    delayed: row.delayed,
    paused: state.paused,
    workers: state.workers,
  }).toEqual({
    counts: {
      wait: counts.wait,
      active: counts.active,
      prioritized: counts.prioritized,
      waitingChildren: counts['waiting-children'],
      failed: counts.failed,
      completed: counts.completed,
    },
    pausedList: counts.paused,
    delayed: counts.delayed,
    paused: await queue.isPaused(),
    workers: { visible: true, count: (await queue.getWorkers()).length },
  });
  // getRateLimitTtl is PTTL when no max is asked: read after the bridge, so at most as much is left
  if (ttl === -2) expect(state.limiterTtlMs).toBeNull();
  else {
    expect(state.limiterTtlMs).toBeGreaterThanOrEqual(ttl);
    expect(state.limiterTtlMs! - ttl).toBeLessThan(2000);
  }
  return row;
}

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  seeing = await startBridge(
    { ...DEFAULT_OPTIONS, redisUrl: redis.url, port: 0, commandTimeoutMs: 5000, clientList: true },
    () => undefined,
  );
  blind = await startBridge({ ...DEFAULT_OPTIONS, redisUrl: redis.url, port: 0, commandTimeoutMs: 5000 }, () => undefined);
});

afterAll(async () => {
  releaseLongJob();
  for (const worker of workers) await worker.close(true).catch(() => undefined);
  for (const queue of queues.values()) await queue.close().catch(() => undefined);
  await seeing?.close();
  await blind?.close();
  await redis?.close();
});

/** `n` jobs already due: added 10 minutes ago with a 1 s delay. */
async function addDue(queue: Queue, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await queue.add('due', { i }, { delay: 1000, timestamp: T0 - 10 * MINUTE });
}

describe('verdicts on real bullmq 6.7.0 queues', () => {
  it('paused, no worker: the due jobs stay delayed because of the pause, not a worker', async () => {
    const queue = queueOf('paused-alone');
    await addDue(queue, 5);
    await queue.pause();
    const row = await checkedRow('paused-alone');
    expect([row.state!.paused, row.overdue, row.marker]).toEqual([true, 5, null]);
    expect(row.verdict.kind).toBe('paused');
    expect(row.verdict.words).toBe(
      'paused (meta paused is set): no job runs until Queue.resume(); no worker is connected either, so 5 due in the delayed set (oldest 9 min 59 s late) stay there'.replace(
        '9 min 59 s',
        row.verdict.words.match(/oldest (.*?) late/)![1]!,
      ),
    );
    expect(row.verdict.evidence).toContain('meta paused = 1');
    expect(row.verdict.evidence).toContain('CLIENT LIST: 0 workers');
    // without CLIENT LIST it says what it cannot tell, and claims no worker either way
    const { row: unseen } = await rowFrom(blind, 'paused-alone');
    expect(unseen.state!.workers).toMatchObject({ visible: false, reason: 'not-allowed' });
    expect(unseen.verdict.kind).toBe('paused');
    expect(unseen.verdict.words).not.toContain('no worker');
    expect(unseen.verdict.words).toContain('(workers not visible)');
  });

  it('paused with a worker: it moves the due jobs to wait and runs none', async () => {
    const queue = queueOf('paused-worked');
    await addDue(queue, 4);
    await queue.pause();
    let ran = 0;
    workerOf('paused-worked', () => Promise.resolve(ran++));
    await until(
      'the worker',
      () => queue.getWorkers(),
      (list) => list.length === 1,
    );
    await until(
      'the due jobs in wait',
      () => queue.getJobCounts('wait', 'delayed'),
      (c) => c.wait === 4 && c.delayed === 0,
    );
    const row = await checkedRow('paused-worked');
    expect(ran).toBe(0);
    expect(row.verdict).toMatchObject({
      kind: 'paused',
      words:
        'paused (meta paused is set): no job runs until Queue.resume(); 1 worker connected: it moves due delayed jobs to wait and runs none (4 waiting)',
    });
    // Find: the job is in wait, and what holds it is the pause (not "the next free worker takes it")
    const answer = await httpAnswer(`${seeing.url}/api/jobs?queue=bull:paused-worked&id=1&rank=1&state=1`, {
      'X-Firetime-Bridge': '1',
    });
    const found = (answer.body as JobsReply).jobs[0]!;
    expect([await queue.getJobState('1'), found.score, found.story?.state.state]).toEqual(['waiting', null, 'wait']);
    expect(storyText(found.story!, Date.now(), holdText(row, 'ready'))).toBe(
      'waiting in wait: the queue is paused (meta paused is set): nothing runs until Queue.resume(), attempt 1 of 1 (LPOS wait)',
    );
  });

  it('a busy worker (concurrency 1, all its slots active): jobs wait for its slot, not "no worker"', async () => {
    const queue = queueOf('busy');
    workerOf('busy', () => new Promise<void>((resolve) => (releaseLongJob = resolve)), { concurrency: 1 });
    await queue.add('long', {});
    await until(
      'the long job active',
      () => queue.getJobCounts('active'),
      (c) => c.active === 1,
    );
    for (let i = 0; i < 6; i++) await queue.add('queued', { i });
    await addDue(queue, 3);
    const row = await checkedRow('busy');
    expect([row.state!.counts.active, row.state!.counts.wait, row.overdue]).toEqual([1, 6, 3]);
    expect(row.verdict).toMatchObject({
      kind: 'busy',
      words: `busy: 1 worker connected, 1 active; 6 waiting, 3 due in the delayed set (oldest ${row.verdict.words.match(/oldest (.*?) late/)![1]} late) wait for a free slot`,
    });
    expect(row.verdict.words).not.toContain('no worker');
    // the marker is set (an add writes it; the busy worker is not waiting on it)
    expect(row.marker?.time).toBe(0);
    const { row: unseen } = await rowFrom(blind, 'busy');
    expect(unseen.verdict.kind).toBe('undecided');
    expect(unseen.verdict.words).not.toContain('no worker');
  });

  it('a worker held by its limiter { max: 1, duration: 60000 }: rate-limited, with the time left', async () => {
    const queue = queueOf('limited');
    workerOf('limited', () => Promise.resolve('done'), { limiter: { max: 1, duration: 60_000 } });
    for (let i = 0; i < 3; i++) await queue.add('limited', { i });
    await until(
      'one job run, the limit reached',
      () => queue.getJobCounts('completed', 'wait'),
      (c) => c.completed === 1 && c.wait === 2,
    );
    await until(
      'the limiter',
      () => queue.getRateLimitTtl(),
      (ttl) => ttl > 0,
    );
    const row = await checkedRow('limited');
    const ttl = row.state!.limiterTtlMs!;
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(row.verdict.kind).toBe('rate-limited');
    expect(row.verdict.words).toMatch(
      /^rate-limited for (59|[5][0-9]) s more \(the limiter key expires then\): 2 waiting run after it; 1 worker connected$/,
    );
    expect(row.verdict.evidence).toContain(`limiter PTTL ${ttl.toLocaleString('en-US')} ms`);
  });

  it('a job scheduler with no worker: its next job is not due, and nothing will run it', async () => {
    const queue = queueOf('scheduled-alone');
    await queue.upsertJobScheduler('hourly', { every: 60 * MINUTE }, { name: 'tick' });
    const delayedNow = await until(
      'the scheduler’s job',
      () => queue.getJobCounts('delayed', 'wait'),
      (c) => (c.delayed ?? 0) + (c.wait ?? 0) === 1,
    );
    const row = await checkedRow('scheduled-alone');
    if (delayedNow.delayed === 1) {
      expect(row.verdict.kind).toBe('no-worker');
      expect(row.verdict.words).toMatch(
        /^next job in .*; no worker is connected \(CLIENT LIST shows none for this queue\): it will stay delayed until one starts$/,
      );
    } else {
      // `every` may start with a job due now: it then waits in wait, for nobody
      expect(row.verdict.kind).toBe('overdue-no-worker');
    }
  });

  it('due jobs and no worker: said from CLIENT LIST, and from the marker without it', async () => {
    const queue = queueOf('stranded');
    await addDue(queue, 7);
    const row = await checkedRow('stranded');
    expect(row.verdict.kind).toBe('overdue-no-worker');
    expect(row.verdict.words).toContain('no worker is connected (CLIENT LIST shows none for this queue): nothing runs them');
    const { row: unseen } = await rowFrom(blind, 'stranded');
    expect(unseen.verdict).toMatchObject({ kind: 'overdue-no-worker' });
    expect(unseen.verdict.words).toMatch(/long past: no worker is polling$/);
  });

  it('due jobs and a marker later than the head (written by hand, as a producer with a clock ahead leaves it): the worker wakes late', async () => {
    const queue = queueOf('late-marker');
    await addDue(queue, 3);
    const wake = Date.now() + 10 * MINUTE;
    await redis.client.call('ZADD', 'bull:late-marker:marker', wake, '1');
    // without CLIENT LIST the marker decides: nobody polling would have taken it, a waiting worker sleeps until it
    const { row: unseen } = await rowFrom(blind, 'late-marker');
    expect([unseen.overdue, unseen.marker?.time]).toEqual([3, wake]);
    expect(unseen.verdict.kind).toBe('wakes-late');
    expect(unseen.verdict.words).toMatch(
      /^3 due, oldest .* late; the marker is later than the head \(.+\): the worker will wake late$/,
    );
    expect(unseen.verdict.evidence).toMatch(/^delayed 3, 3 due; marker: /);
    // CLIENT LIST shows no worker at all: that is said first
    const row = await checkedRow('late-marker');
    expect(row.verdict.kind).toBe('overdue-no-worker');
  });

  it('retries with a failing processor: one job failed for good, one back in the delayed set; the worker idle', async () => {
    const queue = queueOf('retrying');
    workerOf('retrying', () => Promise.reject(new Error('always fails')));
    await queue.add('once', {}, { attempts: 1 });
    await queue.add('again', {}, { attempts: 3, backoff: { type: 'fixed', delay: 10 * MINUTE } });
    await until(
      'one failed, one retrying',
      () => queue.getJobCounts('failed', 'delayed', 'active', 'wait'),
      (c) => c.failed === 1 && c.delayed === 1 && c.active === 0 && c.wait === 0,
    );
    const row = await checkedRow('retrying');
    expect(row.verdict.kind).toBe('idle');
    expect(row.verdict.words).toMatch(
      /^idle and healthy: 1 worker connected, nothing waiting; next job in (9 min \d+ s|10 min); /,
    );
    expect(row.verdict.evidence).toContain('failed 1');
  });

  it('an empty queue whose delayed key is gone: every job done, the worker idle', async () => {
    const queue = queueOf('drained');
    workerOf('drained', () => Promise.resolve('ok'));
    await queue.add('one', {}, { delay: 1000, timestamp: T0 - MINUTE });
    await queue.add('two', {});
    await until(
      'both done',
      () => queue.getJobCounts('completed'),
      (c) => c.completed === 2,
    );
    const row = await checkedRow('drained');
    expect([row.state!.delayedType, row.delayed]).toEqual(['none', 0]);
    expect(row.verdict).toMatchObject({
      kind: 'empty',
      words: 'empty: nothing delayed, waiting or active; 1 worker connected, idle',
    });
    expect(row.verdict.evidence).toContain('delayed key: none');
    expect(row.verdict.evidence).toContain('completed 2');
  });
});

describe('CLIENT LIST for an ACL user', () => {
  it('without +client|list the workers are "not visible" (Redis refused); with it they are counted', async () => {
    // the ACL docs/live-redis.md gives, and its +client|list for a bridge started with --client-list
    const base = documentedAclRules().map((rule) => (rule === '>secret' ? '>acl-secret-42' : rule));
    for (const [user, extra] of [
      ['reader', [] as string[]],
      ['watcher', documentedClientListRules()],
    ] as const) {
      expect(await redis.client.call('ACL', 'SETUSER', user, ...base, ...extra)).toBe('OK');
      const bridge = await startBridge(
        { ...DEFAULT_OPTIONS, redisUrl: `redis://${user}:acl-secret-42@127.0.0.1:${redis.port}`, port: 0, clientList: true },
        () => undefined,
      );
      try {
        for (const path of ['/api/queues', '/api/queues?queue=bull:busy&queue=bull:limited']) {
          const answer = await httpAnswer(`${bridge.url}${path}`, { 'X-Firetime-Bridge': '1' });
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          const busy = (answer.body as QueuesReply).queues.find((q) => q.name === 'busy')!;
          if (user === 'reader') {
            expect(busy.state!.workers).toMatchObject({ visible: false, reason: 'refused' });
            expect((busy.state!.workers as { message: string }).message).toMatch(/^Redis refused CLIENT LIST: NOPERM/);
          } else expect(busy.state!.workers).toEqual({ visible: true, count: 1 });
        }
      } finally {
        await bridge.close();
        await redis.client.call('ACL', 'DELUSER', user);
      }
    }
  });
});

describe('the verdicts’ reads write nothing', () => {
  it('MONITOR: the bridge sends reads only, CLIENT LIST once a reply and only with --client-list', async () => {
    // the libraries' own clients write (locks, events): stopped first, so what MONITOR shows is the bridge's
    releaseLongJob();
    for (const worker of workers.splice(0)) await worker.close(true);
    for (const queue of queues.values()) await queue.close();
    queues.clear();
    // MONITOR does not show admin commands (CLIENT LIST among them): INFO commandstats counts those
    const clientLists = async () => {
      const info = String(await redis.client.call('INFO', 'commandstats'));
      return Number(/cmdstat_client\|list:calls=(\d+)/.exec(info)?.[1] ?? 0);
    };
    const watch = await monitorRedis(redis.port);
    try {
      const before = await clientLists();
      await httpAnswer(`${seeing.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
      const afterSeeing = await clientLists();
      const withList = await watch.commandsBefore(redis.client, 'after-client-list-bridge');
      await httpAnswer(`${blind.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
      const afterBlind = await clientLists();
      const all = (await watch.commandsBefore(redis.client, 'after-blind-bridge')).filter(
        (command) => command.name !== 'ECHO' && command.name !== 'INFO',
      );
      const names = new Set(all.map((command) => command.name));
      console.log(
        `doctor verdicts: MONITOR saw ${all.length} commands for 2 walks of every queue (${withList.length} with CLIENT LIST allowed): ${[...names].sort().join(', ')}`,
      );
      expect([...names].every((name) => ALLOWED_COMMANDS.has(name))).toBe(true);
      // one CLIENT LIST for the whole reply of every queue, none from the bridge without --client-list
      expect([afterSeeing - before, afterBlind - afterSeeing]).toEqual([1, 0]);
      for (const command of all) {
        if (command.name === 'HMGET') expect([JOB_HASH_FIELDS, META_STATE_FIELDS]).toContainEqual(command.args.slice(1));
        if (command.name === 'HGET') expect(command.args.slice(1)).toEqual(['version']);
      }
      for (const name of ['LLEN', 'PTTL', 'HMGET']) expect(names.has(name)).toBe(true);
    } finally {
      watch.stop();
    }
  });
});
