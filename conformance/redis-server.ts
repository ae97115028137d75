/**
 * Vitest global setup for the conformance suite: starts Debian's redis-server (Redis 7.0.15) on
 * a free loopback port with persistence off, hands the port to the tests, stops it afterwards.
 * A missing redis-server fails the suite with the package to install; it never skips.
 */
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startRedisServer, type RedisProcess } from '../test-support/redisProcess.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    redisPort: number;
  }
}

let server: RedisProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'The conformance suite needs a real redis-server (Debian package "redis-server", Redis 7.0.15). ' +
        'Install it with `apt-get install redis-server`, or run `npm test` as root to have it installed.',
    );
  }
  const version = /v=(\S+)/.exec(probe.stdout)?.[1] ?? 'unknown';
  server = await startRedisServer();
  console.log(`conformance: redis-server ${version} on 127.0.0.1:${server.port}`);
  project.provide('redisPort', server.port);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
