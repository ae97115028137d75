/**
 * The JavaScript the built page loads before it is interactive: the scripts `dist/index.html`
 * names (its module script and the chunks it preloads), and for each page (the lesson at `/`, the
 * free stage at `?stage`) those with the page's own chunk and every chunk it imports, all fetched
 * before the page renders; with their gzip sizes (zlib level 9, as docs/benchmarks.md's figures
 * count them). Read by `npm run bench:ui` (which prints the sizes) and by the browser tests
 * (e2e/start-files.spec.ts, which hold them to the budget).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A built JavaScript file under `dist/assets`, with its size gzipped. */
export interface BuiltScript {
  name: string;
  gzipBytes: number;
}

/** gzip size (level 9) of one file under `dist/assets`. */
export function gzipBytes(dist: string, name: string): number {
  return gzipSync(readFileSync(join(dist, 'assets', name)), { level: 9 }).length;
}

/** Every JavaScript file of the build. */
export function builtScripts(dist = 'dist'): string[] {
  return readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
}

/** The scripts `index.html` names (the module script and its modulepreloads), with their gzip sizes. */
export function startScripts(dist = 'dist'): BuiltScript[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return builtScripts(dist)
    .filter((name) => html.includes(`/assets/${name}`))
    .map((name) => ({ name, gzipBytes: gzipBytes(dist, name) }));
}

/** The pages the start script chooses between, by the source file of each one's chunk (src/app/main.tsx). */
export const PAGE_CHUNKS = { lesson: 'Lesson', stage: 'App' } as const;

export type StartPage = keyof typeof PAGE_CHUNKS;

/**
 * What a fresh load of `page` fetches before it renders: the start scripts, the page's chunk and,
 * transitively, the chunks those import statically (Vite's preload list for the page's import is
 * the same set, with the CSS). Imports a chunk makes later, with import(), are not counted.
 */
export function pageStartScripts(page: StartPage, dist = 'dist'): BuiltScript[] {
  const own = builtScripts(dist).filter((name) => new RegExp(`^${PAGE_CHUNKS[page]}-[\\w-]+\\.js$`).test(name));
  if (own.length !== 1) throw new Error(`expected one ${PAGE_CHUNKS[page]} chunk in ${dist}/assets, found ${own.length}`);
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    // a static import in the built code: `from"./x.js"` or, for its side effects alone, `import"./x.js"`
    for (const match of readFileSync(join(dist, 'assets', name), 'utf8').matchAll(/\b(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      visit(match[1]!);
  };
  [...startScripts(dist).map((script) => script.name), ...own].forEach(visit);
  return [...found].map((name) => ({ name, gzipBytes: gzipBytes(dist, name) }));
}
