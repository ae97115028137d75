import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { freezeClockAt, setRow } from './stageDriver.ts';
import { T0 } from '../test-support/instants.ts';

/** Sets the delay through the exact field. */
async function setDelay(page: Page, delay: number): Promise<void> {
  const exact = page.getByLabel('Exact delay (ms)');
  await exact.fill(String(delay));
  await exact.press('Tab');
}

test('a fresh page: one "Enqueue N at the same millisecond" leaves the textbook set out of due order and the band set in it', async ({
  page,
}) => {
  await page.goto('/?stage');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
  await expect(page.getByTestId('band-set')).toContainText('12 members');
  await expect(setRow(page, 'textbook-set', 1)).toContainText('10');
  await expect(page.getByTestId('textbook-set')).toContainText('out of due order: 24 pairs');
  await expect(page.getByTestId('band-set')).toContainText('out of due order: 0 pairs');
});

test('jobs due at different times in fire-time order are no pair: delay 10,000 then 1,000 reads 0 on both sets', async ({
  page,
}) => {
  await page.goto('/?stage');
  await setDelay(page, 10_000);
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await setDelay(page, 1000);
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(page.getByTestId('band-set')).toContainText('2 members');
  // the second job is due first, and both sets list it first
  for (const view of ['textbook-set', 'band-set'] as const) {
    await expect(setRow(page, view, 0).getByRole('cell').nth(3)).toHaveText('2');
    await expect(page.getByTestId(view)).toContainText('out of due order: 0 pairs');
    await expect(page.getByTestId(view).getByText('out of due order, arrival')).toHaveCount(0);
  }
});

test('ten plain ids in one millisecond: the textbook set is out of due order, the band set is not', async ({ page }) => {
  await page.goto('/?stage');
  await freezeClockAt(page, new Date(T0).toISOString());
  const batch = page.getByLabel('N (jobs sharing one timestamp)');
  await batch.fill('10');
  await batch.press('Tab');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
  await expect(page.getByTestId('band-set')).toContainText('10 members');
  // "10" sorts before "2".."9": 8 pairs, and the rows it jumped are marked
  await expect(page.getByTestId('textbook-set')).toContainText('out of due order: 8 pairs');
  await expect(setRow(page, 'textbook-set', 1)).toContainText('out of due order, arrival 10');
  await expect(page.getByTestId('band-set')).toContainText('out of due order: 0 pairs');
});

test('under a live clock the stage’s band keeps the jobs the last enqueue wrote', async ({ page }) => {
  // the page's clock is Playwright's: runFor moves it two seconds on at once, not in real time
  await page.clock.install({ time: T0 });
  await page.goto('/?stage');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
  const summary = page.getByTestId('band-summary');
  const now = page.getByTestId('clock-now');
  await expect(page.getByTestId('band-set')).toContainText('12 members');
  await expect(summary).toContainText('slots used: 12 of 4,096');
  const before = await now.textContent();
  // the live clock moves now + delay on by two seconds: the grid stays on the band the jobs are in
  await page.clock.runFor(2000);
  await expect(now).not.toHaveText(before ?? '');
  await expect(now).toContainText('(live)');
  await expect(summary).toContainText('slots used: 12 of 4,096');
});
