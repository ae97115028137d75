/**
 * The pieces of `npm run live-demo`, started together so a real BullMQ queue can be watched in the
 * Live Redis panel: a redis-server on a free loopback port (or a Redis the caller names), the
 * read-only bridge (bridge/bridge.ts), a BullMQ 6.7.0 producer adding delayed jobs in bursts that
 * share one millisecond, and a BullMQ Worker that promotes and runs them when they fall due.
 * e2e/live-demo.spec.ts starts the same pieces through startLiveDemo.
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import { liveLinkSearch } from '../src/features/live/liveLink.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';

export interface LiveDemoOptions {
  /** A Redis to use (redis://...); null starts redis-server on a free loopback port. */
  readonly redisUrl: string | null;
  /** The bridge's port (0: any free port). */
  readonly bridgePort: number;
  /** The page's address (its origin is the one the bridge answers), e.g. http://127.0.0.1:5173. */
  readonly appUrl: string;
  /** The BullMQ queue's name: its delayed set is bull:<name>:delayed. */
  readonly queueName: string;
  /** How often (ms) the producer adds another burst after the first ones; null: only the first ones. */
  readonly repeatEveryMs: number | null;
}

export const DEFAULT_DEMO_OPTIONS: LiveDemoOptions = {
  redisUrl: null,
  bridgePort: DEFAULT_OPTIONS.port,
  appUrl: 'http://127.0.0.1:5173',
  queueName: 'firetime-demo',
  repeatEveryMs: 5000,
};

/** One burst: `jobs` jobs added with one timestamp (so one fire-time ms), `delayMs` ahead. */
export interface Burst {
  readonly jobs: number;
  readonly delayMs: number;
}

/** The first bursts: three jobs in one ms, a saturated band (4,100 in one ms: five share the ceiling), a wide one. */
export const FIRST_BURSTS: readonly Burst[] = [
  { jobs: 3, delayMs: 60_000 },
  { jobs: 4100, delayMs: 90_000 },
  { jobs: 200, delayMs: 120_000 },
];
/** Each later burst. */
export const REPEATED_BURST: Burst = { jobs: 100, delayMs: 30_000 };

export interface LiveDemo {
  /** The page address with the Live Redis panel pointed at the bridge and the queue's delayed set. */
  readonly pageUrl: string;
  readonly bridge: RunningBridge;
  /** The Redis the demo writes to (the started server's loopback URL, or the caller's). */
  readonly redisUrl: string;
  /** bull:<queue>:delayed */
  readonly delayedKey: string;
  /** Jobs added so far. */
  added(): number;
  /** Stops the producer, the worker, the bridge and the server it started. */
  stop(): Promise<void>;
}

/** Adds one burst through Queue.addBulk: every job gets the same `timestamp`, so all fall due in one ms. */
async function addBurst(queue: Queue, burst: Burst): Promise<number> {
  const timestamp = Date.now();
  for (let start = 0; start < burst.jobs; start += 1000) {
    const size = Math.min(1000, burst.jobs - start);
    await queue.addBulk(
      Array.from({ length: size }, () => ({
        name: 'demo',
        data: {},
        opts: { delay: burst.delayMs, timestamp, removeOnComplete: true },
      })),
    );
  }
  return burst.jobs;
}

export async function startLiveDemo(
  options: LiveDemoOptions = DEFAULT_DEMO_OPTIONS,
  log: (line: string) => void = console.log,
): Promise<LiveDemo> {
  let server: RedisProcess | null = null;
  if (options.redisUrl === null) server = await startRedisServer();
  const redisUrl = options.redisUrl ?? `redis://127.0.0.1:${server!.port}`;
  const appOrigin = new URL(options.appUrl).origin;
  const connections = [new Redis(redisUrl, { maxRetriesPerRequest: null }), new Redis(redisUrl, { maxRetriesPerRequest: null })];
  const queue = new Queue(options.queueName, { connection: connections[0]! });
  const worker = new Worker(options.queueName, async () => undefined, { connection: connections[1]!, concurrency: 100 });
  worker.on('error', (error) => log(`worker: ${error.message}`));
  const bridge = await startBridge({ ...DEFAULT_OPTIONS, redisUrl, port: options.bridgePort, origins: [appOrigin] }, log);
  const delayedKey = `bull:${options.queueName}:delayed`;

  let added = 0;
  for (const burst of FIRST_BURSTS) added += await addBurst(queue, burst);
  let producing = Promise.resolve();
  const timer =
    options.repeatEveryMs === null
      ? null
      : setInterval(() => {
          producing = producing
            .then(async () => {
              added += await addBurst(queue, REPEATED_BURST);
            })
            .catch((error: Error) => log(`producer: ${error.message}`));
        }, options.repeatEveryMs);

  const pageUrl = `${options.appUrl.replace(/\/$/, '')}/${liveLinkSearch({ bridgeUrl: bridge.url, pattern: `bull:${options.queueName}:*`, key: delayedKey })}`;
  return {
    pageUrl,
    bridge,
    redisUrl,
    delayedKey,
    added: () => added,
    stop: async () => {
      if (timer !== null) clearInterval(timer);
      await producing;
      await worker.close();
      await queue.close();
      for (const connection of connections) connection.disconnect();
      await bridge.close();
      await server?.stop();
    },
  };
}
