/**
 * What vite.config.ts makes `vite dev` and `vite preview` send: a CSP nonce no page can know before
 * the server starts, and no CORS grant to another origin (another dev server or a page on this
 * machine must not read the project's files through the dev server).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, preview } from 'vite';
import type { PreviewServer, ViteDevServer } from 'vite';

const CONFIG_FILE = new URL('../vite.config.ts', import.meta.url).pathname;
/** An origin on this machine other than the server's own (Vite's default CORS grants any loopback origin). */
const OTHER_ORIGIN = 'http://127.0.0.1:9';

const running: Array<ViteDevServer | PreviewServer> = [];
afterAll(async () => {
  for (const server of running) await server.close();
});

/** Starts `vite dev` with the project's config on a free loopback port; gives its base URL. */
async function startDev(): Promise<{ server: ViteDevServer; base: string }> {
  const server = await createServer({
    configFile: CONFIG_FILE,
    logLevel: 'silent',
    // only index.html is fetched: no dependency scan, no file watcher
    optimizeDeps: { noDiscovery: true },
    server: { host: '127.0.0.1', port: 0, watch: null },
  });
  running.push(server);
  await server.listen();
  const base = server.resolvedUrls?.local[0];
  if (base === undefined) throw new Error('vite dev has no local URL');
  return { server, base };
}

/** The page as the dev server sends it: the nonce in its CSP header, and every nonce attribute in its markup. */
async function devPage(base: string): Promise<{ headerNonces: string[]; markupNonces: string[] }> {
  const answer = await fetch(base);
  expect(answer.status).toBe(200);
  const policy = answer.headers.get('content-security-policy') ?? '';
  const html = await answer.text();
  return {
    headerNonces: [...policy.matchAll(/'nonce-([^']+)'/g)].map((match) => match[1]!),
    markupNonces: [...html.matchAll(/\snonce="([^"]*)"/g)].map((match) => match[1]!),
  };
}

interface Ask {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The CORS headers an answer to `ask` from OTHER_ORIGIN carries. */
async function corsHeadersFor(url: string, ask: Ask = {}): Promise<Record<string, string>> {
  const answer = await fetch(url, { method: ask.method ?? 'GET', headers: { Origin: OTHER_ORIGIN, ...ask.headers } });
  await answer.arrayBuffer();
  return Object.fromEntries([...answer.headers].filter(([name]) => name.startsWith('access-control-')));
}

const preflight: Ask = { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'GET' } };

describe('vite dev', () => {
  it('draws a fresh CSP nonce at each start, and the page carries the one its header allows', async () => {
    const first = await startDev();
    const firstPage = await devPage(first.base);
    await first.server.close();
    const secondPage = await devPage((await startDev()).base);

    for (const page of [firstPage, secondPage]) {
      // script-src and style-src, one nonce
      expect(page.headerNonces).toHaveLength(2);
      expect(new Set(page.headerNonces).size).toBe(1);
      // 16 random bytes in base64
      expect(page.headerNonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // the React Refresh preamble and the csp-nonce meta Vite's client reads for injected styles
      expect(page.markupNonces.length).toBeGreaterThanOrEqual(2);
      expect(new Set(page.markupNonces)).toEqual(new Set(page.headerNonces));
    }
    expect(secondPage.headerNonces[0]).not.toBe(firstPage.headerNonces[0]);
  });

  it('grants no other origin on this machine a read of the page or a source file', async () => {
    const { base } = await startDev();
    for (const path of ['', 'src/app/main.tsx', 'vite.config.ts']) {
      expect(await corsHeadersFor(`${base}${path}`), path).toEqual({});
      expect(await corsHeadersFor(`${base}${path}`, preflight), `preflight ${path}`).toEqual({});
    }
  });
});

describe('vite preview', () => {
  it('grants no other origin on this machine a read of the built page', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'firetime-preview-'));
    try {
      writeFileSync(join(outDir, 'index.html'), '<!doctype html><title>built</title>');
      const server = await preview({
        configFile: CONFIG_FILE,
        logLevel: 'silent',
        build: { outDir },
        preview: { host: '127.0.0.1', port: 0 },
      });
      running.push(server);
      const base = server.resolvedUrls?.local[0];
      if (base === undefined) throw new Error('vite preview has no local URL');
      expect(await (await fetch(base)).text()).toContain('built');
      expect(await corsHeadersFor(base)).toEqual({});
      expect(await corsHeadersFor(base, preflight)).toEqual({});
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
