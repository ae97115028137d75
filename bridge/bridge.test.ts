/**
 * The bridge's HTTP side against hostile input: random raw request lines, headers and bodies over
 * TCP to 127.0.0.1, sent to the real `npm run bridge` process (so a crash is a dead process, as
 * for a user). No Redis is needed: the bridge points at a closed port and says so. After each
 * request the bridge must still answer /api/health. Issue 11: on the old code `GET // HTTP/1.1`
 * alone ended the process.
 */
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBridge } from '../test-support/bridgeProcess.ts';

let child: ChildProcess;
const bridge = { port: 0 };

beforeAll(async () => {
  // redis port 1 on loopback: nothing listens there, so every Redis command fails fast with "cannot reach"
  const started = await spawnBridge('redis://127.0.0.1:1', 200, true);
  child = started.child;
  bridge.port = started.port;
}, 30_000);

afterAll(() => {
  child.kill('SIGTERM');
});

/** Writes `bytes` to the bridge on a fresh socket and resolves with what came back, once it closes or `waitMs` pass. */
function exchange(bytes: Buffer, waitMs = 1000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port: bridge.port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(bytes, () => socket.end());
  });
}

async function healthStatus(): Promise<string> {
  const reply = await exchange(
    Buffer.from(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nConnection: close\r\n\r\n`),
    2000,
  );
  return reply.slice(0, 15);
}

/** Pieces that reach the odd corners of URL parsing and of the routes. */
const targetPiece = fc.oneof(
  fc.constantFrom(
    '/',
    '//',
    '///',
    ':',
    '@',
    '[',
    ']',
    '%',
    '%zz',
    '%00',
    '?',
    '#',
    '\\',
    '..',
    '*',
    'http://',
    'http://[',
    ':99999',
    'a:b@',
  ),
  fc.constantFrom('/api/health', '/api/keys', '/api/members', 'pattern=', 'cursor=', 'key=', 'key64=', 'start=', 'count=', '&'),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const target = fc.array(targetPiece, { maxLength: 8 }).map((pieces) => pieces.join(''));
// mostly requests Node's parser lets through to the handler, sometimes anything
const method = fc.oneof(
  { arbitrary: fc.constant('GET'), weight: 6 },
  fc.constantFrom('OPTIONS', 'POST', 'HEAD', 'DELETE', 'CONNECT', 'get', ''),
  fc.string({ maxLength: 6 }),
);
const version = fc.oneof(
  { arbitrary: fc.constant('HTTP/1.1'), weight: 6 },
  fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/9', '', 'HTTP/1.1 extra'),
);
const headerName = fc.oneof(
  fc.constantFrom('Host', 'Origin', 'Authorization', 'Content-Length', 'Transfer-Encoding', 'Expect', 'Connection', 'Upgrade'),
  fc.string({ maxLength: 10 }),
);
const headerValue = fc.oneof(
  fc.constantFrom(
    '127.0.0.1',
    'localhost',
    '[::1]',
    'evil.test',
    'http://127.0.0.1:4317',
    'null',
    'chunked',
    '100-continue',
    '-1',
    '99999999999',
    'Bearer x',
    'websocket',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const headers = fc.array(fc.tuple(headerName, headerValue), { maxLength: 6 });
const body = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
);
const lineEnd = fc.oneof({ arbitrary: fc.constant('\r\n'), weight: 6 }, fc.constantFrom('\n', '\r', ''));

/** A raw request: mostly well-formed enough to reach the bridge's handler, sometimes not even that. */
const rawRequest = fc
  .record({
    method,
    target,
    version,
    headers,
    body,
    lineEnd,
    withHost: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, fc.constant(false)),
  })
  .map(({ method, target, version, headers, body, lineEnd, withHost }) => {
    const lines = [`${method} ${target} ${version}`];
    if (withHost) lines.push(`Host: 127.0.0.1:${bridge.port}`);
    for (const [name, value] of headers) lines.push(`${name}: ${value}`);
    return Buffer.from(`${lines.join(lineEnd || '\r\n')}\r\n\r\n${body}`, 'latin1');
  });

describe('the bridge under random raw requests (fast-check, loopback TCP only)', () => {
  it('still answers /api/health after each one', async () => {
    expect(await healthStatus()).toBe('HTTP/1.1 200 OK');
    await fc.assert(
      fc.asyncProperty(rawRequest, async (bytes) => {
        await exchange(bytes, 300);
        expect(await healthStatus()).toBe('HTTP/1.1 200 OK');
      }),
      { numRuns: 300, interruptAfterTimeLimit: 60_000 },
    );
  }, 90_000);

  it('answers a good request pipelined before a malformed one, then the 400, in order', async () => {
    const good = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\n\r\n`;
    const reply = await exchange(Buffer.from(`${good}${good}BAD\x01 / HTTP/1.1\r\n\r\n`, 'latin1'), 2000);
    const statuses = [...reply.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '200', '400']);
    expect(reply).toContain('"bridge":"firetime"');
    expect(await healthStatus()).toBe('HTTP/1.1 200 OK');
  });

  it.each(['//', '//:99999/x', '//a:b@/', 'http://[/'])('answers GET %s with 400, security headers included', async (path) => {
    const reply = await exchange(
      Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nConnection: close\r\n\r\n`),
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(reply.toLowerCase()).toContain("content-security-policy: default-src 'none'");
    expect(await healthStatus()).toBe('HTTP/1.1 200 OK');
  });
});
