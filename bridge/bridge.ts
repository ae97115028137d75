/**
 * The bridge itself: one ioredis connection (no offline queue, no ready check, no client info:
 * nothing is sent but the handshake and what readOnlyCall lets through) and a node:http server
 * that answers the routes with JSON, checking Host, the token and Origin first. Every request
 * runs inside one error boundary (handle): a target it cannot parse is a 400, anything that
 * throws is a 500, and nothing a request does stops the process.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { readOnlyCaller } from './allowList.ts';
import type { CommandSender, ReadOnlyCall } from './allowList.ts';
import { decideOrigin, hasToken, isAllowedHost, isLoopbackAddress, refuseFetchSite } from './cors.ts';
import { isLoopbackHost, secretsOf, shownRedisUrl } from './options.ts';
import type { BridgeOptions } from './options.ts';
import { scrubSecrets } from './redact.ts';
import { describeFailure } from './redisErrors.ts';
import { READ_GATE_LIMITS, ReadGate } from './readGate.ts';
import type { ReadGateLimits } from './readGate.ts';
import { ClientGoneError, DeadlineError, REQUEST_DEADLINE_MS, RequestScope } from './requestScope.ts';
import type { StartTimer } from './requestScope.ts';
import { ReplyGuard } from './replyGuard.ts';
import type { RouteReply } from './replies.ts';
import { health } from './routes/health.ts';
import { histogram } from './routes/histogram.ts';
import { readJobs } from './routes/jobs.ts';
import { listKeys } from './routes/keys.ts';
import { readMembers } from './routes/members.ts';
import { listQueues } from './routes/queues.ts';
import { BRIDGE_REQUEST_HEADER, BRIDGE_REQUEST_VALUE } from '../src/model/bridgeWire.ts';
import type { ErrorReply } from '../src/model/bridgeWire.ts';

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

/**
 * Headers on every reply: JSON is never sniffed as something else, never rendered as a page
 * (a CSP that allows nothing), never framed, never cached, and sends no referrer.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** The raw reply to a request Node's HTTP parser refused (no request object exists for it). */
const PARSE_ERROR_REPLY =
  'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n' +
  Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n{"error":{"code":"bad-request","message":"not an HTTP request the bridge can read"}}';

function errorReply(status: number, code: ErrorReply['error']['code'], message: string): RouteReply {
  return { status, body: { error: { code, message } } };
}

/** Writes `reply` as JSON; a body that cannot be serialised becomes a 500 (serialising never throws out of here). */
function send(response: ServerResponse, reply: RouteReply, headers: Readonly<Record<string, string>>): void {
  let status = reply.status;
  let text: string;
  try {
    text = JSON.stringify(reply.body);
  } catch (error) {
    status = 500;
    text = JSON.stringify(
      errorReply(500, 'internal', `the reply could not be written: ${error instanceof Error ? error.message : String(error)}`)
        .body,
    );
  }
  response.writeHead(status, {
    ...headers,
    ...reply.headers,
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
  });
  response.end(text);
}

/** The path and query of a request target, or null when it is not an origin-form path (`//`, `http://[/`...). */
function parseTarget(target: string | undefined): URL | null {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//')) return null;
  try {
    return new URL(target, 'http://bridge.invalid');
  } catch {
    return null;
  }
}

/**
 * A connection made elsewhere (bridge/cluster.ts): the client whose events and lifetime the bridge
 * follows, and where commands go (its maker guards it against unreadable replies: bridge/replyGuard.ts).
 */
export interface RedisConnection {
  readonly client: Pick<Redis, 'on' | 'connect' | 'disconnect'>;
  readonly sender: CommandSender;
}

/** Bounds of the data requests: the read gate's, and each request's deadline (a timer tests may drive). */
export interface RequestLimits extends Partial<ReadGateLimits> {
  readonly deadlineMs?: number;
  readonly startTimer?: StartTimer;
}

/** The routes that send commands to Redis: only they need BRIDGE_REQUEST_HEADER and a slot of the read gate. */
const DATA_ROUTES: ReadonlySet<string> = new Set(['/api/keys', '/api/members', '/api/queues', '/api/histogram', '/api/jobs']);

/**
 * Starts the bridge: connects to Redis (a Redis that is down or refuses the password does not stop
 * it; requests say why until it answers) and listens on options.host:options.port. `connection`,
 * when given, replaces the one ioredis client for options.redisUrl (a cluster: bridge/cluster.ts).
 */
export async function startBridge(
  options: BridgeOptions,
  log: LogLine = (line) => console.log(line),
  connection?: RedisConnection,
  readLimits?: RequestLimits,
): Promise<RunningBridge> {
  if (!isLoopbackHost(options.host) && options.token === null) {
    throw new Error(
      `the bridge listens beyond this machine (${options.host}) only with a token: give --token (npm run bridge makes one)`,
    );
  }
  const shownUrl = shownRedisUrl(options);
  const secrets = secretsOf(options);
  const safeLog: LogLine = (line) => log(scrubSecrets(line, secrets));
  const guard = new ReplyGuard();
  const redis =
    connection?.client ??
    new Redis(options.redisUrl, {
      ...(options.password !== null ? { password: options.password } : {}),
      ...(options.username ? { username: options.username } : {}),
      Connector: guard.Connector,
      lazyConnect: true,
      enableOfflineQueue: false,
      enableReadyCheck: false,
      disableClientInfo: true,
      autoResubscribe: false,
      // no commandTimeout: it runs to the end of the reply; the guard times a command by Redis's silence (wrap)
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
  // CLIENT LIST answers for one node only: on a cluster (a `connection` of its own) it is never sent
  const readOnly = readOnlyCaller(connection?.sender ?? guard.wrap(redis as Redis, options.commandTimeoutMs), {
    clientList: options.clientList === true && connection === undefined,
  });
  const call: ReadOnlyCall = (command, ...args) =>
    readOnly(command, ...args).then((reply) => {
      lastConnectionError = null;
      if (reported !== '') safeLog(`redis ${shownUrl}: answering again`);
      reported = '';
      return reply;
    });
  await redis.connect().catch(() => undefined); // the 'error' handler has the reason; requests will say it
  const gate = new ReadGate({
    running: readLimits?.running ?? READ_GATE_LIMITS.running,
    waiting: readLimits?.waiting ?? READ_GATE_LIMITS.waiting,
    maxWaitMs: readLimits?.maxWaitMs ?? READ_GATE_LIMITS.maxWaitMs,
  });
  const deadlineMs = readLimits?.deadlineMs ?? REQUEST_DEADLINE_MS;

  /**
   * Runs one data route in a slot of the read gate (a 503 when none comes free in time), its
   * commands sent through a RequestScope: they stop, and the slot is freed, when the client goes
   * away or the request's deadline passes.
   */
  async function gated(
    request: IncomingMessage,
    response: ServerResponse,
    read: (call: ReadOnlyCall) => Promise<RouteReply>,
  ): Promise<RouteReply> {
    const release = await gate.acquire();
    if (release === null) {
      return {
        ...errorReply(
          503,
          'busy',
          `the bridge is already reading ${gate.limits.running} pages or key lists and ${gate.limits.waiting} more wait: try again in a second`,
        ),
        headers: { 'Retry-After': '1' },
      };
    }
    const scope = new RequestScope(call, deadlineMs, readLimits?.startTimer);
    const gone = () => {
      if (!response.writableFinished) scope.end(new ClientGoneError());
    };
    response.once('close', gone);
    // the client may have gone while the request waited for its slot
    if (request.socket.destroyed) gone();
    try {
      return await read(scope.call);
    } finally {
      scope.finish();
      response.off('close', gone);
      release();
    }
  }

  async function route(request: IncomingMessage, response: ServerResponse, url: URL): Promise<RouteReply> {
    try {
      switch (url.pathname) {
        case '/api/health':
          return health(shownUrl);
        case '/api/keys':
          return await gated(request, response, (scoped) => listKeys(scoped, url.searchParams));
        case '/api/members':
          return await gated(request, response, (scoped) => readMembers(scoped, url.searchParams));
        case '/api/queues':
          return await gated(request, response, (scoped) => listQueues(scoped, url.searchParams));
        case '/api/histogram':
          return await gated(request, response, (scoped) => histogram(scoped, url.searchParams));
        case '/api/jobs':
          return await gated(request, response, (scoped) => readJobs(scoped, url.searchParams));
        default:
          return errorReply(
            404,
            'bad-request',
            `no route ${url.pathname.slice(0, 100)} (try /api/health, /api/keys, /api/members, /api/queues, /api/histogram, /api/jobs)`,
          );
      }
    } catch (error) {
      if (error instanceof ClientGoneError) {
        safeLog(`${request.method ?? 'GET'} ${url.pathname.slice(0, 100)}: ${error.message}: stopped reading`);
        return errorReply(499, 'busy', error.message);
      }
      if (error instanceof DeadlineError) {
        const message = `The bridge stopped this read after ${error.deadlineMs / 1000} s, the most one request may take: Redis at ${shownUrl} answers too slowly (or a little at a time) for it. Nothing is left running; try again, or read fewer queues at once.`;
        safeLog(`${request.method ?? 'GET'} ${url.pathname.slice(0, 100)}: 504 redis-timeout: ${message}`);
        return errorReply(504, 'redis-timeout', message);
      }
      const failure = describeFailure(error, {
        shownUrl,
        commandTimeoutMs: options.commandTimeoutMs,
        secrets,
        lastConnectionError,
      });
      safeLog(`${request.method ?? 'GET'} ${url.pathname.slice(0, 100)}: ${failure.status} ${failure.code}: ${failure.message}`);
      return errorReply(failure.status, failure.code, failure.message);
    }
  }

  /** One request, start to end: every path through here is inside the caller's catch. */
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isAllowedHost(request.headers.host, options.host, isLoopbackAddress(request.socket.remoteAddress))) {
      send(
        response,
        errorReply(
          403,
          'forbidden-host',
          'this bridge answers only requests addressed to localhost (from this machine) or its own address',
        ),
        {},
      );
      return;
    }
    const decision = decideOrigin(request.headers.origin, options.origins);
    if (!decision.allowed) {
      send(response, errorReply(403, 'forbidden-origin', decision.message), { Vary: 'Origin' });
      return;
    }
    const fetchSite = request.headers['sec-fetch-site'];
    const blind = refuseFetchSite(Array.isArray(fetchSite) ? fetchSite[0] : fetchSite, request.headers.origin);
    if (blind !== null) {
      send(response, errorReply(403, 'forbidden-origin', blind), { Vary: 'Origin' });
      return;
    }
    if (request.method === 'OPTIONS') {
      // a preflight carries no Authorization header: it only learns that one may be sent
      response.writeHead(204, { ...decision.headers, ...SECURITY_HEADERS }).end();
      return;
    }
    if (options.token !== null && !hasToken(request.headers.authorization, options.token)) {
      send(
        response,
        errorReply(
          401,
          'unauthorized',
          'this bridge needs its token: give the token npm run bridge printed (Authorization: Bearer <token>)',
        ),
        decision.headers,
      );
      return;
    }
    if (request.method !== 'GET') {
      send(response, errorReply(405, 'bad-request', 'the bridge only answers GET'), {
        ...decision.headers,
        Allow: 'GET, OPTIONS',
      });
      return;
    }
    const url = parseTarget(request.url);
    if (url === null) {
      send(
        response,
        errorReply(400, 'bad-request', 'the request target is not a path the bridge knows (try /api/health)'),
        decision.headers,
      );
      return;
    }
    if (DATA_ROUTES.has(url.pathname) && request.headers[BRIDGE_REQUEST_HEADER.toLowerCase()] !== BRIDGE_REQUEST_VALUE) {
      send(
        response,
        errorReply(
          403,
          'forbidden-origin',
          `${url.pathname} needs the header ${BRIDGE_REQUEST_HEADER}: ${BRIDGE_REQUEST_VALUE} (the Live Redis panel sends it; with curl, add -H '${BRIDGE_REQUEST_HEADER}: ${BRIDGE_REQUEST_VALUE}'): a browser sends it only after a preflight this bridge answers for the app's origins alone`,
        ),
        decision.headers,
      );
      return;
    }
    send(response, await route(request, response, url), decision.headers);
  }

  // Per connection, the responses not yet finished, and the 400 a malformed request is owed once
  // they are: with pipelining, requests Node parsed before the malformed one still get their
  // replies first, in order (writing the 400 at once closed the connection under them).
  const unfinished = new WeakMap<object, Set<ServerResponse>>();
  const owedParseError = new WeakMap<object, () => void>();

  const server = createServer((request, response) => {
    const socket = request.socket;
    const open = unfinished.get(socket) ?? new Set<ServerResponse>();
    unfinished.set(socket, open);
    open.add(response);
    const done = () => {
      open.delete(response);
      if (open.size === 0) owedParseError.get(socket)?.();
    };
    response.once('finish', done);
    response.once('close', done);
    handle(request, response).catch((error: unknown) => {
      try {
        safeLog(`${request.method ?? '?'}: 500 internal: ${error instanceof Error ? error.message : String(error)}`);
        if (response.headersSent) response.destroy();
        else send(response, errorReply(500, 'internal', 'the bridge failed on this request; it keeps running'), {});
      } catch {
        response.destroy(); // even the 500 could not be written: drop this connection, keep the process
      }
    });
  });
  // a request Node cannot parse never reaches handle: answer it here and close
  server.on('clientError', (_error: Error, socket) => {
    const answer = () => {
      owedParseError.delete(socket);
      if (socket.writable) socket.end(PARSE_ERROR_REPLY);
      else socket.destroy();
    };
    if ((unfinished.get(socket)?.size ?? 0) === 0) answer();
    else owedParseError.set(socket, answer);
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
