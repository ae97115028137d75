/**
 * The example course page's own static server, on another origin than the app (as a course site
 * would be): `npx tsx examples/course/serve.ts --port 4411 --app http://127.0.0.1:4317`.
 *
 * It serves this folder, and `/firetime-card.js` from the app's build (dist/), as an author who
 * copies the module to their own site would. Its pages run under a strict CSP of their own:
 * `script-src 'self'; style-src 'self'` (no inline script or style anywhere), frames only from the
 * app. The pages name the app at http://127.0.0.1:4317; a server started with another --app
 * writes that origin instead. The lesson is written once, in index.html (its cards as iframes):
 * `/components.html` is the same lesson with each frame made a <firetime-card> (componentsPage)
 * and `/sandbox.html` the same with every frame sandboxed (sandboxPage), both made as they are
 * served, so the pages cannot drift apart. Each
 * <firetime-card> of a page gets its static fallback written inside it where the page marks it
 * (`<!-- fallback ... -->`): the card's opening numbers and link for the element's own attributes,
 * computed by the cards' code (src/embed/fallback.ts, as the package's `firetime-cards/fallback`
 * gives it to an author's build), so a reader without JavaScript sees what the card teaches.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { runnerImport } from 'vite';

const HERE = import.meta.dirname;
const CARD_MODULE = resolve(HERE, '..', '..', 'dist', 'firetime-card.js');
/** The app's address as the pages are written. */
export const WRITTEN_APP_ORIGIN = 'http://127.0.0.1:4317';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The course pages' policy: their own scripts and styles only, frames from the app. */
export function coursePolicy(appOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `frame-src ${appOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** One replacement of a page made from index.html; a page that lacks what it replaces is an error, not a quiet copy. */
function replaceOnce(page: string, from: string | RegExp, to: string | ((...match: string[]) => string)): string {
  const found = typeof from === 'string' ? page.includes(from) : from.test(page);
  if (!found) throw new Error(`the course server: index.html has no ${String(from)}`);
  // Two calls: TypeScript picks replace's overload (text or function) by the argument's own type.
  return typeof to === 'string' ? page.replace(from, to) : page.replace(from, to);
}

/**
 * The course page as a platform that sandboxes what an author embeds would show it: every frame
 * `sandbox="allow-scripts allow-popups"` (its origin is then null), made from index.html.
 */
export function sandboxPage(index: string): string {
  let page = replaceOnce(index, /<title>[^<]*<\/title>/, '<title>The score is the fire-time: sandboxed frames</title>');
  page = replaceOnce(page, /<h1>[^<]*<\/h1>/, '<h1>The same lesson in sandboxed frames</h1>');
  page = replaceOnce(page, /<nav>.*?<\/nav>/s, '<nav><a href="index.html">the lesson with iframes</a></nav>');
  page = replaceOnce(
    page,
    '<main>',
    '<main>\n      <p>\n        Many course platforms frame what an author embeds with <code>sandbox="allow-scripts"</code>: the frame\'s origin is then\n        <code>null</code>.\n      </p>',
  );
  return replaceOnce(page, /<iframe\b/g, '<iframe sandbox="allow-scripts allow-popups"');
}

/** What the page's fallback markers are replaced with: src/embed/fallback.ts's cardFallbackHtml. */
type FallbackHtml = (card: string, app: string, params: Readonly<Record<string, string>>) => string;

const FALLBACK_MARKER = /(<firetime-card\b([^>]*)>\s*)<!-- fallback[^>]*-->/g;
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A frame of index.html: its indent, then its address (the card and its parameters in the query). */
const FRAME = /^( *)<iframe\s+src="([^"]*)"[^>]*>\s*<\/iframe>/gm;

/**
 * The course page with web components, made from index.html: the card module instead of the
 * frames' resize script, and each frame the <firetime-card> its address describes (the card, its
 * parameters, `app` the frame's origin), with a fallback marker inside for withCardFallbacks.
 */
export function componentsPage(index: string): string {
  let page = replaceOnce(index, /<title>([^<]*)<\/title>/, '<title>$1 (web components)</title>');
  page = replaceOnce(page, /<h1>([^<]*)<\/h1>/, '<h1>$1 (web components)</h1>');
  page = replaceOnce(page, /<nav>.*?<\/nav>/s, '<nav><a href="index.html">the same lesson with iframes</a></nav>');
  page = replaceOnce(page, '<script src="resize.js"></script>', '<script type="module" src="firetime-card.js"></script>');
  return replaceOnce(page, FRAME, (_, indent: string, src: string) => {
    const address = new URL(unescapeAttribute(src));
    const { card = 'delay', ...params } = Object.fromEntries(address.searchParams);
    const attributes = Object.entries({ card, ...params, app: `${address.origin}/` })
      .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
      .join(' ');
    return `${indent}<firetime-card ${attributes}>\n${indent}  <!-- fallback: the card's opening numbers, written in by serve.ts from the model -->\n${indent}</firetime-card>`;
  });
}

/** `page` with each marked <firetime-card>'s fallback written inside it, for that element's attributes. */
export function withCardFallbacks(page: string, fallbackHtml: FallbackHtml): string {
  return page.replace(FALLBACK_MARKER, (_, opening: string, attributeText: string) => {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of attributeText.matchAll(/([a-z][a-z-]*)="([^"]*)"/g))
      attributes[name!] = unescapeAttribute(value!);
    const { card = 'delay', app = '', ...params } = attributes;
    return opening + fallbackHtml(card, app, params);
  });
}

let fallbackModule: Promise<FallbackHtml> | null = null;
/** The cards' own fallback code, loaded once through Vite's module runner (the way the app's build reaches src/embed). */
function cardFallbackHtml(): Promise<FallbackHtml> {
  fallbackModule ??= runnerImport<{ cardFallbackHtml: FallbackHtml }>(resolve(HERE, '..', '..', 'src', 'embed', 'fallback.ts'), {
    configFile: false,
    root: resolve(HERE, '..', '..'),
    logLevel: 'warn',
  }).then(({ module }) => module.cardFallbackHtml);
  return fallbackModule;
}

export interface CourseServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the course server on 127.0.0.1:`port` (0: any free port). */
export async function startCourseServer(port: number, appOrigin: string): Promise<CourseServer> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]!);
    const asked = path === '/' ? 'index.html' : normalize(path).replace(/^[/\\]+/, '');
    const made = asked === 'sandbox.html' ? sandboxPage : asked === 'components.html' ? componentsPage : null;
    const name = made === null ? asked : 'index.html';
    const file = name === 'firetime-card.js' ? CARD_MODULE : join(HERE, name);
    const type = TYPES[extname(file)];
    if (type === undefined || !(file === CARD_MODULE || file.startsWith(HERE)) || name.endsWith('.ts')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    Promise.all([readFile(file), type.startsWith('text/html') ? cardFallbackHtml() : null]).then(
      ([body, fallbackHtml]) => {
        let text: Buffer | string = body;
        if (fallbackHtml !== null) {
          const written = body.toString('utf8').replaceAll(WRITTEN_APP_ORIGIN, appOrigin);
          text = withCardFallbacks(made === null ? written : made(written), fallbackHtml);
        }
        res
          .writeHead(200, {
            'Content-Type': type,
            'Content-Security-Policy': coursePolicy(appOrigin),
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'no-cache',
          })
          .end(text);
      },
      (error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT'
          ? res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
          : res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`the page could not be made: ${error.message}`),
    );
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address();
  const actual = typeof address === 'object' && address !== null ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    // A browser may hold a socket open with no request on it yet (a preconnect), which close()
    // alone waits for until Node's request timeout; the tests' pages are done with the server.
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(HERE, 'serve.ts')) {
  const arg = (name: string, fallback: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
  };
  const course = await startCourseServer(Number(arg('port', '4411')), arg('app', WRITTEN_APP_ORIGIN));
  console.log(`course page: ${course.url}/ (iframes), ${course.url}/components.html (web components)`);
}
