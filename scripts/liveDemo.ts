/**
 * The pieces of `npm run live-demo`, started together so that a real BullMQ queue can be watched
 * in the Live Redis panel from one command: a redis-server on a free loopback port (or a Redis
 * the caller names), the page (the Vite dev server, or the built app under `vite preview`; or
 * none, for a page served elsewhere), the read-only bridge (bridge/bridge.ts) answering that
 * page, and the looping story of scripts/liveDemoStory.ts (a BullMQ 6.7.0 producer and worker).
 * Each is stopped by stop(), the redis-server last, after everything that talks to it.
 */
import { get } from 'node:http';
import { createServer } from 'node:net';
import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import { liveLinkSearch } from '../src/features/live/liveLink.ts';
import type { QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { DEFAULT_PAGE_PORTS, startDemoPage } from './demoPage.ts';
import type { DemoPage, PageServer } from './demoPage.ts';
import { DEFAULT_CYCLE_MS, startStory } from './liveDemoStory.ts';
import type { RunningStory } from './liveDemoStory.ts';

/** Where the page comes from: served here (from `port`, null for Vite's default), or already served at `url`. */
export type PageChoice = { readonly serve: PageServer; readonly port: number | null } | { readonly url: string };

export interface LiveDemoOptions {
  /** A Redis to use (redis://...); null starts redis-server on a free loopback port. */
  readonly redisUrl: string | null;
  /** The bridge's port; null: 7379 when free, any free port otherwise. */
  readonly bridgePort: number | null;
  readonly page: PageChoice;
  /** The BullMQ queue's name: its delayed set is bull:<name>:delayed. */
  readonly queueName: string;
  /** The length of one turn of the story. */
  readonly cycleMs: number;
}

export const DEFAULT_DEMO_OPTIONS: LiveDemoOptions = {
  redisUrl: null,
  bridgePort: null,
  page: { serve: 'dev', port: null },
  queueName: 'firetime-demo',
  cycleMs: DEFAULT_CYCLE_MS,
};

export interface LiveDemo {
  /** The page address with the Live Redis panel pointed at the bridge and the queue's delayed set. */
  readonly pageUrl: string;
  /** How the page is served: 'dev', 'preview', or null when it is served elsewhere. */
  readonly pageServer: PageServer | null;
  readonly bridge: RunningBridge;
  /** The Redis the demo writes to (the started server's loopback URL, or the caller's). */
  readonly redisUrl: string;
  /** The redis-server started here, null for one given. */
  readonly redisServer: RedisProcess | null;
  readonly story: RunningStory;
  /** bull:<queue>:delayed */
  readonly delayedKey: string;
  /** Stops the story (producer, worker), the bridge, the page and the redis-server it started. */
  stop(): Promise<void>;
}

/** The verdict the page would show for `queue`, read from the bridge as the page reads it: "<kind>: <words>". */
function bridgeVerdict(bridgeUrl: string, queue: string): Promise<string> {
  return new Promise((resolve) => {
    const url = `${bridgeUrl}/api/queues?queue=${encodeURIComponent(queue)}`;
    const request = get(url, { headers: { 'X-Firetime-Bridge': '1' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          const reply = JSON.parse(Buffer.concat(chunks).toString('utf8')) as QueuesReply;
          const row = reply.queues[0];
          resolve(row === undefined ? 'the bridge found no such queue' : `${row.verdict.kind}: ${row.verdict.words}`);
        } catch {
          resolve(`the bridge answered ${response.statusCode ?? '?'}, not a queue row`);
        }
      });
    });
    request.on('error', (error) => resolve(`the bridge did not answer (${error.message})`));
  });
}

/** `preferred` when nothing listens on it on 127.0.0.1, otherwise 0 (any free port). */
function portIfFree(preferred: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(0));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(preferred)));
  });
}

export async function startLiveDemo(
  options: LiveDemoOptions = DEFAULT_DEMO_OPTIONS,
  log: (line: string) => void = console.log,
): Promise<LiveDemo> {
  // what is running so far, stopped in reverse order if a later piece fails to start
  const started: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of started.splice(0).reverse()) await stop().catch((error: Error) => log(`stopping: ${error.message}`));
  };
  try {
    let redisServer: RedisProcess | null = null;
    if (options.redisUrl === null) {
      // its own process group: a Ctrl-C at the terminal reaches the demo, which stops it last
      const server = await startRedisServer({ detached: true });
      redisServer = server;
      // should this process end without stop() (an uncaught error, process.exit), the server goes with it
      const killServer = () => process.kill(server.pid, 'SIGKILL');
      const onExit = () => {
        try {
          killServer();
        } catch {
          // it had already exited
        }
      };
      process.on('exit', onExit);
      started.push(async () => {
        await server.stop();
        process.off('exit', onExit);
      });
    }
    const redisUrl = options.redisUrl ?? `redis://127.0.0.1:${redisServer!.port}`;

    let page: DemoPage | null = null;
    if ('serve' in options.page) {
      const { serve, port } = options.page;
      const served = await startDemoPage(serve, port ?? DEFAULT_PAGE_PORTS[serve], port !== null);
      page = served;
      started.push(() => served.close());
    }
    const pageUrl = page?.url ?? ('url' in options.page ? options.page.url.replace(/\/$/, '') : '');

    const bridgePort = options.bridgePort ?? (await portIfFree(DEFAULT_OPTIONS.port));
    // CLIENT LIST (the workers) on the demo's own redis-server only: a Redis given with --redis may not want it read
    const bridge = await startBridge(
      {
        ...DEFAULT_OPTIONS,
        redisUrl,
        port: bridgePort,
        origins: [new URL(pageUrl).origin],
        clientList: redisServer !== null,
      },
      log,
    );
    started.push(() => bridge.close());

    const queue = `bull:${options.queueName}`;
    const story = await startStory(
      { redisUrl, queueName: options.queueName, cycleMs: options.cycleMs, readVerdict: () => bridgeVerdict(bridge.url, queue) },
      log,
    );
    started.push(() => story.stop());

    // ?live opens the Live panel itself; the rest points it at the bridge, the queue's keys and its delayed set
    const link = liveLinkSearch({ bridgeUrl: bridge.url, pattern: `${queue}:*`, key: story.delayedKey, queues: [queue] });
    return {
      pageUrl: `${pageUrl}/?live&${link.slice(1)}`,
      pageServer: page === null ? null : 'serve' in options.page ? options.page.serve : null,
      bridge,
      redisUrl,
      redisServer,
      story,
      delayedKey: story.delayedKey,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
