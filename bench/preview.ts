import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/** A `vite preview` server a benchmark started; `stop()` ends it and its children. */
export interface PreviewServer {
  stop(): void;
}

/**
 * The servers this process spawned, by port: waitForServer() fails when the one on its port has
 * exited, rather than measure whatever else answers there (a server an earlier, crashed run left
 * behind, serving an older build).
 */
const spawned = new Map<number, { readonly child: ChildProcess; exit: string | null; stderr: string }>();

/**
 * Builds the production bundle (unless the command line says `--no-build`) and serves `dist/` with
 * `vite preview` on 127.0.0.1:`port`, in a process group of its own so that stop() ends it whole.
 */
export function buildAndPreview(port: number): PreviewServer {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  return preview(port);
}

/**
 * Throws when something already listens on 127.0.0.1:`port` (tried by listening there in a child
 * process, so the check stays synchronous for the callers).
 */
function assertPortFree(port: number): void {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const s = require('node:net').createServer();
       s.once('error', (e) => { process.stdout.write(String(e.code)); process.exit(1); });
       s.listen(${port}, '127.0.0.1', () => s.close(() => process.exit(0)));`,
    ],
    { encoding: 'utf8', timeout: 10_000 },
  );
  if (probe.status === 0) return;
  const why = probe.stdout.trim() || probe.error?.message || `exit ${probe.status}`;
  throw new Error(
    `port ${port} on 127.0.0.1 is not free (${why}): another server (perhaps one a crashed run left) would be measured ` +
      `in place of this build. Stop it (\`ss -ltnp 'sport = :${port}'\` names it) or pick another port.`,
  );
}

/**
 * Serves a build with `vite preview` on 127.0.0.1:`port`: `dist` (a directory), or `dist/` when
 * none is given. Also in a process group of its own. Throws at once when the port is taken.
 */
export function preview(port: number, dist?: string): PreviewServer {
  assertPortFree(port);
  const child = spawn(
    'npx',
    [
      'vite',
      'preview',
      ...(dist === undefined ? [] : ['--outDir', dist]),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const state = { child, exit: null as string | null, stderr: '' };
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    state.stderr = (state.stderr + text).slice(-2000);
  });
  child.on('exit', (code, signal) => {
    state.exit = signal === null ? `exit code ${code}` : `signal ${signal}`;
  });
  spawned.set(port, state);
  return {
    stop: () => {
      spawned.delete(port);
      if (child.pid === undefined || state.exit !== null) return;
      try {
        process.kill(-child.pid);
      } catch {
        // the group ended between the check and the signal
      }
    },
  };
}

/**
 * Waits (up to 20 s) until the `vite preview` server a benchmark started answers at `url`; throws
 * when that server exited (the port taken after all, a bad build directory), with what it said.
 */
export async function waitForServer(url: string): Promise<void> {
  const server = spawned.get(Number(new URL(url).port));
  for (let i = 0; i < 200; i++) {
    if (server?.exit != null) {
      throw new Error(`vite preview for ${url} exited (${server.exit}) before it answered:\n${server.stderr.trim()}`);
    }
    try {
      if ((await fetch(url)).ok) {
        // a server that answered while ours was exiting is not ours
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (server?.exit != null) throw new Error(`vite preview for ${url} exited (${server.exit}):\n${server.stderr.trim()}`);
        return;
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('vite preview for')) throw error;
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}
