import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CLIFF_FIRE_TIME, bandOf } from '../src/model/protocol/score.ts';
import { formatScore } from '../src/model/redis/doubles.ts';
import { screenshot } from './screenshot.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

function jumpButton(page: Page, name: string) {
  return page.getByRole('group', { name: 'Jump the fire-time to' }).getByRole('button', { name, exact: true });
}

test('the cliff: jump to 2^41 ms, enqueue three same-ms jobs, they share one score in member order', async ({
  page,
}, testInfo) => {
  await page.goto('/?stage');
  const explorer = page.getByTestId('cliff-explorer');
  await expect(explorer.getByRole('heading', { name: /precision cliff/ })).toBeVisible();

  // 1 ms before the cliff: still exact
  await jumpButton(page, '1 ms before the cliff').click();
  await expect(page.getByTestId('cliff-fire-time')).toHaveText(`${CLIFF_FIRE_TIME - 1} ms`);
  await expect(page.getByTestId('cliff-spacing')).toHaveText('1 (2^0)');
  await expect(page.getByTestId('cliff-distinct')).toHaveText('4,096 of 4,096');

  // the cliff: one bit dropped, the bump lost
  await jumpButton(page, 'The cliff').click();
  await expect(page.getByTestId('cliff-fire-time')).toHaveText(`${CLIFF_FIRE_TIME} ms`);
  await expect(page.getByLabel('Fire-time (ms or ISO)')).toHaveValue('2039-09-07T15:47:35.552Z');
  await expect(page.getByTestId('cliff-spacing')).toHaveText('2 (2^1)');
  await expect(page.getByTestId('cliff-bump')).toContainText('s + 1 == s');
  await expect(page.getByTestId('cliff-distinct')).toHaveText('2,048 of 4,096');
  await expect(page.getByTestId('cliff-ceiling')).toHaveText(formatScore(bandOf(CLIFF_FIRE_TIME + 1).minScore));

  // three jobs in that millisecond, through the page's own enqueue control
  const batch = page.getByLabel('N (jobs sharing one timestamp)');
  await batch.fill('3');
  await batch.press('Tab');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();

  const shared = formatScore(bandOf(CLIFF_FIRE_TIME).minScore);
  const ties = page.getByTestId('cliff-ties');
  await expect(ties).toContainText(`3 jobs share the score ${shared}`);
  await expect(ties).toContainText('falls back to member order');
  // the band set view shows the same: one score on every row
  const bandRows = page.getByTestId('band-set').getByRole('row');
  for (let position = 0; position < 3; position++) await expect(bandRows.nth(position + 1)).toContainText(shared);

  // what is not a date gets a message beside the field, and the clock stays
  const field = page.getByLabel('Fire-time (ms or ISO)');
  await field.fill('next tuesday');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(explorer.getByRole('alert')).toContainText('Not ms or an ISO instant');
  await expect(page.getByTestId('cliff-fire-time')).toHaveText(`${CLIFF_FIRE_TIME} ms`);
  await field.fill('2039-09-07T15:47:35.552Z');
  await expect(field).toHaveAttribute('aria-invalid', 'false');

  await field.blur();
  await explorer.scrollIntoViewIfNeeded();
  await screenshot(explorer, testInfo, 'cliff', { docsName: 'cliff' });
});
