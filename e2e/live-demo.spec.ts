import { expect, test } from '@playwright/test';
import { startLiveDemo } from '../scripts/liveDemo.ts';
import type { LiveDemo } from '../scripts/liveDemo.ts';
import { RespClient } from '../test-support/resp-client.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

const APP_URL = `http://127.0.0.1:${Number(process.env.FIRETIME_E2E_PORT ?? 4317)}`;

let demo: LiveDemo;

test.beforeAll(async () => {
  // what npm run live-demo starts (its own redis-server, the bridge, a BullMQ 6.7.0 producer and
  // worker), pointed at the preview page; only the first bursts, so the set holds still
  demo = await startLiveDemo(
    { redisUrl: null, bridgePort: 0, appUrl: APP_URL, queueName: 'firetime-demo', repeatEveryMs: null },
    () => undefined,
  );
});

test.afterAll(async () => {
  await demo?.stop();
});

test('the live demo’s link opens the Live Redis panel on the real BullMQ queue’s delayed set', async ({ page }) => {
  const port = Number(new URL(demo.redisUrl).port);
  const client = await RespClient.connect(port);
  const flat = (await client.call('ZRANGE', demo.delayedKey, 0, -1, 'WITHSCORES')) as string[];
  client.close();
  expect(flat.length / 2).toBe(demo.added());

  await page.goto(demo.pageUrl.slice(APP_URL.length));
  const live = page.getByTestId('live-redis');
  await live.scrollIntoViewIfNeeded();
  await expect(live.getByTestId('live-bridge-url')).toHaveValue(demo.bridge.url);
  await expect(live.getByTestId('live-keys').getByRole('button', { name: demo.delayedKey })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // 3 + 4,100 + 200 jobs, each burst in one ms: three bands; the 4,100-job band is full, so five share its ceiling
  const summary = live.getByTestId('live-summary');
  await expect(summary).toContainText(`${demo.delayedKey}: 4,303 members (ZCARD), in 3 millisecond bands.`);
  await expect(summary.locator('[data-flag="ceiling"]')).toHaveText('5 at the ceiling: the band was full (saturated)');

  // the first rows are the real set's first members and scores, as Redis printed them
  const rows = live.getByTestId('live-set-view').getByRole('row');
  for (let i = 0; i < 3; i++) {
    await expect(
      rows
        .nth(i + 1)
        .getByRole('cell')
        .nth(1),
    ).toHaveText(flat[2 * i]!);
    await expect(
      rows
        .nth(i + 1)
        .getByRole('cell')
        .nth(2),
    ).toHaveText(flat[2 * i + 1]!);
  }
});
