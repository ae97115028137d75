/**
 * The real `npm run bridge` process (bridge/server.ts) for tests that must see what a user sees: a
 * crash is a dead process. Started on a free port; resolves once it says where it listens.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export interface BridgeProcess {
  readonly child: ChildProcess;
  readonly port: number;
  /** The exit code, -1 when ended by a signal, null while it runs. */
  exited(): number | null;
}

/** Starts the bridge against `redisUrl` with a Redis timeout of `timeoutMs`; its stderr goes to ours when `inheritStderr`. */
export async function spawnBridge(redisUrl: string, timeoutMs: number, inheritStderr = false): Promise<BridgeProcess> {
  const server = new URL('../bridge/server.ts', import.meta.url).pathname;
  const args = ['--import', 'tsx', server, '--port', '0', '--redis', redisUrl, '--timeout', String(timeoutMs)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', inheritStderr ? 'inherit' : 'pipe'] });
  let out = '';
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const found = /firetime bridge on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (found !== undefined) resolve(Number(found));
    });
    child.once('exit', (code) => reject(new Error(`the bridge exited (${code}) before listening: ${out}`)));
  });
  return { child, port, exited: () => child.exitCode ?? (child.signalCode === null ? null : -1) };
}
