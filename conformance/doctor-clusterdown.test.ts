/**
 * The doctor on a three-master Redis Cluster with Redis's default cluster-require-full-coverage
 * yes: once one master is paused long enough for the others to flag it failed, they answer
 * CLUSTERDOWN for every key. /api/queues still answers: the paused master named in
 * `unreadNodes`, and each queue found on the others listed as unreadable, saying the cluster
 * reports itself down and what to do (the bridge used to answer 504 "did not reply").
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../bridge/bridge.ts';
import type { QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';
import { startClusterBridge, startRedisCluster, type RedisCluster } from '../test-support/redisCluster.ts';
import { RespClient } from '../test-support/resp-client.ts';

const PREFIXES = ['{a}', '{b}', '{c}', '{d}', '{e}', '{f}'];
let cluster: RedisCluster;
let bridge: RunningBridge;
let owners: string[];

beforeAll(async () => {
  cluster = await startRedisCluster('doctor-clusterdown');
  for (const prefix of PREFIXES) {
    const queue = new Queue('orders', { connection: cluster.writer, prefix });
    await queue.add('later', {}, { delay: 60_000 });
    await queue.close();
  }
  owners = await Promise.all(PREFIXES.map((prefix) => cluster.masterOf(`${prefix}:orders:delayed`)));
  bridge = await startClusterBridge(cluster);
}, 60_000);

afterAll(async () => {
  await bridge?.close();
  await cluster?.stop();
});

/** Resolves once the master on `port` says cluster_state:fail (its peers flagged a master failed). */
async function clusterFails(port: number): Promise<void> {
  for (;;) {
    const client = await RespClient.connect(port);
    const info = String(await client.call('CLUSTER', 'INFO'));
    client.close();
    if (info.includes('cluster_state:fail')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a cluster that reports itself down', () => {
  it('names the paused master and marks every other queue unreadable with the cluster’s own reason', async () => {
    const read = () => httpAnswer(`${bridge.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
    const before = await read();
    expect((before.body as QueuesReply).queues.map((queue) => queue.prefix)).toEqual(PREFIXES);
    const [paused, other] = cluster.ports;
    cluster.pauseMaster(paused!);
    let answer;
    try {
      await clusterFails(other!);
      answer = await read();
    } finally {
      cluster.resumeMaster(paused!);
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body as QueuesReply;
    expect([body.complete, body.unreadNodes, body.queues]).toEqual([false, [`127.0.0.1:${paused}`], []]);
    expect(body.unreadable.map((queue) => queue.prefix)).toEqual(PREFIXES.filter((_, i) => owners[i] !== `127.0.0.1:${paused}`));
    for (const queue of body.unreadable)
      expect(queue.why).toMatch(
        /^its keys could not be read: the cluster reports itself down \(CLUSTERDOWN The cluster is down\)/,
      );
  }, 30_000);
});
