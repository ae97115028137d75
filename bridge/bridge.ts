/**
 * The bridge itself: one ioredis connection (no offline queue, no ready check, no client info:
 * nothing is sent but the handshake and what readOnlyCall lets through) and a node:http server
 * that answers the routes with JSON, checking Host and Origin first.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { readOnlyCaller } from './allowList.ts';
import type { CommandSender, ReadOnlyCall } from './allowList.ts';
import { decideOrigin, isAllowedHost } from './cors.ts';
import { secretsOf, shownRedisUrl } from './options.ts';
import type { BridgeOptions } from './options.ts';
import { scrubSecrets } from './redact.ts';
import { describeFailure } from './redisErrors.ts';
import { health, listKeys, readMembers } from './routes.ts';
import type { RouteReply } from './routes.ts';

export interface RunningBridge {
  /** http://host:port the bridge answers on. */
  readonly url: string;
  readonly port: number;
  /** The Redis URL as the bridge shows it (password removed). */
  readonly shownRedisUrl: string;
  /** Stops the HTTP server and the Redis connection. */
  close(): Promise<void>;
}

/** Writes one line of the bridge's log; every line is scrubbed of secrets before it gets here. */
export type LogLine = (line: string) => void;

function send(response: ServerResponse, reply: RouteReply, headers: Readonly<Record<string, string>>): void {
  response.writeHead(reply.status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(JSON.stringify(reply.body));
}

/** A connection made elsewhere (bridge/cluster.ts): the client whose events and lifetime the bridge follows, and where commands go. */
export interface RedisConnection {
  readonly client: Pick<Redis, 'on' | 'connect' | 'disconnect'>;
  readonly sender: CommandSender;
}

/**
 * Starts the bridge: connects to Redis (a Redis that is down or refuses the password does not stop
 * it; requests say why until it answers) and listens on options.host:options.port. `connection`,
 * when given, replaces the one ioredis client for options.redisUrl (a cluster: bridge/cluster.ts).
 */
export async function startBridge(options: BridgeOptions, log: LogLine = (line) => console.log(line), connection?: RedisConnection): Promise<RunningBridge> {
  const shownUrl = shownRedisUrl(options);
  const secrets = secretsOf(options);
  const safeLog: LogLine = (line) => log(scrubSecrets(line, secrets));
  const redis = connection?.client ?? new Redis(options.redisUrl, {
    ...(options.password !== null ? { password: options.password } : {}),
    lazyConnect: true,
    enableOfflineQueue: false,
    enableReadyCheck: false,
    disableClientInfo: true,
    autoResubscribe: false,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: Math.max(options.commandTimeoutMs, 1000),
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
  });
  let lastConnectionError: Error | null = null;
  let reported = '';
  redis.on('error', (error: Error) => {
    lastConnectionError = error;
    if (error.message !== reported) safeLog(`redis ${shownUrl}: ${error.message}`);
    reported = error.message;
  });
  redis.on('close', () => {
    lastConnectionError ??= new Error('the connection closed');
  });
  // ioredis says 'ready' before a refused AUTH is known, so only an answered command clears the error
  const readOnly = readOnlyCaller(connection?.sender ?? (redis as Redis));
  const call: ReadOnlyCall = (command, ...args) =>
    readOnly(command, ...args).then((reply) => {
      lastConnectionError = null;
      if (reported !== '') safeLog(`redis ${shownUrl}: answering again`);
      reported = '';
      return reply;
    });
  await redis.connect().catch(() => undefined); // the 'error' handler has the reason; requests will say it

  async function route(request: IncomingMessage): Promise<RouteReply> {
    const url = new URL(request.url ?? '/', 'http://bridge.invalid');
    try {
      switch (url.pathname) {
        case '/api/health':
          return health(shownUrl);
        case '/api/keys':
          return await listKeys(call, url.searchParams);
        case '/api/members':
          return await readMembers(call, url.searchParams);
        default:
          return { status: 404, body: { error: { code: 'bad-request', message: `no route ${url.pathname} (try /api/health, /api/keys, /api/members)` } } };
      }
    } catch (error) {
      const failure = describeFailure(error, { shownUrl, commandTimeoutMs: options.commandTimeoutMs, secrets, lastConnectionError });
      safeLog(`${request.method ?? 'GET'} ${url.pathname}: ${failure.status} ${failure.code}: ${failure.message}`);
      return { status: failure.status, body: { error: { code: failure.code, message: failure.message } } };
    }
  }

  const server = createServer((request, response) => {
    if (!isAllowedHost(request.headers.host, options.host)) {
      send(response, { status: 403, body: { error: { code: 'forbidden-host', message: 'this bridge answers only requests addressed to localhost or its own address' } } }, {});
      return;
    }
    const decision = decideOrigin(request.headers.origin, options.origins);
    if (!decision.allowed) {
      send(response, { status: 403, body: { error: { code: 'forbidden-origin', message: decision.message } } }, { Vary: 'Origin' });
      return;
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, decision.headers).end();
      return;
    }
    if (request.method !== 'GET') {
      send(response, { status: 405, body: { error: { code: 'bad-request', message: 'the bridge only answers GET' } } }, { ...decision.headers, Allow: 'GET, OPTIONS' });
      return;
    }
    void route(request).then((reply) => send(response, reply, decision.headers));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostInUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    shownRedisUrl: shownUrl,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
    },
  };
}
