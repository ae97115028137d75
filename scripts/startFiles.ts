/**
 * The JavaScript the built page loads before it is interactive: the scripts `dist/index.html`
 * names (its module script and the chunks it preloads), with their gzip sizes (zlib level 9, as
 * docs/benchmarks.md's figures count them). Read by `npm run bench:ui` (which prints the sizes) and by the
 * browser tests (e2e/start-files.spec.ts, which hold them to the budget).
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
