import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Cluster } from 'ioredis';
import { clusterFailure, clusterSender, packCursor, parseClusterSeeds, takeClusterArg, unpackCursor } from './cluster.ts';

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
