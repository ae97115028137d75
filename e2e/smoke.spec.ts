import { expect, test } from '@playwright/test';

test('the production build opens', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('firetime');
});
