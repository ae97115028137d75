/**
 * The bridge times a Redis command by Redis's silence, not by the whole reply (else a 360 MB page
 * gets 504 'busy, paused or too far away' while Redis is idle). ioredis's own
 * commandTimeout ran from the command to the end of its reply, so a page that Redis sent at once
 * but that took the bridge longer than --timeout to take in was a 504. A fake server
 * (bridge/fakeRedisServer.ts) plays both sides: a reply that keeps coming for several timeouts
 * (answered), and one that stops coming (504 after one timeout of silence), as a paused Redis is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startBridge } from './bridge.ts';
import type { RunningBridge } from './bridge.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import { startFakeRedis } from './fakeRedisServer.ts';
import type { FakeRedisServer } from './fakeRedisServer.ts';
import { httpAnswer } from '../test-support/httpAnswer.ts';

const TIMEOUT_MS = 300;
const open: Array<{ bridge: RunningBridge; fake: FakeRedisServer }> = [];

afterEach(async () => {
  for (const { bridge, fake } of open.splice(0)) {
    await bridge.close();
    await fake.close();
  }
});

async function get(port: number, path: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const answer = await httpAnswer(`http://127.0.0.1:${port}${path}`, {
    Origin: 'http://127.0.0.1:5173',
    'X-Firetime-Bridge': '1',
  });
  return { status: answer.status, body: answer.body, ms: performance.now() - started };
}

/** RESP for ZRANGE ... WITHSCORES: members m0..m(n-1) of `size` bytes each, scores 0..n-1. */
function zrangeReply(n: number, size: number): string {
  let text = `*${2 * n}\r\n`;
  for (let i = 0; i < n; i++) {
    const member = `m${i}`.padEnd(size, 'x');
    text += `$${member.length}\r\n${member}\r\n$${String(i).length}\r\n${i}\r\n`;
  }
  return text;
}

/** A bridge against a fake whose ZRANGE reply is `reply`'s pieces, `everyMs` apart. */
async function bridgeWith(pieces: string[], everyMs: number): Promise<RunningBridge> {
  const fake = await startFakeRedis((command) => {
    if (command[0] === 'TYPE') return '+zset\r\n';
    if (command[0] === 'ZCARD') return ':3\r\n';
    return { pieces, everyMs };
  });
  const bridge = await startBridge(
    { ...DEFAULT_OPTIONS, redisUrl: fake.url, port: 0, commandTimeoutMs: TIMEOUT_MS },
    () => undefined,
  );
  open.push({ bridge, fake });
  return bridge;
}

/** `text` cut into `n` pieces of about one length. */
function cut(text: string, n: number): string[] {
  const length = Math.ceil(text.length / n);
  return Array.from({ length: n }, (_, i) => text.slice(i * length, (i + 1) * length));
}

describe('a Redis reply that takes longer than --timeout to arrive', () => {
  it('is waited for while it keeps coming: 200 with the page, not 504', async () => {
    // 8 pieces 150 ms apart: about 1 s in all, more than 3 timeouts, never silent for one
    const bridge = await bridgeWith(cut(zrangeReply(3, 20_000), 8), 150);
    const answer = await get(bridge.port, '/api/members?key=q:delayed');
    expect(answer.body).toMatchObject({ size: 3, start: 0, truncated: false });
    expect(answer.status).toBe(200);
    expect((answer.body as { entries: unknown[] }).entries).toHaveLength(3);
    expect(answer.ms).toBeGreaterThan(3 * TIMEOUT_MS);
  });

  it('times out once it stops coming for --timeout: 504, the message unchanged', async () => {
    // a first piece, then silence (the second piece comes 10 timeouts later)
    const bridge = await bridgeWith(cut(zrangeReply(3, 20_000), 2), 10 * TIMEOUT_MS);
    const answer = await get(bridge.port, '/api/members?key=q:delayed');
    expect(answer.status).toBe(504);
    expect(answer.body).toEqual({
      error: {
        code: 'redis-timeout',
        message: `Redis at ${bridge.shownRedisUrl} did not reply within ${TIMEOUT_MS} ms (the bridge's --timeout): it is busy, paused or too far away.`,
      },
    });
    expect(answer.ms).toBeLessThan(5 * TIMEOUT_MS);
  });

  it('times out a reply that never starts', async () => {
    const bridge = await bridgeWith([], 0);
    const answer = await get(bridge.port, '/api/members?key=q:delayed');
    expect(answer.status).toBe(504);
    expect(answer.ms).toBeLessThan(5 * TIMEOUT_MS);
  });
});
