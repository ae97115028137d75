/**
 * The bridge against real redis-servers: its pages equal ZRANGE ... WITHSCORES of a BullMQ-style
 * delayed set written by the project's Lua (bridge/delayedFixture.ts); keys are listed by SCAN
 * TYPE zset; a write is refused before Redis sees it; MONITOR shows only allowed commands; and a
 * Redis that needs a password, refuses one, is paused or is down gives a clear JSON error that
 * never carries the password.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { RespClient } from '../test-support/resp-client.ts';
import { ALLOWED_COMMANDS, RefusedCommandError, readOnlyCall } from '../bridge/allowList.ts';
import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { FIXTURE_NOW, SATURATED_JOBS, fixtureEvalArgs, fixtureJobs } from '../test-support/delayedFixture.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import type { BridgeOptions } from '../bridge/options.ts';
import { freePort, startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { MAX_PAGE_SIZE } from '../src/live/bridgeProtocol.ts';
import type { ErrorReply, KeysReply, MembersReply } from '../src/live/bridgeProtocol.ts';

const APP_ORIGIN = 'http://127.0.0.1:4317';

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** GET (or another method) on the bridge with the given headers; the body parsed as JSON. */
function get(bridge: RunningBridge, path: string, headers: Record<string, string> = { Origin: APP_ORIGIN }, method = 'GET'): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${bridge.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? null : JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Options for a bridge on a free port reading `redisUrl`. */
function bridgeOptions(redisUrl: string, extra: Partial<BridgeOptions> = {}): BridgeOptions {
  return { ...DEFAULT_OPTIONS, redisUrl, port: 0, commandTimeoutMs: 1000, ...extra };
}

/** Every member of `key` through the bridge, in pages of `count`. */
async function readAllPages(bridge: RunningBridge, key: string, count: number): Promise<{ size: number; entries: Array<[string, string]>; pages: number }> {
  const entries: Array<[string, string]> = [];
  let size: number;
  let pages = 0;
  do {
    const answer = await get(bridge, `/api/members?key=${encodeURIComponent(key)}&start=${entries.length}&count=${count}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = answer.body as MembersReply;
    expect(page.start).toBe(entries.length);
    size = page.size;
    entries.push(...page.entries);
    pages++;
    if (page.entries.length === 0) break;
  } while (entries.length < size);
  return { size, entries, pages };
}

/** Pairs [member, score] from a flat ZRANGE ... WITHSCORES reply. */
function pairs(flat: unknown): Array<[string, string]> {
  const list = flat as string[];
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < list.length; i += 2) out.push([list[i]!, list[i + 1]!]);
  return out;
}

describe('the bridge on the suite redis-server', () => {
  const prefix = 'bridge-test';
  const key = `${prefix}:mail:delayed`;
  const logs: string[] = [];
  let redis: ConformanceRedis;
  let client: RespClient;
  let bridge: RunningBridge;

  beforeAll(async () => {
    redis = await conformanceRedis(import.meta.url);
    client = redis.client;
    // the fixture, plus a string and a list whose names also end in :delayed
    const replies = await client.pipeline([
      ['FLUSHDB'],
      fixtureEvalArgs(key),
      ['SET', `${prefix}:string:delayed`, 'not a set'],
      ['RPUSH', `${prefix}:list:delayed`, 'not a set'],
    ]);
    expect(replies[1]).toBe(fixtureJobs().length);
    bridge = await startBridge(bridgeOptions(redis.url), (line) => logs.push(line));
  });

  afterAll(async () => {
    await bridge.close();
    await redis.close();
  });

  it('pages of /api/members equal ZRANGE 0 -1 WITHSCORES, score text included', async () => {
    const fromBridge = await readAllPages(bridge, key, 1000);
    const fromRedis = pairs(await client.call('ZRANGE', key, 0, -1, 'WITHSCORES'));
    expect(fromBridge.size).toBe(fixtureJobs().length);
    expect(fromBridge.pages).toBe(5);
    expect(fromBridge.entries).toEqual(fromRedis);
    // the interesting rows, as getDelayedScore.lua wrote them
    const first = FIXTURE_NOW + 5000;
    expect(fromBridge.entries.slice(0, 4)).toEqual([
      ['1', String(first * 4096)],
      ['2', String(first * 4096 + 1)],
      ['3', String(first * 4096 + 2)],
      ['5', String(first * 4096 + 3)],
    ]);
    const ceiling = fromBridge.entries.slice(5 + SATURATED_JOBS - 5, 5 + SATURATED_JOBS).map(([member]) => member);
    expect(ceiling).toEqual(['10000', '10001', '10002', '10003', '9999']);
    expect(fromBridge.entries.slice(-2)).toEqual([['20001', '9007199254769664'], ['20002', '9007199254769664']]);
  });

  it('a page larger than the cap is cut to 5,000 members', async () => {
    const big = `${prefix}-big:delayed`;
    const loop = "for i = 1, tonumber(ARGV[1]) do redis.call('ZADD', KEYS[1], i, 'm' .. i) end return redis.call('ZCARD', KEYS[1])";
    expect(await client.call('EVAL', loop, 1, big, 6000)).toBe(6000);
    const page = (await get(bridge, `/api/members?key=${encodeURIComponent(big)}&count=100000`)).body as MembersReply;
    expect(page.size).toBe(6000);
    expect(page.entries).toHaveLength(MAX_PAGE_SIZE);
    expect(page.entries.at(-1)).toEqual([`m${MAX_PAGE_SIZE}`, String(MAX_PAGE_SIZE)]);
  });

  it('lists only the sorted sets matching the pattern, through SCAN TYPE zset', async () => {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const answer = await get(bridge, `/api/keys?pattern=${encodeURIComponent(`${prefix}:*`)}&cursor=${cursor}`);
      expect(answer.status).toBe(200);
      const reply = answer.body as KeysReply;
      keys.push(...reply.keys);
      cursor = reply.cursor;
    } while (cursor !== '0');
    expect(keys).toEqual([key]);
  });

  it('refuses a write command before it reaches Redis, and has no route that writes', async () => {
    const ioredis = new Redis(redis.url, { lazyConnect: true, disableClientInfo: true });
    await ioredis.connect();
    try {
      await expect(readOnlyCall(ioredis, 'ZADD', `${prefix}:untouched`, 1, 'intruder')).rejects.toBeInstanceOf(RefusedCommandError);
      await expect(readOnlyCall(ioredis, 'del', key)).rejects.toBeInstanceOf(RefusedCommandError);
      expect(await client.call('EXISTS', `${prefix}:untouched`)).toBe(0);
    } finally {
      ioredis.disconnect();
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await get(bridge, '/api/members?key=k', { Origin: APP_ORIGIN }, method);
      expect(answer.status).toBe(405);
    }
  });

  it('answers only the app origin and only requests addressed to this machine', async () => {
    const allowed = await get(bridge, '/api/health');
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    const foreign = await get(bridge, '/api/keys', { Origin: 'https://evil.test' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect((foreign.body as ErrorReply).error.code).toBe('forbidden-origin');
    const rebound = await get(bridge, '/api/keys', { Host: `rebind.evil.test:${bridge.port}` });
    expect(rebound.status).toBe(403);
    expect((rebound.body as ErrorReply).error.code).toBe('forbidden-host');
  });

  it('says when the key is gone', async () => {
    const answer = await get(bridge, `/api/members?key=${encodeURIComponent(`${prefix}:missing`)}`);
    expect(answer.status).toBe(404);
    expect((answer.body as ErrorReply).error.code).toBe('not-found');
  });
});

interface Monitor {
  /**
   * Sends `ECHO <marker>` on `admin` and resolves, once MONITOR shows that ECHO, with every
   * command it showed before it: Redis runs commands one at a time and MONITOR reports them in
   * that order, so nothing sent earlier can still be missing.
   */
  commandsBefore(admin: RespClient, marker: string): Promise<string[]>;
  stop(): void;
}

/** Watches a redis-server with MONITOR (raw socket: RespClient reads one reply per call). */
async function monitor(port: number, password: string): Promise<Monitor> {
  const socket = connect({ port, host: '127.0.0.1' });
  let text = '';
  let waiting: { until: string; resolve: () => void } | null = null;
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    if (waiting !== null && text.includes(waiting.until)) waiting.resolve();
  });
  const seen = (until: string) =>
    new Promise<void>((resolve) => {
      waiting = { until, resolve };
      if (text.includes(until)) resolve();
    });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const ready = seen('+OK\r\n+OK\r\n');
  socket.write(`AUTH ${password}\r\nMONITOR\r\n`);
  await ready;
  return {
    async commandsBefore(admin, marker) {
      const shown = seen(`"ECHO" "${marker}"`);
      expect(await admin.call('ECHO', marker)).toBe(marker);
      await shown;
      const before = text.slice(0, text.indexOf(`"ECHO" "${marker}"`));
      // lines look like: +1700000000.123456 [0 127.0.0.1:5555] "ZCARD" "key"
      return [...before.matchAll(/^\+\d+\.\d+ \[[^\]]*\] "([^"]*)"(.*)$/gm)].map((m) => `${m[1]!.toUpperCase()}${m[1]!.toUpperCase() === 'AUTH' ? m[2] : ''}`.trim());
    },
    stop: () => socket.destroy(),
  };
}

describe('the bridge and a Redis that needs a password', () => {
  const password = 'pa55:w@rd-in-test';
  const encoded = encodeURIComponent(password);
  let server: RedisProcess;
  let admin: RespClient;

  beforeAll(async () => {
    server = await startRedisServer({ password });
    admin = await RespClient.connect(server.port);
    expect(await admin.call('AUTH', password)).toBe('OK');
    expect(await admin.call(...fixtureEvalArgs('bull:secret:delayed'))).toBe(fixtureJobs().length);
  });

  afterAll(async () => {
    admin.close();
    await server.stop();
  });

  /** Starts a bridge, asks for the keys, stops it; returns the answer and every log line. */
  async function askKeys(options: BridgeOptions): Promise<{ answer: HttpAnswer; logs: string[] }> {
    const logs: string[] = [];
    const bridge = await startBridge(options, (line) => logs.push(line));
    try {
      return { answer: await get(bridge, '/api/keys'), logs };
    } finally {
      await bridge.close();
    }
  }

  it('without a password: NOAUTH, said plainly', async () => {
    const { answer } = await askKeys(bridgeOptions(`redis://127.0.0.1:${server.port}`));
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      error: {
        code: 'redis-auth',
        message: `Redis at redis://127.0.0.1:${server.port} needs a password (NOAUTH): start the bridge with --password, or put it in the URL as redis://:password@host:port.`,
      },
    });
  });

  it('with a wrong password: WRONGPASS, and neither password in the reply or the log', async () => {
    const wrong = 'not-the-Secret-42';
    for (const options of [
      bridgeOptions(`redis://:${wrong}@127.0.0.1:${server.port}`),
      bridgeOptions(`redis://127.0.0.1:${server.port}`, { password: wrong }),
    ]) {
      const { answer, logs } = await askKeys(options);
      expect(answer.status).toBe(502);
      const { error } = (answer.body as ErrorReply);
      expect(error.code).toBe('redis-auth');
      expect(error.message).toBe(`Redis at redis://:***@127.0.0.1:${server.port} refused the bridge's user or password (WRONGPASS): check --password or the redis:// URL.`);
      const everything = JSON.stringify(answer) + logs.join('\n');
      expect(logs.length).toBeGreaterThan(0);
      for (const secret of [wrong, password, encoded]) expect(everything).not.toContain(secret);
    }
  });

  it('with the password (URL or --password): reads, and Redis sees only allowed commands', async () => {
    const expected = pairs(await admin.call('ZRANGE', 'bull:secret:delayed', 0, -1, 'WITHSCORES'));
    const watch = await monitor(server.port, password);
    try {
      for (const options of [
        bridgeOptions(`redis://:${encoded}@127.0.0.1:${server.port}`),
        bridgeOptions(`redis://127.0.0.1:${server.port}`, { password }),
      ]) {
        const logs: string[] = [];
        const bridge = await startBridge(options, (line) => logs.push(line));
        try {
          const keys = await get(bridge, '/api/keys?pattern=bull:*:delayed');
          expect(keys.body).toEqual({ pattern: 'bull:*:delayed', keys: ['bull:secret:delayed'], cursor: '0' });
          const { entries } = await readAllPages(bridge, 'bull:secret:delayed', 5000);
          expect(entries).toEqual(expected);
          const health = await get(bridge, '/api/health');
          expect(health.body).toMatchObject({ redis: `redis://:***@127.0.0.1:${server.port}` });
          expect(JSON.stringify(health.body) + logs.join('\n')).not.toContain(password);
        } finally {
          await bridge.close();
        }
      }
      // only the bridges talk to this server while it is watched: the connection's AUTH (which
      // MONITOR shows redacted), then nothing outside the allow-list
      const seen = await watch.commandsBefore(admin, 'end-of-bridge-reads');
      expect(new Set(seen)).toEqual(new Set(['AUTH "(redacted)"', 'SCAN', 'TYPE', 'ZCARD', 'ZRANGE']));
      expect(seen.filter((command) => !command.startsWith('AUTH')).every((command) => ALLOWED_COMMANDS.has(command))).toBe(true);
    } finally {
      watch.stop();
    }
  });

  it('paused past the command timeout: a clear timeout message', async () => {
    const bridge = await startBridge(bridgeOptions(`redis://127.0.0.1:${server.port}`, { password, commandTimeoutMs: 300 }), () => undefined);
    try {
      expect((await get(bridge, '/api/keys')).status).toBe(200);
      expect(await admin.call('CLIENT', 'PAUSE', 1500, 'ALL')).toBe('OK');
      const answer = await get(bridge, '/api/members?key=bull:secret:delayed');
      expect(answer.status).toBe(504);
      expect(answer.body).toEqual({
        error: {
          code: 'redis-timeout',
          message: `Redis at redis://:***@127.0.0.1:${server.port} did not reply within 300 ms (the bridge's --timeout): it is busy, paused or too far away.`,
        },
      });
    } finally {
      await bridge.close();
      await admin.call('CLIENT', 'UNPAUSE');
    }
  });
});

describe('the bridge and a Redis that is down', () => {
  it('says it cannot reach Redis, and why', async () => {
    const port = await freePort();
    const logs: string[] = [];
    const bridge = await startBridge(bridgeOptions(`redis://:hunter2@127.0.0.1:${port}`), (line) => logs.push(line));
    try {
      const answer = await get(bridge, '/api/keys');
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({
        error: {
          code: 'redis-down',
          message: `Cannot reach Redis at redis://:***@127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port}): is redis-server running there? The bridge keeps trying to reconnect.`,
        },
      });
      expect(logs.join('\n')).toContain('ECONNREFUSED');
      expect(logs.join('\n')).not.toContain('hunter2');
    } finally {
      await bridge.close();
    }
  });
});
