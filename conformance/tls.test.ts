/**
 * The bridge over TLS: Debian's redis-server 7.0.15 is built with TLS, so one is started with a
 * TLS port and a certificate signed by a throwaway CA (openssl), and `npm run bridge` itself (a
 * child process, as a user starts it) reads it through a rediss:// URL, trusting that CA through
 * NODE_EXTRA_CA_CERTS. Its pages equal ZRANGE on the plain port of the same server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureEvalArgs, fixtureJobs } from '../test-support/delayedFixture.ts';
import { RespClient } from '../test-support/resp-client.ts';
import { freePort, startRedisServer, type RedisProcess } from '../test-support/redisProcess.ts';
import type { MembersReply } from '../src/model/bridgeWire.ts';

const KEY = 'bull:tls:delayed';
const APP_ORIGIN = 'http://127.0.0.1:4317';

let dir: string;
let server: RedisProcess;
let tlsPort: number;
let bridge: ChildProcess;
let bridgeUrl: string;

function openssl(...args: string[]): void {
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${run.stderr}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'firetime-tls-'));
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-subj',
    '/CN=firetime test CA',
    '-days',
    '1',
  );
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '1',
    '-extfile',
    'san.ext',
  );
  tlsPort = await freePort();
  server = await startRedisServer({
    args: [
      '--tls-port',
      String(tlsPort),
      '--tls-cert-file',
      join(dir, 'server.crt'),
      '--tls-key-file',
      join(dir, 'server.key'),
      '--tls-ca-cert-file',
      join(dir, 'ca.crt'),
      '--tls-auth-clients',
      'no',
    ],
  });
  const admin = await RespClient.connect(server.port);
  expect(await admin.call(...fixtureEvalArgs(KEY))).toBe(fixtureJobs().length);
  admin.close();

  bridge = spawn(
    process.execPath,
    ['--import', 'tsx', 'bridge/server.ts', '--redis', `rediss://127.0.0.1:${tlsPort}`, '--port', '0', '--origin', APP_ORIGIN],
    {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, 'ca.crt') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  bridgeUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    bridge.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const started = /firetime bridge on (http:\/\/\S+),/.exec(out);
      if (started) resolve(started[1]!);
    });
    bridge.once('exit', (code) => reject(new Error(`the bridge exited (${code}): ${out}`)));
  });
}, 60_000);

afterAll(async () => {
  if (bridge && bridge.exitCode === null) {
    const exited = new Promise((resolve) => bridge.once('exit', resolve));
    bridge.kill('SIGTERM');
    await exited;
  }
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run bridge over rediss://', () => {
  it('reads the set over TLS: the pages equal ZRANGE 0 -1 WITHSCORES on the plain port', async () => {
    const admin = await RespClient.connect(server.port);
    const flat = (await admin.call('ZRANGE', KEY, 0, -1, 'WITHSCORES')) as string[];
    admin.close();
    const entries: Array<[string, string]> = [];
    for (;;) {
      const response = await fetch(`${bridgeUrl}/api/members?key=${encodeURIComponent(KEY)}&start=${entries.length}&count=5000`, {
        headers: { Origin: APP_ORIGIN, 'X-Firetime-Bridge': '1' },
      });
      expect(response.status).toBe(200);
      const page = (await response.json()) as MembersReply;
      entries.push(...page.entries.map(([member, score]): [string, string] => [member.text, score]));
      if (page.entries.length === 0 || entries.length >= page.size) break;
    }
    expect(entries.flat()).toEqual(flat);
  });
});
