/**
 * The doctor on a three-master Redis Cluster (bridge/cluster.ts): BullMQ 6.7.0 queues whose keys
 * share a `{hash}` tag per prefix, spread over the masters. /api/queues finds them by SCAN on every
 * master and reads each queue from its slot's master; its numbers equal the sets counted whole;
 * MONITOR on every master, from before the bridge connects, shows every command it sends (the
 * handshake's included: the README lists them for an ACL); with a master stopped the reply says
 * `complete: false` and names it.
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_COMMANDS } from '../bridge/allowList.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import type { HistogramReply, JobsReply, QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';
import { monitorRedis, type MonitoredCommand, type RedisMonitor } from '../test-support/redisMonitor.ts';
import { startClusterBridge, startRedisCluster, type RedisCluster } from '../test-support/redisCluster.ts';
import { RespClient } from '../test-support/resp-client.ts';

const MINUTE = 60_000;
/** Prefixes whose hash tags land on all three masters (checked below). */
const PREFIXES = ['{a}', '{b}', '{c}', '{d}', '{e}', '{f}'];
let cluster: RedisCluster;
let writer: RedisCluster['writer'];
/** The master of each prefix's queue, read before the monitors start (CLUSTER KEYSLOT is the test's, not the bridge's). */
let owners: string[];
let bridge: RunningBridge;
const monitors: RedisMonitor[] = [];
const T0 = Math.floor(Date.now() / 1000) * 1000;

async function queues(): Promise<QueuesReply> {
  const answer = await httpAnswer(`${bridge.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as QueuesReply;
}

async function scores(key: string): Promise<number[]> {
  const flat = (await writer.call('ZRANGE', key, 0, -1, 'WITHSCORES')) as string[];
  return flat.filter((_, i) => i % 2 === 1).map(Number);
}

beforeAll(async () => {
  // the masters left serve their slots while one is down or paused, so what the tests see of a
  // lost master is the bridge's handling of it (by default the cluster refuses every key then)
  cluster = await startRedisCluster('doctor-cluster', { requireFullCoverage: false });
  writer = cluster.writer;
  for (const [i, prefix] of PREFIXES.entries()) {
    const queue = new Queue('orders', { connection: writer, prefix });
    // queue i: i + 1 jobs 5 min late, and 3 jobs in one millisecond 10 min out
    for (let j = 0; j <= i; j++) await queue.add('late', { j }, { delay: 1000, timestamp: T0 - 5 * MINUTE });
    for (let j = 0; j < 3; j++) await queue.add('later', { j }, { delay: 10 * MINUTE, timestamp: T0 });
    await queue.close();
  }
  owners = await Promise.all(PREFIXES.map((prefix) => cluster.masterOf(`${prefix}:orders:delayed`)));
  for (const port of cluster.ports) monitors.push(await monitorRedis(port));
  bridge = await startClusterBridge(cluster);
}, 60_000);

afterAll(async () => {
  for (const watch of monitors) watch.stop();
  await bridge?.close();
  await cluster?.stop();
});

describe('the doctor on a three-master cluster', () => {
  it('the queues sit on all three masters', async () => {
    expect(new Set(owners).size).toBe(3);
  });

  it('finds every queue on every master; the numbers equal the sets counted whole', async () => {
    const reply = await queues();
    expect(reply.complete).toBe(true);
    expect(reply.queues.map((q) => q.prefix)).toEqual(PREFIXES);
    for (const row of reply.queues) {
      const set = await scores(`${row.prefix}:orders:delayed`);
      const fire = set.map((score) => Math.floor(score / 4096));
      const due = fire.filter((ms) => ms <= reply.now);
      expect([row.delayed, row.overdue, row.oldestOverdueMs, row.nextFireTime, row.fullestBand?.jobs]).toEqual([
        set.length,
        due.length,
        reply.now - due[0]!,
        fire[0],
        Math.max(due.length, 3),
      ]);
      expect(row.verdict.words).toMatch(
        new RegExp(
          `^${due.length} due, oldest \\d+ min( \\d+ s)? late; the marker says .* UTC, long past: no worker is polling$`,
        ),
      );
    }
    // the histogram and a job, read from the first queue's master
    const first = reply.queues[0]!;
    const histogram = await httpAnswer(`${bridge.url}/api/histogram?key64=${first.delayedKey.base64}&buckets=20`, {
      'X-Firetime-Bridge': '1',
    });
    const body = histogram.body as HistogramReply;
    const fire = (await scores(`${first.prefix}:orders:delayed`)).map((score) => Math.floor(score / 4096));
    expect(histogram.status).toBe(200);
    for (const bucket of body.buckets) expect(bucket.jobs).toBe(fire.filter((ms) => ms >= bucket.from && ms < bucket.to).length);
    const jobs = await httpAnswer(`${bridge.url}/api/jobs?queue=${encodeURIComponent(`${first.prefix}:orders`)}&id=1`, {
      'X-Firetime-Bridge': '1',
    });
    expect((jobs.body as JobsReply).jobs[0]?.facts).toMatchObject({
      name: 'late',
      runAt: T0 - 5 * MINUTE + 1000,
      runAtDiffers: false,
    });
  });

  it('every command the bridge sent, the handshake’s included', async () => {
    const admins = await Promise.all(cluster.ports.map((port) => RespClient.connect(port)));
    const seen: MonitoredCommand[] = [];
    for (const [i, watch] of monitors.entries()) seen.push(...(await watch.commandsBefore(admins[i]!, `end-${i}`)));
    for (const admin of admins) admin.close();
    // the writer's commands went before the monitors started; after that only the bridge talks to the cluster
    const names = [
      ...new Set(
        seen.map((command) =>
          command.name === 'CLUSTER' || command.name === 'CLIENT'
            ? `${command.name} ${command.args[0]?.toUpperCase()}`
            : command.name,
        ),
      ),
    ].sort();
    console.log(`doctor on a cluster: the masters saw ${seen.length} commands: ${names.join(', ')}`);
    // ioredis's own: its slot-map refresher names itself (CLIENT SETNAME) and reads CLUSTER SLOTS;
    // each node connection's ready check sends INFO. Everything else is the allow-list's.
    const handshake = ['CLIENT SETNAME', 'CLUSTER SLOTS', 'INFO'];
    expect(names.filter((name) => !ALLOWED_COMMANDS.has(name))).toEqual(handshake.filter((name) => names.includes(name)));
    expect(names).toEqual(expect.arrayContaining(['CLUSTER SLOTS', 'SCAN', 'TIME', 'ZCOUNT', 'HGET', 'HMGET', 'ZSCORE']));
  });

  it('a master paused (SIGSTOP): every reply answers, complete: false naming it; resumed, the walk is whole again', async () => {
    const port = Number(owners[0]!.split(':')[1]);
    const others = PREFIXES.filter((_, i) => owners[i] !== `127.0.0.1:${port}`);
    const read = async () => {
      const answer = await httpAnswer(`${bridge.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
      return { status: answer.status, body: answer.body as QueuesReply };
    };
    cluster.pauseMaster(port);
    const paused: Array<{ status: number; body: QueuesReply }> = [];
    try {
      // each read waits the bridge's command timeout (1 s) for the paused master's SCAN
      for (let i = 0; i < 6; i++) paused.push(await read());
    } finally {
      cluster.resumeMaster(port);
    }
    for (const { status, body } of paused) {
      expect(status, JSON.stringify(body)).toBe(200);
      expect([body.complete, body.unreadNodes, body.queues.map((q) => q.prefix)]).toEqual([false, [`127.0.0.1:${port}`], others]);
    }
    // resumed: within a few requests the walk reads every master again (a wide margin: 40 reads)
    let tries = 1;
    let after = await read();
    while (!(after.status === 200 && after.body.complete) && tries < 40) {
      after = await read();
      tries++;
    }
    console.log(
      `doctor on a cluster: ${port} paused for ${paused.length} reads, all answered; whole again at read ${tries} after`,
    );
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect([after.body.complete, after.body.queues.map((q) => q.prefix)]).toEqual([true, PREFIXES]);
  }, 90_000);

  it('a master stopped: complete is false and the master is named', async () => {
    const port = Number(owners[0]!.split(':')[1]);
    await cluster.stopMaster(port);
    let reply = await httpAnswer(`${bridge.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
    // TIME may go to the stopped master while the cluster client still holds it: ask again
    for (let i = 0; i < 20 && reply.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      reply = await httpAnswer(`${bridge.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
    }
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const body = reply.body as QueuesReply;
    console.log(
      `doctor on a cluster: with ${port} stopped, ${body.queues.length} of ${PREFIXES.length} queues, unread ${body.unreadNodes.join(', ')}`,
    );
    expect([body.complete, body.unreadNodes]).toEqual([false, [`127.0.0.1:${port}`]]);
    expect(body.queues.map((q) => q.prefix)).toEqual(PREFIXES.filter((_, i) => owners[i] !== `127.0.0.1:${port}`));
  });
});
