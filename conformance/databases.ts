/**
 * Where each conformance file keeps its keys, in one place, so files running side by side never
 * see each other's data. Most files get a database of their own on the suite's redis-server
 * (SELECT n; the server has the default 16, and database 0 is left to nobody, so a client that
 * forgot to select shows up as keys in 0). FLUSHDB, DEL and SCAN stay inside a file's database.
 *
 * Files that send FLUSHALL as a command under test (its replies and its effect are part of what
 * MemoryRedis is compared on) get a redis-server of their own instead: FLUSHALL empties every
 * database of a server, so on the shared one it would empty the other files' data mid-test.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { RespClient } from '../test-support/resp-client.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';

/** A database on the suite's server, or a server of the file's own. */
export type Placement = { readonly db: number } | 'own-server';

/** Every conformance file, by file name. conformance/databases.test.ts checks the table is whole and has no repeats. */
export const PLACEMENTS: Readonly<Record<string, Placement>> = {
  'commands.test.ts': 'own-server', // its FLUSHALL case
  'random-commands.test.ts': 'own-server', // the generator sends FLUSHALL
  'cluster.test.ts': 'own-server', // a cluster of three servers of its own
  'tls.test.ts': 'own-server', // a server with a TLS port
  'doctor.test.ts': 'own-server', // MONITOR sees every database of a server
  'doctor-cluster.test.ts': 'own-server', // a cluster of three servers of its own
  'doctor-clusterdown.test.ts': 'own-server', // a cluster of three servers of its own, one of them paused
  'bridgeBounds.test.ts': 'own-server', // 200,000 keys of its own, walked whole
  'doctor-verdicts.test.ts': 'own-server', // MONITOR and CLIENT LIST see every database of a server
  'job-story.test.ts': 'own-server', // MONITOR sees every database of a server; an ACL user of its own
  'databases.test.ts': { db: 1 },
  'doubles.test.ts': { db: 2 },
  'delayed.test.ts': { db: 3 },
  'cliff.test.ts': { db: 4 },
  'decoder.test.ts': { db: 5 },
  'export.test.ts': { db: 6 },
  'strategies.test.ts': { db: 7 },
  'bridge.test.ts': { db: 8 },
  'bullmq.test.ts': { db: 9 },
  'bull.test.ts': { db: 10 },
  'bee-queue.test.ts': { db: 11 },
  'kue.test.ts': { db: 12 },
  'script-trace.test.ts': { db: 13 },
  'schemes.test.ts': { db: 15 },
};

/** What a conformance file talks to: its server's port, its database, a client already in it. */
export interface ConformanceRedis {
  readonly port: number;
  readonly db: number;
  /** redis://127.0.0.1:<port>/<db>, for clients that take a URL (ioredis, the bridge). */
  readonly url: string;
  /** A RESP client connected to the port with the database selected. */
  readonly client: RespClient;
  /** Closes the client (and stops the file's own server, if it has one). */
  close(): Promise<void>;
}

/** The placement of the file at `fileUrl` (pass `import.meta.url`); throws for a file not in the table. */
export function placementOf(fileUrl: string): Placement {
  const file = basename(fileURLToPath(fileUrl));
  const placement = PLACEMENTS[file];
  if (placement === undefined) throw new Error(`${file} has no database in conformance/databases.ts: add it to PLACEMENTS`);
  return placement;
}

/** Connects the file at `fileUrl` (its `import.meta.url`) to its database, starting its own server if it has one. */
export async function conformanceRedis(fileUrl: string): Promise<ConformanceRedis> {
  const placement = placementOf(fileUrl);
  const own = placement === 'own-server' ? await startRedisServer() : null;
  const port = own?.port ?? inject('redisPort');
  const db = placement === 'own-server' ? 0 : placement.db;
  const client = await RespClient.connect(port, { db });
  return {
    port,
    db,
    url: `redis://127.0.0.1:${port}/${db}`,
    client,
    close: async () => {
      client.close();
      await own?.stop();
    },
  };
}

/**
 * The file's connection for all its tests: connects in a beforeAll and closes in an afterAll that
 * this registers. Read its fields inside tests and hooks (before the beforeAll has run there is no
 * connection yet, and reading one throws).
 */
export function redisForFile(fileUrl: string): Omit<ConformanceRedis, 'close'> {
  let redis: ConformanceRedis | null = null;
  beforeAll(async () => {
    redis = await conformanceRedis(fileUrl);
  });
  afterAll(() => redis?.close());
  const connected = (): ConformanceRedis => {
    if (redis === null) throw new Error('the conformance connection is read before its beforeAll ran');
    return redis;
  };
  return {
    get port() {
      return connected().port;
    },
    get db() {
      return connected().db;
    },
    get url() {
      return connected().url;
    },
    get client() {
      return connected().client;
    },
  };
}
