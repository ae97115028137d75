import { expect, test } from './sharedPage.ts';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { screenshot } from './screenshot.ts';
import { textbookScore } from '../src/model/protocol/score.ts';
import { luaNumberArg } from '../src/model/redis/doubles.ts';
import { decodeScenario } from '../src/session/scenarioCodec.ts';
import { sessionScript } from '../src/session/sessionScript.ts';
import { T0 } from '../test-support/instants.ts';

/** What the page shows of both sets: the visible rows and their sizes. */
async function setsText(page: Page): Promise<string[]> {
  return [await page.getByTestId('band-set').innerText(), await page.getByTestId('textbook-set').innerText()];
}

/** The index of the first character where two texts differ (the shorter one's length if one starts the other), or -1 if they are the same. */
function firstDifference(a: string, b: string): number {
  if (a === b) return -1;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return at;
}

/** The page writes a change's history entry in the frame after it: let that frame pass. */
async function historyWritten(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0))));
}

async function buildScenario(page: Page) {
  await page.goto('/?stage');
  const clock = page.getByLabel('Clock instant (ms or ISO)');
  await clock.fill(new Date(T0).toISOString());
  await clock.press('Tab');
  // the steps below are written for job:N ids (a fresh page starts with plain numbers)
  await page.getByLabel('Job id style').selectOption('job:N');
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await page.getByLabel('Job id style').selectOption('N');
  const batch = page.getByLabel('N (jobs sharing one timestamp)');
  await batch.fill('5');
  await batch.press('Tab');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
  await page.getByRole('button', { name: '+1 s' }).click();
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(page.getByTestId('band-set')).toContainText('7 members');
  await historyWritten(page);
}

test('a scenario travels by URL, back/forward and undo/redo move through it, the export downloads, copy as redis-cli script confirms on screen', async ({
  page,
  context,
  browser,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await buildScenario(page);
  const shown = await setsText(page);
  expect(page.url()).toMatch(/#s=1~[0-9a-z]+~/);
  await screenshot(page, testInfo, 'scenario-built', { fullPage: true });
  await screenshot(page.getByRole('group', { name: 'Scenario' }), testInfo, 'scenario-bar', { docsName: 'scenario' });

  // The URL opened in a new browser context (no shared storage) replays to the same sets.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByTestId('band-set')).toContainText('7 members');
  expect(await setsText(fresh)).toEqual(shown);
  await expect(fresh.getByRole('alert')).toHaveCount(0);
  await screenshot(fresh, testInfo, 'scenario-new-context', { fullPage: true });
  await other.close();

  // Back: before the last enqueue (6 jobs); back again: before the clock step; forward twice: 7 again.
  await page.goBack();
  await expect(page.getByTestId('band-set')).toContainText('6 members');
  await page.goBack();
  await page.goBack();
  await expect(page.getByTestId('band-set')).toContainText('1 member');
  await page.goForward();
  await page.goForward();
  await page.goForward();
  await expect(page.getByTestId('band-set')).toContainText('7 members');
  expect(await setsText(page)).toEqual(shown);

  // Undo / redo from the keyboard (focus outside any text field).
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('band-set')).toContainText('6 members');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('band-set')).toContainText('1 member');
  await page.keyboard.press('Control+Shift+z');
  await page.keyboard.press('Control+Shift+z');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('band-set')).toContainText('7 members');
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();
  expect(await setsText(page)).toEqual(shown);

  // The export: a download whose first lines are the first job's two ZADDs.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download firetime-session.redis' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('firetime-session.redis');
  const script = await readFile(await download.path(), 'utf8');
  const lines = script.split('\n');
  expect(lines[0]).toBe(`ZADD delayed_queue ${luaNumberArg(textbookScore(T0, 5000, 's'))} job:1`);
  expect(lines[1]).toMatch(/^ZADD bull:firetime:delayed \d+ job:1$/);
  expect(lines.filter((line) => line.startsWith('ZADD'))).toHaveLength(14);
  await expect(page.getByTestId('export-status')).toContainText('Saved firetime-session.redis');
  await screenshot(page, testInfo, 'scenario-exported', { fullPage: true });

  // The same scenario copied to the clipboard instead.
  await page.getByRole('button', { name: 'Copy as redis-cli script' }).click();
  await expect(page.getByTestId('export-status')).toContainText('Copied 14 commands as a redis-cli script.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')[0]).toBe(`ZADD delayed_queue ${luaNumberArg(textbookScore(T0, 5000, 's'))} job:1`);
  await screenshot(page, testInfo, 'scenario-copied', { fullPage: true });
});

test('a hand-edited URL opens with a message and a working page', async ({ page }, testInfo) => {
  await page.goto(`/#s=1~b~d1000.us.f${T0}~e3.e99999`);
  await expect(page.getByRole('alert')).toContainText('could not be read');
  await expect(page.getByRole('alert')).toContainText('Step 2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('firetime');
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(page.getByTestId('band-set')).toContainText('1 member');
  await screenshot(page, testInfo, 'scenario-bad-url', { fullPage: true });
});

/** A 722-character link: 100 enqueues of 10,000 jobs at one frozen instant (1,000,000 jobs): past the scale. */
const PAST_SCALE_LINK = `/#s=1~k2x9a~f1796040000000~${Array.from({ length: 100 }, () => 'e10000').join('.')}`;
/** The largest link within the page's scale: 10 enqueues of 10,000 jobs (100,000 jobs). */
const HEAVY_LINK = `/#s=1~k2x9a~f1796040000000~${Array.from({ length: 10 }, () => 'e10000').join('.')}`;

test('a link past the scale is refused before any work, naming the limit; the page works and the address bar follows it', async ({
  page,
}, testInfo) => {
  expect(PAST_SCALE_LINK.length - '/#s='.length).toBe(722);
  await page.goto(PAST_SCALE_LINK);
  // the scenario bar mounts in its turn after the stage
  await expect(page.getByTestId('scenario-error')).toContainText(
    "This link would make a scenario of 1,000,000 jobs, past the page's limit of 100,000 (firetime works with up to 100,000 jobs and 100,000 steps in a scenario, 10,000 jobs in one action).",
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('scenario-loading')).toHaveCount(0);
  await expect(page.getByTestId('band-set')).toContainText('0 members');
  await historyWritten(page);
  expect(page.url()).not.toContain('e10000');
  await screenshot(page, testInfo, 'scenario-link-past-scale', { fullPage: true });
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(page.getByTestId('band-set')).toContainText('1 member');
});

test('a link of 100,000 jobs loads in slices with progress, answers input, and can be cancelled', async ({ page }, testInfo) => {
  // At the stated scale a quiet machine can replay the whole link before the test sees it loading:
  // the page's CPU is slowed (as Lighthouse's mobile run does) so the load is still running when
  // the test types and cancels, however fast the machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto(HEAVY_LINK);
  const loading = page.getByTestId('scenario-loading');
  // the progress is on the page from the first render, while the deferred parts wait their turns
  await expect(loading).toContainText(/Loading the scenario: [\d,]+ of 100,000 jobs replayed/, { timeout: 30_000 });
  // on the first screen, whatever the window: its Cancel is where the reader is looking
  await expect(loading).toBeInViewport();
  // The progress moves while the load runs.
  const jobsShown = async () => Number((/: ([\d,]+) of/.exec(await loading.innerText())?.[1] ?? '0').replace(/,/g, ''));
  await expect.poll(jobsShown).toBeGreaterThan(0);

  // The page answers typing during the load: the delay field takes the text and the load goes on.
  const exact = page.getByLabel('Exact delay (ms)');
  await exact.fill('1234');
  await expect(exact).toHaveValue('1234');
  await expect(loading).toBeVisible();
  await screenshot(page, testInfo, 'scenario-link-loading', { fullPage: true });

  await loading.getByRole('button', { name: 'Cancel' }).click();
  await expect(loading).toHaveCount(0);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByRole('alert')).toContainText('Loading the scenario was cancelled after');
  // The page before the load: empty sets, and it works.
  await expect(page.getByTestId('band-set')).toContainText('0 members');
  await historyWritten(page);
  expect(page.url()).not.toContain('e10000');
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(page.getByTestId('band-set')).toContainText('1 member');
});

// One load of a link at the scale (100,000 jobs, then a promote of them all) serves the claims
// about that scale: a load to the end, undo and redo of one enqueue at that size, the refusal of
// one more job, the promote's undo and redo in slices, and the export.
test('a link at the scale loads to the end; undo at its size is a step, not a replay; undo and redo of a promote of 100,000 jobs run in slices with progress; the export builds in slices, byte for byte', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const text = `${HEAVY_LINK.slice('/#s='.length)}.f1796040010000.p`;
  await page.goto(`/#s=${text}`);
  // The empty page shows 0 members too: wait for the load to end first.
  await expect(page.getByTestId('scenario-steps')).toContainText('12 steps', { timeout: 60_000 });
  await expect(page.getByTestId('scenario-loading')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('band-set')).toContainText(/\b0 members/);
  await page.getByRole('heading', { level: 1 }).click();
  // 200,000 jobs back into the two sets: more than one step at once (SYNC_JOBS), so in slices.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('scenario-loading')).toContainText('Undoing the promote');
  await expect(page.getByTestId('band-set')).toContainText('100,000 members', { timeout: 60_000 });
  await expect(page.getByTestId('scenario-loading')).toHaveCount(0);

  // Undo past the clock step, then of the last enqueue: 10,000 jobs out, one step; redo puts them back.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('band-set')).toContainText('100,000 members');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('band-set')).toContainText('90,000 members');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('band-set')).toContainText('100,000 members');
  // One more job is past the scale: refused under the buttons, the sets as they were.
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(page.getByRole('alert')).toContainText(
    "This enqueue would make a scenario of 100,001 jobs, past the page's limit of 100,000",
  );
  await expect(page.getByTestId('band-set')).toContainText('100,000 members');

  // Redo the clock step, then the promote: it takes the jobs out again (a head run a command: fast
  // enough that its progress may not show).
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('band-set')).toContainText('100,000 members');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('band-set')).toContainText(/\b0 members/, { timeout: 60_000 });

  // The export replays 100,000 jobs: in slices, then the same bytes as sessionScript gives at once.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Download firetime-session.redis' }).click(),
  ]);
  const decoded = decodeScenario(text);
  if (!decoded.ok) throw new Error(decoded.message);
  // the strings are compared here, not by toBe: a matcher's expected value goes into the step sent
  // to the test runner, and this one is megabytes; a difference is still reported by where it starts
  const exported = await readFile(await download.path(), 'utf8');
  expect(firstDifference(exported, sessionScript(decoded.scenario)), 'where the export differs from sessionScript').toBe(-1);
  await expect(page.getByTestId('export-building')).toHaveCount(0);
});
