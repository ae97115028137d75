/**
 * `npm run pack:cards`: the cards as an npm package, built from this repository. Writes the
 * package folder dist/firetime-cards/ and packs it with `npm pack` into
 * dist/firetime-cards-<version>.tgz (the app's build keeps its own dist/ files; the root package
 * stays private). The package holds:
 *
 * - `firetime-cards`: the <firetime-card> custom element (importing the module defines it), with
 *   its types (src/embed/package/index.d.ts: the element, its attributes and properties, the
 *   `firetime:change` event);
 * - `firetime-cards/react`: <FiretimeCard>, a small React wrapper for MDX sites, which renders the
 *   card's opening numbers inside the element as its fallback (src/embed/package/react.d.ts);
 * - `firetime-cards/fallback`: cardFallbackHtml(card, app, params), the same fallback as HTML for
 *   an author's build (a client-rendered site's <noscript>, a static page's elements), and the
 *   command `firetime-card-fallback` that prints it (src/embed/package/fallback.d.ts, cli.ts).
 *
 * React is a peer dependency of the wrapper only; the element needs nothing.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { CARD_MODULE_ENTRY, CARD_MODULE_FILE } from './embedBuild.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const PACKAGE_NAME = 'firetime-cards';
const SOURCES = join(ROOT, 'src', 'embed', 'package');

/** The package's version: the app's. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the tarball lands: dist/firetime-cards-<version>.tgz. */
export function tarballPath(): string {
  return join(ROOT, 'dist', `${PACKAGE_NAME}-${packageVersion()}.tgz`);
}

function manifest(version: string): Record<string, unknown> {
  return {
    name: PACKAGE_NAME,
    version,
    description: 'firetime cards: how BullMQ scores delayed jobs in a Redis sorted set, as a custom element and a React wrapper',
    type: 'module',
    main: `./${CARD_MODULE_FILE}`,
    types: './index.d.ts',
    exports: {
      '.': { types: './index.d.ts', default: `./${CARD_MODULE_FILE}` },
      './react': { types: './react.d.ts', default: './react.js' },
      './fallback': { types: './fallback.d.ts', default: './fallback.js' },
    },
    bin: { 'firetime-card-fallback': './cli.js' },
    peerDependencies: { react: '>=18' },
    peerDependenciesMeta: { react: { optional: true } },
  };
}

const README = `# firetime-cards

The firetime embed cards (delay, collisions, band, wake) as a custom element and a React wrapper.

    import 'firetime-cards';                    // defines <firetime-card>
    import { FiretimeCard } from 'firetime-cards/react';

    <FiretimeCard card="band" app="https://firetime.example/" />

\`app\` (the full app's address, for "Open in firetime") is required. For readers without
JavaScript, \`firetime-cards/fallback\` gives a card's opening numbers and link as HTML at build
time (\`cardFallbackHtml(card, app, params)\`, or \`npx firetime-card-fallback band app=https://...\`).
The parameters, theming and events are described in the firetime repository's docs/embed.md.
`;

/** Builds the package folder and packs it; returns the tarball's path. */
export async function packCards(): Promise<string> {
  const version = packageVersion();
  const dist = join(ROOT, 'dist');
  const out = join(dist, PACKAGE_NAME);
  rmSync(out, { recursive: true, force: true });
  rmSync(tarballPath(), { force: true });
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    build: {
      outDir: out,
      emptyOutDir: true,
      rolldownOptions: { external: [/^react(\/|$)/], output: { minify: true } },
      lib: {
        entry: {
          'firetime-card': resolve(ROOT, CARD_MODULE_ENTRY),
          react: join(SOURCES, 'reactCard.ts'),
          fallback: join(SOURCES, 'staticFallback.ts'),
          cli: join(SOURCES, 'cli.ts'),
        },
        formats: ['es'],
        fileName: (_format, entry) => `${entry}.js`,
      },
    },
  });
  copyFileSync(join(SOURCES, 'index.d.ts'), join(out, 'index.d.ts'));
  copyFileSync(join(SOURCES, 'react.d.ts'), join(out, 'react.d.ts'));
  copyFileSync(join(SOURCES, 'fallback.d.ts'), join(out, 'fallback.d.ts'));
  // npm runs a bin through its first line.
  const cli = join(out, 'cli.js');
  writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8').replace(/^#!.*\n/, '')}`);
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest(version), null, 2)}\n`);
  writeFileSync(join(out, 'README.md'), README);
  mkdirSync(dist, { recursive: true });
  const packed = spawnSync('npm', ['pack', '--pack-destination', dist], { cwd: out, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  return tarballPath();
}

if (process.argv[1]?.endsWith('packCards.ts')) console.log(await packCards());
