/**
 * The cards as a course author installs them: `npm run pack:cards` packs the firetime-cards
 * package, the example MDX site (examples/mdx-site/, its own package.json and lockfile) installs
 * that tarball, typechecks against its declarations and builds; then Chromium opens the built site
 * (served by its own `vite preview`, on another origin than the app) and each of the four cards
 * shows its opening state, from the package alone. With JavaScript off, the site (client-rendered,
 * so otherwise blank) shows the cards' fallbacks its build wrote with `firetime-cards/fallback`, as
 * docs/embed.md tells an author to; the package's command prints the same.
 */
import { expect, test } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packCards } from '../scripts/packCards.ts';
import { freePort } from '../test-support/redisProcess.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SITE = join(ROOT, 'examples', 'mdx-site');

let site: ChildProcess | null = null;
let siteUrl = '';

/** The environment the site's npm and Vite get: Vite's build (packCards) sets NODE_ENV=production in this process, which makes npm leave out devDependencies. */
function siteEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

function run(command: string, args: readonly string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: siteEnv() });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
}

test.beforeAll(async () => {
  // Packing, installing and building two projects: minutes on a loaded machine, not a test's 60 s.
  test.setTimeout(300_000);
  run('node', ['scripts/sub-packages.mjs', 'examples/mdx-site'], ROOT);
  const tarball = await packCards();
  // --no-save: the tarball changes with every build, so it is not written into the site's lockfile.
  run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', tarball], SITE);
  run('npm', ['run', 'build'], SITE);
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}/`;
  site = spawn(
    join(SITE, 'node_modules', '.bin', 'vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: SITE,
      env: siteEnv(),
      stdio: 'ignore',
    },
  );
  for (;;) {
    const up = await fetch(siteUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (site.exitCode !== null) throw new Error(`the site's vite preview exited with ${site.exitCode}`);
    await new Promise((done) => setTimeout(done, 200));
  }
});

test.afterAll(() => {
  site?.kill();
});

test('the MDX site renders the four cards from the packed tarball, each in its preset, with the model fallback inside', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(siteUrl);
  const card = (name: string) => page.locator(`firetime-card[card="${name}"]`);
  await expect(page.locator('firetime-card')).toHaveCount(4);

  // Each card opens in its preset, before any click (the same numbers as the app's model).
  await expect(card('delay').getByTestId('card-delay')).toContainText('7356889518080000');
  await expect(card('collisions').getByTestId('textbook-set-badge')).toHaveText('24 pairs out of due order');
  await expect(card('collisions').getByTestId('band-set-badge')).toHaveText('in due order');
  await expect(card('band').getByTestId('band-used')).toHaveText('4,096 of 4,096');
  await expect(card('band').getByTestId('band-ceiling')).toHaveText('5 jobs');
  await expect(card('wake').getByTestId('wake-due')).toHaveText('0 jobs');
  const jobs = await page.evaluate(() =>
    Array.from(document.querySelectorAll('firetime-card'), (element) => element.cardState?.jobs.band ?? null),
  );
  expect(jobs).toEqual([0, 12, 4100, 3]);

  // The wrapper's fallback inside each element (hidden once the card runs: no slot) holds the same
  // opening state's numbers, and its link is the card's own "Open in firetime" (the same state).
  const fallback: Record<string, RegExp> = {
    delay: /band floor 7356889518080000, band ceiling 7356889518084095; the next job gets 7356889518080000/,
    collisions: /^Textbook set: 12 members, 24 pairs out of due order\. Band set: 12 members, in due order\.$/,
    band: /^4,096 of 4,096 slots .* 5 jobs share the ceiling score 7356889518084095\.$/,
    wake: /0 jobs due; the head scores 7356889518080000, so the worker wakes at 1,796,115,605,000 ms \(in 1 ms\)/,
  };
  for (const [name, text] of Object.entries(fallback)) {
    await expect(card(name).locator(':scope > p')).toHaveText(text);
    await expect(card(name).locator(':scope > p')).toBeHidden();
    const link = await card(name).locator('.ft-open').getAttribute('href');
    // the app address the site's course.mdx names
    expect(link).toMatch(/^https:\/\/firetime\.example\/#s=/);
    await expect(card(name).locator(':scope > a')).toHaveAttribute('href', link!);
  }

  // The element's change event (typed by the package) reaches the page.
  await card('collisions').getByRole('button', { name: 'Enqueue one job' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-last-card', 'collisions: 13 jobs');
  expect(errors).toEqual([]);

  // The package's command, as docs/embed.md gives it, prints the fallback the wrapper wrote in the element.
  const docs = readFileSync(join(ROOT, 'docs', 'embed.md'), 'utf8');
  const command = 'npx firetime-card-fallback collisions app=https://firetime.example/';
  expect(docs).toContain(command);
  const printed = spawnSync(command, { cwd: SITE, encoding: 'utf8', env: siteEnv(), shell: true });
  expect(printed.stderr).toBe('');
  const inElement = await card('collisions').evaluate((element) =>
    Array.from(element.children, (child) => child.outerHTML).join(''),
  );
  expect(printed.stdout.trim()).toBe(inElement);
});

test('with JavaScript off, the client-rendered site shows each card’s opening numbers and link, written at build time as the docs say', async ({
  browser,
}) => {
  // The site's plugin and its index.html's <noscript> are the docs' snippets, word for word.
  const docs = readFileSync(join(ROOT, 'docs', 'embed.md'), 'utf8');
  const plugin = /<!-- firetimeFallback.ts -->\n```ts\n([\s\S]*?)```/.exec(docs)?.[1];
  expect(plugin, 'docs/embed.md has the firetimeFallback.ts snippet').toBeDefined();
  expect(readFileSync(join(SITE, 'firetimeFallback.ts'), 'utf8')).toBe(plugin!);
  const noscript = /<!-- index.html -->\n```html\n([\s\S]*?)```/.exec(docs)?.[1];
  expect(noscript, 'docs/embed.md has the index.html snippet').toBeDefined();
  expect(readFileSync(join(SITE, 'index.html'), 'utf8').replace(/^ {4}/gm, '')).toContain(noscript!);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(siteUrl);
  const texts = await page.locator('section > p').allTextContents();
  expect(texts).toHaveLength(4);
  expect(texts[1]).toBe('Textbook set: 12 members, 24 pairs out of due order. Band set: 12 members, in due order.');
  expect(texts[2]).toMatch(/^4,096 of 4,096 slots .* 5 jobs share the ceiling score 7356889518084095\.$/);
  await expect(page.locator('section > p').first()).toBeVisible();
  const links = await page.locator('section > a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(links).toHaveLength(4);
  for (const link of links) expect(link).toMatch(/^https:\/\/firetime\.example\/#s=1~/);
  await context.close();
});
