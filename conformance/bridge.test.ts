/**
 * The bridge against real redis-servers: its pages equal ZRANGE ... WITHSCORES of a BullMQ-style
 * delayed set written by the project's Lua (test-support/delayedFixture.ts); keys are listed by SCAN
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
import { monitorRedis } from '../test-support/redisMonitor.ts';
import { ALLOWED_COMMANDS, RefusedCommandError, readOnlyCall } from '../bridge/allowList.ts';
import { startBridge } from '../bridge/bridge.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { FIXTURE_NOW, SATURATED_JOBS, fixtureEvalArgs, fixtureJobs } from '../test-support/delayedFixture.ts';
import { DEFAULT_OPTIONS } from '../bridge/options.ts';
import type { BridgeOptions } from '../bridge/options.ts';
import { freePort, startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { BRIDGE_REQUEST_HEADER, BRIDGE_REQUEST_VALUE, MAX_PAGE_SIZE, MAX_REPLY_BYTES } from '../src/model/bridgeWire.ts';
import { DISPLAY_CAP_BYTES } from '../src/model/printable.ts';
import { groupDigits } from '../src/model/format.ts';
import type { ErrorReply, KeysReply, MembersReply } from '../src/model/bridgeWire.ts';

import { httpAnswer } from '../test-support/httpAnswer.ts';
import type { HttpAnswer } from '../test-support/httpAnswer.ts';

const APP_ORIGIN = 'http://127.0.0.1:4317';
const BRIDGE_MARK = { [BRIDGE_REQUEST_HEADER]: BRIDGE_REQUEST_VALUE };

/** GET (or another method) on the bridge with the given headers; the body parsed as JSON. */
function get(
  bridge: RunningBridge,
  path: string,
  headers: Record<string, string> = { Origin: APP_ORIGIN },
  method = 'GET',
): Promise<HttpAnswer> {
  // every request carries the header a data route needs (the page sends it on every request)
  return httpAnswer(`${bridge.url}${path}`, { ...BRIDGE_MARK, ...headers }, method);
}

/** Options for a bridge on a free port reading `redisUrl`. */
function bridgeOptions(redisUrl: string, extra: Partial<BridgeOptions> = {}): BridgeOptions {
  return { ...DEFAULT_OPTIONS, redisUrl, port: 0, commandTimeoutMs: 1000, ...extra };
}

/** Every member of `key` through the bridge, in pages of `count`. */
async function readAllPages(
  bridge: RunningBridge,
  key: string,
  count: number,
): Promise<{ size: number; entries: Array<[string, string]>; pages: number }> {
  const entries: Array<[string, string]> = [];
  let size: number;
  let pages = 0;
  do {
    const answer = await get(bridge, `/api/members?key=${encodeURIComponent(key)}&start=${entries.length}&count=${count}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = answer.body as MembersReply;
    expect(page.start).toBe(entries.length);
    size = page.size;
    for (const [member, score] of page.entries) {
      // the fixture's members are short UTF-8 ids: bytes, text and length agree
      expect([member.text, member.byteLength]).toEqual([
        Buffer.from(member.base64, 'base64url').toString('utf8'),
        Buffer.byteLength(member.text),
      ]);
      entries.push([member.text, score]);
    }
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
    // redis.url ends in /<db>: the bridge reads this file's database
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
    expect(fromBridge.entries.slice(-2)).toEqual([
      ['20001', '9007199254769664'],
      ['20002', '9007199254769664'],
    ]);
  });

  it('a page larger than the cap is cut to 5,000 members', async () => {
    const big = `${prefix}-big:delayed`;
    const loop =
      "for i = 1, tonumber(ARGV[1]) do redis.call('ZADD', KEYS[1], i, 'm' .. i) end return redis.call('ZCARD', KEYS[1])";
    expect(await client.call('EVAL', loop, 1, big, 6000)).toBe(6000);
    const page = (await get(bridge, `/api/members?key=${encodeURIComponent(big)}&count=100000`)).body as MembersReply;
    expect(page.size).toBe(6000);
    expect(page.entries).toHaveLength(MAX_PAGE_SIZE);
    expect(page.entries.at(-1)?.map((x) => (typeof x === 'string' ? x : x.text))).toEqual([
      `m${MAX_PAGE_SIZE}`,
      String(MAX_PAGE_SIZE),
    ]);
    expect(page.truncated).toBe(false);
  });

  it('lists only the sorted sets matching the pattern, through SCAN TYPE zset', async () => {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const answer = await get(bridge, `/api/keys?pattern=${encodeURIComponent(`${prefix}:*`)}&cursor=${cursor}`);
      expect(answer.status).toBe(200);
      const reply = answer.body as KeysReply;
      keys.push(...reply.keys.map((k) => k.text));
      expect(reply.truncated).toBe(false);
      cursor = reply.cursor;
    } while (cursor !== '0');
    expect(keys).toEqual([key]);
  });

  it('refuses a write command before it reaches Redis, and has no route that writes', async () => {
    const ioredis = new Redis(redis.url, { lazyConnect: true, disableClientInfo: true });
    await ioredis.connect();
    try {
      await expect(readOnlyCall(ioredis, 'ZADD', `${prefix}:untouched`, 1, 'intruder')).rejects.toBeInstanceOf(
        RefusedCommandError,
      );
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
      const { error } = answer.body as ErrorReply;
      expect(error.code).toBe('redis-auth');
      expect(error.message).toBe(
        `Redis at redis://:***@127.0.0.1:${server.port} refused the bridge's user or password (WRONGPASS): check --password or the redis:// URL.`,
      );
      const everything = JSON.stringify(answer) + logs.join('\n');
      expect(logs.length).toBeGreaterThan(0);
      for (const secret of [wrong, password, encoded]) expect(everything).not.toContain(secret);
    }
  });

  it('with the password (URL or --password): reads, and Redis sees only allowed commands', async () => {
    const expected = pairs(await admin.call('ZRANGE', 'bull:secret:delayed', 0, -1, 'WITHSCORES'));
    const watch = await monitorRedis(server.port, password);
    try {
      for (const options of [
        bridgeOptions(`redis://:${encoded}@127.0.0.1:${server.port}`),
        bridgeOptions(`redis://127.0.0.1:${server.port}`, { password }),
      ]) {
        const logs: string[] = [];
        const bridge = await startBridge(options, (line) => logs.push(line));
        try {
          const keys = await get(bridge, '/api/keys?pattern=bull:*:delayed');
          expect(keys.body).toEqual({
            pattern: 'bull:*:delayed',
            keys: [{ base64: b64url('bull:secret:delayed'), text: 'bull:secret:delayed', byteLength: 19 }],
            cursor: '0',
            truncated: false,
          });
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
      const seen = (await watch.commandsBefore(admin, 'end-of-bridge-reads')).map((command) =>
        command.name === 'AUTH' ? `AUTH ${command.args.map((arg) => `"${arg}"`).join(' ')}` : command.name,
      );
      expect(new Set(seen)).toEqual(new Set(['AUTH "(redacted)"', 'SCAN', 'TYPE', 'ZCARD', 'ZRANGE']));
      expect(seen.filter((command) => !command.startsWith('AUTH')).every((command) => ALLOWED_COMMANDS.has(command))).toBe(true);
    } finally {
      watch.stop();
    }
  });

  it('paused past the command timeout: a clear timeout message', async () => {
    const bridge = await startBridge(
      bridgeOptions(`redis://127.0.0.1:${server.port}`, { password, commandTimeoutMs: 300 }),
      () => undefined,
    );
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

/** Sends `raw` on a fresh TCP connection to the bridge; resolves with what came back before it closed (or 2 s passed). */
function rawRequest(bridge: RunningBridge, raw: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port: bridge.port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, 2000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (Buffer.concat(chunks).includes('\r\n\r\n')) setTimeout(done, 50);
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(raw);
  });
}

/** A GET whose whole body is read as bytes (for replies too large to parse in a test). */
function getBytes(
  bridge: RunningBridge,
  path: string,
  headers: Record<string, string> = { Origin: APP_ORIGIN },
): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${bridge.url}${path}`, { headers: { ...BRIDGE_MARK, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');

describe('nothing a request can do takes the bridge down', () => {
  let server: RedisProcess;
  let admin: RespClient;
  let bridge: RunningBridge;

  beforeAll(async () => {
    server = await startRedisServer();
    admin = await RespClient.connect(server.port);
    // reading a member of several times the reply budget takes seconds on a busy machine: a timeout here would not be the point
    bridge = await startBridge(bridgeOptions(`redis://127.0.0.1:${server.port}`, { commandTimeoutMs: 20_000 }), () => undefined);
  });

  afterAll(async () => {
    await bridge.close();
    admin.close();
    await server.stop();
  });

  it.each(['//', '//:99999/x', '//a:b@/', 'http://[/'])(
    'a request target it cannot parse (%s) gets 400, and the bridge still answers',
    async (target) => {
      const answer = await rawRequest(
        bridge,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('"bad-request"');
      expect((await get(bridge, '/api/health')).status).toBe(200);
    },
  );

  it('a member three times the reply budget comes back shortened to 4 KB with its byte length; the reply stays small', async () => {
    const size = 3 * MAX_REPLY_BYTES;
    expect(
      await admin.call(
        'EVAL',
        "return redis.call('ZADD', KEYS[1], 1, string.rep('\\1', tonumber(ARGV[1])))",
        1,
        'huge:delayed',
        size,
      ),
    ).toBe(1);
    const answer = await getBytes(bridge, `/api/members?key=${b64url('huge:delayed')}`.replace('key=', 'key64='));
    expect(answer.status).toBe(200);
    expect(answer.bytes.length).toBeLessThan(MAX_REPLY_BYTES);
    const page = JSON.parse(answer.bytes.toString('utf8')) as MembersReply;
    const [member, score] = page.entries[0]!;
    expect(score).toBe('1');
    expect(member.byteLength).toBe(size);
    expect(Buffer.from(member.base64, 'base64url')).toEqual(Buffer.alloc(DISPLAY_CAP_BYTES, 1));
    expect(member.text).toBe(`${'\\u{1}'.repeat(DISPLAY_CAP_BYTES)}… (${groupDigits(size)} bytes)`);
    expect((await get(bridge, '/api/health')).status).toBe(200);
  });

  it('a page over the byte budget is cut and flagged truncated; the next page goes on from there', async () => {
    const loop =
      "for i = 1, tonumber(ARGV[1]) do redis.call('ZADD', KEYS[1], i, string.format('%06d', i) .. string.rep('x', 5000)) end return redis.call('ZCARD', KEYS[1])";
    expect(await admin.call('EVAL', loop, 1, 'wide:delayed', 2000)).toBe(2000);
    const first = await getBytes(bridge, `/api/members?key=wide:delayed&count=5000`);
    expect(first.bytes.length).toBeLessThanOrEqual(MAX_REPLY_BYTES);
    const page = JSON.parse(first.bytes.toString('utf8')) as MembersReply;
    expect(page.truncated).toBe(true);
    expect(page.entries.length).toBeGreaterThan(100);
    expect(page.entries.length).toBeLessThan(2000);
    const next = (await get(bridge, `/api/members?key=wide:delayed&start=${page.entries.length}&count=5000`))
      .body as MembersReply;
    expect(Buffer.from(next.entries[0]![0].base64, 'base64url').subarray(0, 6).toString()).toBe(
      String(page.entries.length + 1).padStart(6, '0'),
    );
  });

  it('/api/keys?pattern=* stays under the byte budget however long the keys are', async () => {
    const loop =
      "for i = 1, tonumber(ARGV[1]) do redis.call('ZADD', 'long:' .. i .. ':' .. string.rep('k', 1048576), 1, 'm') end return 1";
    expect(await admin.call('EVAL', loop, 0, 30)).toBe(1);
    const answer = await getBytes(bridge, '/api/keys?pattern=long:*');
    expect(answer.status).toBe(200);
    expect(answer.bytes.length).toBeLessThan(MAX_REPLY_BYTES);
    const reply = JSON.parse(answer.bytes.toString('utf8')) as KeysReply;
    expect(reply.keys.length).toBeGreaterThan(0);
    for (const key of reply.keys) {
      expect(key.byteLength).toBeGreaterThan(1048576);
      expect(key.text).toMatch(/^long:\d+:k+… \(1,048,5\d\d bytes\)$/);
    }
  });

  it('a key that is not UTF-8, and a key of 1,500 characters, are listed and can be opened', async () => {
    const long = `long1500:${'y'.repeat(1491)}`;
    expect(
      await admin.call(
        'EVAL',
        "redis.call('ZADD', 'bin' .. string.char(255) .. ':delayed', 7, 'a') return redis.call('ZADD', KEYS[1], 8, 'b')",
        1,
        long,
      ),
    ).toBe(1);
    const binary = (await get(bridge, '/api/keys?pattern=bin*')).body as KeysReply;
    expect(binary.keys).toEqual([
      {
        base64: b64url(Buffer.from([0x62, 0x69, 0x6e, 0xff, 0x3a, 0x64, 0x65, 0x6c, 0x61, 0x79, 0x65, 0x64])),
        text: 'bin\\xff:delayed',
        byteLength: 12,
      },
    ]);
    const opened = await get(bridge, `/api/members?key64=${binary.keys[0]!.base64}`);
    expect(opened.status).toBe(200);
    expect((opened.body as MembersReply).entries.map(([m, s]) => [m.text, s])).toEqual([['a', '7']]);
    const listed = (await get(bridge, '/api/keys?pattern=long1500:*')).body as KeysReply;
    expect(listed.keys.map((k) => k.text)).toEqual([long]);
    const openedLong = await get(bridge, `/api/members?key64=${listed.keys[0]!.base64}`);
    expect(openedLong.status).toBe(200);
    expect((openedLong.body as MembersReply).size).toBe(1);
  });

  it('a cursor Redis would refuse is a 400 that says so, not a Redis error', async () => {
    for (const cursor of ['99999999999999999999', '18446744073709551616']) {
      const answer = await get(bridge, `/api/keys?cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: { code: 'bad-request', message: 'cursor must be the digits a previous reply gave (0 to 18446744073709551615)' },
      });
    }
    expect((await get(bridge, '/api/keys?cursor=18446744073709551615')).status).toBe(200);
  });

  it('every reply carries nosniff, a CSP that allows nothing, no framing and no referrer', async () => {
    for (const path of ['/api/health', '/api/keys', '/nowhere']) {
      const { headers } = await get(bridge, path);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
    const bad = await rawRequest(bridge, `GET // HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(bad.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('with a token, a request without it (or with another) is refused; the preflight is not', async () => {
    const guarded = await startBridge(
      bridgeOptions(`redis://127.0.0.1:${server.port}`, { token: 'correct-horse-battery-staple' }),
      () => undefined,
    );
    try {
      expect((await get(guarded, '/api/health')).status).toBe(401);
      const wrong = await get(guarded, '/api/health', {
        Origin: APP_ORIGIN,
        Authorization: 'Bearer correct-horse-battery-stapl',
      });
      expect(wrong.status).toBe(401);
      expect((wrong.body as ErrorReply).error.code).toBe('unauthorized');
      expect(
        (await get(guarded, '/api/health', { Origin: APP_ORIGIN, Authorization: 'Bearer correct-horse-battery-staple' })).status,
      ).toBe(200);
      const preflight = await get(
        guarded,
        '/api/keys',
        { Origin: APP_ORIGIN, 'Access-Control-Request-Headers': 'authorization' },
        'OPTIONS',
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-headers']).toBe('Authorization, X-Firetime-Bridge');
    } finally {
      await guarded.close();
    }
  });

  it('refuses to listen beyond this machine without a token', async () => {
    await expect(
      startBridge(bridgeOptions(`redis://127.0.0.1:${server.port}`, { host: '0.0.0.0' }), () => undefined),
    ).rejects.toThrow(/--token/);
  });
});
