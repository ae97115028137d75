/**
 * How long one data request may hold a read slot: until its client goes away (the page gave up,
 * the tab closed), and never past its deadline, even while Redis keeps sending a byte now and
 * then. An in-process bridge with one read slot reads a fake Redis (bridge/fakeRedisServer.ts);
 * the deadline's timer is the test's, fired by hand, so nothing here waits on the clock.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorReply } from '../src/model/bridgeWire.ts';
import { startBridge } from './bridge.ts';
import type { RunningBridge } from './bridge.ts';
import { scanReply, startFakeRedis } from './fakeRedisServer.ts';
import type { FakeAnswer, FakeRedisServer } from './fakeRedisServer.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';

const HEADERS = { Origin: 'http://127.0.0.1:5173', 'X-Firetime-Bridge': '1' };
const opened: Array<{ bridge: RunningBridge; fake: FakeRedisServer }> = [];

afterEach(async () => {
  for (const { bridge, fake } of opened.splice(0)) {
    await bridge.close();
    await fake.close();
  }
});

/** A bridge with one read slot and no queue for it; the deadlines it starts, to fire by hand. */
async function open(answer: FakeAnswer) {
  const fake = await startFakeRedis(answer);
  const lines: string[] = [];
  const heard: Array<(line: string) => void> = [];
  const deadlines: Array<() => void> = [];
  const bridge = await startBridge(
    { ...DEFAULT_OPTIONS, redisUrl: fake.url, port: 0, commandTimeoutMs: 5000 },
    (line) => {
      lines.push(line);
      for (const listener of heard) listener(line);
    },
    undefined,
    {
      running: 1,
      waiting: 0,
      maxWaitMs: 1000,
      deadlineMs: 8000,
      startTimer: (run) => {
        deadlines.push(run);
        return () => undefined;
      },
    },
  );
  opened.push({ bridge, fake });
  /** Resolves with the first log line (past or to come) matching `pattern`. */
  const logged = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const seen = lines.find((line) => pattern.test(line));
      if (seen !== undefined) resolve(seen);
      else heard.push((line) => pattern.test(line) && resolve(line));
    });
  return { bridge, fake, deadlines, logged };
}

/** Resolves once the fake has received a command named `name`. */
function received(fake: FakeRedisServer, name: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (fake.commands.some((c) => c[0] === name) ? resolve() : setImmediate(check));
    check();
  });
}

describe('a request whose client goes away', () => {
  it('stops sending commands and frees its read slot at once', async () => {
    // the walk finds one queue; its keys' TYPEs are held back until the test lets them go
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const { bridge, fake, logged } = await open((command) => {
      if (command[0] === 'SCAN') return scanReply('0', ['bull:orders:meta']);
      if (command[0] === 'TYPE') return held.then(() => '+hash\r\n');
      if (command[0] === 'HGET') return '$12\r\nbullmq:6.7.0\r\n';
      return '+OK\r\n';
    });
    const gone = request(`${bridge.url}/api/queues`, { headers: HEADERS });
    gone.on('error', () => undefined);
    gone.end();
    await received(fake, 'TYPE');
    gone.destroy();
    await logged(/client closed the connection before the reply: stopped reading/);
    // Redis answers in order: the held TYPEs go first, then the one slot is free for a key listing
    letGo();
    const next = await httpAnswer(`${bridge.url}/api/keys?pattern=*`, HEADERS);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    // the abandoned walk sent nothing after its TYPEs: no version read, no TIME, no row
    expect(fake.commands.map((c) => c[0]).filter((c) => !['SCAN', 'TYPE', 'CLIENT', 'INFO'].includes(c!))).toEqual([]);
  });
});

describe('a server that drips its reply', () => {
  it('one byte at a time keeps the silence timer quiet, but the deadline ends the request: 504, and the slot is free', async () => {
    // a SCAN reply of one key, sent a byte every 20 ms: it would take far longer than any deadline
    const slow = scanReply('0', ['bull:orders:meta'.repeat(200)]);
    let scans = 0;
    const { bridge, fake, deadlines } = await open((command) => {
      if (command[0] !== 'SCAN') return '+OK\r\n';
      scans++;
      return scans === 1 ? { pieces: [...slow], everyMs: 20 } : scanReply('0', []);
    });
    const answer = httpAnswer(`${bridge.url}/api/queues`, HEADERS);
    await received(fake, 'SCAN');
    expect(deadlines).toHaveLength(1);
    deadlines[0]!();
    const ended = await answer;
    expect(ended.status).toBe(504);
    expect((ended.body as ErrorReply).error).toEqual({
      code: 'redis-timeout',
      message: expect.stringMatching(
        /^The bridge stopped this read after 8 s, the most one request may take: Redis at redis:\/\/127\.0\.0\.1:\d+ answers too slowly \(or a little at a time\) for it\./,
      ),
    });
    // the drip goes on (and holds the connection), but the slot is the next request's: a request
    // refused by its own parameters inside the slot is answered 400, not 503 busy
    const next = await httpAnswer(`${bridge.url}/api/queues?cursor=x`, HEADERS);
    expect(next.status, JSON.stringify(next.body)).toBe(400);
  });
});
