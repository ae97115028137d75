/**
 * The embed cards on a real course page served from another origin (its own server,
 * examples/course/serve.ts, with a strict CSP of its own): each card as an iframe and as a
 * <firetime-card> web component, driven as a reader would, with no CSP violation and no console
 * error in the host page or in any frame. The cards pass axe; the full app still refuses to be
 * framed; bad options leave a note, never a blank card.
 */
import AxeBuilder from '@axe-core/playwright';
import { twoFrames } from './frames.ts';
import { expect, test } from './sharedPage.ts';
import type { Frame, FrameLocator, Locator, Page, TestInfo } from '@playwright/test';
import { startCourseServer } from '../examples/course/serve.ts';
import type { CourseServer } from '../examples/course/serve.ts';
import { freePort } from '../test-support/redisProcess.ts';
import { EMBED_BUDGET_BYTES, README, componentFiles, iframeFiles, sizeTable, writtenSizeTable } from '../scripts/embedSizes.ts';
import { screenshot } from './screenshot.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { APP_ORIGIN } from './appOrigin.ts';
import { axeViolations } from './axe.ts';

const CARDS = ['delay', 'collisions', 'band', 'wake'] as const;

let course: CourseServer;

test.beforeAll(async () => {
  course = await startCourseServer(await freePort(), APP_ORIGIN);
});

test.afterAll(async () => {
  await course?.close();
});

/** Collects console errors and uncaught errors of the page and all its frames, and (in every frame) CSP violations. */
async function watch(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.location().url}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${location.href}: ${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return errors;
}

/** Every CSP violation reported in the page and in each of its frames. */
async function violations(page: Page): Promise<string[]> {
  const each = await Promise.all(
    page
      .frames()
      .map((frame: Frame) => frame.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
  );
  return each.flat();
}

/**
 * A picture of the whole course page. Chromium paints no cross-origin frame out of view, and a
 * full-page capture does not scroll, so the frames would come out blank: the viewport is made as
 * tall as the page for the shot, each card is waited for, and the viewport is put back.
 */
async function wholePage(page: Page, testInfo: TestInfo, name: string, docsName: string): Promise<void> {
  // With no picture asked for (screenshot() takes none), the tall viewport and its wait would only
  // make Chromium lay out and paint every frame for nothing.
  if (process.env.FIRETIME_SHOTS !== '1' && process.env.FIRETIME_UPDATE_DOCS !== '1') return;
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await screenshot(page, testInfo, name, { docsName });
  await page.setViewportSize(size);
}

/** Drags a range input's thumb from its start to `fraction` of its width. */
async function drag(page: Page, slider: Locator, fraction: number): Promise<void> {
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** What both forms of the course page must do, each card found by `card(name)`. */
async function driveCards(page: Page, card: (name: (typeof CARDS)[number]) => Locator | FrameLocator): Promise<void> {
  for (const name of CARDS) await expect(card(name).getByRole('heading', { level: 2 })).toBeVisible();

  const delay = card('delay');
  const textbook = delay.locator('.ft-figure', { hasText: 'Textbook score' }).locator('.ft-value');
  const floor = delay.locator('.ft-figure', { hasText: 'Band floor' }).locator('.ft-value');
  const before = [await textbook.textContent(), await floor.textContent()];
  await drag(page, delay.getByLabel('Delay (0 to 60 s)'), 0.8);
  await expect(textbook).not.toHaveText(before[0]!);
  await expect(floor).not.toHaveText(before[1]!);
  const delayMs = Number(await delay.getByLabel('Exact delay (ms)').inputValue());
  expect(delayMs).toBeGreaterThan(5000);
  // The textbook score is the fire-time; the band floor is the fire-time x 0x1000 (the same model as the app).
  expect(Number(await floor.textContent()) / 4096).toBe(Number(await textbook.textContent()));

  // Before any click each card already makes its point (its preset).
  const collisions = card('collisions');
  const textbookSet = collisions.getByTestId('textbook-set');
  const bandSet = collisions.getByTestId('band-set');
  await expect(textbookSet.getByTestId('textbook-set-badge')).toHaveText('24 pairs out of due order');
  await expect(card('band').getByTestId('band-used')).toHaveText('4,096 of 4,096');
  await expect(card('band').getByTestId('band-ceiling')).toHaveText('5 jobs');
  await expect(card('wake').getByTestId('wake-due')).toHaveText('0 jobs');
  await expect(card('wake').getByTestId('wake-next')).not.toHaveText('nil');

  await collisions.getByRole('button', { name: 'Reset' }).click();
  await expect(textbookSet.getByTestId('textbook-set-badge')).toHaveText('empty');
  await collisions.getByRole('button', { name: 'Enqueue N in one millisecond' }).click();
  await expect(textbookSet.getByTestId('textbook-set-badge')).toHaveText(/pairs out of due order/);
  await expect(bandSet.getByTestId('band-set-badge')).toHaveText('in due order');
  // ... and says so to a screen reader
  await expect(collisions.getByTestId('card-status')).toHaveText(
    'Textbook set: 12 members, 24 pairs out of due order. Band set: 12 members, in due order.',
  );
  const members = (set: Locator) => set.locator('.ft-member').allTextContents();
  expect(await members(textbookSet)).toEqual(['1', '10', '11', '12', '2', '3', '4', '5', '6', '7', '8', '9']);
  expect(await members(bandSet)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
}

test('the course page with iframes: each card loads, works, and sizes its frame, with no CSP violation or console error', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1100, height: 900 });
  const errors = await watch(page);
  await page.goto(`${course.url}/`);
  const frame = (name: string) => page.frameLocator(`iframe[data-card=${name}]`);
  await driveCards(page, frame);

  // Each frame is as tall as the height its card posted (resize.js, the README's snippet). Chromium runs no rendering in a cross-origin frame out of view, so a card
  // measures itself (and posts) once the reader scrolls to it.
  for (const name of CARDS) {
    const iframe = page.locator(`iframe[data-card=${name}]`);
    await iframe.scrollIntoViewIfNeeded();
    const cardHeight = await frame(name)
      .locator('article')
      .evaluate((article) => Math.ceil(article.getBoundingClientRect().height));
    await expect(iframe).toHaveAttribute('height', String(cardHeight));
    expect((await iframe.boundingBox())!.height).toBeCloseTo(cardHeight, 0);
  }
  // The collisions frame grew when its sets filled, and the frame followed.
  expect(Number(await page.locator('iframe[data-card=collisions]').getAttribute('height'))).toBeGreaterThan(300);

  // "Open in firetime" carries the card's state to the app.
  const link = await frame('collisions').getByRole('link', { name: 'Open in firetime' }).getAttribute('href');
  expect(link).toMatch(new RegExp(`^${APP_ORIGIN}/#s=1~`));
  expect(link).toContain('.in.'); // plain-number ids

  await frame('band').getByRole('button', { name: 'Reset' }).click();
  await frame('band').getByRole('button', { name: 'Enqueue 500' }).click();
  await expect(frame('band').getByTestId('band-used')).toHaveText('500 of 4,096');
  // The host page with its four frames: one main landmark (the page's), no duplicate landmarks.
  const hostAxe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  expect(hostAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await wholePage(page, testInfo, 'course-iframes', 'embed-course-iframes');
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);

  // ... and the app opened at that link holds the card's sets (in this page, the course page done
  // with: a page of its own would be a renderer process started for one look).
  await page.goto(link!);
  // (the app replays the link and lays out its panels first: a loaded machine takes longer than 5 s)
  await expect(page.getByTestId('band-set')).toContainText('12 members', { timeout: 20_000 });
  await expect(page.getByTestId('textbook-set')).toContainText('12 members');
});

test("the course page with web components: the same cards under the host page's CSP (script-src 'self'; style-src 'self'), attributes live", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1100, height: 900 });
  const errors = await watch(page);
  const answer = await page.goto(`${course.url}/components.html`);
  expect(answer!.headers()['content-security-policy']).toContain("script-src 'self'; style-src 'self'");
  const element = (name: string) => page.locator(`firetime-card[card=${name}]`);
  await driveCards(page, element);

  // The card is styled (its constructed stylesheet was adopted), not bare HTML.
  const border = await element('delay')
    .locator('article')
    .evaluate((article) => getComputedStyle(article).borderTopStyle);
  expect(border).toBe('solid');

  // Changing an attribute updates the card.
  const wake = element('wake');
  await expect(wake.getByRole('button', { name: 'Enqueue 3 at once' })).toBeVisible();
  await wake.evaluate((card) => card.setAttribute('n', '7'));
  await expect(wake.getByRole('button', { name: 'Enqueue 7 at once' })).toBeVisible();
  const delay = element('delay');
  await delay.evaluate((card) => card.setAttribute('delay', '1234'));
  await expect(delay.getByLabel('Exact delay (ms)')).toHaveValue('1234');

  // The wake card: enqueue, step to the wake, promote; the jobs come out in arrival order.
  await wake.getByRole('button', { name: 'Enqueue 7 at once' }).click();
  await wake.getByRole('button', { name: 'Step to the wake' }).click();
  await expect(wake.getByTestId('wake-due')).toHaveText('7 jobs');
  await wake.getByRole('button', { name: 'Promote due jobs' }).click();
  await expect(wake.getByTestId('wake-promoted')).toContainText('from the band set: job:1 (#1), job:2 (#2), job:3 (#3)');

  expect(await axeViolations(page, 'firetime-card')).toEqual([]);

  await wholePage(page, testInfo, 'course-components', 'embed-course-components');
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('each card has no axe violations, empty and after use, fits a 360 px column in at most 700 px, and a 320 px one', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const errors = await watch(page);
  const check = () => axeViolations(page, 'article');
  const steps: Record<(typeof CARDS)[number], string> = {
    delay: 'Enqueue a job at this delay',
    collisions: 'Enqueue N in one millisecond',
    band: 'Fill to the ceiling',
    wake: 'Enqueue 3 at once',
  };
  for (const name of CARDS) {
    for (const theme of ['light', 'dark']) {
      await page.goto(`/embed/?card=${name}&theme=${theme}`);
      const article = page.locator('article');
      await expect(article.getByRole('heading', { level: 2 })).toBeVisible();
      expect(await check(), `${name} ${theme}`).toEqual([]);
      await article.getByRole('button', { name: steps[name] }).click();
      if (name === 'band') await article.getByRole('button', { name: 'Enqueue 500' }).click();
      expect(await check(), `${name} ${theme} after use`).toEqual([]);
      const size = await article.evaluate((node) => ({
        height: node.getBoundingClientRect().height,
        scroll: document.documentElement.scrollWidth,
      }));
      await screenshot(article, testInfo, `card-${name}-${theme}-360`);
      expect(size.height, `${name} height at 360 px`).toBeLessThanOrEqual(700);
      expect(size.scroll, `${name} width at 360 px`).toBeLessThanOrEqual(360);
      // The narrowest column the cards are for: nothing runs past it.
      await page.setViewportSize({ width: 320, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} width at 320 px`).toBeLessThanOrEqual(320);
      await page.setViewportSize({ width: 360, height: 800 });
    }
  }
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the band card fills past 4,096 slots: the ceiling is shared and member order decides', async ({ page }) => {
  await page.goto('/embed/?card=band&n=5000&ids=plain&preset=empty');
  const article = page.locator('article');
  await article.getByRole('button', { name: 'Enqueue 5,000' }).click();
  await expect(article.getByTestId('band-used')).toHaveText('4,096 of 4,096');
  await expect(article.getByTestId('band-ceiling')).toHaveText('905 jobs');
  // 4,096 to 5,000 tie on the ceiling score; as bytes, "4096" < "4097" < ... < "5000".
  await expect(article.getByText(/member bytes order them: 4096 \(#4096\), 4097 \(#4097\)/)).toBeVisible();
});

test('a bad option is ignored with a note in the card, never a blank frame', async ({ page }) => {
  const errors = await watch(page);
  await page.goto('/embed/?card=collisions&delay=-5&n=1&ids=%00&clock=sometimes&at=2039-02-30T00:00:00Z&theme=pink');
  const notes = page.getByTestId('card-notes');
  await expect(notes.locator('li')).toHaveCount(6);
  await expect(notes).toContainText('Ignored delay="-5": A delay cannot be negative.');
  await expect(notes).toContainText('Ignored n="1"');
  await expect(notes).toContainText('Ignored clock="sometimes"');
  await expect(notes).toContainText('Ignored theme="pink"');
  // The card still works with its defaults.
  await page.getByRole('button', { name: 'Enqueue N in one millisecond' }).click();
  await expect(page.getByTestId('band-set')).toContainText('24 members');
  // A parameter the cards do not know is named too, with the one it is close to.
  await page.goto('/embed/?card=delay&dealy=9000');
  await expect(page.getByTestId('card-notes')).toHaveText('Ignored dealy: not a parameter of the cards (did you mean delay?).');
  await expect(page.getByLabel('Exact delay (ms)')).toHaveValue('5000');
  await page.goto('/embed/?card=nope');
  await expect(page.getByTestId('card-notes')).toContainText('Ignored card="nope"');
  await expect(page.getByTestId('card-delay')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the full app still refuses to be framed, at / and at any other path; the embed page is framed', async ({ page }) => {
  await page.goto(`${course.url}/components.html`);
  const frameAt = async (path: string) => {
    const name = `probe-${path.replace(/\W/g, '')}`;
    await page.evaluate(
      ([src, id]) => {
        const frame = document.createElement('iframe');
        frame.src = src!;
        frame.name = id!;
        document.body.append(frame);
      },
      [`${APP_ORIGIN}${path}`, name],
    );
    await expect.poll(() => page.frame({ name })?.url() ?? '').not.toBe('');
    return page.frame({ name })!;
  };
  for (const path of ['/', '/embed/not-a-card', '/embed']) {
    const frame = await frameAt(path);
    await expect.poll(() => frame.url(), path).toMatch(/^chrome-error:/);
  }
  const embed = await frameAt('/embed/?card=wake');
  await expect(embed.getByRole('heading', { level: 2 })).toHaveText('When the worker wakes');
});

test(`each embed loads at most ${EMBED_BUDGET_BYTES.toLocaleString('en-US')} bytes of JavaScript, gzipped, and the README says how much`, () => {
  // Playwright's web server built dist/ before this runs (npm run size:embeds prints the same figures).
  for (const files of [iframeFiles(), componentFiles()]) {
    const scripts = files.filter((file) => file.file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, file) => sum + file.gzipBytes, 0);
    expect(total, scripts.map((file) => `${file.file} ${file.gzipBytes}`).join(', ')).toBeLessThanOrEqual(EMBED_BUDGET_BYTES);
  }
  // The README's size table is this build's: a change to the cards' code that moves a byte makes it stale.
  expect(writtenSizeTable(readFileSync(README, 'utf8')), 'README.md: run npm run size:embeds').toBe(
    sizeTable(iframeFiles(), componentFiles()),
  );
});

test("the web component keeps the reader's jobs: through attribute and property changes, a move, and tells the page", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = await watch(page);
  await page.goto(`${course.url}/components.html`);
  const card = page.locator('firetime-card[card=collisions]');
  const bandSet = card.getByTestId('band-set');
  await expect(bandSet).toContainText('12 members');
  // The reader adds their own jobs: 24 in all.
  await page.evaluate(() => {
    const element = document.querySelector('firetime-card[card=collisions]')!;
    (window as unknown as { changes: unknown[] }).changes = [];
    element.addEventListener('firetime:change', (event) =>
      (window as unknown as { changes: unknown[] }).changes.push((event as CustomEvent).detail),
    );
  });
  await card.getByRole('button', { name: 'Enqueue N in one millisecond' }).click();
  await expect(bandSet).toContainText('24 members');
  const detail = await page.evaluate(() => (window as unknown as { changes: Array<Record<string, unknown>> }).changes.at(-1));
  expect(detail).toMatchObject({ card: 'collisions', jobs: { textbook: 24, band: 24 }, touched: true });
  expect(String(detail!.link)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#s=1~/);

  // A site's dark-mode toggle: the theme changes, the jobs stay.
  await card.evaluate((element) => element.setAttribute('theme', 'dark'));
  await expect(card.locator('article')).toHaveAttribute('data-theme', 'dark');
  await expect(bandSet).toContainText('24 members');
  // Properties mirror the attributes.
  await card.evaluate((element) => {
    (element as unknown as { theme: string }).theme = 'light';
    (element as unknown as { headingLevel: number }).headingLevel = 3;
  });
  await expect(card).toHaveAttribute('theme', 'light');
  await expect(card.getByRole('heading', { level: 3, name: 'Jobs due in the same millisecond' })).toBeVisible();
  await expect(bandSet).toContainText('24 members');
  // A parameter changed by the author is applied to the reader's state: the delay moves, the jobs stay.
  await card.evaluate((element) => ((element as unknown as { delay: number }).delay = 9000));
  await expect(bandSet).toContainText('24 members');
  // Moved to another place in the page: the same card, the same jobs.
  await card.evaluate((element) => document.querySelector('header')!.append(element));
  await expect(page.locator('header firetime-card').getByTestId('band-set')).toContainText('24 members');
  // The card turned into another card keeps the state too: the wake card reads the same sets.
  await card.evaluate((element) => ((element as unknown as { card: string }).card = 'wake'));
  await expect(page.locator('header firetime-card').getByTestId('wake-due')).toHaveText('0 jobs');
  await expect(page.locator('header firetime-card').getByTestId('wake-next')).toHaveText(/^\d+$/);
  expect(
    await page.evaluate(
      () =>
        (document.querySelector('header firetime-card') as unknown as { cardState: { jobs: { band: number } } }).cardState.jobs
          .band,
    ),
  ).toBe(24);
  // A typo in an attribute is named in the card.
  await page.locator('header firetime-card').evaluate((element) => element.setAttribute('dealy', '9000'));
  await expect(page.locator('header firetime-card').getByTestId('card-notes')).toContainText(
    'Ignored dealy: not a parameter of the cards (did you mean delay?).',
  );
  // A javascript: app address never becomes the link.
  await page.locator('header firetime-card').evaluate((element) => element.setAttribute('app', 'javascript:alert(1)'));
  await expect(page.locator('header firetime-card').getByRole('link', { name: 'Open in firetime' })).toHaveAttribute(
    'href',
    /^http:\/\/127\.0\.0\.1:\d+\/#s=/,
  );
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a sandboxed frame (sandbox="allow-scripts", origin null) loads the card and sizes itself', async ({ page }) => {
  const errors = await watch(page);
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(`${course.url}/sandbox.html`);
  for (const name of ['band', 'wake']) {
    const frame = page.frameLocator(`iframe[data-card=${name}]`);
    await page.locator(`iframe[data-card=${name}]`).scrollIntoViewIfNeeded();
    await expect(frame.getByRole('heading', { level: 2 })).toBeVisible();
    // styled: its stylesheet loaded across origins
    expect(await frame.locator('article').evaluate((article) => getComputedStyle(article).borderTopStyle)).toBe('solid');
    const height = await frame.locator('article').evaluate((article) => Math.ceil(article.getBoundingClientRect().height));
    await expect(page.locator(`iframe[data-card=${name}]`)).toHaveAttribute('height', String(height));
  }
  await expect(page.frameLocator('iframe[data-card=band]').getByTestId('band-used')).toHaveText('4,096 of 4,096');
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the embed assets are readable from any origin and the hashed ones cached for good', async ({ request, page }) => {
  await page.goto('/embed/?card=delay');
  const assets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=stylesheet]')].map((node) =>
      'src' in node ? node.src : node.href,
    ),
  );
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const url of [...assets, `${APP_ORIGIN}/firetime-card.js`]) {
    const answer = await request.get(url, { headers: { Origin: 'null' } });
    expect(answer.headers()['access-control-allow-origin'], url).toBe('*');
    if (url.includes('/assets/')) expect(answer.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
  }
});

const HEIGHT_WIDTHS = [360, 460, 700] as const;
const HEIGHTS_CSS = resolve(import.meta.dirname, '..', 'examples', 'course', 'heights.css');
const EMBED_DOC = resolve(import.meta.dirname, '..', 'docs', 'embed.md');
/** With no script an element is never defined: its room is its fallback's, not the card's (no empty box under two lines). */
const NO_SCRIPT_RULE = '@media (scripting: none) {\n  firetime-card:not(:defined)[card] {\n    height: auto;\n  }\n}';
/** The course page's card column (lesson.css: minmax(320px, 460px) beside the text). */
const COURSE_COLUMN = 460;

test("each card's first height, measured at the widths an author gives it (the placeholders and the docs' table)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const heights: Record<string, Record<number, number>> = {};
  // Each card is opened once and its column set to each width in turn: untouched, it still shows its
  // opening state, and what follows the width (the band grid, through its ResizeObserver) has
  // redrawn by the second frame after the resize.
  for (const name of CARDS) {
    await page.setViewportSize({ width: HEIGHT_WIDTHS[0], height: 900 });
    await page.goto(`/embed/?card=${name}`);
    const article = page.locator('article');
    await expect(article.getByRole('heading', { level: 2 })).toBeVisible();
    for (const width of HEIGHT_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await twoFrames(page);
      (heights[name] ??= {})[width] = await article.evaluate((node) => Math.ceil(node.getBoundingClientRect().height));
    }
  }
  const css = [
    "/* Written by e2e/embed.spec.ts (FIRETIME_UPDATE_DOCS=1): each card's measured first height in this page's column. */",
    ...CARDS.map(
      (name) =>
        `iframe[data-card='${name}'],\nfiretime-card:is(:not(:defined), :state(building))[card='${name}'] {\n  display: block;\n  height: ${heights[name]![COURSE_COLUMN]}px;\n}`,
    ),
    NO_SCRIPT_RULE,
    '',
  ].join('\n');
  const docsCss = CARDS.map(
    (name) =>
      `iframe.firetime[src*='card=${name}'],\nfiretime-card:is(:not(:defined), :state(building))[card='${name}'] {\n  display: block;\n  height: ${heights[name]![COURSE_COLUMN]}px;\n}`,
  )
    .concat(NO_SCRIPT_RULE)
    .join('\n');
  const table = [
    '| Card | ' + HEIGHT_WIDTHS.map((width) => `${width} px wide`).join(' | ') + ' |',
    '|---|' + HEIGHT_WIDTHS.map(() => '---:').join('|') + '|',
    ...CARDS.map((name) => `| \`${name}\` | ${HEIGHT_WIDTHS.map((width) => `${heights[name]![width]} px`).join(' | ')} |`),
    '',
    '```css',
    docsCss,
    '```',
  ].join('\n');
  if (process.env.FIRETIME_UPDATE_DOCS === '1') {
    writeFileSync(HEIGHTS_CSS, css);
    const doc = readFileSync(EMBED_DOC, 'utf8');
    writeFileSync(EMBED_DOC, doc.replace(/(<!-- heights -->\n)[\s\S]*?(<!-- \/heights -->)/, `$1${table}\n$2`));
  }
  // The committed figures are this build's (within a few px of font rounding).
  for (const file of [HEIGHTS_CSS, EMBED_DOC]) {
    const written = readFileSync(file, 'utf8');
    for (const name of CARDS) {
      const match = new RegExp(`\\[card='${name}'\\] \\{\\n  display: block;\\n  height: (\\d+)px`).exec(written);
      expect(match, `${file} has ${name}: run with FIRETIME_UPDATE_DOCS=1`).not.toBeNull();
      expect(Math.abs(Number(match![1]) - heights[name]![COURSE_COLUMN]!), `${file} ${name}`).toBeLessThanOrEqual(4);
    }
  }
});

test('the documented placeholder keeps the web-component page still as the cards arrive (CLS under 0.1)', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${course.url}/components.html`);
  for (const name of CARDS)
    await expect(page.locator(`firetime-card[card=${name}]`).getByRole('heading', { level: 2 })).toBeVisible();
  for (const name of CARDS) await page.locator(`firetime-card[card=${name}]`).scrollIntoViewIfNeeded();
  const cls = await page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
  );
  expect(cls).toBeLessThan(0.1);
});

test('a page of 40 cards stays still while they are built in turns, opened at its top or at a card far down (CLS under 0.1)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1100, height: 900 });
  // The documented placeholder (heights.css) and 40 cards: more than one task's builds, so most wait their turn.
  const body = Array.from(
    { length: 40 },
    (_, i) =>
      `<p id="p${i}">The lesson's text before card ${i}.</p><firetime-card card="${CARDS[i % 4]}" app="${APP_ORIGIN}/"></firetime-card>`,
  ).join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>40 cards</title><link rel="stylesheet" href="lesson.css"><link rel="stylesheet" href="heights.css"><script type="module" src="firetime-card.js"></script></head><body><main>${body}</main></body></html>`;
  await page.route(`${course.url}/many.html`, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  await page.addInitScript(() => {
    const seen = { shifts: [] as number[], waiting: -1 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) seen.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    // Right after the module ran (module scripts run before DOMContentLoaded): the cards still waiting for their turn.
    document.addEventListener('DOMContentLoaded', () => {
      seen.waiting = document.querySelectorAll('firetime-card:state(building)').length;
    });
  });
  for (const at of ['', '#p30']) {
    await page.goto(`${course.url}/many.html${at}`);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('firetime-card'), (card) => card.cardState).every((state) => state !== null),
    );
    const seen = await page.evaluate(() => (window as unknown as { seen: { shifts: number[]; waiting: number } }).seen);
    expect(seen.waiting, `${at}: cards built in turns`).toBeGreaterThan(0);
    expect(
      seen.shifts.reduce((sum, value) => sum + value, 0),
      `${at || 'top'}: ${seen.shifts.join(', ')}`,
    ).toBeLessThan(0.1);
  }
});

test('printed, each card stays on one page with its link written out', async ({ page }) => {
  await page.goto(`${course.url}/components.html`);
  for (const name of CARDS)
    await expect(page.locator(`firetime-card[card=${name}]`).getByRole('heading', { level: 2 })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const card = page.locator('firetime-card[card=band]');
  expect(await card.evaluate((element) => getComputedStyle(element).breakInside)).toBe('avoid');
  const after = await card
    .getByRole('link', { name: 'Open in firetime' })
    .evaluate((link) => getComputedStyle(link, '::after').content);
  expect(after).toMatch(/^" \(http:\/\/127\.0\.0\.1:\d+\/#s=1~[^)]+\)"$/);
});

test("theme=auto follows the host's color-scheme when it sets one, not only the reader's preference", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${course.url}/components.html`);
  const card = page.locator('firetime-card[card=wake]');
  await expect(card.locator('article')).toHaveAttribute('data-theme', 'auto');
  // A light-only course page: its cards stay light for a reader who prefers dark.
  await card.evaluate((element) => {
    (element as HTMLElement).style.colorScheme = 'light';
    element.setAttribute('theme', 'auto');
  });
  await expect(card.locator('article')).toHaveAttribute('data-theme', 'light');
  expect(await card.locator('article').evaluate((article) => getComputedStyle(article).backgroundColor)).toBe(
    'rgb(255, 255, 255)',
  );
});
