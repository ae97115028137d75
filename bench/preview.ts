import { spawn, spawnSync } from 'node:child_process';

/** A `vite preview` server a benchmark started; `stop()` ends it and its children. */
export interface PreviewServer {
  stop(): void;
}

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
 * Serves a build with `vite preview` on 127.0.0.1:`port`: `dist` (a directory), or `dist/` when
 * none is given. Also in a process group of its own.
 */
export function preview(port: number, dist?: string): PreviewServer {
  const server = spawn(
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
    { stdio: 'ignore', detached: true },
  );
  return {
    stop: () => {
      if (server.pid !== undefined) process.kill(-server.pid);
    },
  };
}

/** Waits (up to 20 s) until the `vite preview` server a benchmark started answers at `url`. */
export async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}
