/**
 * `npm run live-demo`, started as a user starts it (one command, through npm), under the Vite dev
 * server and under --preview: the one address it prints opens the page with the Live Redis panel
 * already reading the real BullMQ queue's delayed set. Under dev, React's StrictMode mounts the
 * panel twice; the link's read must still show the set, not "Cancelled.".
 */
import { expect, test } from '@playwright/test';
import { RespClient } from '../test-support/resp-client.ts';
import { spawnLiveDemo } from '../test-support/liveDemoProcess.ts';
import type { LiveDemoProcess } from '../test-support/liveDemoProcess.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

const DELAYED_KEY = 'bull:firetime-demo:delayed';

for (const { server, args } of [
  { server: 'the Vite dev server', args: [] as string[] },
  { server: 'vite preview (--preview)', args: ['--preview'] },
]) {
  test.describe(`npm run live-demo with ${server}`, () => {
    let demo: LiveDemoProcess;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      // free ports for the page and the bridge: other servers run on this machine at the same time;
      // a 10-minute cycle, so that no job falls due (its first bursts: a quarter of a cycle) while
      // the test compares the panel's first rows with ZRANGE (under dev on a loaded machine the
      // page took more than the default cycle's 30 s to read, and the worker promoted the head between)
      demo = await spawnLiveDemo([...args, '--page-port', '0', '--port', '0', '--cycle', '600']);
    });

    test.afterAll(async () => {
      await demo?.interrupt();
    });

    test('the address it prints opens the Live Redis panel on the real queue’s delayed set', async ({ page }) => {
      test.setTimeout(90_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // ?live opens the Live panel itself: the page comes to it, no scrolling by hand
      expect(new URL(demo.pageUrl).search).toMatch(/^\?live&bridge=/);
      await page.goto(demo.pageUrl);
      const live = page.getByTestId('live-redis');
      await expect(live.getByRole('heading', { name: 'Live Redis' })).toBeInViewport({ timeout: 30_000 });
      await expect(live.getByTestId('live-bridge-url')).toHaveValue(demo.bridgeUrl);
      // the link's bridge is asked about before the first read
      await live.getByRole('button', { name: `Read from ${demo.bridgeUrl}` }).click();
      await expect(live.getByTestId('live-keys').getByRole('button', { name: DELAYED_KEY })).toHaveAttribute(
        'aria-pressed',
        'true',
        { timeout: 30_000 },
      );

      // the story's first bands: 3 jobs in one ms, and 4,100 in one ms, so five share that band's ceiling
      const summary = live.getByTestId('live-summary');
      await expect(summary).toContainText(
        new RegExp(`^${DELAYED_KEY}: [\\d,]+ members \\(ZCARD\\), in [\\d,]+ millisecond bands\\.`),
      );
      await expect(summary.locator('[data-flag="ceiling"]')).toHaveText('5 at the ceiling: the band was full (saturated)');
      const bands = live.getByTestId('live-band-select').locator('option');
      await expect(bands.filter({ hasText: /· 3 jobs$/ })).toHaveCount(1);
      await expect(bands.filter({ hasText: /· 4,100 jobs$/ })).toHaveCount(1);
      await expect(live.getByTestId('live-problem')).toHaveCount(0);
      await expect(live).not.toContainText('Cancelled.');

      // the first rows are the real set's first members and scores as Redis prints them (the
      // first jobs fall due 150 s after the start; those added since come after them)
      const client = await RespClient.connect(demo.redisPort);
      const flat = (await client.call('ZRANGE', DELAYED_KEY, 0, 2, 'WITHSCORES')) as string[];
      client.close();
      const rows = live.getByTestId('live-set-view').getByRole('row');
      for (let i = 0; i < 3; i++) {
        const cells = rows.nth(i + 1).getByRole('cell');
        await expect(cells.nth(1)).toHaveText(flat[2 * i]!);
        await expect(cells.nth(2)).toHaveText(flat[2 * i + 1]!);
      }
      // the link names the queue: its row is read at once, the demo's own redis-server lets the bridge see its worker
      const queue = live.locator('[data-testid="live-queue"][data-queue="bull:firetime-demo"]');
      await expect(queue.locator('[data-fact="workers"] dd')).toHaveText('1 (CLIENT LIST)');
      await expect(queue.getByTestId('live-queue-verdict')).toHaveText(
        /^idle and healthy: 1 worker connected, nothing waiting; next job in /,
      );
      expect(errors).toEqual([]);
    });
  });
}
