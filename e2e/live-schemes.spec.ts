/**
 * Library-aware scores in the Live panel against a real redis-server, the real bridge and real
 * queues: a BullMQ 6.7.0 queue's `:marker` key is shown as the worker's next wake (not decoded as
 * a 1970 score), and a Bull 4 queue's delayed set is read by its own scheme, told by the queue's
 * row (GET /api/queues?queue=), with no band grid and no "bumped".
 */
import { expect, test } from '@playwright/test';
import { Queue } from 'bullmq';
import type { RunningBridge } from '../bridge/bridge.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { screenshot } from './screenshot.ts';
import { addBullDelayed } from '../test-support/bullFixture.ts';
import { startLocalBridge, stopAll } from './localBridge.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

const MINUTE = 60_000;

let redis: RedisProcess;
let bridge: RunningBridge;

test.beforeAll(async () => {
  redis = await startRedisServer();
  const connection = { host: '127.0.0.1', port: redis.port };
  // no worker: the marker holds the head's fire-time, 4 minutes out
  const mail = new Queue('mail', { connection });
  await mail.add('send', {}, { delay: 4 * MINUTE });
  await mail.close();
  // Bull 4: three jobs in one millisecond, their slots the ids' (1, 2, 3)
  const timestamp = Date.now();
  await addBullDelayed(
    connection,
    'legacy',
    [1, 2, 3].map(() => ({ timestamp, delay: 30 * MINUTE })),
  );
  bridge = await startLocalBridge(redis.port);
});

test.afterAll(() => stopAll(bridge, redis));

async function openKey(page: import('@playwright/test').Page, key: string) {
  const live = page.getByTestId('live-redis');
  await live.scrollIntoViewIfNeeded();
  await live.getByTestId('live-bridge-url').fill(bridge.url);
  await live.getByTestId('live-pattern').fill('bull:*');
  await live.getByRole('button', { name: 'List keys' }).click();
  await live.getByTestId('live-keys').getByRole('button', { name: key }).click();
  return live;
}

test("a BullMQ queue's marker key reads as the worker's next wake", async ({ page }, testInfo) => {
  await page.goto('/?stage');
  const live = await openKey(page, 'bull:mail:marker');
  const marker = live.getByTestId('live-marker');
  await expect(marker.getByTestId('live-marker-wake')).toHaveText(
    /^The worker’s next wake: (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC \(in (3 min \d+ s|4 min)\)\.$/,
  );
  await expect(marker).toContainText('Times by the server’s clock');
  await expect(live).not.toContainText('not a band score');
  await expect(live).not.toContainText('1970');
  await expect(live.getByTestId('live-flags')).toHaveCount(0);
  await screenshot(marker, testInfo, 'live-marker-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await screenshot(marker, testInfo, 'live-marker-390');
});

test("a Bull queue's delayed set is read by its scheme, told by the queue's row", async ({ page }, testInfo) => {
  await page.goto('/?stage');
  const live = await openKey(page, 'bull:legacy:delayed');
  await expect(live.getByTestId('live-read-as')).toContainText(
    'Read as: Bull 3–4 or BullMQ before 5.8.6 (bull:legacy is a Bull queue)',
  );
  await expect(live.getByTestId('live-scheme')).toHaveValue('id-counter');
  const members = live.getByTestId('live-flags').getByRole('listitem');
  await expect(members).toHaveCount(3);
  await expect(members.locator('[data-flags="idSlot"]')).toHaveCount(3);
  await expect(live.getByTestId('live-band-select')).toHaveCount(0);
  await expect(live.getByTestId('live-summary')).not.toContainText('bumped');
  await expect(live.getByTestId('live-summary')).toContainText('in 1 millisecond.');
  await screenshot(live.getByTestId('live-read-as').locator('..').locator('..'), testInfo, 'live-bull-1280');

  // chosen as BullMQ's band, the same scores say first and bumped, and the band grid is back
  await live.getByTestId('live-scheme').selectOption('band');
  await expect(live.getByTestId('live-read-as')).toContainText('Read as: BullMQ 5.8.6 or later (as chosen;');
  await expect(members.locator('[data-flags="bumped"]')).toHaveCount(3);
  await expect(live.getByTestId('live-band-select')).toBeVisible();
});
