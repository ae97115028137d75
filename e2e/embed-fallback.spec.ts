/**
 * A reader with no JavaScript: the embed page shows what the cards teach when they open (their key
 * numbers, written into the page at build time from the model) and the links to the app in those
 * states; with JavaScript, the running card shows the same numbers and the same link. A frame
 * whose address ends in its card's name (`?card=band#band`, the docs' snippet) shows that card's
 * alone, on screen and in print. The web-component course page holds each card's fallback inside
 * its element (written by the course server from the model): shown with no JavaScript, hidden
 * once the card runs.
 */
import { expect, test } from './sharedPage.ts';
import type { Page } from '@playwright/test';
import { startCourseServer } from '../examples/course/serve.ts';
import type { CourseServer } from '../examples/course/serve.ts';
import { freePort } from '../test-support/redisProcess.ts';
import { APP_ORIGIN } from './appOrigin.ts';

let course: CourseServer;
/** The spec's one page with JavaScript off (a setting of its context), shared by its tests as sharedPage.ts shares the other. */
let noScript: Page;

test.beforeAll(async ({ browser }) => {
  course = await startCourseServer(await freePort(), APP_ORIGIN);
  const context = await browser.newContext({ baseURL: APP_ORIGIN, javaScriptEnabled: false });
  noScript = await context.newPage();
});

test.afterAll(async () => {
  await course?.close();
  await noScript?.context().close();
});

/** The page with JavaScript off, at `url`: loaded afresh (after a blank document, so a change of # alone reloads too), on screen. */
async function pageWithoutScript(url: string): Promise<Page> {
  await noScript.goto('about:blank');
  await noScript.emulateMedia({ media: null });
  await noScript.goto(url);
  return noScript;
}

test('with JavaScript off, the embed page lists each card’s opening numbers and its app link, the same as the running cards', async ({
  page,
}) => {
  const still = await pageWithoutScript('/embed/?card=band');
  const fallback = still.getByTestId('card-fallback');
  await expect(fallback).toBeVisible();
  const item = (card: string) => fallback.locator(`[data-card="${card}"] dd`);
  await expect(item('collisions')).toContainText(
    'Textbook set: 12 members, 24 pairs out of due order. Band set: 12 members, in due order.',
  );
  await expect(item('band')).toContainText('4,096 of 4,096 slots');
  await expect(item('band')).toContainText('5 jobs share the ceiling score 7356889518084095');
  await expect(item('wake')).toContainText('the worker wakes at 1,796,115,605,000 ms (in 1 ms)');
  // An address with no card name after # (the older snippet): the four cards, all shown.
  for (const card of ['delay', 'collisions', 'band', 'wake']) await expect(item(card)).toBeVisible();

  for (const card of ['delay', 'collisions', 'band', 'wake']) {
    const link = item(card).getByRole('link', { name: 'Open in firetime' });
    const href = new URL((await link.getAttribute('href'))!, still.url()).href;
    // The running card (JavaScript on) links to the same state...
    await page.goto(`/embed/?card=${card}`);
    await expect(page.getByTestId(`card-${card}`).locator('.ft-open')).toHaveAttribute('href', href);
    // ...and shows the fallback's numbers.
    if (card === 'band') {
      await expect(page.getByTestId('band-used')).toHaveText('4,096 of 4,096');
      await expect(page.getByTestId('band-ceiling')).toHaveText('5 jobs');
    }
    if (card === 'collisions') await expect(page.getByTestId('textbook-set-badge')).toHaveText('24 pairs out of due order');
    if (card === 'wake') await expect(page.getByTestId('wake-due')).toHaveText('0 jobs');
  }
  // With JavaScript the list is not shown (it sits in <noscript>).
  await expect(page.getByTestId('card-fallback')).toHaveCount(0);
});

test('with JavaScript off, a frame at ?card=band#band shows the band card’s numbers and link alone, on screen and in print', async () => {
  const still = await pageWithoutScript('/embed/?card=band#band');
  const fallback = still.getByTestId('card-fallback');
  for (const media of ['screen', 'print'] as const) {
    await still.emulateMedia({ media });
    await expect(fallback.locator('[data-card="band"] dd')).toBeVisible();
    await expect(fallback.locator('[data-card="band"] dd')).toContainText('5 jobs share the ceiling score 7356889518084095');
    await expect(fallback.getByRole('link', { name: 'Open in firetime' })).toHaveCount(1);
    for (const card of ['delay', 'collisions', 'wake']) await expect(fallback.locator(`[data-card="${card}"]`)).toBeHidden();
    await expect(fallback.locator('p')).toHaveText(
      'This firetime card needs JavaScript. What it shows when it opens, and the full app in that state:',
      { useInnerText: true },
    );
  }
});

test('with JavaScript off, each <firetime-card> of the course page shows its own opening numbers and link; with it, the card', async ({
  page,
}) => {
  const still = await pageWithoutScript(`${course.url}/components.html`);
  const element = (on: typeof page, card: string) => on.locator(`firetime-card[card=${card}]`);
  const numbers: Record<string, RegExp> = {
    delay: /^Fire-time 1,796,115,605,000 ms: textbook score 1796115605000, band floor 7356889518080000/,
    collisions: /^Textbook set: 12 members, 24 pairs out of due order\. Band set: 12 members, in due order\.$/,
    band: /^4,096 of 4,096 slots .* 5 jobs share the ceiling score 7356889518084095\.$/,
    wake: /^Now 1,796,115,604,999 ms: 0 jobs due; .* \(in 1 ms\)\.$/,
  };
  await page.goto(`${course.url}/components.html`);
  for (const [card, text] of Object.entries(numbers)) {
    await expect(element(still, card).locator(':scope > p')).toHaveText(text);
    await expect(element(still, card).locator(':scope > p')).toBeVisible();
    // The placeholder keeps no card-sized room when no card will come: the element is as tall as its fallback.
    const [box, content] = await element(still, card).evaluate((node) => [
      node.getBoundingClientRect().height,
      Array.from(node.children).reduce((sum, child) => sum + child.getBoundingClientRect().height, 0),
    ]);
    expect(box).toBeLessThan(content! + 60);
    const link = element(still, card).locator(':scope > a');
    await expect(link).toBeVisible();
    // The same state the running card links to.
    const running = element(page, card).locator('.ft-open');
    await expect(running).toHaveAttribute('href', (await link.getAttribute('href'))!);
    await expect(element(page, card).locator(':scope > p')).toBeHidden();
  }
});
