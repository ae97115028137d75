import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { decodeScenario, scenarioText } from '../src/session/scenarioCodec.ts';
import { fireTimeOf } from '../src/model/protocol/score.ts';
import type { Scenario } from '../src/session/operations.ts';
import { screenshot } from './screenshot.ts';

/** Enqueues one job with this delay (live clock). */
async function enqueueWithDelay(page: Page, delay: number) {
  const field = page.getByLabel('Exact delay (ms)');
  await field.fill(String(delay));
  await field.press('Tab');
  await page.getByRole('button', { name: 'Enqueue job' }).click();
}

/** The page's scenario, read back from the link. */
function scenarioOf(page: Page): Scenario | null {
  const decoded = decodeScenario(scenarioText(new URL(page.url()).hash) ?? '');
  return decoded.ok ? decoded.scenario : null;
}

/** Each job's fire-time from the scenario: the instant its enqueue read (e1@<ms>) plus the delay then in effect. */
function jobsOf(scenario: Scenario): Array<{ member: string; arrival: number; fireTime: number }> {
  const jobs: Array<{ member: string; arrival: number; fireTime: number }> = [];
  let delay = scenario.initial.delay;
  for (const op of scenario.operations) {
    if (op.kind === 'delay') delay = op.delay;
    if (op.kind === 'enqueue')
      jobs.push({ member: `job:${jobs.length + 1}`, arrival: jobs.length + 1, fireTime: fireTimeOf(op.at, delay) });
  }
  return jobs;
}

function byFireTime(a: { fireTime: number; arrival: number }, b: { fireTime: number; arrival: number }): number {
  return a.fireTime - b.fireTime || a.arrival - b.arrival;
}

/** "12:00:00.350Z" (a promoted row's time of day) as ms, on the day of `near`. */
function instantNear(timeOfDay: string, near: number): number {
  const day = new Date(near).toISOString().slice(0, 10);
  return Date.parse(`${day}T${timeOfDay}`);
}

test('auto-promote: with a live clock the worker lets jobs leave in fire-time order as their millisecond passes', async ({
  page,
}, testInfo) => {
  await page.goto('/?stage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('firetime');
  await expect(page.getByTestId('auto-promote-status')).toContainText('Off.');
  // the steps below are written for job:N ids (a fresh page starts with plain numbers)
  await page.getByLabel('Job id style').selectOption('job:N');

  // Three jobs, the later ones due sooner: fire-time order is the reverse of arrival (unless the
  // machine is slow enough between clicks; the order is read from the scores either way).
  await enqueueWithDelay(page, 600);
  await enqueueWithDelay(page, 400);
  await enqueueWithDelay(page, 200);
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
  await enqueueWithDelay(page, 600);
  await enqueueWithDelay(page, 200);
  await expect(page.getByTestId('band-set')).toContainText('0 members', { timeout: 10_000 });
  await expect(timeline).toContainText('nothing waiting in the band set');
  await expect.poll(() => (scenarioOf(page) === null ? 0 : jobsOf(scenarioOf(page)!).length)).toBe(5); // the link follows in the next frame
  const jobs = jobsOf(scenarioOf(page)!);
  const expected = [...jobs.slice(0, 3).sort(byFireTime), ...jobs.slice(3).sort(byFireTime)];

  // The promoted list: every job, in fire-time order, none before its millisecond. The panel is
  // off screen here (the enqueues scrolled to the stage), where it follows the store once a
  // second (ReadWhileVisible): wait for the last two rows.
  const list = page.getByTestId('promoted-band-list');
  await expect(list.getByRole('listitem')).toHaveCount(5);
  const rows = await list.getByRole('listitem').allTextContents();
  expect(rows.map((row) => /job:\d+/.exec(row)?.[0])).toEqual(expected.map((job) => job.member));
  const leftAt = rows.map((row, i) => instantNear(/left at (\S+)/.exec(row)![1]!, expected[i]!.fireTime));
  leftAt.forEach((at, i) => expect(at).toBeGreaterThanOrEqual(expected[i]!.fireTime));

  // Each wake is a promote step recorded with the clock's reading (p@<ms>), in the link and the history.
  const promoteSteps = () =>
    scenarioOf(page)
      ?.operations.slice()
      .flatMap((op) => (op.kind === 'promote' ? [op.at] : [])) ?? null;
  await expect.poll(promoteSteps).toEqual([...new Set(leftAt)]); // the link is written in the frame after a change
  const promotes = promoteSteps() ?? [];
  expect(promotes.length).toBeGreaterThanOrEqual(2); // one wake at least before the last two jobs came, one after
  testInfo.annotations.push({
    type: 'wakes',
    description: `${promotes.length} promotes for ${jobs.length} jobs; late by ${leftAt.map((at, i) => at - expected[i]!.fireTime).join(', ')} ms`,
  });
  await screenshot(page.getByTestId('promote-panel'), testInfo, 'auto-promote');

  // Switched off, a new due job stays put. A running worker would have promoted it by a timer set
  // for its millisecond: wait, in the page, for a timer set for just after it (timers fire in the
  // order of their deadlines), then for the frame that would have drawn the promote and written it
  // to the link; then the job is still there and no promote step was recorded.
  await page.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }).uncheck();
  await expect(page.getByTestId('auto-promote-status')).toContainText('Off.');
  await enqueueWithDelay(page, 200);
  await expect.poll(() => (scenarioOf(page) === null ? 0 : jobsOf(scenarioOf(page)!).length)).toBe(6);
  const lastFireTime = jobsOf(scenarioOf(page)!).at(-1)!.fireTime;
  const waitedUntil = await page.evaluate(
    (fireTime) =>
      new Promise<number>((resolve) =>
        setTimeout(
          () => requestAnimationFrame(() => setTimeout(() => resolve(Date.now()), 0)),
          Math.max(0, fireTime - Date.now()) + 1,
        ),
      ),
    lastFireTime,
  );
  expect(waitedUntil).toBeGreaterThan(lastFireTime);
  await expect(page.getByTestId('band-set')).toContainText('1 member');
  expect(promoteSteps()).toEqual(promotes);
});
