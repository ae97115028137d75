/**
 * The bridge on a real Redis Cluster (bridge/cluster.ts): three masters on loopback ports
 * (redis-server --cluster-enabled yes, joined by redis-cli --cluster create), BullMQ-style delayed
 * sets spread over their slots. The keys are listed by SCAN over every master, each set is read
 * from its slot's master page by page, a write is refused before it is sent, and a master stopped
 * and started again mid-session gives a clear error, then answers again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusedCommandError, readOnlyCall } from '../bridge/allowList.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { clusterSender } from '../bridge/cluster.ts';
import { fixtureEvalArgs, fixtureJobs } from '../test-support/delayedFixture.ts';
import { startClusterBridge, startRedisCluster, type RedisCluster } from '../test-support/redisCluster.ts';
import type { ErrorReply, KeysReply, MembersReply } from '../src/model/bridgeWire.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';

const APP_ORIGIN = 'http://127.0.0.1:4317';
const KEYS = Array.from({ length: 9 }, (_, i) => `bull:q${i}:delayed`);
/** The first five jobs of the bridge fixture: same-ms bumps; the full fixture on one key. */
const SMALL = fixtureJobs().slice(0, 5);

let cluster: RedisCluster;
let writer: RedisCluster['writer'];
let bridge: RunningBridge;

async function writeFixture(key: string): Promise<void> {
  await writer.del(key);
  expect(
    await writer.call(...(fixtureEvalArgs(key, key === KEYS[0] ? fixtureJobs() : SMALL) as [string, ...Array<string | number>])),
  ).toBe(key === KEYS[0] ? fixtureJobs().length : SMALL.length);
}

const get = (path: string) => httpAnswer(`${bridge.url}${path}`, { Origin: APP_ORIGIN, 'X-Firetime-Bridge': '1' });

async function readAll(key: string): Promise<Array<[string, string]>> {
  const entries: Array<[string, string]> = [];
  for (;;) {
    const answer = await get(`/api/members?key=${encodeURIComponent(key)}&start=${entries.length}&count=1000`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = answer.body as MembersReply;
    entries.push(...page.entries.map(([member, score]): [string, string] => [member.text, score]));
    if (page.entries.length === 0 || entries.length >= page.size) return entries;
  }
}

async function fromCluster(key: string): Promise<Array<[string, string]>> {
  const flat = (await writer.call('ZRANGE', key, 0, -1, 'WITHSCORES')) as string[];
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  return pairs;
}

beforeAll(async () => {
  cluster = await startRedisCluster('cluster');
  writer = cluster.writer;
  for (const key of KEYS) await writeFixture(key);
  await writer.set('bull:string:delayed', 'not a set');
  bridge = await startClusterBridge(cluster);
}, 60_000);

afterAll(async () => {
  await bridge?.close();
  await cluster?.stop();
});

describe('the bridge on a three-master cluster', () => {
  it('the keys sit on all three masters', async () => {
    const owners = new Set(await Promise.all(KEYS.map(cluster.masterOf)));
    expect(owners.size).toBe(3);
  });

  it('lists every sorted set matching the pattern, SCAN walked over every master', async () => {
    const found: string[] = [];
    let cursor = '0';
    let rounds = 0;
    do {
      const answer = await get(`/api/keys?pattern=${encodeURIComponent('bull:*:delayed')}&cursor=${cursor}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const reply = answer.body as KeysReply;
      found.push(...reply.keys.map((key) => key.text));
      cursor = reply.cursor;
      rounds++;
    } while (cursor !== '0' && rounds < 50);
    expect(found.sort()).toEqual([...KEYS].sort());
  });

  it('reads each set from its slot’s master: the pages equal ZRANGE 0 -1 WITHSCORES', async () => {
    for (const key of KEYS) expect(await readAll(key)).toEqual(await fromCluster(key));
    expect((await readAll(KEYS[0]!)).length).toBe(fixtureJobs().length);
  });

  it('refuses a write before it reaches the cluster', async () => {
    const sender = clusterSender(writer);
    await expect(readOnlyCall(sender, 'ZADD', KEYS[1]!, 1, 'intruder')).rejects.toBeInstanceOf(RefusedCommandError);
    await expect(readOnlyCall(sender, 'FLUSHALL')).rejects.toBeInstanceOf(RefusedCommandError);
    expect(await writer.zscore(KEYS[1]!, 'intruder')).toBeNull();
  });

  it('a master stopped mid-session: a clear error, then the set again once it is back', async () => {
    const key = KEYS[1]!;
    const port = Number((await cluster.masterOf(key)).split(':')[1]);
    await cluster.stopMaster(port);

    const down = await get(`/api/members?key=${encodeURIComponent(key)}`);
    // refused at once (502, redis-down) or, when the closed socket is noticed late, after --timeout (504)
    const { error } = down.body as ErrorReply;
    console.log(`cluster: with a master stopped the bridge said ${down.status} ${error.code}: ${error.message}`);
    expect([`${down.status} redis-down`, `${down.status} redis-timeout`]).toContain(`${down.status} ${error.code}`);
    expect([502, 504]).toContain(down.status);
    expect(error.message).toMatch(
      /^Cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+.*: is redis-server running there\?|^Redis at redis:\/\/127\.0\.0\.1:\d+ did not reply within 1000 ms/,
    );

    // the key walk goes past the stopped master and names it: its keys are missing, and the reply says so
    const owners = await Promise.all(KEYS.map(cluster.masterOf));
    const listed: string[] = [];
    const unread = new Set<string>();
    let cursor = '0';
    for (let rounds = 0; rounds < 50; rounds++) {
      const answer = await get(`/api/keys?pattern=${encodeURIComponent('bull:*:delayed')}&cursor=${cursor}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const reply = answer.body as KeysReply;
      listed.push(...reply.keys.map((k) => k.text));
      for (const node of reply.unreadNodes ?? []) unread.add(node);
      cursor = reply.cursor;
      if (cursor === '0') break;
    }
    console.log(
      `cluster: with ${port} stopped the walk listed ${listed.length} of ${KEYS.length} keys, unread: ${[...unread].join(', ')}`,
    );
    expect([...unread]).toEqual([`127.0.0.1:${port}`]);
    expect(listed.sort()).toEqual(KEYS.filter((_, i) => owners[i] !== `127.0.0.1:${port}`).sort());

    await cluster.restartMaster(port);
    await writeFixture(key); // persistence is off: the restarted master came back empty
    // the bridge reconnects on its own: wait for that (polled every 100 ms, 10 s at most)
    let answer = await get(`/api/members?key=${encodeURIComponent(key)}`);
    for (let i = 0; i < 100 && answer.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await get(`/api/members?key=${encodeURIComponent(key)}`);
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as MembersReply).entries.map(([member, score]) => [member.text, score])).toEqual(await fromCluster(key));
  });
});
