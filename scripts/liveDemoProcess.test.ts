/**
 * `npm run live-demo` is one command, and Ctrl-C or a closed terminal ends all of it: the real
 * command through npm, with the dev server and with --preview; SIGINT or SIGHUP to its process
 * group as a terminal sends them; afterwards no process it started runs, nothing listens on its
 * ports and the preview's build folder is gone.
 */
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { processTree, processes, spawnLiveDemo } from '../test-support/liveDemoProcess.ts';
import type { ProcessEntry } from '../test-support/liveDemoProcess.ts';

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

/** The ones of `tree` still running (same pid and command, not a zombie), after up to `waitMs` for them to end. */
async function survivors(tree: readonly ProcessEntry[], waitMs = 3000): Promise<ProcessEntry[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const now = new Map(processes().map((entry) => [entry.pid, entry]));
    const left = tree.filter((entry) => {
      const found = now.get(entry.pid);
      return found !== undefined && found.command === entry.command && found.state !== 'Z';
    });
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The preview's temporary build folders in the system's temporary directory. */
const buildFolders = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('firetime-live-demo-')));

/**
 * Each page server starts once and one demo carries every check of it: the dev server is stopped
 * by Ctrl-C (npm passing it on), the preview by a closed terminal's SIGHUP (npm gone at once).
 * Both signals reach the same stop; a start, the preview's with a whole `vite build`, is what
 * these tests spend their time on.
 */
describe.each([
  { server: 'the dev server', args: [] as string[], signal: 'SIGINT' as const, stop: 'Ctrl-C' },
  { server: '--preview', args: ['--preview'], signal: 'SIGHUP' as const, stop: 'SIGHUP (its terminal closes)' },
])('npm run live-demo with $server', ({ args, signal, stop }) => {
  it(`starts redis-server, the bridge and the page from one command, and stops every process of it on ${stop}`, async () => {
    const preview = args.includes('--preview');
    const before = buildFolders();
    const demo = await spawnLiveDemo([...args, '--page-port', '0', '--port', '0']);
    let tree: ProcessEntry[] = [];
    try {
      const bridgePort = Number(new URL(demo.bridgeUrl).port);
      const pagePort = Number(new URL(demo.pageOrigin).port);
      const page = await fetch(`${demo.pageOrigin}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const health = await fetch(`${demo.bridgeUrl}/api/health`);
      expect(health.status).toBe(200);
      for (const port of [demo.redisPort, bridgePort, pagePort]) expect(await listening(port)).toBe(true);

      tree = processTree(demo.child.pid!);
      // npm, the shell it runs, node (the demo, with the page and the bridge in it), redis-server (and tsx's esbuild)
      expect(tree.length).toBeGreaterThanOrEqual(4);
      expect(tree.map((entry) => entry.command)).toEqual(expect.arrayContaining(['sh', 'node', 'redis-server']));
      // the preview builds into a temporary folder of its own (which it removes when it stops)
      const ours = preview ? [...buildFolders()].filter((name) => !before.has(name)) : [];
      expect(ours).toHaveLength(preview ? 1 : 0);

      if (signal === 'SIGINT') {
        // npm waits for the demo to stop, then ends as interrupted shell commands do: by the same signal
        expect(await demo.interrupt()).toEqual({ code: null, signal: 'SIGINT' });
      } else {
        // a closed terminal sends SIGHUP to its process group: npm goes at once, the demo stops what it started
        process.kill(-demo.child.pid!, 'SIGHUP');
      }
      expect(await survivors(tree, 20_000)).toEqual([]);
      // every process that wrote to the output has ended: what it printed last has all been read
      for (const stream of [demo.child.stdout!, demo.child.stderr!])
        if (!stream.closed) await new Promise((resolve) => stream.once('close', resolve));
      expect(demo.output()).toContain(`${signal}: stopping the story, the bridge, the page and redis-server…`);
      expect(demo.output()).toMatch(/stopped\.\n$/);
      // none left in its group either; after SIGHUP npm is gone, and the ended shell and node it
      // ran wait for the system's init to reap them
      const group = processes().filter((entry) => entry.pgid === demo.child.pid);
      expect(signal === 'SIGINT' ? group : group.filter((entry) => entry.state !== 'Z')).toEqual([]);
      for (const port of [demo.redisPort, bridgePort, pagePort]) expect(await listening(port)).toBe(false);
      for (const name of ours) expect(buildFolders().has(name)).toBe(false);
    } finally {
      await demo.interrupt();
      // a failed run leaves nothing behind either
      for (const left of await survivors(tree, 0)) process.kill(left.pid, 'SIGKILL');
    }
  }, 120_000);
});
