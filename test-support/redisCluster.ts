/**
 * A throwaway three-master Redis Cluster for the conformance tests: redis-server
 * --cluster-enabled yes on three free loopback ports, joined by redis-cli --cluster create,
 * persistence off, in a temporary folder removed on stop. A master can be stopped and started
 * again where it was (it comes back empty).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster } from 'ioredis';
import { startBridge, type RunningBridge } from '../bridge/bridge.ts';
import { clusterConnection, parseClusterSeeds } from '../bridge/cluster.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import { RespClient } from './resp-client.ts';
import { freePort, startRedisServer, type RedisProcess } from './redisProcess.ts';

export interface RedisCluster {
  /** The masters' ports, in the order they were started. */
  readonly ports: readonly number[];
  /** A cluster client of the test's own (writes, slot lookups), not the bridge's. */
  readonly writer: Cluster;
  /** host:port of the master that serves the key's slot (ioredis's slot map, after CLUSTER KEYSLOT). */
  masterOf(key: string): Promise<string>;
  /** Stops the master on `port` and resolves when it has exited. */
  stopMaster(port: number): Promise<void>;
  /** Pauses the master on `port` (SIGSTOP): its connections stay open and it answers nothing. */
  pauseMaster(port: number): void;
  /** Lets a paused master run again (SIGCONT). */
  resumeMaster(port: number): void;
  /** Starts the master on `port` again and resolves once every node says cluster_state:ok. */
  restartMaster(port: number): Promise<void>;
  /** Disconnects the writer, stops every master and removes the folder. */
  stop(): Promise<void>;
}

/**
 * Starts the cluster; `name` names its temporary folder (firetime-<name>-XXXXXX). With
 * `requireFullCoverage: false` the masters keep serving their own slots while another master is
 * failed (Redis's default, yes, answers CLUSTERDOWN for every key once any master is flagged failed).
 */
export async function startRedisCluster(name: string, options: { requireFullCoverage?: boolean } = {}): Promise<RedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), `firetime-${name}-`));
  const ports = [await freePort(), await freePort(), await freePort()];
  const servers = new Map<number, RedisProcess>();
  const nodeArgs = (port: number) => [
    '--cluster-enabled',
    'yes',
    '--cluster-config-file',
    `nodes-${port}.conf`,
    '--cluster-node-timeout',
    '1000',
    ...(options.requireFullCoverage === false ? ['--cluster-require-full-coverage', 'no'] : []),
    '--dir',
    dir,
  ];

  /** Resolves once every node reports cluster_state:ok (polled every 50 ms, 20 s at most). */
  async function clusterOk(): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const states = await Promise.all(
        ports.map(async (port) => {
          const client = await RespClient.connect(port).catch(() => null);
          if (client === null) return false;
          const info = String(await client.call('CLUSTER', 'INFO'));
          client.close();
          return info.includes('cluster_state:ok');
        }),
      );
      if (states.every(Boolean)) return;
      if (Date.now() > deadline) throw new Error('the cluster did not reach cluster_state:ok within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  try {
    for (const port of ports) servers.set(port, await startRedisServer({ port, args: nodeArgs(port) }));
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-yes'],
      {
        encoding: 'utf8',
      },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    await clusterOk();
  } catch (error) {
    // no caller holds these servers yet: stop them here
    for (const server of servers.values()) await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const writer = new Cluster(ports.map((port) => ({ host: '127.0.0.1', port })));

  return {
    ports,
    writer,
    async masterOf(key) {
      const slot = Number(await writer.call('CLUSTER', 'KEYSLOT', key));
      const owner = writer.slots[slot]?.[0];
      if (owner === undefined) throw new Error(`no master for slot ${slot}`);
      return owner;
    },
    stopMaster: (port) => servers.get(port)!.stop(),
    pauseMaster: (port) => process.kill(servers.get(port)!.pid, 'SIGSTOP'),
    resumeMaster: (port) => process.kill(servers.get(port)!.pid, 'SIGCONT'),
    async restartMaster(port) {
      servers.set(port, await startRedisServer({ port, args: nodeArgs(port) }));
      await clusterOk();
    },
    async stop() {
      writer.disconnect();
      for (const server of servers.values()) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The bridge on a free port, reading the cluster from its first master alone: the cluster client finds the others. */
export async function startClusterBridge(cluster: RedisCluster): Promise<RunningBridge> {
  const options = { ...DEFAULT_OPTIONS, redisUrl: `redis://127.0.0.1:${cluster.ports[0]}`, port: 0, commandTimeoutMs: 1000 };
  const seeds = parseClusterSeeds(options.redisUrl);
  if (!seeds.ok) throw new Error(seeds.message);
  return startBridge(options, () => undefined, clusterConnection(seeds.seeds, options));
}
