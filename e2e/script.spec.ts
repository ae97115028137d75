/**
 * The script stepper: the installed bullmq's getDelayedScore.lua, stepped through for the job the
 * page would enqueue next. For a floor, a bump and a ceiling job the line marked
 * aria-current="step" and the values at the lines must be those of the model's getDelayedScore
 * (delayed.ts), computed here for the same arrivals.
 */
import { expect, test } from './sharedPage.ts';
import type { Page } from '@playwright/test';
import { addDelayedJob, getDelayedScore } from '../src/model/protocol/delayed.ts';
import { bandOf, fireTimeOf } from '../src/model/protocol/score.ts';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import { axeViolations } from './axe.ts';
import { screenshot } from './screenshot.ts';
import { freezeClockAt } from './stageDriver.ts';
import { T0 } from '../test-support/instants.ts';

const KEY = 'delayed';

/** What the model gives the next job after `jobs` jobs were enqueued at T0 with `delay` (the fresh page's plain ids 1, 2, ...). */
function modelAfter(jobs: number, delay: number) {
  const redis = new MemoryRedis();
  for (let n = 1; n <= jobs; n++) addDelayedJob(redis, KEY, String(n), T0, delay);
  return getDelayedScore(redis, KEY, T0, delay);
}

async function openStepper(page: Page) {
  await page.goto('/?stage');
  await freezeClockAt(page, new Date(T0).toISOString());
  const stepper = page.getByTestId('script-stepper');
  await stepper.scrollIntoViewIfNeeded();
  await expect(stepper.getByTestId('script-listing')).toBeVisible();
  return stepper;
}

async function delayOf(page: Page): Promise<number> {
  return Number(await page.getByLabel('Exact delay (ms)').inputValue());
}

test('the stepper marks each line getDelayedScore runs, with its values, for a floor, a bump and a ceiling job', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const stepper = await openStepper(page);
  const delay = await delayOf(page);
  const fireTime = fireTimeOf(T0, delay);
  const { minScore, maxScore } = bandOf(fireTime);
  const marked = stepper.locator('[aria-current="step"]');
  const listing = stepper.getByTestId('script-listing');

  await expect(stepper.getByTestId('script-package')).toHaveText('bullmq 6.7.0');
  await expect(stepper.getByTestId('script-license')).toHaveText('MIT');
  await expect(stepper.locator('[aria-current]')).toHaveCount(1);
  await expect(marked).toContainText('local function getDelayedScore(delayedKey, timestamp, delay)');
  await expect(marked).toContainText(`timestamp = ${T0}, delay = ${delay}`);

  // Next steps to the fire-time, then the band's bounds, each value shown at its line
  await stepper.getByRole('button', { name: 'Next' }).click();
  await expect(marked).toContainText('local delayedTimestamp =');
  await expect(marked).toContainText(`delayedTimestamp = ${fireTime}`);
  await stepper.getByRole('button', { name: 'Next' }).click();
  await stepper.getByRole('button', { name: 'Next' }).click();
  await expect(marked).toContainText('local maxScore = (delayedTimestamp + 1 ) * 0x1000 - 1');
  await expect(marked).toContainText(`maxScore = ${maxScore}`);
  await expect(stepper.getByTestId('script-value-minScore')).toHaveText(`minScore = ${minScore}`);
  await stepper.getByRole('button', { name: 'Previous' }).click();
  await expect(marked).toContainText(`minScore = ${minScore}`);
  await expect(stepper.getByTestId('script-value-maxScore')).toHaveCount(0);

  // a floor job: the band is empty
  const floor = modelAfter(0, delay);
  expect(floor.score).toBe(minScore);
  await listing.press('End');
  await expect(stepper.getByTestId('script-case')).toContainText('a floor job');
  await expect(marked).toContainText('return minScore, delayedTimestamp');
  await expect(marked).toContainText(`returns score ${floor.score}, ${floor.delayedTimestamp}`);
  await expect(stepper.getByTestId('script-value-result')).toHaveText('result = {}');
  await expect(stepper.getByTestId('script-value-currentMaxScore')).toHaveText('currentMaxScore = nil');
  await expect(stepper.getByTestId('script-value-band-full')).toHaveCount(0);

  // a bump: one job in the band, the next takes its score + 1
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  const bump = modelAfter(1, delay);
  expect(bump.score).toBe(minScore + 1);
  await expect(stepper.getByTestId('script-case')).toContainText('a bump');
  await listing.press('End');
  await expect(marked).toContainText('return currentMaxScore + 1, delayedTimestamp');
  await expect(marked).toContainText(`returns score ${bump.score}, ${bump.delayedTimestamp}`);
  await expect(stepper.getByTestId('script-value-result')).toHaveText(`result = { "1", "${minScore}" }`);
  await expect(stepper.getByTestId('script-value-currentMaxScore')).toHaveText(`currentMaxScore = ${minScore}`);
  await expect(stepper.getByTestId('script-value-band-full')).toHaveText('false');
  await listing.blur(); // the picture without the focus ring
  await screenshot(stepper, testInfo, 'script-stepper-bump', { docsName: 'script-stepper' });

  // a ceiling: 4,096 jobs fill every slot, the next shares maxScore
  await page.getByLabel('N (jobs sharing one timestamp)').fill('4095');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
  await expect(stepper.getByTestId('script-case')).toContainText('4,096 jobs');
  const ceiling = modelAfter(4096, delay);
  expect(ceiling.score).toBe(maxScore);
  await listing.press('End');
  await expect(stepper.getByTestId('script-case')).toContainText('a ceiling job');
  await expect(marked).toContainText('return maxScore, delayedTimestamp');
  await expect(marked).toContainText(`returns score ${ceiling.score}, ${ceiling.delayedTimestamp}`);
  await expect(stepper.getByTestId('script-value-result')).toHaveText(`result = { "4096", "${maxScore}" }`);
  await expect(stepper.getByTestId('script-value-band-full')).toHaveText('true');
  await listing.press('ArrowUp');
  await expect(marked).toContainText('if currentMaxScore >= maxScore then');
  await listing.press('Home');
  await expect(marked).toContainText('local function getDelayedScore(');
  await expect(stepper.locator('[aria-current]')).toHaveCount(1);
});

test('the stepper has no axe violations and names the stale header comment', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const stepper = await openStepper(page);
  const check = () => axeViolations(page, '[data-testid=script-stepper]');
  expect(await check()).toEqual([]);
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await stepper.getByTestId('script-listing').press('End');
  expect(await check()).toEqual([]);
  await expect(stepper.getByTestId('script-header-note')).toContainText('older than its code');
  // the header comment is on the page as the file has it
  await expect(stepper.getByTestId('script-listing')).toContainText('WARNING: Jobs that are so far apart that they wrap around');
});

test('on a phone the stepper fits its width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stepper = await openStepper(page);
  await stepper.getByTestId('script-listing').press('End');
  const overflow = await stepper.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
