/**
 * The bridge on a Redis Cluster (`--cluster redis://host:port[,host:port...]`): one ioredis Cluster
 * client, the same allow-list (readOnlyCall sits in front of this sender, so nothing else is ever
 * sent), SCAN walked over every master in turn, and each key command sent to the master of the
 * key's slot (ioredis routes it, following MOVED when slots move).
 *
 * The routes pass SCAN one cursor of digits, so the cluster's cursor packs two numbers into one:
 * `masterCursor * 1000 + masterIndex`, the masters sorted by address. "0" starts at the first
 * master and, as a reply, means every master has been walked.
 */
import { Cluster } from 'ioredis';
import type { Redis } from 'ioredis';
import type { CommandArg, CommandSender } from './allowList.ts';
import type { RedisConnection } from './bridge.ts';
import type { BridgeOptions } from './options.ts';
import { ClusterDownError, isUnreachable } from './redisErrors.ts';
import { BadCursorError, SkippedNodeError } from './replies.ts';
import { ReplyGuard } from './replyGuard.ts';

/** One seed node of the cluster. */
export interface ClusterSeed {
  readonly host: string;
  readonly port: number;
}

/** How many masters a packed cursor can name. */
const MAX_MASTERS = 1000;

/**
 * Reads `--cluster`'s value: `redis://host:port[,host:port...]` or `host:port[,host:port...]` (a
 * user or password before the first host goes with --password instead). Gives the seeds, or why not.
 */
export function parseClusterSeeds(text: string): { ok: true; seeds: ClusterSeed[] } | { ok: false; message: string } {
  const list = text.replace(/^rediss?:\/\//, '');
  if (list.includes('@'))
    return {
      ok: false,
      message: '--cluster: give the password with --password (or FIRETIME_REDIS_PASSWORD), not in the address',
    };
  const seeds: ClusterSeed[] = [];
  for (const part of list.split(',').map((s) => s.trim())) {
    const match = /^([\w.-]+|\[[\da-fA-F:]+\]):(\d{1,5})$/.exec(part);
    const port = match ? Number(match[2]) : Number.NaN;
    if (!match || port < 1 || port > 65535)
      return { ok: false, message: `--cluster: each node as host:port, not ${JSON.stringify(part)}` };
    seeds.push({ host: match[1]!.replace(/^\[|\]$/g, ''), port });
  }
  return { ok: true, seeds };
}

/** Takes `--cluster <nodes>` (or `--cluster=<nodes>`) out of the command line; the rest goes to parseBridgeArgs. */
export function takeClusterArg(argv: readonly string[]): {
  cluster: ReturnType<typeof parseClusterSeeds> | null;
  rest: string[];
} {
  const rest: string[] = [];
  let cluster: ReturnType<typeof parseClusterSeeds> | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--cluster' || arg.startsWith('--cluster=')) {
      const value = arg === '--cluster' ? argv[++i] : arg.slice('--cluster='.length);
      cluster =
        value === undefined || value === ''
          ? { ok: false, message: '--cluster needs the nodes, e.g. redis://127.0.0.1:7000,127.0.0.1:7001' }
          : parseClusterSeeds(value);
    } else {
      rest.push(arg);
    }
  }
  return { cluster, rest };
}

/** Splits a packed cursor into the master's index and that master's own cursor. */
export function unpackCursor(cursor: string): { master: number; cursor: string } {
  const packed = BigInt(cursor);
  return { master: Number(packed % BigInt(MAX_MASTERS)), cursor: (packed / BigInt(MAX_MASTERS)).toString() };
}

/** Packs a master's index and its cursor into one cursor of digits. */
export function packCursor(master: number, cursor: string): string {
  return (BigInt(cursor) * BigInt(MAX_MASTERS) + BigInt(master)).toString();
}

/** A master of the walk: its host:port, and ioredis's client for it when it has one now. */
interface Master {
  readonly address: string;
  readonly node: Redis | undefined;
}

/** host:port with the port padded, so addresses sort as the same list every time. */
const sortKey = (address: string) => {
  const colon = address.lastIndexOf(':');
  return `${address.slice(0, colon)}:${address.slice(colon + 1).padStart(5, '0')}`;
};

/**
 * The masters of the cluster, sorted by address, so a cursor's index names the same one next
 * time: every master the slot map names (ioredis's `slots`, from CLUSTER SLOTS) and every master
 * ioredis holds a client for. A master that is down stays in the slot map (its slots are still
 * its own) but ioredis drops its client once the connection ends: walking only the clients left
 * its keys out without a word (208 of 302 keys with 1 of 3 masters down, cursor 0).
 */
function mastersOf(cluster: Pick<Cluster, 'nodes'> & { slots?: Cluster['slots'] }): Master[] {
  const clients = new Map(cluster.nodes('master').map((node) => [`${node.options.host}:${node.options.port}`, node]));
  const addresses = new Set(clients.keys());
  for (const owners of cluster.slots ?? []) if (owners?.[0] !== undefined) addresses.add(owners[0]);
  return [...addresses]
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
    .map((address) => ({ address, node: clients.get(address) }));
}

/** ioredis's words when a slot's master cannot be reached: it redirects until it gives up. */
const MASTER_GONE =
  /Too many Cluster redirections|Cluster isn't ready|Failed to refresh slots cache|None of startup nodes is available/;

/**
 * A cluster failure in the words bridge/redisErrors.ts reads: a cluster that answers CLUSTERDOWN
 * as a ClusterDownError, a master that timed out as a timeout, a master that is gone as a closed
 * connection (so the page says Redis cannot be reached, not "Too many Cluster redirections").
 * Other errors pass unchanged.
 */
export function clusterFailure(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const down = /CLUSTERDOWN[^\n]*/.exec(message);
  if (down !== null) return new ClusterDownError(down[0].replace(/\s+$/, ''));
  if (!MASTER_GONE.test(message)) return error;
  if (message.includes('Command timed out')) return new Error('Command timed out');
  return new Error(`Connection is closed: a master of the cluster does not answer (${message})`);
}

/** How long a SCAN waits for a cluster client that is still connecting (ms). */
const CLUSTER_READY_WAIT_MS = 2000;

/**
 * Resolves once ioredis has read the cluster's slot map (status 'ready'): until then it knows only
 * the seed nodes, and a SCAN walked over "every master" would walk over those alone and leave the
 * other masters' keys out without a word (a key listing right after the bridge started did).
 * Rejects with ioredis's own "Cluster isn't ready" after CLUSTER_READY_WAIT_MS.
 */
function clusterReady(cluster: Pick<Cluster, 'status' | 'once' | 'off'>): Promise<void> {
  if (cluster.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      cluster.off('ready', ready);
      reject(clusterFailure(new Error("Cluster isn't ready")));
    }, CLUSTER_READY_WAIT_MS);
    cluster.once('ready', ready);
  });
}

/**
 * Sends commands to a cluster: SCAN goes to one master at a time (its cursor packed as above, the
 * next master started when one finishes), TIME to a master known to answer (below), everything
 * else to the master of its key's slot.
 *
 * TIME names no key, so ioredis would send it to a master of its own choosing, at random: with
 * one master paused (not gone: its connection stays open and it just says nothing), a request
 * failed whenever TIME drew that master, after the timeout. TIME goes first to the master that
 * answered last (the walk's SCANs have just asked every one), then to the others in turn, and a
 * master that does not answer is passed over.
 */
export function clusterSender(cluster: Cluster): CommandSender {
  /** When each master (host:port) last answered a command sent to it by name (performance.now()). */
  const answeredAt = new Map<string, number>();
  let refreshedAt = Number.NEGATIVE_INFINITY;

  /**
   * A master of the slot map with no client (ioredis dropped it when it stopped answering) gets
   * one again only when ioredis next reads the slot map, on its own every few seconds: ask for
   * that read now (once a second at most), so a master back from a pause is walked again at once.
   */
  function reconnectSoon(): void {
    if (performance.now() - refreshedAt < 1000 || typeof cluster.refreshSlotsCache !== 'function') return;
    refreshedAt = performance.now();
    cluster.refreshSlotsCache(() => undefined);
  }

  async function time(args: CommandArg[]): Promise<unknown> {
    await clusterReady(cluster);
    const masters = mastersOf(cluster).filter((master) => master.node !== undefined);
    const heard = (address: string) => answeredAt.get(address) ?? Number.NEGATIVE_INFINITY;
    // the most recently heard first; Array.prototype.sort is stable, so the rest keep the address order
    masters.sort((a, b) => (heard(a.address) === heard(b.address) ? 0 : heard(a.address) > heard(b.address) ? -1 : 1));
    let failure: unknown = new Error('the cluster has no master the bridge can reach yet');
    for (const master of masters) {
      try {
        const reply = await master.node!.callBuffer('TIME', ...args);
        answeredAt.set(master.address, performance.now());
        return reply;
      } catch (error) {
        answeredAt.delete(master.address);
        failure = clusterFailure(error);
        if (!isUnreachable(failure)) throw failure;
      }
    }
    throw failure;
  }

  return {
    async callBuffer(command, ...args) {
      if (command === 'TIME') return time(args);
      // a key read sent before the slot map is read would fail as if the cluster were unreachable
      await clusterReady(cluster);
      if (command !== 'SCAN')
        return cluster.callBuffer(command, ...args).catch((error: unknown) => Promise.reject(clusterFailure(error)));
      const masters = mastersOf(cluster);
      if (masters.length === 0) throw new Error('the cluster has no master the bridge can reach yet');
      if (masters.length > MAX_MASTERS) throw new Error(`more than ${MAX_MASTERS} masters`);
      const { master, cursor } = unpackCursor(String(args[0]));
      const target = masters[master];
      if (target === undefined)
        throw new BadCursorError(
          `cursor names master ${master + 1} of a cluster of ${masters.length}: it is not one this bridge gave now (list the keys again from cursor 0)`,
        );
      const nextMaster = master + 1 < masters.length ? packCursor(master + 1, '0') : '0';
      if (target.node === undefined) {
        reconnectSoon();
        throw new SkippedNodeError(target.address, nextMaster, 'the bridge has no connection to it');
      }
      const reply = await target.node.callBuffer('SCAN', cursor, ...args.slice(1)).catch((error: unknown) => {
        answeredAt.delete(target.address);
        const failure = clusterFailure(error);
        // a master that is down or silent is skipped and named; any other error (a refused password...) is the request's
        throw isUnreachable(failure)
          ? new SkippedNodeError(target.address, nextMaster, failure instanceof Error ? failure.message : String(failure))
          : failure;
      });
      answeredAt.set(target.address, performance.now());
      if (!Array.isArray(reply) || !Buffer.isBuffer(reply[0])) return reply; // the routes say it is not a SCAN reply
      const [nextBytes, keys] = reply as [Buffer, unknown];
      const next = nextBytes.toString('latin1');
      if (next !== '0') return [packCursor(master, next), keys];
      return [nextMaster, keys];
    },
  };
}

/** The bridge's connection to a cluster: the options' password and timeouts on every node, no offline queue. */
export function clusterConnection(seeds: readonly ClusterSeed[], options: BridgeOptions): RedisConnection {
  // every node's connection is guarded: an unreadable reply drops that node's connection, not the process
  const guard = new ReplyGuard();
  const cluster = new Cluster(
    seeds.map((seed) => ({ host: seed.host, port: seed.port })),
    {
      lazyConnect: true,
      enableOfflineQueue: false,
      enableReadyCheck: false,
      scaleReads: 'master',
      clusterRetryStrategy: (attempt) => Math.min(attempt * 250, 2000),
      // a cluster that answers CLUSTERDOWN stays down for at least its node timeout: ioredis's
      // retries would only turn that answer into a command timeout ("did not reply"), so it is
      // passed on at once and said as it is
      retryDelayOnClusterDown: 0,
      slotsRefreshTimeout: Math.max(options.commandTimeoutMs, 1000),
      redisOptions: {
        ...(options.password !== null ? { password: options.password } : {}),
        Connector: guard.Connector,
        disableClientInfo: true,
        commandTimeout: options.commandTimeoutMs,
        connectTimeout: Math.max(options.commandTimeoutMs, 1000),
        maxRetriesPerRequest: 0,
      },
    },
  );
  // the bridge starts listening at once, as with one Redis: a cluster that is down at the start
  // keeps ioredis retrying (clusterRetryStrategy) and requests say why until it answers
  const client = {
    on: cluster.on.bind(cluster),
    connect: () => {
      cluster.connect().catch(() => undefined);
      return Promise.resolve();
    },
    disconnect: () => cluster.disconnect(),
  };
  return { client: client as unknown as RedisConnection['client'], sender: guard.wrap(clusterSender(cluster)) };
}
