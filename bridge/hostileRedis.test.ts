/**
 * The bridge against a server at --redis that does not behave like Redis: a
 * reply nested 5,000 arrays deep (~20 KB) made redis-parser overflow the call stack inside
 * ioredis's 'data' listener, and the uncaught RangeError ended the bridge process. The real
 * `npm run bridge` process is started against a fake server (bridge/fakeRedisServer.ts): the
 * request that met the reply gets a 502 saying the reply could not be read, the process keeps
 * running, and it reconnects and answers the next request from the same server.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorReply, KeysReply } from '../src/model/bridgeWire.ts';
import { nestedReply, scanReply, startFakeRedis } from './fakeRedisServer.ts';
import type { FakeRedisServer } from './fakeRedisServer.ts';
import { spawnBridge } from '../test-support/bridgeProcess.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';

const running: Array<{ child: ChildProcess; fake: FakeRedisServer }> = [];

afterEach(async () => {
  for (const { child, fake } of running.splice(0)) {
    child.kill('SIGTERM');
    await fake.close();
  }
});

const get = (port: number, path: string) =>
  httpAnswer(`http://127.0.0.1:${port}${path}`, { Origin: 'http://127.0.0.1:5173', 'X-Firetime-Bridge': '1' });

describe('a server at --redis sending replies the parser cannot read', () => {
  it.each([
    ['5,000 nested arrays (the parser recurses past the call stack)', nestedReply(5000)],
    ['an array longer than JavaScript allows (*4294967296)', '*4294967296\r\n'],
  ])(
    '%s: the request gets a 502, the process lives and reconnects',
    async (_what, bad) => {
      // the first SCAN gets the bad reply, every later one a good reply with one key
      const fake = await startFakeRedis((command) =>
        command[0] !== 'SCAN'
          ? '+OK\r\n'
          : fake.commands.filter((c) => c[0] === 'SCAN').length === 1
            ? bad
            : scanReply('0', ['q:delayed']),
      );
      const bridge = await spawnBridge(fake.url, 1000);
      running.push({ child: bridge.child, fake });

      const first = await get(bridge.port, '/api/keys?pattern=*');
      expect(first.status, JSON.stringify(first.body)).toBe(502);
      expect((first.body as ErrorReply).error).toEqual({
        code: 'redis-error',
        message: expect.stringMatching(
          /^Redis at redis:\/\/127\.0\.0\.1:\d+ sent a reply the bridge could not read \(.+\): the bridge dropped that connection and reconnects\.$/,
        ),
      });
      // the process lives: it answers the next request (no wait-and-see)
      expect((await get(bridge.port, '/api/health')).status).toBe(200);
      expect(bridge.exited()).toBeNull();

      // the bridge reconnects on its own: once the fake has its second connection, the next reads get
      // the good reply (asked again while the bridge may not have taken in its new connection yet)
      await fake.connected(2);
      let later = await get(bridge.port, '/api/keys?pattern=*');
      for (let i = 0; i < 40 && later.status !== 200; i++) later = await get(bridge.port, '/api/keys?pattern=*');
      expect(later.status, JSON.stringify(later.body)).toBe(200);
      expect((later.body as KeysReply).keys.map((key) => key.text)).toEqual(['q:delayed']);
      expect(bridge.exited()).toBeNull();
    },
    20_000,
  );
});
