/**
 * `npm run live-demo`, started as a user starts it (one command, through npm), under the Vite dev
 * server and under --preview: the one address it prints opens the page with the Live Redis panel
 * already reading the real BullMQ queue's delayed set. Under dev, React's StrictMode mounts the
 * panel twice; the link's read must still show the set, not "Cancelled.".
 *
 * The same demo then shows it is one command that Ctrl-C or a closed terminal ends all of: SIGINT
 * or SIGHUP to its process group as a terminal sends them (the dev server is stopped by Ctrl-C,
 * npm passing it on; the preview by a closed terminal's SIGHUP, npm gone at once; both signals
 * reach the same stop), and afterwards no process it started runs, nothing listens on its ports
 * and the preview's build folder is gone. Each page server starts once for both tests: a start,
 * the preview's with a whole `vite build`, is what they spend most of their time on.
 */
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { expect, test } from '@playwright/test';
import { RespClient } from '../test-support/resp-client.ts';
import { processTree, processes, spawnLiveDemo } from '../test-support/liveDemoProcess.ts';
import type { LiveDemoProcess, ProcessEntry } from '../test-support/liveDemoProcess.ts';

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

const DELAYED_KEY = 'bull:firetime-demo:delayed';

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The ones of `tree` still running now (same pid and command, not a zombie). */
function alive(tree: readonly ProcessEntry[]): ProcessEntry[] {
  const now = new Map(processes().map((entry) => [entry.pid, entry]));
  return tree.filter((entry) => {
    const found = now.get(entry.pid);
    return found !== undefined && found.command === entry.command && found.state !== 'Z';
  });
}

/** The preview's temporary build folders in the system's temporary directory. */
const buildFolders = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('firetime-live-demo-')));

for (const { server, args, signal, stop } of [
  { server: 'the Vite dev server', args: [] as string[], signal: 'SIGINT' as const, stop: 'Ctrl-C' },
  { server: 'vite preview (--preview)', args: ['--preview'], signal: 'SIGHUP' as const, stop: 'SIGHUP (its terminal closes)' },
]) {
  test.describe(`npm run live-demo with ${server}`, () => {
    const preview = args.includes('--preview');
    let demo: LiveDemoProcess;
    /** The build folders that appeared while it started: the preview's own. */
    let ours: string[] = [];
    /** Its processes, for afterAll to end any that a failed test left running. */
    let tree: ProcessEntry[] = [];

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      const before = buildFolders();
      // free ports for the page and the bridge: other servers run on this machine at the same time;
      // a 10-minute cycle, so that no job falls due (its first bursts: a quarter of a cycle) while
      // the test compares the panel's first rows with ZRANGE (under dev on a loaded machine the
      // page took more than the default cycle's 30 s to read, and the worker promoted the head between)
      demo = await spawnLiveDemo([...args, '--page-port', '0', '--port', '0', '--cycle', '600']);
      ours = [...buildFolders()].filter((name) => !before.has(name));
      tree = processTree(demo.child.pid!);
    });

    test.afterAll(async () => {
      // after the stop test npm has already ended and this sends nothing; after a failed test it
      // is Ctrl-C, and whatever still runs then is killed: a failed run leaves nothing behind
      await demo?.interrupt();
      for (const left of alive(tree)) process.kill(left.pid, 'SIGKILL');
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

    test(`it runs redis-server, the bridge and the page from one command, and ${stop} stops every process of it`, async () => {
      const { child } = demo;
      const bridgePort = Number(new URL(demo.bridgeUrl).port);
      const pagePort = Number(new URL(demo.pageOrigin).port);
      const page = await fetch(`${demo.pageOrigin}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const health = await fetch(`${demo.bridgeUrl}/api/health`);
      expect(health.status).toBe(200);
      for (const port of [demo.redisPort, bridgePort, pagePort]) expect(await listening(port)).toBe(true);

      tree = processTree(child.pid!);
      // npm, the shell it runs, node (the demo, with the page and the bridge in it), redis-server (and tsx's esbuild)
      expect(tree.length).toBeGreaterThanOrEqual(4);
      expect(tree.map((entry) => entry.command)).toEqual(expect.arrayContaining(['sh', 'node', 'redis-server']));
      // the preview builds into a temporary folder of its own (which it removes when it stops)
      expect(ours).toHaveLength(preview ? 1 : 0);

      if (signal === 'SIGINT') {
        // npm waits for the demo to stop, then ends as interrupted shell commands do: by the same signal
        expect(await demo.interrupt()).toEqual({ code: null, signal: 'SIGINT' });
      } else {
        // a closed terminal sends SIGHUP to its process group: npm goes at once, the demo stops what it started
        process.kill(-child.pid!, 'SIGHUP');
      }
      // the processes end on their own signal handling; Playwright polls /proc until none is left
      await expect.poll(() => alive(tree), { timeout: 20_000 }).toEqual([]);
      // every process that wrote to the output has ended: what it printed last has all been read
      for (const stream of [child.stdout!, child.stderr!])
        if (!stream.closed) await new Promise((resolve) => stream.once('close', resolve));
      expect(demo.output()).toContain(`${signal}: stopping the story, the bridge, the page and redis-server…`);
      expect(demo.output()).toMatch(/stopped\.\n$/);
      // none left in its group either; after SIGHUP npm is gone, and the ended shell and node it
      // ran wait for the system's init to reap them
      const group = processes().filter((entry) => entry.pgid === child.pid);
      expect(signal === 'SIGINT' ? group : group.filter((entry) => entry.state !== 'Z')).toEqual([]);
      for (const port of [demo.redisPort, bridgePort, pagePort]) expect(await listening(port)).toBe(false);
      for (const name of ours) expect(buildFolders().has(name)).toBe(false);
    });
  });
}
