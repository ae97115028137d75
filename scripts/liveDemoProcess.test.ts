/**
 * `npm run live-demo` is one command, and Ctrl-C ends all of it: the real command through npm,
 * with the dev server and with --preview; SIGINT to its process group as a terminal sends it;
 * afterwards no process it started runs and nothing listens on its ports.
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

describe.each([
  { server: 'the dev server', args: [] as string[] },
  { server: '--preview', args: ['--preview'] },
])('npm run live-demo with $server', ({ args }) => {
  it('starts redis-server, the bridge and the page from one command, and stops every process of it on Ctrl-C', async () => {
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

      // npm waits for the demo to stop, then ends as interrupted shell commands do: by the same signal
      expect(await demo.interrupt()).toEqual({ code: null, signal: 'SIGINT' });
      expect(demo.output()).toContain('SIGINT: stopping the story, the bridge, the page and redis-server…');
      expect(demo.output()).toMatch(/stopped\.\n$/);
      expect(await survivors(tree)).toEqual([]);
      expect(processes().filter((entry) => entry.pgid === demo.child.pid)).toEqual([]);
      for (const port of [demo.redisPort, bridgePort, pagePort]) expect(await listening(port)).toBe(false);
    } finally {
      await demo.interrupt();
      // a failed run leaves nothing behind either
      for (const left of await survivors(tree, 0)) process.kill(left.pid, 'SIGKILL');
    }
  }, 120_000);
});

describe('npm run live-demo when its terminal closes', () => {
  /** The preview's temporary build folders in the system's temporary directory. */
  const buildFolders = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('firetime-live-demo-')));

  it('stops every process of it on SIGHUP and removes its build folder, as on Ctrl-C', async () => {
    const before = buildFolders();
    const demo = await spawnLiveDemo(['--preview', '--page-port', '0', '--port', '0']);
    let tree: ProcessEntry[] = [];
    try {
      const bridgePort = Number(new URL(demo.bridgeUrl).port);
      const pagePort = Number(new URL(demo.pageOrigin).port);
      tree = processTree(demo.child.pid!);
      expect(tree.map((entry) => entry.command)).toEqual(expect.arrayContaining(['node', 'redis-server']));
      const ours = [...buildFolders()].filter((name) => !before.has(name));
      expect(ours).toHaveLength(1);
      // a closed terminal sends SIGHUP to its process group: npm goes at once, the demo stops what it started
      process.kill(-demo.child.pid!, 'SIGHUP');
      expect(await survivors(tree, 20_000)).toEqual([]);
      for (const port of [demo.redisPort, bridgePort, pagePort]) expect(await listening(port)).toBe(false);
      expect(buildFolders().has(ours[0]!)).toBe(false);
    } finally {
      await demo.interrupt();
      for (const left of await survivors(tree, 0)) process.kill(left.pid, 'SIGKILL');
    }
  }, 120_000);
});
