import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { decodeScenario, scenarioText } from '../src/session/scenarioCodec.ts';
import { decodeScore } from '../src/model/protocol/score.ts';
import { screenshot } from './screenshot.ts';

/** Enqueues one job with this delay (live clock) and returns its member and fire-time, read from the band set. */
async function enqueueWithDelay(page: Page, delay: number, arrival: number) {
  const field = page.getByLabel('Exact delay (ms)');
  await field.fill(String(delay));
  await field.press('Tab');
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  const member = `job:${arrival}`;
  const row = page.getByTestId('band-set').getByRole('row').filter({ hasText: member });
  const cells = await row.getByRole('cell').allTextContents();
  return { member, arrival, fireTime: decodeScore(Number(cells[2])).fireTime };
}

function byFireTime(a: { fireTime: number; arrival: number }, b: { fireTime: number; arrival: number }): number {
  return a.fireTime - b.fireTime || a.arrival - b.arrival;
}

/** "12:00:00.350Z" (a promoted row's time of day) as ms, on the day of `near`. */
function instantNear(timeOfDay: string, near: number): number {
  const day = new Date(near).toISOString().slice(0, 10);
  return Date.parse(`${day}T${timeOfDay}`);
}

test('auto-promote: with a live clock the worker lets jobs leave in fire-time order as their millisecond passes', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('firetime');
  await expect(page.getByTestId('auto-promote-status')).toContainText('Off.');

  // Three jobs, the later ones due sooner: fire-time order is the reverse of arrival (unless the
  // machine is slow enough between clicks; the order is read from the scores either way).
  const jobs = [await enqueueWithDelay(page, 600, 1), await enqueueWithDelay(page, 400, 2), await enqueueWithDelay(page, 200, 3)];
  const timeline = page.getByTestId('timeline');
  await timeline.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('timeline-marks')).toHaveAttribute('data-count', '3');
  await expect(timeline).toContainText('all 3 jobs in the band set');
  await screenshot(timeline, testInfo, 'timeline-waiting');

  await page.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }).check();
  await expect(timeline).toBeVisible();
  await expect(page.getByTestId('band-set')).toContainText('0 members', { timeout: 10_000 });
  await expect(page.getByTestId('auto-promote-status')).toContainText('the band set is empty');

  // With the worker running, two more: it sleeps on the first and re-arms for the one due sooner.
  jobs.push(await enqueueWithDelay(page, 600, 4));
  jobs.push(await enqueueWithDelay(page, 200, 5));
  await expect(page.getByTestId('band-set')).toContainText('0 members', { timeout: 10_000 });
  await expect(timeline).toContainText('nothing waiting in the band set');
  const expected = [...jobs.slice(0, 3).sort(byFireTime), ...jobs.slice(3).sort(byFireTime)];

  // The promoted list: every job, in fire-time order, none before its millisecond.
  const rows = await page.getByTestId('promoted-band-list').getByRole('listitem').allTextContents();
  expect(rows.map((row) => /job:\d+/.exec(row)?.[0])).toEqual(expected.map((job) => job.member));
  const leftAt = rows.map((row, i) => instantNear(/left at (\S+)/.exec(row)![1]!, expected[i]!.fireTime));
  leftAt.forEach((at, i) => expect(at).toBeGreaterThanOrEqual(expected[i]!.fireTime));

  // Each wake is a promote step recorded with the clock's reading (p@<ms>), in the link and the history.
  const promoteSteps = () => {
    const decoded = decodeScenario(scenarioText(new URL(page.url()).hash) ?? '');
    return decoded.ok ? decoded.scenario.operations.filter((op) => op.kind === 'promote').map((op) => op.at) : null;
  };
  await expect.poll(promoteSteps).toEqual([...new Set(leftAt)]); // the link is written in the frame after a change
  const promotes = promoteSteps() ?? [];
  expect(promotes.length).toBeGreaterThanOrEqual(2); // one wake at least before the last two jobs came, one after
  testInfo.annotations.push({ type: 'wakes', description: `${promotes.length} promotes for ${jobs.length} jobs; late by ${leftAt.map((at, i) => at - expected[i]!.fireTime).join(', ')} ms` });
  await screenshot(page.getByTestId('promote-panel'), testInfo, 'auto-promote');

  // Switched off, a new due job stays put.
  await page.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }).uncheck();
  await enqueueWithDelay(page, 200, 6);
  await page.waitForTimeout(600);
  await expect(page.getByTestId('band-set')).toContainText('1 member');
});
