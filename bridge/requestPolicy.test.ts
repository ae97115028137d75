/**
 * What the bridge refuses before it asks Redis anything: a request another
 * site's page made blind (Sec-Fetch-Site cross-site or same-site, no Origin: an <img>, a no-cors
 * fetch), a data request without X-Firetime-Bridge (which browsers send only after a preflight),
 * a key pattern over 256 bytes, and heavy reads beyond what the read gate runs and queues. An
 * in-process bridge reads a fake Redis (bridge/fakeRedisServer.ts) that records every command.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorReply, MembersReply } from '../src/model/bridgeWire.ts';
import { startBridge } from './bridge.ts';
import type { RunningBridge } from './bridge.ts';
import { scanReply, startFakeRedis } from './fakeRedisServer.ts';
import type { FakeAnswer, FakeRedisServer } from './fakeRedisServer.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import type { ReadGateLimits } from './readGate.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';
import type { HttpAnswer } from '../test-support/httpAnswer.ts';

const APP_ORIGIN = 'http://127.0.0.1:5173';
const MARK = { 'X-Firetime-Bridge': '1' };
const opened: Array<{ bridge: RunningBridge; fake: FakeRedisServer }> = [];

afterEach(async () => {
  for (const { bridge, fake } of opened.splice(0)) {
    await bridge.close();
    await fake.close();
  }
});

/** A zset `k` of one member, and one key for SCAN. */
const plainRedis: FakeAnswer = (command) => {
  switch (command[0]) {
    case 'SCAN':
      return scanReply('0', ['q:delayed']);
    case 'TYPE':
      return '+zset\r\n';
    case 'ZCARD':
      return ':1\r\n';
    case 'ZRANGE':
      return '*2\r\n$1\r\nm\r\n$4\r\n4096\r\n';
    default:
      return '+OK\r\n';
  }
};

async function open(answer: FakeAnswer = plainRedis, limits?: ReadGateLimits) {
  const fake = await startFakeRedis(answer);
  const bridge = await startBridge(
    { ...DEFAULT_OPTIONS, redisUrl: fake.url, port: 0, commandTimeoutMs: 5000 },
    () => undefined,
    undefined,
    limits,
  );
  opened.push({ bridge, fake });
  return { bridge, fake };
}

function get(bridge: RunningBridge, path: string, headers: Record<string, string>, method = 'GET'): Promise<HttpAnswer> {
  return httpAnswer(`${bridge.url}${path}`, headers, method);
}

/** Resolves once `done()` holds, checked at each turn of the event loop (no clock involved). */
function until(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : setImmediate(check));
    check();
  });
}

const redisCommands = (fake: FakeRedisServer) => fake.commands.filter((c) => ['SCAN', 'TYPE', 'ZCARD', 'ZRANGE'].includes(c[0]!));

describe('a request another site made blind', () => {
  it.each(['cross-site', 'same-site'])('Sec-Fetch-Site: %s without Origin is refused, Redis not asked', async (site) => {
    const { bridge, fake } = await open();
    for (const path of ['/api/keys?pattern=*', '/api/members?key=k', '/api/health']) {
      const answer = await get(bridge, path, { ...MARK, 'Sec-Fetch-Site': site });
      expect(answer.status, path).toBe(403);
      expect((answer.body as ErrorReply).error).toEqual({
        code: 'forbidden-origin',
        message: `a ${site} request without Origin (an image, a link or a no-cors fetch from another page) may not read this bridge`,
      });
    }
    expect(redisCommands(fake)).toEqual([]);
  });

  it('the app (an allowed Origin, cross-site from localhost to 127.0.0.1), a typed address and curl go on', async () => {
    const { bridge } = await open();
    for (const headers of [
      { ...MARK, Origin: 'http://localhost:5173', 'Sec-Fetch-Site': 'cross-site' },
      { ...MARK, Origin: APP_ORIGIN, 'Sec-Fetch-Site': 'same-site' },
      { ...MARK, 'Sec-Fetch-Site': 'none' },
      { ...MARK, 'Sec-Fetch-Site': 'same-origin' },
      MARK,
    ])
      expect((await get(bridge, '/api/keys?pattern=*', headers)).status, JSON.stringify(headers)).toBe(200);
  });
});

describe('the X-Firetime-Bridge header', () => {
  it('is needed on every data route; without it nothing reaches Redis', async () => {
    const { bridge, fake } = await open();
    for (const path of ['/api/keys?pattern=*', '/api/members?key=k']) {
      const without: Array<Record<string, string>> = [
        { Origin: APP_ORIGIN },
        {},
        { Origin: APP_ORIGIN, 'X-Firetime-Bridge': '0' },
      ];
      for (const headers of without) {
        const answer = await get(bridge, path, headers);
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect((answer.body as ErrorReply).error.message).toContain("with curl, add -H 'X-Firetime-Bridge: 1'");
      }
    }
    expect(redisCommands(fake)).toEqual([]);
    expect((await get(bridge, '/api/health', { Origin: APP_ORIGIN })).status).toBe(200);
    expect((await get(bridge, '/api/members?key=k', { Origin: APP_ORIGIN, ...MARK })).status).toBe(200);
  });

  it('is allowed by the preflight, for the app origin only', async () => {
    const { bridge } = await open();
    const preflight = await get(
      bridge,
      '/api/keys',
      { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-firetime-bridge' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('Authorization, X-Firetime-Bridge');
    expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    const foreign = await get(bridge, '/api/keys', { Origin: 'https://evil.test' }, 'OPTIONS');
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('the key pattern', () => {
  it('over 256 bytes of UTF-8 is a 400, Redis not asked', async () => {
    const { bridge, fake } = await open();
    const answer = await get(bridge, `/api/keys?pattern=${encodeURIComponent('é'.repeat(129))}`, { ...MARK, Origin: APP_ORIGIN });
    expect(answer.status).toBe(400);
    expect((answer.body as ErrorReply).error.message).toBe('the key pattern is longer than 256 bytes (UTF-8)');
    expect(redisCommands(fake)).toEqual([]);
  });
});

describe('the read gate', () => {
  it('runs 2 heavy reads at once, queues a few, and tells the rest to come back (503, Retry-After)', async () => {
    // Redis holds every reply until released: requests pile up where the gate lets them
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { bridge, fake } = await open((command) => held.then(() => plainRedis(command, 0)), {
      running: 2,
      waiting: 3,
      maxWaitMs: 10_000,
    });
    const headers = { ...MARK, Origin: APP_ORIGIN };
    const refused: HttpAnswer[] = [];
    const answers = Array.from({ length: 7 }, (_, i) =>
      get(bridge, i % 2 === 0 ? '/api/members?key=k' : '/api/keys?pattern=*', headers).then((answer) => {
        if (answer.status === 503) refused.push(answer);
        return answer;
      }),
    );
    // two refusals mean every request reached the gate (2 running, 3 waiting); the running two have sent their first command
    await until(() => refused.length === 2 && redisCommands(fake).length >= 2);
    // two requests reached Redis (each sends its first command, TYPE or SCAN); the others wait or were refused
    expect(redisCommands(fake)).toHaveLength(2);
    release();
    const settled = await Promise.all(answers);
    const statuses = settled.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 503, 503]);
    const busy = settled.find((answer) => answer.status === 503)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect((busy.body as ErrorReply).error.code).toBe('busy');
    const page = settled.find((answer) => answer.status === 200 && 'entries' in (answer.body as object))!;
    expect((page.body as MembersReply).entries).toHaveLength(1);
  });

  it('with the default limits, a flood of 20 page reads gets 10 answers and 10 refusals', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { bridge } = await open((command) => held.then(() => plainRedis(command, 0)));
    let refusals = 0;
    const answers = Array.from({ length: 20 }, () =>
      get(bridge, '/api/members?key=k', { ...MARK, Origin: APP_ORIGIN }).then((answer) => {
        if (answer.status === 503) refusals++;
        return answer;
      }),
    );
    // ten refusals: all twenty reached the gate, the other ten run or wait
    await until(() => refusals === 10);
    release();
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 503)).toHaveLength(10);
  });
});
