/**
 * What each embed loads, from the build (run `npm run build` first): `npm run size:embeds` prints,
 * per card, the bytes of the iframe form (the scripts and styles dist/embed/index.html names) and
 * of the web component (dist/firetime-card.js, its stylesheet inside), raw and gzip level 9 (as
 * docs/benchmarks.md counts), and writes the README's size table (its section `embed-sizes`,
 * `--no-write` leaves it). Every card loads the same files in each form: the four cards are one
 * small bundle over the model and the session. e2e/embed.spec.ts holds the JavaScript to
 * EMBED_BUDGET_BYTES, and the README's table to the build it serves (writtenSizeTable).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { endMarker, startMarker, writeSection } from '../bench/report.ts';

/** The README, whose section `embed-sizes` holds the table. */
export const README = join(import.meta.dirname, '..', 'README.md');
const SECTION = 'embed-sizes';

/** The cards (src/embed/options.ts, CARD_NAMES; nothing outside src/embed imports it). */
const CARD_NAMES = ['delay', 'collisions', 'band', 'wake'];

/** The most JavaScript (gzip) one embed may load: 40 KB. */
export const EMBED_BUDGET_BYTES = 40_000;

export interface EmbedFile {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

function measure(dist: string, file: string): EmbedFile {
  const body = readFileSync(join(dist, file));
  return { file, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

/** The files the embed page loads: what dist/embed/index.html names (its module script, preloads and stylesheets). */
export function iframeFiles(dist = 'dist'): EmbedFile[] {
  const html = readFileSync(join(dist, 'embed', 'index.html'), 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\/(embed\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  return named.map((file) => measure(dist, file));
}

/** The web component's one module. */
export function componentFiles(dist = 'dist'): EmbedFile[] {
  return [measure(dist, 'firetime-card.js')];
}

const gzipOf = (files: readonly EmbedFile[], ext: string) =>
  files.filter((f) => f.file.endsWith(ext)).reduce((sum, f) => sum + f.gzipBytes, 0);
const bytesOf = (files: readonly EmbedFile[], ext: string) =>
  files.filter((f) => f.file.endsWith(ext)).reduce((sum, f) => sum + f.bytes, 0);

/** The README's table: each form's JavaScript and CSS, raw and gzip. */
export function sizeTable(iframe: readonly EmbedFile[], component: readonly EmbedFile[]): string {
  const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;
  const cell = (files: readonly EmbedFile[], ext: string, bold: boolean) => {
    const gzip = `${bytes(gzipOf(files, ext))} gzip`;
    return `${bytes(bytesOf(files, ext))}, ${bold ? `**${gzip}**` : gzip}`;
  };
  const componentCss = bytesOf(component, '.css') === 0 ? 'none (inside its JavaScript)' : cell(component, '.css', false);
  return [
    '| Form | JavaScript | CSS |',
    '|---|---|---|',
    `| iframe (\`dist/embed/\`) | ${cell(iframe, '.js', true)} | ${cell(iframe, '.css', false)} |`,
    `| web component (\`dist/firetime-card.js\`) | ${cell(component, '.js', true)} | ${componentCss} |`,
  ].join('\n');
}

/** The table `readme` holds in its section, as sizeTable wrote it; null when the section is missing. */
export function writtenSizeTable(readme: string): string | null {
  const from = readme.indexOf(startMarker(SECTION));
  const to = readme.indexOf(endMarker(SECTION));
  if (from < 0 || to < from) return null;
  return readme.slice(from + startMarker(SECTION).length, to).trim();
}

if (process.argv[1]?.endsWith('embedSizes.ts')) {
  const forms = [
    ['iframe', iframeFiles()],
    ['web component', componentFiles()],
  ] as const;
  for (const [form, files] of forms)
    for (const f of files)
      console.log(
        `${form.padEnd(14)} ${f.file.padEnd(36)} ${String(f.bytes).padStart(7)} B  ${String(f.gzipBytes).padStart(6)} B gzip`,
      );
  console.log('');
  console.log(`card        form           JS gzip   CSS gzip   (budget ${EMBED_BUDGET_BYTES} B of JS)`);
  for (const card of CARD_NAMES)
    for (const [form, files] of forms)
      console.log(
        `${card.padEnd(11)} ${form.padEnd(14)} ${String(gzipOf(files, '.js')).padStart(7)}   ${String(gzipOf(files, '.css')).padStart(8)}`,
      );
  if (!process.argv.includes('--no-write')) {
    writeSection(SECTION, sizeTable(forms[0][1], forms[1][1]), README);
    console.log('\nwrote the table into README.md (section embed-sizes)');
  }
}
