/**
 * The page for `npm run live-demo`, served in the demo's own process with the project's
 * vite.config.ts: the Vite dev server (what `npm run dev` runs), or the app built into a
 * temporary folder and served by `vite preview` (what `npm run build && npm run preview` serve).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createServer, preview } from 'vite';

export type PageServer = 'dev' | 'preview';

export interface DemoPage {
  /** The page's address, e.g. http://127.0.0.1:5173 (no trailing slash). */
  readonly url: string;
  close(): Promise<void>;
}

const CONFIG_FILE = new URL('../vite.config.ts', import.meta.url).pathname;
/** The ports `vite` and `vite preview` start from. */
export const DEFAULT_PAGE_PORTS: Readonly<Record<PageServer, number>> = { dev: 5173, preview: 4173 };

/**
 * Runs `start` and takes back the SIGTERM and stdin-end listeners it added. A Vite server adds
 * them to close itself and then call process.exit(), which would end the demo before it has
 * stopped its redis-server; the demo closes the server itself, in its own order.
 */
async function withoutExitHooks<T>(start: () => Promise<T>): Promise<T> {
  const watchStdin = process.env.CI !== 'true';
  const before = { sigterm: process.rawListeners('SIGTERM'), end: watchStdin ? process.stdin.rawListeners('end') : [] };
  try {
    return await start();
  } finally {
    for (const listener of process.rawListeners('SIGTERM'))
      if (!before.sigterm.includes(listener)) process.removeListener('SIGTERM', listener as () => void);
    if (watchStdin)
      for (const listener of process.stdin.rawListeners('end'))
        if (!before.end.includes(listener)) process.stdin.removeListener('end', listener as () => void);
  }
}

/** The address a started server says it listens on, without its trailing slash. */
function localUrl(urls: { local: string[] } | null): string {
  const url = urls?.local[0];
  if (url === undefined) throw new Error('the page server has no local address');
  return url.replace(/\/$/, '');
}

/**
 * Serves the page on 127.0.0.1 from `port` (taken: the next free one, as Vite does; 0: any free
 * port); `strictPort` fails instead when that port is taken.
 */
export async function startDemoPage(server: PageServer, port: number, strictPort: boolean): Promise<DemoPage> {
  const listen = { host: '127.0.0.1', port, strictPort };
  if (server === 'dev') {
    const dev = await withoutExitHooks(async () => {
      const created = await createServer({ configFile: CONFIG_FILE, logLevel: 'warn', clearScreen: false, server: listen });
      await created.listen();
      return created;
    });
    return { url: localUrl(dev.resolvedUrls), close: () => dev.close() };
  }
  // a folder of its own: a dist/ that `npm run preview` (or a test) serves at the same time stays as it is
  const outDir = mkdtempSync(join(tmpdir(), 'firetime-live-demo-'));
  try {
    await build({ configFile: CONFIG_FILE, logLevel: 'warn', clearScreen: false, build: { outDir, emptyOutDir: true } });
    const served = await withoutExitHooks(() =>
      preview({ configFile: CONFIG_FILE, logLevel: 'warn', clearScreen: false, build: { outDir }, preview: listen }),
    );
    return {
      url: localUrl(served.resolvedUrls),
      close: async () => {
        await served.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
