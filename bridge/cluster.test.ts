import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Cluster } from 'ioredis';
import type { KeysReply } from '../src/model/bridgeWire.ts';
import { readOnlyCaller } from './allowList.ts';
import type { QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';
import { scanReply, startFakeRedis } from './fakeRedisServer.ts';
import {
  clusterConnection,
  clusterFailure,
  clusterSender,
  packCursor,
  parseClusterSeeds,
  takeClusterArg,
  unpackCursor,
} from './cluster.ts';
import { listKeys } from './routes/keys.ts';
import { listQueues } from './routes/queues.ts';
import { startBridge } from './bridge.ts';
import type { RedisConnection } from './bridge.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import { ClusterDownError } from './redisErrors.ts';

describe('--cluster', () => {
  it('parses the seed nodes and refuses what is not host:port', () => {
    expect(parseClusterSeeds('redis://127.0.0.1:7000,localhost:7001')).toEqual({
      ok: true,
      seeds: [
        { host: '127.0.0.1', port: 7000 },
        { host: 'localhost', port: 7001 },
      ],
    });
    expect(parseClusterSeeds('[::1]:7000')).toEqual({ ok: true, seeds: [{ host: '::1', port: 7000 }] });
    expect(parseClusterSeeds('127.0.0.1').ok).toBe(false);
    expect(parseClusterSeeds('127.0.0.1:0').ok).toBe(false);
    expect(parseClusterSeeds('redis://:pw@127.0.0.1:7000')).toEqual({
      ok: false,
      message: expect.stringContaining('--password'),
    });
  });

  it('is taken out of the command line, the rest left for parseBridgeArgs', () => {
    expect(takeClusterArg(['--port', '0', '--cluster', '127.0.0.1:7000', '--timeout', '500'])).toEqual({
      cluster: { ok: true, seeds: [{ host: '127.0.0.1', port: 7000 }] },
      rest: ['--port', '0', '--timeout', '500'],
    });
    expect(takeClusterArg(['--cluster=127.0.0.1:7000']).cluster).toEqual({
      ok: true,
      seeds: [{ host: '127.0.0.1', port: 7000 }],
    });
    expect(takeClusterArg(['--cluster']).cluster?.ok).toBe(false);
    expect(takeClusterArg(['--redis', 'redis://x:1'])).toEqual({ cluster: null, rest: ['--redis', 'redis://x:1'] });
  });
});

describe('the packed SCAN cursor', () => {
  it('packs a master index and its cursor into one cursor of digits, and back', () => {
    for (const [master, cursor] of [
      [0, '0'],
      [2, '0'],
      [1, '18446744073709551615'],
      [999, '7'],
    ] as const) {
      const packed = packCursor(master, cursor);
      expect(packed).toMatch(/^\d+$/);
      expect(unpackCursor(packed)).toEqual({ master, cursor });
    }
    expect(packCursor(0, '0')).toBe('0');
  });
});

describe('clusterFailure', () => {
  it('words a gone or slow master as bridge/redisErrors.ts reads them, and passes other errors on', () => {
    expect(
      (clusterFailure(new Error('Too many Cluster redirections. Last error: Error: Command timed out')) as Error).message,
    ).toBe('Command timed out');
    expect(
      (clusterFailure(new Error('Too many Cluster redirections. Last error: ReplyError: MOVED 1 h:1')) as Error).message,
    ).toMatch(/^Connection is closed: /);
    const down = clusterFailure(
      new Error('Too many Cluster redirections. Last error: ReplyError: CLUSTERDOWN The cluster is down'),
    );
    expect([down instanceof ClusterDownError, (down as ClusterDownError).reply]).toEqual([
      true,
      'CLUSTERDOWN The cluster is down',
    ]);
    const other = new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
    expect(clusterFailure(other)).toBe(other);
  });
});

describe('SCAN over a cluster that is still connecting', () => {
  /** A cluster client that knows only its seed until it has read the slot map ('ready'). */
  function connectingCluster() {
    const node = (port: number, keys: string[]) => ({
      options: { host: '127.0.0.1', port },
      callBuffer: (_command: string, cursor: string) =>
        Promise.resolve([Buffer.from('0'), cursor === '0' ? keys.map((k) => Buffer.from(k)) : []]),
    });
    const seed = node(7000, ['a']);
    const all = [seed, node(7001, ['b']), node(7002, ['c'])];
    const cluster = Object.assign(new EventEmitter(), {
      status: 'connect',
      nodes: () => (cluster.status === 'ready' ? all : [seed]),
    });
    return cluster;
  }

  it('waits for the slot map, then walks every master (it used to walk the seed alone)', async () => {
    const cluster = connectingCluster();
    const sender = clusterSender(cluster as unknown as Cluster);
    const keys: string[] = [];
    const walk = (async () => {
      let cursor = '0';
      do {
        const [next, found] = (await sender.callBuffer('SCAN', cursor, 'MATCH', '*')) as [string, Buffer[]];
        keys.push(...found.map((key) => key.toString()));
        cursor = next;
      } while (cursor !== '0');
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    cluster.status = 'ready';
    cluster.emit('ready');
    await walk;
    expect(keys.sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('a key walk with a master down', () => {
  /** Three masters in the slot map; `down` has no client (ioredis dropped it) or one whose SCAN fails with `failure`. */
  function clusterWithDeadMaster(options: { clientLeft: boolean; failure?: Error }) {
    const node = (port: number, keys: string[], failure?: Error) => ({
      options: { host: '127.0.0.1', port },
      callBuffer: (_command: string, cursor: string) =>
        failure !== undefined
          ? Promise.reject(failure)
          : Promise.resolve([Buffer.from('0'), cursor === '0' ? keys.map((k) => Buffer.from(k)) : []]),
    });
    const live = [node(7000, ['a:delayed']), node(7002, ['c:delayed'])];
    const dead = node(7001, ['b:delayed'], options.failure ?? new Error('Connection is closed.'));
    const slots = Array.from({ length: 16384 }, (_, slot) => [`127.0.0.1:${7000 + Math.floor((slot * 3) / 16384)}`]);
    return Object.assign(new EventEmitter(), {
      status: 'ready',
      slots,
      nodes: () => (options.clientLeft ? [live[0], dead, live[1]] : live),
    });
  }

  async function walk(cluster: ReturnType<typeof clusterWithDeadMaster>) {
    const call = readOnlyCaller(clusterSender(cluster as unknown as Cluster));
    return (await listKeys(call, new URLSearchParams('pattern=*'))).body as KeysReply;
  }

  it.each([
    ['ioredis dropped its client', { clientLeft: false }],
    ['its client says the connection is closed', { clientLeft: true }],
    ['its client times out', { clientLeft: true, failure: new Error('Command timed out') }],
  ])('names the master it could not read (%s) and lists the others', async (_what, options) => {
    const reply = await walk(clusterWithDeadMaster(options));
    expect(reply.keys.map((key) => key.text)).toEqual(['a:delayed', 'c:delayed']);
    expect(reply).toMatchObject({ cursor: '0', truncated: false, incomplete: true, unreadNodes: ['127.0.0.1:7001'] });
  });

  it('a master refusing the password is still an error of the request, not a skipped node', async () => {
    const refused = Object.assign(new Error('WRONGPASS invalid username-password pair'), { name: 'ReplyError' });
    await expect(walk(clusterWithDeadMaster({ clientLeft: true, failure: refused }))).rejects.toBe(refused);
  });
});

describe('a forged cluster cursor', () => {
  it('naming a master the cluster does not have is a 400 that says so, not a Redis error', async () => {
    const node = (port: number) => ({
      options: { host: '127.0.0.1', port },
      callBuffer: () => Promise.resolve([Buffer.from('0'), []]),
    });
    const cluster = Object.assign(new EventEmitter(), { status: 'ready', nodes: () => [node(7000), node(7001), node(7002)] });
    const connection = {
      client: Object.assign(new EventEmitter(), { connect: () => Promise.resolve(), disconnect: () => undefined }),
      sender: clusterSender(cluster as unknown as Cluster),
    };
    const bridge = await startBridge({ ...DEFAULT_OPTIONS, port: 0 }, () => undefined, connection as unknown as RedisConnection);
    try {
      const forged = await fetch(`${bridge.url}/api/keys?pattern=*&cursor=${packCursor(7, '12')}`, {
        headers: { 'X-Firetime-Bridge': '1' },
      });
      expect(forged.status).toBe(400);
      expect(await forged.json()).toEqual({
        error: {
          code: 'bad-request',
          message:
            'cursor names master 8 of a cluster of 3: it is not one this bridge gave now (list the keys again from cursor 0)',
        },
      });
      const fine = await fetch(`${bridge.url}/api/keys?pattern=*&cursor=${packCursor(2, '0')}`, {
        headers: { 'X-Firetime-Bridge': '1' },
      });
      expect(fine.status).toBe(200);
    } finally {
      await bridge.close();
    }
  });
});

describe('/api/queues with one master paused (it keeps its connection and says nothing)', () => {
  /**
   * Three masters; 7001 is paused: whatever it is sent fails with the command timeout, as ioredis
   * reports it. The cluster client's own keyless commands go to a master at random, as ioredis's do.
   */
  function clusterWithPausedMaster(random: () => number) {
    const sent: string[] = [];
    const node = (port: number, paused: boolean) => ({
      options: { host: '127.0.0.1', port },
      callBuffer: (command: string) => {
        sent.push(`${port} ${command}`);
        if (paused) return Promise.reject(new Error('Command timed out'));
        return Promise.resolve(command === 'TIME' ? [Buffer.from('1796319211'), Buffer.from('616000')] : [Buffer.from('0'), []]);
      },
    });
    const nodes = [node(7000, false), node(7001, true), node(7002, false)];
    const cluster = Object.assign(new EventEmitter(), {
      status: 'ready',
      nodes: () => nodes,
      callBuffer: (command: string) => nodes[Math.floor(random() * nodes.length)]!.callBuffer(command),
    });
    return { cluster, sent };
  }

  it('answers every time, complete: false naming the paused master, and never asks it the time', async () => {
    let seed = 3;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const { cluster, sent } = clusterWithPausedMaster(random);
    const call = readOnlyCaller(clusterSender(cluster as unknown as Cluster));
    for (let i = 0; i < 8; i++) {
      const reply = await listQueues(call, new URLSearchParams());
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({ complete: false, unreadNodes: ['127.0.0.1:7001'], queues: [] });
    }
    expect(sent.filter((line) => line === '7001 TIME')).toEqual([]);
  });

  it('once the paused master answers again, the next request reads it whole', async () => {
    const { cluster } = clusterWithPausedMaster(() => 0);
    const call = readOnlyCaller(clusterSender(cluster as unknown as Cluster));
    expect((await listQueues(call, new URLSearchParams())).body).toMatchObject({ complete: false });
    // resumed: 7001 answers from now on
    const nodes = cluster.nodes();
    nodes[1] = { ...nodes[1]!, callBuffer: nodes[0]!.callBuffer };
    expect((await listQueues(call, new URLSearchParams())).body).toMatchObject({ complete: true, unreadNodes: [] });
  });
});

describe('a cluster that answers CLUSTERDOWN (a master failed, full coverage required)', () => {
  /**
   * A one-master "cluster" played by the fake server: it names itself the master of every slot,
   * answers SCAN (no key, so Redis serves it) and TIME, and refuses every key with CLUSTERDOWN, as
   * the masters left do once the cluster flags another master failed.
   */
  const INFO = 'redis_version:7.0.15\r\nloading:0';
  async function downCluster() {
    const fake = await startFakeRedis((command) => {
      const name = command.map((part) => part.toUpperCase()).join(' ');
      if (name.startsWith('CLUSTER SLOTS')) return `*1\r\n*3\r\n:0\r\n:16383\r\n*2\r\n$9\r\n127.0.0.1\r\n:${fake.port}\r\n`;
      if (name.startsWith('INFO')) return `$${INFO.length}\r\n${INFO}\r\n`;
      if (name.startsWith('SCAN')) return scanReply('0', ['bull:orders:meta', 'bull:orders:id', 'bull:orders:delayed']);
      if (name.startsWith('TIME')) return '*2\r\n$10\r\n1796319211\r\n$6\r\n616000\r\n';
      return '-CLUSTERDOWN The cluster is down\r\n';
    });
    const options = { ...DEFAULT_OPTIONS, redisUrl: fake.url, port: 0, commandTimeoutMs: 1000 };
    const bridge = await startBridge(
      options,
      () => undefined,
      clusterConnection([{ host: '127.0.0.1', port: fake.port }], options),
    );
    return {
      bridge,
      close: async () => {
        await bridge.close();
        await fake.close();
      },
    };
  }

  it('/api/queues lists the queue as unreadable, saying the cluster reports itself down and what to do (it said "did not reply")', async () => {
    const { bridge, close } = await downCluster();
    try {
      const answer = await httpAnswer(`${bridge.url}/api/queues`, { 'X-Firetime-Bridge': '1' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = answer.body as QueuesReply;
      expect(body.queues).toEqual([]);
      expect(body.unreadable.map((queue) => [queue.queue.text, queue.why])).toEqual([
        [
          'bull:orders',
          expect.stringMatching(
            /^its keys could not be read: the cluster reports itself down \(CLUSTERDOWN The cluster is down\): /,
          ),
        ],
      ]);
      expect(body.unreadable[0]!.why).toContain('cluster-require-full-coverage');
      expect(body.unreadable[0]!.why).toContain('CLUSTER NODES');
    } finally {
      await close();
    }
  });

  it('a read of one key says the cluster refused it, and what to do, not that Redis did not reply', async () => {
    const { bridge, close } = await downCluster();
    try {
      const answer = await httpAnswer(`${bridge.url}/api/members?key=bull:orders:delayed`, { 'X-Firetime-Bridge': '1' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body).toEqual({
        error: {
          code: 'redis-down',
          message: expect.stringMatching(
            /^The Redis Cluster at redis:\/\/127\.0\.0\.1:\d+ refused the read: the cluster reports itself down \(CLUSTERDOWN The cluster is down\): .*cluster-require-full-coverage no/,
          ),
        },
      });
    } finally {
      await close();
    }
  });
});
