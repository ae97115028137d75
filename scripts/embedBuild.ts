/**
 * The embeds' part of the Vite config (issue 26), kept out of vite.config.ts but for one line:
 *
 * - Headers: in `vite dev` and `vite preview`, responses for the embed page (/embed/) get the framed policy
 *   (securityHeaders.ts, embedHeaders) in place of the page's: Vite sets its configured headers as
 *   it sends each file, so this middleware wraps the response's setHeader for those paths.
 * - Builds: after the app's build, two more: the embed page (embed/index.html -> dist/embed/, its
 *   script in dist/embed/assets/) and the web component's single ES module (dist/firetime-card.js).
 *   They are builds of their own, not inputs of the app's: the app's chunking (the start-shared
 *   group of vite.config.ts) would otherwise pull the cards' model modules into the app's start
 *   chunks and React into the cards. Then dist/_headers is written for the ancestors of this build.
 */
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { build } from 'vite';
import type { Connect, Plugin } from 'vite';
import { embedHeaders, frameAncestorSources, isEmbedPage, productionPolicy, staticHeadersFile } from './securityHeaders.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** The embed page's entry and the web component's, from the project root. */
export const EMBED_HTML = 'embed/index.html';
export const CARD_MODULE_ENTRY = 'src/embed/firetimeCard.ts';
export const CARD_MODULE_FILE = 'firetime-card.js';

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

/** The two builds beside the app's; `outDir` is the app's (dist). */
async function buildEmbeds(outDir: string): Promise<void> {
  const common = { configFile: false, root: ROOT, logLevel: 'warn', mode: 'production' } as const;
  await build({
    ...common,
    base: '/',
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
    configurePreviewServer(server) {
      server.middlewares.use(embedHeadersMiddleware(ancestors));
    },
    async closeBundle() {
      if (!building) return;
      await buildEmbeds(outDir);
      writeFileSync(resolve(outDir, '_headers'), staticHeadersFile(productionPolicy(extraConnect), ancestors));
    },
  };
}
