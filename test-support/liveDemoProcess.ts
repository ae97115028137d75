/**
 * `npm run live-demo` as a user runs it, for the tests: spawned through npm in a process group of
 * its own (as a terminal's foreground job is), read from its output until it prints the address
 * to open, and stopped as Ctrl-C stops it (SIGINT to the whole group). The /proc helpers list
 * every process it started, to check that none outlives it.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** How a process ended: its exit code, or the signal that ended it. */
export interface Ending {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface LiveDemoProcess {
  readonly child: ChildProcess;
  /** The address it printed to open: the page with the Live Redis panel pointed at the bridge. */
  readonly pageUrl: string;
  /** The page's origin (http://127.0.0.1:port). */
  readonly pageOrigin: string;
  /** The bridge's address, as the link carries it. */
  readonly bridgeUrl: string;
  readonly redisPort: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first line printed (now or later) that matches; rejects after `timeoutMs`. */
  lineMatching(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Ctrl-C: SIGINT to its process group; resolves with how npm ended. */
  interrupt(): Promise<Ending>;
}

const ROOT = new URL('..', import.meta.url).pathname;

/** Starts `npm run -s live-demo -- ...args` from the repository's root; resolves once it prints the address to open. */
export async function spawnLiveDemo(args: readonly string[], startTimeoutMs = 90_000): Promise<LiveDemoProcess> {
  const child = spawn('npm', ['run', '-s', 'live-demo', '--', ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<Ending>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const lineMatching = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = out.split('\n').find((text) => pattern.test(text));
        if (line === undefined) return false;
        done();
        resolve(line);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`live-demo printed no line matching ${pattern} within ${timeoutMs} ms:\n${out}`));
      }, timeoutMs);
      const onExit = () => {
        if (check()) return;
        done();
        reject(new Error(`live-demo exited (${child.exitCode}) before printing ${pattern}:\n${out}`));
      };
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });

  const interrupt = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT');
    return exited;
  };

  try {
    const open = await lineMatching(/^Open http:\/\//, startTimeoutMs);
    const pageUrl = open.slice('Open '.length).trim();
    const redisPort = Number(/redis-cli -p (\d+)/.exec(out)?.[1]);
    const bridgeUrl = new URL(pageUrl).searchParams.get('bridge') ?? '';
    return {
      child,
      pageUrl,
      pageOrigin: new URL(pageUrl).origin,
      bridgeUrl,
      redisPort,
      output: () => out,
      lineMatching,
      interrupt,
    };
  } catch (error) {
    await interrupt();
    throw error;
  }
}

/** One process as /proc/<pid>/stat describes it. */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  /** R, S, D, Z (exited, not yet reaped), ... */
  readonly state: string;
  readonly command: string;
}

function readEntry(pid: number): ProcessEntry | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command is in parentheses and may itself hold spaces and parentheses
    const close = stat.lastIndexOf(')');
    const [state, ppid, pgid] = stat
      .slice(close + 2)
      .split(' ')
      .slice(0, 3);
    return { pid, ppid: Number(ppid), pgid: Number(pgid), state: state!, command: stat.slice(stat.indexOf('(') + 1, close) };
  } catch {
    return null; // gone between the listing and the read
  }
}

/** Every process on the machine now. */
export function processes(): ProcessEntry[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readEntry(Number(name)))
    .filter((entry): entry is ProcessEntry => entry !== null);
}

/** `pid` and every process under it, however deep. */
export function processTree(pid: number): ProcessEntry[] {
  const all = processes();
  const tree = all.filter((entry) => entry.pid === pid);
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((entry) => entry.ppid === tree[i]!.pid));
  return tree;
}
