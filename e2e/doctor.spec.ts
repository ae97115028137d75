/**
 * The Live panel's queues overview against a real redis-server, the real bridge and real BullMQ
 * 6.7.0 queues with no worker: jobs added 5 s ago with a 1 s delay are overdue, and the row and
 * the verdict say so; a queue whose job is an hour away is waiting, its marker on it. A paused
 * queue and one held by its worker's limiter are said to be so, with their evidence.
 * The same steps run on the build (vite preview, playwright.config.ts) and under the Vite dev
 * server, where React's StrictMode mounts every component twice and the reads must still end in
 * the rows and the verdict.
 */
import { expect, test } from './sharedPage.ts';
import type { Page } from '@playwright/test';
import { startDemoPage } from '../scripts/demoPage.ts';
import type { DemoPage } from '../scripts/demoPage.ts';
import { Queue, Worker } from 'bullmq';
import type { RunningBridge } from '../bridge/bridge.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { RespClient } from '../test-support/resp-client.ts';
import { APP_ORIGIN } from './appOrigin.ts';
import { startLocalBridge } from './localBridge.ts';
import { screenshot } from './screenshot.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

const OVERDUE_JOBS = 3;

let redis: RedisProcess;
/** The Vite dev server, with the project's vite.config.ts, on a free port (what live-demo serves under dev). */
let dev: DemoPage;
let bridge: RunningBridge;
let bridgeOpen = false;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dev = await startDemoPage('dev', 0, false);
});

test.afterAll(async () => {
  await dev?.close();
});

// a Redis, its queues and a bridge for each test: the jobs are as late in each, and the steps end by closing the bridge
test.beforeEach(async () => {
  redis = await startRedisServer();
  const connection = { host: '127.0.0.1', port: redis.port };
  const mail = new Queue('mail', { connection });
  const later = new Queue('later', { connection });
  // no worker: added 5 s ago with a 1 s delay, the mail jobs stay in the delayed set, due
  for (let i = 0; i < OVERDUE_JOBS; i++) await mail.add('send', { i }, { delay: 1000, timestamp: Date.now() - 5000 });
  await later.add('report', {}, { delay: 3_600_000 });
  await Promise.all([mail.close(), later.close()]);
  bridge = await startLocalBridge(redis.port, { origins: [APP_ORIGIN, dev.url] });
  bridgeOpen = true;
});

test.afterEach(async () => {
  if (bridgeOpen) await bridge.close();
  bridgeOpen = false;
  await redis?.stop();
});

for (const { server, origin } of [
  { server: 'vite preview', origin: () => APP_ORIGIN },
  { server: 'the Vite dev server', origin: () => dev.url },
]) {
  test(`under ${server}: the queues overview shows the overdue jobs of a queue with no worker, and the verdict says so`, async ({
    page,
  }) => {
    // under dev, the first visit compiles the modules it asks for
    test.setTimeout(120_000);
    await queuesOverviewSteps(page, origin());
  });
}

async function queuesOverviewSteps(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/?stage`);
  const live = page.getByTestId('live-redis');
  await live.scrollIntoViewIfNeeded();
  await live.getByTestId('live-bridge-url').fill(bridge.url);
  const queues = live.getByTestId('live-queues');
  await queues.getByRole('button', { name: 'Read queues' }).click();

  await expect(queues.getByTestId('live-queues-status')).toHaveText(
    new RegExp(
      `^2 queues at ${bridge.url.replace(/[.]/g, '\\.')}, read at (\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d:\\d\\d\\.\\d{3} UTC \\(the server's clock\\)\\.$`,
    ),
  );
  const mail = queues.locator('[data-testid="live-queue"][data-queue="bull:mail"]');
  await expect(mail.locator('[data-fact="library"] dd')).toHaveText('bullmq 6.7.0');
  await expect(mail.locator('[data-fact="delayed"] dd')).toHaveText(String(OVERDUE_JOBS));
  await expect(mail.locator('[data-fact="overdue"] dd')).toHaveText(String(OVERDUE_JOBS));
  await expect(mail.locator('[data-fact="oldest"] dd')).toHaveText(/^\d+ (ms|s) late$/);
  // a bridge started without --client-list: the workers cannot be seen, and the card says so
  await expect(mail.locator('[data-fact="workers"] dd')).toHaveText('not visible (CLIENT LIST not allowed)');
  await expect(mail.getByTestId('live-queue-evidence')).toContainText('workers: not visible (CLIENT LIST not allowed)');
  await expect(mail.getByTestId('live-queue-verdict')).toHaveText(
    new RegExp(
      `^${OVERDUE_JOBS} due, oldest \\d+ (ms|s) late; the marker says (\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d:\\d\\d\\.\\d{3} UTC, ` +
        '(long past: no worker is polling|a moment ago: a polling worker takes them now)$',
    ),
  );

  const later = queues.locator('[data-testid="live-queue"][data-queue="bull:later"]');
  await expect(later.locator('[data-fact="overdue"] dd')).toHaveText('0');
  await expect(later.getByTestId('live-queue-verdict')).toHaveText(/^next job in 59 min \d+ s; the marker agrees$/);
  await expect(queues.getByRole('alert')).toHaveCount(0);

  // the bridge gone: the section says so where it reads, and keeps the rows it had
  await bridge.close();
  bridgeOpen = false;
  await queues.getByRole('button', { name: 'Read queues' }).click();
  await expect(queues.getByTestId('live-queues-problem')).toContainText(`Cannot reach the bridge at ${bridge.url}`);
  await expect(queues.getByTestId('live-queues-problem')).toContainText('Showing the queues as read at');
  await expect(mail.locator('[data-fact="overdue"] dd')).toHaveText(String(OVERDUE_JOBS));
}

test('a paused queue and a rate-limited one: the verdicts say so on screen, with their evidence and the workers', async ({
  page,
}, testInfo) => {
  const connection = { host: '127.0.0.1', port: redis.port };
  const held = new Queue('held', { connection });
  const throttled = new Queue('throttled', { connection });
  const worker = new Worker('throttled', () => Promise.resolve('sent'), { connection, limiter: { max: 1, duration: 60_000 } });
  const seeing = await startLocalBridge(redis.port, { clientList: true });
  try {
    for (let i = 0; i < 4; i++) await held.add('held', { i }, { delay: 1000, timestamp: Date.now() - 60_000 });
    await held.pause();
    for (let i = 0; i < 3; i++) await throttled.add('throttled', { i });
    // polled until BullMQ itself says one job ran and the limiter holds the rest
    await expect
      .poll(async () => [(await throttled.getJobCounts('completed', 'wait')).completed, (await throttled.getRateLimitTtl()) > 0])
      .toEqual([1, true]);

    await page.goto(`${APP_ORIGIN}/?stage`);
    const live = page.getByTestId('live-redis');
    await live.scrollIntoViewIfNeeded();
    await live.getByTestId('live-bridge-url').fill(seeing.url);
    const queues = live.getByTestId('live-queues');
    await queues.getByRole('button', { name: 'Read queues' }).click();

    const paused = queues.locator('[data-testid="live-queue"][data-queue="bull:held"]');
    await expect(paused).toHaveAttribute('data-verdict', 'paused');
    await expect(paused.getByTestId('live-queue-verdict')).toHaveText(
      /^paused \(meta paused is set\): no job runs until Queue\.resume\(\); no worker is connected either, so 4 due in the delayed set \(oldest \d+ (s|min)( \d+ s)? late\) stay there$/,
    );
    await expect(paused.getByTestId('live-queue-evidence')).toHaveText(
      'Rests on: meta paused = 1; wait 0; delayed 4, 4 due; active 0; CLIENT LIST: 0 workers',
    );
    await expect(paused.locator('[data-fact="paused"] dd')).toHaveText('yes (meta paused)');
    await expect(paused.locator('[data-fact="workers"] dd')).toHaveText('0 (CLIENT LIST)');

    const limited = queues.locator('[data-testid="live-queue"][data-queue="bull:throttled"]');
    await expect(limited).toHaveAttribute('data-verdict', 'rate-limited');
    await expect(limited.getByTestId('live-queue-verdict')).toHaveText(
      /^rate-limited for [1-5]?\d s more \(the limiter key expires then\): 2 waiting run after it; 1 worker connected$/,
    );
    await expect(limited.locator('[data-fact="limiter"] dd')).toHaveText(/^[1-5]?\d s left \(PTTL [\d,]+ ms\)$/);
    await expect(limited.locator('[data-fact="wait"] dd')).toHaveText('2');
    await expect(limited.locator('[data-fact="completed"] dd')).toHaveText('1');
    await expect(limited.locator('[data-fact="workers"] dd')).toHaveText('1 (CLIENT LIST)');
    await expect(limited.getByTestId('live-queue-evidence')).toContainText('limiter PTTL');
    await limited.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'verdicts-paused-limited');

    // a job of each says why it does not run: the paused queue's overdue jobs, the limited queue's waiting one
    await queues.getByRole('button', { name: 'Open bull:held' }).click();
    const detail = queues.getByTestId('queue-detail');
    await detail.locator('li[data-due] button:not([disabled])').first().click();
    await expect(detail.getByTestId('queue-detail-runat').first()).toHaveText(
      /^overdue by [\d a-z]+ \(due (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC\); why it waits: the queue is paused \(meta paused is set\): nothing runs until Queue\.resume\(\)$/,
    );
    await detail.getByRole('button', { name: 'Close' }).click();
    await queues.getByRole('button', { name: 'Open bull:throttled' }).click();
    await detail.getByTestId('queue-detail-find').fill('2');
    await detail.getByRole('button', { name: 'Find' }).click();
    await expect(detail.getByTestId('queue-detail-found')).toHaveText(
      /^Job 2: waiting in wait: the queue is rate-limited for [1-5]?\d s more \(limiter PTTL [\d,]+ ms\), attempt 1 of 1 \(LPOS wait\)\.$/,
    );
    expect(await throttled.getJobState('2')).toBe('waiting');
  } finally {
    await worker.close(true);
    await Promise.all([held.close(), throttled.close()]);
    await seeing.close();
  }
});

test('a link naming a queue, once the reader says yes to its bridge, reads that queue; two jobs added, Refresh says "2 added" in the set and the queue', async ({
  page,
}, testInfo) => {
  const connection = { host: '127.0.0.1', port: redis.port };
  const news = new Queue('news', { connection });
  await news.add('digest', { n: 0 }, { delay: 3_600_000 });
  const linked = await startLocalBridge(redis.port);
  try {
    const search = new URLSearchParams({
      bridge: linked.url,
      pattern: 'bull:news:*',
      key: 'bull:news:delayed',
      queue: 'bull:news',
    });
    await page.goto(`/?stage&${search.toString()}`);
    const live = page.getByTestId('live-redis');
    await live.scrollIntoViewIfNeeded();
    // a link's bridge is asked about first, naming it; nothing is read before the yes
    await expect(live.getByTestId('live-link-ask')).toContainText(linked.url);
    await expect(live.getByTestId('live-set-view')).toHaveCount(0);
    await live.getByRole('button', { name: `Read from ${linked.url}` }).click();
    await expect(live.getByTestId('live-set-view')).toContainText('1 member');
    const queues = live.getByTestId('live-queues');
    const row = queues.locator('[data-testid="live-queue"][data-queue="bull:news"]');
    // read at once after the yes, and only the queue named
    await expect(row.locator('[data-fact="delayed"] dd')).toHaveText('1');
    await expect(queues.getByTestId('live-queue')).toHaveCount(1);
    await expect(queues.getByTestId('live-queues-status')).toContainText('Read by name');
    await queues.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'live-link-queues');

    await news.add('digest', { n: 1 }, { delay: 3_600_000 });
    await news.add('digest', { n: 2 }, { delay: 3_600_000 });
    await live.getByRole('button', { name: 'Refresh' }).click();
    await expect(live.getByTestId('live-changes-line')).toHaveText(
      /^Since (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC: 2 added\.$/,
    );
    await expect(live.getByTestId('live-set-view')).toContainText('3 members');
    await live.getByTestId('live-changes').getByText('The members').click();
    await expect(live.getByTestId('live-changes-added')).toHaveText('Added2, 3');

    // the same Refresh read the queue again, by name (no walk: still the one queue named)
    await expect(row.getByTestId('live-queue-change')).toHaveText(
      /^Since (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC: delayed 1 → 3\.$/,
    );
    await expect(queues.getByTestId('live-queues-status')).toContainText('Read by name');
    await live.getByTestId('live-changes').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'live-changes');
  } finally {
    await news.close();
    await linked.close();
  }
});

/** The stage's Live panel reading the spec's bridge: its queues read, and `queue`'s detail opened. */
async function openQueueDetail(page: Page, queue: string) {
  await page.goto('/?stage');
  const live = page.getByTestId('live-redis');
  await live.scrollIntoViewIfNeeded();
  await live.getByTestId('live-bridge-url').fill(bridge.url);
  const queues = live.getByTestId('live-queues');
  await queues.getByRole('button', { name: 'Read queues' }).click();
  await queues.getByRole('button', { name: `Open ${queue}` }).click();
  return { live, queues, detail: queues.getByTestId('queue-detail') };
}

test('the queue detail: the whole set by ZCOUNT, a window read in pages, each job with its name, attempt, backoff and true run-at', async ({
  page,
}, testInfo) => {
  const connection = { host: '127.0.0.1', port: redis.port };
  const retry = new Queue('retry', { connection });
  const client = await RespClient.connect(redis.port);
  try {
    await retry.add('charge', { n: 1 }, { delay: 60_000, attempts: 3, backoff: { type: 'exponential', delay: 1000 } });
    // added as if 50 ms ago (a past timestamp, no waiting): changeDelay scores by the time it is
    // called, so its run-at differs from the job's timestamp + its new delay
    const moved = await retry.add('charge', { n: 2 }, { delay: 60_000, timestamp: Date.now() - 50 });
    await moved.changeDelay(120_000);
    for (let i = 0; i < 150; i++) await retry.add('plain', { i }, { delay: 600_000 });

    const { detail } = await openQueueDetail(page, 'bull:retry');
    const histogram = detail.getByTestId('queue-detail-histogram');
    // the histogram counts every job of the set, as ZCARD does; each window as ZCOUNT does
    const zcard = Number(await client.call('ZCARD', 'bull:retry:delayed'));
    expect(zcard).toBe(152);
    await expect(histogram).toHaveAttribute('data-total', String(zcard));
    const windows = histogram.locator('li');
    const counts = (await windows.evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-jobs'))))) as number[];
    expect(counts.reduce((a, b) => a + b, 0)).toBe(zcard);

    // the first window holding jobs: the charge a minute away, with its retries
    const filled = windows.locator('button:not([disabled])');
    await filled.first().click();
    await expect(detail.getByTestId('queue-detail-page-status')).toHaveText(
      /^Jobs 1–1 of 1 in this window \(ranks 1–1 of the set's 152\)\.$/,
    );
    const jobs = detail.getByTestId('queue-detail-job');
    await expect(jobs).toHaveCount(1);
    await expect(jobs.first().getByTestId('queue-detail-what')).toHaveText('charge');
    await expect(jobs.first().getByTestId('queue-detail-attempt')).toHaveText('attempt 1 of 3, exponential backoff from 1000 ms');
    await expect(jobs.first().getByTestId('queue-detail-runat')).toHaveText(
      /^runs (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC$/,
    );

    // the next: the charge changeDelay moved, its true run-at the score's, not timestamp + delay
    await detail.getByRole('button', { name: 'Whole set' }).click();
    await filled.nth(1).click();
    await expect(detail.getByTestId('queue-detail-page-status')).toHaveText(
      /^Jobs 1–1 of 1 in this window \(ranks 2–2 of the set's 152\)\.$/,
    );
    await expect(jobs.first().getByTestId('queue-detail-attempt')).toHaveText('attempt 1 of 1');
    await expect(jobs.first().getByTestId('queue-detail-runat')).toHaveText(
      /^runs (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC, not timestamp \+ delay = (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC: its delay was changed after it was added, before any worker took it \(changeDelay\)$/,
    );
    // the score shown is the one Redis holds
    const score = await client.call('ZSCORE', 'bull:retry:delayed', moved.id!);
    await expect(jobs.first()).toContainText(String(score));

    // the 150 plain jobs, in pages of 100
    await detail.getByRole('button', { name: 'Whole set' }).click();
    await windows.locator('button:not([disabled])').last().click();
    await expect(detail.getByTestId('queue-detail-page-status')).toHaveText(
      /^Jobs 1–100 of 150 in this window \(ranks 3–102 of the set's 152\)\.$/,
    );
    await detail.getByRole('button', { name: 'Next page' }).click();
    await expect(detail.getByTestId('queue-detail-page-status')).toHaveText(
      /^Jobs 101–150 of 150 in this window \(ranks 103–152 of the set's 152\)\.$/,
    );
    await expect(jobs).toHaveCount(50);
    await expect(jobs.first().getByTestId('queue-detail-what')).toHaveText('plain');

    // a job found by id: the page of its millisecond that holds it, its row marked; one not delayed said so
    await detail.getByTestId('queue-detail-find').fill(moved.id!);
    await detail.getByRole('button', { name: 'Find' }).click();
    await expect(detail.locator('[data-testid="queue-detail-job"][data-marked]')).toHaveAttribute('data-member', moved.id!);
    await expect(detail.getByTestId('queue-detail-found')).toHaveText(/; 1 job is ahead of it in the set\.$/);
    await detail.getByTestId('queue-detail-find').fill('no-such-job');
    await detail.getByRole('button', { name: 'Find' }).click();
    await expect(detail.getByTestId('queue-detail-found')).toHaveText(
      'Job no-such-job: gone: no job hash, and no list or set of its queue holds it (removed, or never added).',
    );
    await detail.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'queue-detail');
    // on a phone the detail wraps: nothing in it is wider than the detail itself
    await page.setViewportSize({ width: 390, height: 844 });
    await detail.scrollIntoViewIfNeeded();
    const overflow = await detail.evaluate((element) => {
      const right = element.getBoundingClientRect().right;
      return [...element.querySelectorAll('*')].filter((child) => child.getBoundingClientRect().right > right + 1).length;
    });
    expect(overflow).toBe(0);
    await screenshot(page, testInfo, 'queue-detail-phone');
  } finally {
    client.close();
    await retry.close();
  }
});

test('Refresh reads an open queue detail again: its histogram follows the queue, overdue windows apart from the rest', async ({
  page,
}) => {
  const connection = { host: '127.0.0.1', port: redis.port };
  const mail = new Queue('mail', { connection });
  try {
    const { live, detail } = await openQueueDetail(page, 'bull:mail');
    const histogram = detail.getByTestId('queue-detail-histogram');
    await expect(histogram).toHaveAttribute('data-total', String(OVERDUE_JOBS));
    // every job of the set is overdue: each window holding one is marked so, none mixes them
    await expect(detail.getByTestId('queue-detail-summary')).toContainText(`${OVERDUE_JOBS} jobs of these windows overdue`);
    const filled = histogram.locator('li:not([data-jobs="0"])');
    await expect(filled.first()).toHaveAttribute('data-due', 'true');

    // two jobs an hour away; Refresh (the panel's, with no key listed) reads the queue and the open detail again
    await mail.add('send', {}, { delay: 3_600_000 });
    await mail.add('send', {}, { delay: 3_600_000 });
    await live.getByRole('button', { name: 'Refresh' }).click();
    await expect(histogram).toHaveAttribute('data-total', String(OVERDUE_JOBS + 2));
    await expect(detail.getByTestId('queue-detail-summary')).toContainText(`${OVERDUE_JOBS} jobs of these windows overdue`);
    const lastFilled = histogram.locator('li:not([data-jobs="0"])').last();
    await expect(lastFilled).toHaveAttribute('data-jobs', '2');
    await expect(lastFilled).not.toHaveAttribute('data-due', 'true');
    // a job of the due window reads as overdue, with where to look for why
    await histogram.locator('li[data-due] button:not([disabled])').first().click();
    await expect(detail.getByTestId('queue-detail-runat').first()).toHaveText(
      // this bridge sees no workers: the marker left behind, or (a moment after the jobs fell due) the verdict itself
      /^overdue by [\d a-z]+ \(due (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC\); why it waits: (no worker is polling \(the marker was not taken\)|the queue's verdict, above)$/,
    );
  } finally {
    await mail.close();
  }
});

test('Find a failed job: its state, when it failed, its attempt and its reason', async ({ page }) => {
  const connection = { host: '127.0.0.1', port: redis.port };
  const pay = new Queue('pay', { connection });
  const worker = new Worker('pay', (job) => Promise.reject(new Error(`card declined for ${job.id}`)), { connection });
  try {
    const failed = new Promise<void>((resolve) => worker.on('failed', (job) => job?.id === 'pay-1' && resolve()));
    await pay.add('charge', {}, { jobId: 'pay-1' });
    await failed;
    await worker.close();
    expect(await pay.getJobState('pay-1')).toBe('failed');

    const { detail } = await openQueueDetail(page, 'bull:pay');
    await expect(detail.getByTestId('queue-detail-empty')).toContainText('No job is delayed in this queue now.');
    await detail.getByTestId('queue-detail-find').fill('pay-1');
    await detail.getByRole('button', { name: 'Find' }).click();
    await expect(detail.getByTestId('queue-detail-found')).toHaveText(
      /^Job pay-1: failed at (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC, attempt 1 of 1: card declined for pay-1 \(ZSCORE failed\)\.$/,
    );
    await expect(detail.getByRole('alert')).toHaveCount(0);
  } finally {
    await worker.close();
    await pay.close();
  }
});
