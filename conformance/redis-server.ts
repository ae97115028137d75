/**
 * Vitest global setup for the conformance suite: starts Debian's redis-server (Redis 7.0.15) on
 * a free loopback port with persistence off, hands the port to the tests, stops it afterwards.
 * A missing redis-server fails the suite with the package to install; it never skips.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { RespClient } from './resp-client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    redisPort: number;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPing(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} before answering`);
    try {
      const client = await RespClient.connect(port);
      const reply = await client.call('PING');
      client.close();
      if (reply === 'PONG') return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`redis-server did not answer PING on port ${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let server: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'The conformance suite needs a real redis-server (Debian package "redis-server", Redis 7.0.15). ' +
        'Install it with `apt-get install redis-server`, or run `npm test` as root to have it installed.',
    );
  }
  const version = /v=(\S+)/.exec(probe.stdout)?.[1] ?? 'unknown';
  const port = await freePort();
  server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForPing(port, server);
  console.log(`conformance: redis-server ${version} on 127.0.0.1:${port}`);
  project.provide('redisPort', port);
}

export async function teardown(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server?.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
