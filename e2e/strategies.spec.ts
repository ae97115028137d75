import { expect, test } from './sharedPage.ts';
import type { Locator } from '@playwright/test';
import { screenshot } from './screenshot.ts';

async function countIn(cell: Locator): Promise<number> {
  return Number((await cell.innerText()).replace(/[^\d]/g, ''));
}

test.describe('strategies compared', () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

  test('all in one ms: the textbook rules invert pairs, the band bump keeps FIFO', async ({ page }, testInfo) => {
    await page.goto('/?stage');
    const view = page.getByTestId('strategies');
    await view.scrollIntoViewIfNeeded();
    await expect(view.getByRole('heading', { name: 'Strategies compared on one arrival stream' })).toBeVisible();

    // bad sizes get a message beside the field; the button keeps the last valid size
    const size = view.getByLabel('Jobs (n)');
    await size.fill('200000');
    await expect(size).toHaveAttribute('aria-invalid', 'true');
    await expect(view.getByRole('alert')).toHaveText('At most 100,000 jobs.');
    await size.fill('2000');
    await expect(size).toHaveAttribute('aria-invalid', 'false');

    await view.getByRole('radio', { name: 'All in one ms' }).check();
    await view.getByRole('button', { name: 'Compare 2,000 jobs' }).click();
    const table = view.getByTestId('strategies-table');
    await expect(table).toBeVisible({ timeout: 60_000 });
    await expect(table.getByRole('caption')).toContainText('All in one ms, 2,000 jobs');

    expect(await countIn(view.getByTestId('inversions-textbook-s'))).toBeGreaterThan(0);
    expect(await countIn(view.getByTestId('inversions-textbook-ms'))).toBeGreaterThan(0);
    expect(await countIn(view.getByTestId('inversions-bullmq-band'))).toBe(0);
    expect(await countIn(view.getByTestId('inversions-kue'))).toBe(0);
    await expect(view.getByTestId('ties-textbook-ms')).toHaveText('1,999,000 (2,000)');
    await expect(view.getByTestId('ties-bullmq-band')).toHaveText('0 (0)');
    await expect(view.getByRole('img', { name: /^Band bump: .*FIFO\.$/ })).toBeVisible();
    await expect(view.getByRole('status')).toContainText('Compared 7 strategies on 2,000 jobs (All in one ms)');

    // the dots are painted: the band's canvas has coloured pixels
    const painted = await view
      .getByTestId('chart-bullmq-band')
      .locator('canvas')
      .evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
        return count;
      });
    expect(painted).toBeGreaterThan(100);

    await size.blur();
    await view.scrollIntoViewIfNeeded();
    await screenshot(view, testInfo, 'strategies', { docsName: 'strategies' });
  });
});

test.describe('strategies on the page’s own jobs', () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

  test('twelve same-ms jobs with plain-number ids: the textbook set inverts 24 pairs, the band none', async ({
    page,
  }, testInfo) => {
    await page.goto('/?stage');
    const clock = page.getByLabel('Clock instant (ms or ISO)');
    await clock.fill('2026-11-30T12:00:00.000Z');
    await clock.press('Tab');
    await page.getByLabel('Job id style').selectOption('N');
    const batch = page.getByLabel('N (jobs sharing one timestamp)');
    await batch.fill('12');
    await batch.press('Tab');
    await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
    await expect(page.getByTestId('band-set')).toContainText('12 members');

    const view = page.getByTestId('strategies');
    await view.scrollIntoViewIfNeeded();
    await view.getByRole('radio', { name: 'This page’s jobs' }).check();
    await expect(view.getByTestId('strategies-page-jobs')).toHaveText('12 jobs from the page.');
    await view.getByRole('button', { name: 'Compare 12 jobs' }).click();
    const table = view.getByTestId('strategies-table');
    await expect(table).toBeVisible({ timeout: 60_000 });
    await expect(table.getByRole('caption')).toHaveText(
      'This page’s jobs, 12 jobs (66 pairs): promotion order against arrival order',
    );
    // The textbook set above shows the same: "10", "11", "12" sort before "2".
    expect(await countIn(view.getByTestId('inversions-textbook-ms'))).toBe(24);
    expect(await countIn(view.getByTestId('inversions-bullmq-band'))).toBe(0);
    await view.scrollIntoViewIfNeeded();
    await screenshot(view, testInfo, 'strategies-page-jobs');
  });
});

test.describe('strategies on a phone, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('100,000 bursty jobs: progress, then every strategy counted, the page never wider than the screen', async ({
    page,
  }, testInfo) => {
    await page.goto('/?stage');
    const view = page.getByTestId('strategies');
    await view.scrollIntoViewIfNeeded();
    await view.getByRole('radio', { name: 'Bursty' }).check();
    await view.getByLabel('Jobs (n)').fill('100000');
    await view.getByRole('button', { name: 'Compare 100,000 jobs' }).click();
    await expect(view.getByRole('progressbar', { name: 'Comparison progress' })).toBeVisible();
    // the page stays responsive while the workers count: the field still takes input
    await view.getByLabel('Jobs (n)').fill('100001');
    await expect(view.getByRole('alert')).toHaveText('At most 100,000 jobs.');
    await view.getByLabel('Jobs (n)').fill('100000');
    await expect(view.getByTestId('strategies-table')).toBeVisible({ timeout: 120_000 });
    expect(await countIn(view.getByTestId('inversions-bullmq-band'))).toBe(0);
    expect(await countIn(view.getByTestId('inversions-textbook-s'))).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(view, testInfo, 'strategies-phone-dark');
  });
});
