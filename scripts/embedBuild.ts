/**
 * The embeds' part of the Vite config, kept out of vite.config.ts but for one line:
 *
 * - Headers: in `vite dev` and `vite preview`, responses for the embed page (/embed/) get the framed policy
 *   (securityHeaders.ts, embedHeaders) in place of the page's: Vite sets its configured headers as
 *   it sends each file, so this middleware wraps the response's setHeader for those paths.
 * - Builds: after the app's build, two more: the embed page (embed/index.html -> dist/embed/, its
 *   script in dist/embed/assets/) and the web component's single ES module (dist/firetime-card.js).
 *   They are builds of their own, not inputs of the app's: the app's chunking (the start-shared
 *   group of vite.config.ts) would otherwise pull the cards' model modules into the app's start
 *   chunks and React into the cards. Then dist/_headers is written for the ancestors of this build.
 * - Fallback: the embed page's <noscript> gets each card's opening numbers and link, computed by
 *   the cards' own code (src/embed/fallback.ts, run through Vite's module runner) as the page is
 *   built or served, so a reader with no script sees what the card teaches, from the model.
 * - Assets: the embed's files are readable from any origin (a sandboxed frame's is `null`), and
 *   hashed files are cached for good, in `vite preview` and in _headers alike.
 */
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { build, runnerImport } from 'vite';
import type { Connect, Plugin } from 'vite';
import { embedHeaders, frameAncestorSources, isEmbedPage, productionPolicy, staticHeadersFile } from './securityHeaders.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** The embed page's entry and the web component's, from the project root. */
export const EMBED_HTML = 'embed/index.html';
export const CARD_MODULE_ENTRY = 'src/embed/firetimeCard.ts';
export const CARD_MODULE_FILE = 'firetime-card.js';

/**
 * The embed's own files that other origins load: the embed page's scripts and styles, fetched in
 * CORS mode by a frame whose origin is `null` (an iframe with sandbox="allow-scripts" and no
 * allow-same-origin), and the web component's module, which a course page may load from the app.
 * They are public code, so any origin may read them.
 */
export const CORS_ASSETS: readonly string[] = ['/embed/assets/*', `/${CARD_MODULE_FILE}`];
/** Files whose names carry their content's hash: a new build gives new names, so a copy never goes stale. */
export const HASHED_ASSETS: readonly string[] = ['/assets/*', '/embed/assets/*'];
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const matches = (patterns: readonly string[], path: string) =>
  patterns.some((pattern) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern));

/** The headers the assets at `url` add to the app's (CORS, long caching). */
export function assetHeaders(url: string): Record<string, string> {
  const path = url.split(/[?#]/)[0] ?? '';
  return {
    ...(matches(CORS_ASSETS, path) ? { 'Access-Control-Allow-Origin': '*' } : {}),
    ...(matches(HASHED_ASSETS, path) ? { 'Cache-Control': IMMUTABLE } : {}),
  };
}

/** The same headers as _headers blocks (Netlify and Cloudflare Pages add them to the app rule's). */
export function assetHeadersFile(): string {
  const paths = [...new Set([...HASHED_ASSETS, ...CORS_ASSETS])];
  return paths
    .map(
      (path) =>
        `${path}\n${Object.entries(assetHeaders(path.replace('*', 'x')))
          .map(([name, value]) => `  ${name}: ${value}\n`)
          .join('')}`,
    )
    .join('');
}

/** Adds assetHeaders to the responses for those files (the server's own Cache-Control is replaced). */
function assetHeadersMiddleware(): Connect.NextHandleFunction {
  return (req, res: ServerResponse, next) => {
    const extra = assetHeaders(req.url ?? '');
    if (Object.keys(extra).length === 0) return next();
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) =>
      name.toLowerCase() === 'cache-control' && extra['Cache-Control'] !== undefined ? res : setHeader(name, value);
    for (const [name, value] of Object.entries(extra)) setHeader(name, value);
    next();
  };
}

/** Rewrites the security headers of responses for the embed page (/embed/) to the embed pages' (framed policy, no X-Frame-Options). */
function embedHeadersMiddleware(ancestors: readonly string[]): Connect.NextHandleFunction {
  return (req, res: ServerResponse, next) => {
    if (!isEmbedPage(req.url ?? '')) return next();
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      const lower = name.toLowerCase();
      if (lower === 'x-frame-options') return res;
      if (lower === 'content-security-policy' && typeof value === 'string')
        return setHeader(name, embedHeaders(value, ancestors)['Content-Security-Policy']!);
      return setHeader(name, value);
    };
    next();
  };
}

/** Where embed/index.html takes the generated fallback. */
export const FALLBACK_MARKER = /<!-- card fallback:[^>]*-->/;

/** The cards' fallback HTML, from src/embed/fallback.ts (the build reaches src/embed only through Vite, as the pages do). */
async function cardFallbackHtml(): Promise<string> {
  const { module } = await runnerImport<{ fallbackHtml(appBase: string): string }>(resolve(ROOT, 'src/embed/fallback.ts'), {
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
  });
  // The embed page sits one folder below the app: its links go to ../#s=...
  return module.fallbackHtml('../');
}

/** Writes the fallback into the embed page (dev, preview's build, the embed build); a page without the marker is left alone. */
function embedFallback(): Plugin {
  let html: Promise<string> | null = null;
  return {
    name: 'firetime-embed-fallback',
    async transformIndexHtml(page, context) {
      if (!context.path.includes('/embed/')) return page;
      if (!FALLBACK_MARKER.test(page)) throw new Error(`${EMBED_HTML} has lost its card fallback marker`);
      html ??= cardFallbackHtml();
      return page.replace(FALLBACK_MARKER, await html);
    },
  };
}

/** The two builds beside the app's; `outDir` is the app's (dist). */
async function buildEmbeds(outDir: string): Promise<void> {
  const common = { configFile: false, root: ROOT, logLevel: 'warn', mode: 'production' } as const;
  await build({
    ...common,
    base: '/',
    plugins: [embedFallback()],
    build: {
      outDir,
      emptyOutDir: false,
      assetsDir: 'embed/assets',
      modulePreload: { polyfill: false },
      rolldownOptions: { input: resolve(ROOT, EMBED_HTML) },
    },
  });
  await build({
    ...common,
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      // Lib mode leaves an ES module's whitespace (for a bundler downstream); this one is fetched by readers' browsers.
      rolldownOptions: { output: { minify: true } },
      lib: { entry: resolve(ROOT, CARD_MODULE_ENTRY), formats: ['es'], fileName: () => CARD_MODULE_FILE },
    },
  });
}

/** The plugin vite.config.ts adds: embed headers in dev and preview, the embed builds after the app's. */
export function firetimeEmbeds(
  env: Readonly<Record<string, string | undefined>> = process.env,
  extraConnect: readonly string[] = [],
): Plugin {
  const ancestors = frameAncestorSources(env);
  let outDir = resolve(ROOT, 'dist');
  let building = false;
  return {
    name: 'firetime-embeds',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      building = config.command === 'build' && !config.build.ssr && config.build.lib === false;
    },
    configureServer(server) {
      server.middlewares.use(embedHeadersMiddleware(ancestors));
    },
    transformIndexHtml: embedFallback().transformIndexHtml,
    configurePreviewServer(server) {
      server.middlewares.use(embedHeadersMiddleware(ancestors));
      // Only the built files are hashed and shared; the dev server's modules are neither.
      server.middlewares.use(assetHeadersMiddleware());
    },
    async closeBundle() {
      if (!building) return;
      await buildEmbeds(outDir);
      writeFileSync(
        resolve(outDir, '_headers'),
        staticHeadersFile(productionPolicy(extraConnect), ancestors) + assetHeadersFile(),
      );
    },
  };
}
