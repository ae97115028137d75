/**
 * Throwaway redis-server processes for the tests (the conformance suite, the bridge, e2e) and for
 * npm run live-demo: a free loopback port, persistence off, optionally a password; stopped by
 * whoever started it.
 */
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** A free TCP port on 127.0.0.1 (nothing listens there when this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once something accepts connections on the port (redis-server is up). */
async function waitForListening(port: number, exited: () => number | null): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited() !== null) throw new Error(`redis-server exited with code ${exited()} before listening on ${port}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface RedisProcess {
  readonly port: number;
  readonly pid: number;
  /** Stops the server (SIGTERM) and resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `redis-server --port P --save ''` (plus --requirepass when given, and any `args`, e.g. a
 * cluster node's) on a free port, or on `port` (a node started again where it was). `detached`
 * puts it in a process group of its own, so a Ctrl-C at the terminal reaches only its starter,
 * which then stops it after whatever still talks to it.
 */
export async function startRedisServer(
  options: { password?: string; port?: number; args?: readonly string[]; detached?: boolean } = {},
): Promise<RedisProcess> {
  const port = options.port ?? (await freePort());
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--loglevel',
    'warning',
    ...(options.args ?? []),
  ];
  if (options.password !== undefined) args.push('--requirepass', options.password);
  const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'inherit'], detached: options.detached ?? false });
  await waitForListening(port, () => child.exitCode);
  return {
    port,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
