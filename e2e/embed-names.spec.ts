/**
 * `names=echomq`, as the cards take it, in the app too: a course that teaches EchoMQ links to
 * `?names=echomq`, and the lesson and the stage then say `emq:{firetime}:delayed` and
 * getDelayedScore in addDelayedJob-6.lua, keeping the choice as the reader moves between them.
 */
import { expect, test } from '@playwright/test';

test('?names=echomq: the stage names EchoMQ’s key and script, and the way to the lesson and back keeps it', async ({ page }) => {
  await page.goto('/?lesson=1&names=echomq');
  await page.getByRole('link', { name: 'Open the free stage' }).click();
  await expect(page).toHaveURL(/\?stage&lesson=1&names=echomq#s=/);
  await expect(page.getByTestId('band-set')).toContainText(
    'emq:{firetime}:delayed, getDelayedScore (addDelayedJob-6.lua): each job',
  );
  const stepper = page.getByTestId('script-stepper');
  await expect(stepper.getByTestId('script-case')).toContainText('getDelayedScore("emq:{firetime}:delayed",');
  await expect(stepper.getByTestId('script-case')).toContainText('(in EchoMQ: getDelayedScore (addDelayedJob-6.lua))');

  await page.getByRole('link', { name: 'Back to the lesson' }).click();
  await expect(page).toHaveURL(/\?lesson=1&names=echomq$/);
  await expect(page.getByRole('link', { name: 'Open the free stage' })).toHaveAttribute('href', /names=echomq/);

  // BullMQ's names unless asked
  await page.goto('/?stage');
  await expect(page.getByTestId('band-set')).toContainText('addDelayedJob: each job');
  await expect(stepper.getByTestId('script-case')).toContainText('getDelayedScore("bull:firetime:delayed",');
  await expect(stepper.getByTestId('script-case')).not.toContainText('EchoMQ');
});
