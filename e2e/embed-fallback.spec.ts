/**
 * A reader with no JavaScript: the embed page shows what the cards teach when they open (their key
 * numbers, written into the page at build time from the model) and the links to the app in those
 * states; with JavaScript, the running card shows the same numbers and the same link.
 */
import { expect, test } from '@playwright/test';

test('with JavaScript off, the embed page lists each card’s opening numbers and its app link, the same as the running cards', async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto('/embed/?card=band');
  const fallback = still.getByTestId('card-fallback');
  await expect(fallback).toBeVisible();
  const item = (card: string) => fallback.locator(`dd[data-card="${card}"]`);
  await expect(item('collisions')).toContainText(
    'Textbook set: 12 members, 24 pairs out of due order. Band set: 12 members, in due order.',
  );
  await expect(item('band')).toContainText('4,096 of 4,096 slots');
  await expect(item('band')).toContainText('5 jobs share the ceiling score 7356889518084095');
  await expect(item('wake')).toContainText('the worker wakes at 1,796,115,605,000 ms (in 1 ms)');

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
  await noScript.close();
});
