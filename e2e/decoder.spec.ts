import { expect, test } from '@playwright/test';
import { bandOf } from '../src/model/protocol/score.ts';
import { screenshot } from './screenshot.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

test('the decoder: paste the example session, read the flags, see garbage listed, not run', async ({ page }, testInfo) => {
  await page.goto('/');
  const decoder = page.getByTestId('score-decoder');
  await decoder.scrollIntoViewIfNeeded();
  await expect(decoder.getByRole('heading', { name: 'Decode real scores' })).toBeVisible();

  // the example: a redis-cli terminal session over a BullMQ delayed set and resque's schedule
  await decoder.getByRole('button', { name: 'Try an example' }).click();
  await expect(decoder.getByLabel('Scores to decode')).toHaveValue(/^127\.0\.0\.1:6379> ZRANGE bull:mail:delayed 0 5 WITHSCORES/);
  const summary = decoder.getByTestId('decoder-summary');
  await expect(summary).toContainText("Read as redis-cli's numbered layout");
  await expect(summary).toContainText('16 scores in 4 millisecond bands (3 with several jobs, 1 saturated)');
  await expect(summary).toContainText('0 unreadable lines, 3 lines skipped');
  const flagCount = (flag: string) => summary.locator(`[data-flag="${flag}"]`);
  await expect(flagCount('ceiling')).toHaveText('4 at the ceiling: the band was full (saturated)');
  await expect(flagCount('pastCliff')).toHaveText('2 past the 2039 cliff (the +1 bump rounds away)');
  await expect(flagCount('notBand')).toHaveText('2 not a band score');

  const rows = decoder.getByTestId('decoder-rows').getByRole('listitem');
  await expect(rows.filter({ hasText: 'digest:münchen' })).toContainText('Slot: 3');
  const ceiling = rows.filter({ has: page.locator('[data-flags~="ceiling"]') });
  await expect(ceiling).toHaveCount(4);
  await expect(ceiling.first()).toContainText('Member: 10000');

  await screenshot(decoder, testInfo, 'decoder', { docsName: 'decoder' });

  // typed text decodes on its own after a pause; markup stays text
  const minScore = bandOf(Date.UTC(2026, 10, 30, 9, 0, 0, 0)).minScore;
  await decoder.getByLabel('Scores to decode').fill(`<b>bold</b>\n${minScore}\n1e400`);
  await expect(summary).toContainText('1 score in 1 millisecond band');
  await expect(decoder.locator('b')).toHaveCount(0);
  await expect(rows.first()).toContainText('Member: <b>bold</b>');
  await expect(decoder.getByTestId('decoder-unreadable').getByRole('listitem')).toHaveText([
    'line 3a member with no score line after it: cut off?1e400',
  ]);

  // 100,000 lines of numbered output (decoded in a Web Worker); the table scrolls to the last row
  await decoder.getByLabel('Scores to decode').evaluate((area: HTMLTextAreaElement, first: number) => {
    const lines: string[] = [];
    for (let i = 0; i < 50_000; i++) lines.push(`${2 * i + 1}) "job:${i}"`, `${2 * i + 2}) "${first + (i % 4096)}"`);
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, lines.join('\n'));
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, minScore);
  await decoder.getByRole('button', { name: 'Decode' }).click();
  await expect(summary).toContainText('50,000 scores in 1 millisecond band (1 with several jobs, 1 saturated)', {
    timeout: 20_000,
  });
  await expect(flagCount('ceiling')).toHaveText(/^12 at the ceiling/);
  const list = decoder.getByTestId('decoder-rows');
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(rows.last()).toContainText('Line: 100000');
  await expect(rows.last()).toContainText('Member: job:49999');
});
