import { expect, test } from './sharedPage.ts';
import type { Locator } from '@playwright/test';
import { RespClient } from '../test-support/resp-client.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { SATURATED_JOBS, fixtureEvalArgs } from '../test-support/delayedFixture.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { parseScoreArg } from '../src/model/redis/doubles.ts';
import { scoreFlags } from '../src/model/decoder/scoreDecoder.ts';
import { screenshot } from './screenshot.ts';
import { startLocalBridge, stopAll } from './localBridge.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

const KEY = 'bull:mail:delayed';
const HOSTILE = '<img src=x onerror="document.title=\'hacked\'">';
/** SetView and the flags list draw rows of these heights (px). */
const SET_ROW = 28;
const FLAG_ROW = 30;

let redis: RedisProcess;
let bridge: RunningBridge;
/** ZRANGE bull:mail:delayed 0 -1 WITHSCORES, as [member, score text]. */
let expected: Array<[string, string]>;

test.beforeAll(async () => {
  redis = await startRedisServer();
  const client = await RespClient.connect(redis.port);
  await client.call(...fixtureEvalArgs(KEY));
  await client.call('ZADD', 'bull:markup:delayed', '7356580085760000', HOSTILE);
  const flat = (await client.call('ZRANGE', KEY, 0, -1, 'WITHSCORES')) as string[];
  client.close();
  expected = [];
  for (let i = 0; i < flat.length; i += 2) expected.push([flat[i]!, flat[i + 1]!]);
  bridge = await startLocalBridge(redis.port);
});

test.afterAll(() => stopAll(bridge, redis));

/** The decoder's flags for the member at `position` of the Redis reply, 'shared' from its neighbours. */
function expectedFlags(position: number): string {
  const score = (i: number) => (expected[i] ? parseScoreArg(expected[i][1]) : null);
  const flags = [...scoreFlags(score(position)!)];
  if (score(position - 1) === score(position) || score(position + 1) === score(position)) flags.push('shared');
  return flags.sort().join(' ');
}

/** Scrolls a virtualized list so `position` is drawn. */
async function scrollTo(scroller: Locator, position: number, rowHeight: number): Promise<void> {
  await scroller.evaluate((element, top) => {
    element.scrollTop = top;
  }, position * rowHeight);
}

test('the Live Redis panel shows a real delayed set: same order, scores and flags as ZRANGE', async ({ page }, testInfo) => {
  await page.goto('/?stage');
  const live = page.getByTestId('live-redis');
  await live.scrollIntoViewIfNeeded();
  await expect(live.getByRole('heading', { name: 'Live Redis' })).toBeVisible();

  await live.getByTestId('live-bridge-url').fill(bridge.url);
  await live.getByRole('button', { name: 'List keys' }).click();
  const keys = live.getByTestId('live-keys').getByRole('button');
  await expect(keys).toHaveText(['bull:mail:delayed', 'bull:markup:delayed']);
  await keys.filter({ hasText: KEY }).click();

  const summary = live.getByTestId('live-summary');
  await expect(summary).toContainText(`${KEY}: 4,107 members (ZCARD), in 4 millisecond bands.`);
  await expect(summary.locator('[data-flag="ceiling"]')).toHaveText('5 at the ceiling: the band was full (saturated)');
  const setView = live.getByTestId('live-set-view');
  await expect(setView).toContainText('4,107 members');
  // due order: "5", due a millisecond before "4", is no pair; 9999 after 10000..10003 at the ceiling are four
  await expect(setView).toContainText('out of due order: 4 pairs');

  // order and score text, row by row where it matters: the same-ms collisions, the saturated
  // band's ceiling (10000..10003 before 9999), the two jobs past the cliff
  const setScroller = setView.locator('[role="rowgroup"][tabindex="0"]');
  const flagsList = live.getByTestId('live-flags');
  const checked = [0, 1, 2, 3, 4, 5, 4098, 4099, 4100, 4101, 4102, 4103, 4104, 4105, 4106];
  expect(checked.at(-1)).toBe(expected.length - 1);
  for (const position of checked) {
    const [member, scoreText] = expected[position]!;
    await scrollTo(setScroller, position, SET_ROW);
    const row = setView.locator(`[role="row"][aria-rowindex="${position + 2}"]`);
    await expect(row.getByRole('cell').nth(0)).toHaveText(String(position));
    await expect(row.getByRole('cell').nth(1)).toHaveText(member);
    await expect(row.getByRole('cell').nth(2)).toHaveText(scoreText);
    await scrollTo(flagsList, position, FLAG_ROW);
    const flagRow = flagsList.locator(`[data-member="${member}"]`);
    await expect(flagRow).toContainText(`Position: ${position}`);
    await expect(flagRow).toContainText(`Score: ${scoreText}`);
    const shown = (await flagRow.getAttribute('data-flags'))?.split(' ').sort().join(' ');
    expect(shown, `flags of ${member}`).toBe(expectedFlags(position));
  }
  expect(expected.slice(4100, 4105).map(([member]) => member)).toEqual(['10000', '10001', '10002', '10003', '9999']);
  expect(expectedFlags(4104)).toBe('ceiling shared');
  expect(expectedFlags(4106)).toContain('pastCliff');

  // the fullest millisecond in the band grid: the saturated one
  await expect(live.getByTestId('live-band-select')).toHaveValue(String(Date.UTC(2026, 10, 30, 12, 1)));
  await expect(live.getByTestId('live-band-select').locator('option:checked')).toHaveText(
    `2026-11-30T12:01:00.000Z · ${SATURATED_JOBS.toLocaleString('en-US')} jobs`,
  );
  await expect(live).toContainText('The band is full: 5 jobs share the ceiling score');

  await setScroller.evaluate((element) => {
    element.scrollTop = 0;
  });
  await flagsList.evaluate((element) => {
    element.scrollTop = 0;
  });
  await screenshot(live, testInfo, 'live-redis', { docsName: 'live-redis' });

  // a member written as markup stays text
  const title = await page.title();
  await keys.filter({ hasText: 'bull:markup:delayed' }).click();
  await expect(setView).toContainText(HOSTILE);
  await expect(live.locator('img')).toHaveCount(0);
  expect(await page.title()).toBe(title);
});

test('a key that is not UTF-8 opens, and bidi controls and line breaks in members show escaped', async ({ page }) => {
  const client = await RespClient.connect(redis.port);
  const script = "return redis.call('ZADD', 'odd:' .. string.char(255) .. ':delayed', 1, ARGV[1], 2, ARGV[2])";
  expect(await client.call('EVAL', script, 0, 'job\u202e1', 'two\r\nlines')).toBe(2);
  client.close();
  await page.goto('/?stage');
  const live = page.getByTestId('live-redis');
  await live.getByTestId('live-bridge-url').fill(bridge.url);
  await live.getByTestId('live-pattern').fill('odd:*');
  await live.getByRole('button', { name: 'List keys' }).click();
  await live.getByTestId('live-keys').getByRole('button', { name: 'odd:\\xff:delayed' }).click();
  const setView = live.getByTestId('live-set-view');
  await expect(setView).toContainText('2 members');
  await expect(setView.getByRole('cell').nth(1)).toHaveText('job\\u{202e}1');
  await expect(setView.getByRole('cell').nth(5)).toHaveText('two\\r\\nlines');
  expect(await live.textContent()).not.toMatch(/[\u202e\r\n\ufffd]/);
});

test('Redis down, then the bridge gone: the panel says so and the simulation keeps working', async ({ page }) => {
  await page.goto('/?stage');
  const live = page.getByTestId('live-redis');
  await live.getByTestId('live-bridge-url').fill(bridge.url);
  await live.getByRole('button', { name: 'List keys' }).click();
  await live.getByTestId('live-keys').getByRole('button', { name: KEY }).click();
  await expect(live.getByTestId('live-set-view')).toContainText('4,107 members');

  await redis.stop();
  await live.getByRole('button', { name: 'Refresh' }).click();
  const alert = live.getByTestId('live-problem');
  // the reason is the closed connection, or the refused reconnect once the bridge has tried again
  await expect(alert).toContainText(
    new RegExp(
      `^Cannot reach Redis at redis://127\\.0\\.0\\.1:${redis.port} \\((the connection closed|connect ECONNREFUSED [\\d.:]+)\\): is redis-server running there\\?`,
    ),
  );
  await expect(alert).toContainText('Showing the set as read at');
  await expect(live.getByTestId('live-set-view')).toContainText('4,107 members');

  await bridge.close();
  await live.getByRole('button', { name: 'Refresh' }).click();
  await expect(alert).toContainText(
    `Cannot reach the bridge at ${bridge.url}. Start it with "npm run bridge -- --redis redis://127.0.0.1:6379"`,
  );

  // the simulation above does not depend on the panel
  const bandSet = page.getByTestId('band-set');
  await expect(bandSet).toContainText('0 members');
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(bandSet).toContainText('1 member');
});

test('?live alone opens the Live panel itself (the page brought to it), asking about no bridge and reading nothing', async ({
  page,
}) => {
  // the stage without it starts at the top, the panel far below
  await page.goto('/?stage');
  const live = page.getByTestId('live-redis');
  await expect(live.getByRole('heading', { name: 'Live Redis' })).toBeAttached();
  await expect(live.getByRole('heading', { name: 'Live Redis' })).not.toBeInViewport();
  await page.goto('/?live');
  await expect(live.getByRole('heading', { name: 'Live Redis' })).toBeInViewport();
  await expect(live.getByTestId('live-link-ask')).toHaveCount(0);
  await expect(live.getByTestId('live-set-view')).toHaveCount(0);
});
