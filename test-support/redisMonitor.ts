/**
 * MONITOR on a redis-server, for the tests that prove the bridge sends only reads: every command
 * the server runs, with its database and arguments, as MONITOR prints them. A raw socket, since
 * RespClient reads one reply per call and MONITOR streams without end.
 */
import { connect } from 'node:net';
import type { RespClient } from './resp-client.ts';

/** One command as MONITOR showed it: its name in capitals and its arguments (MONITOR's escapes undone for \" and \\). */
export interface MonitoredCommand {
  readonly db: string;
  readonly client: string;
  readonly name: string;
  readonly args: readonly string[];
}

export interface RedisMonitor {
  /**
   * Sends `ECHO <marker>` on `admin` and resolves, once MONITOR shows it, with every command shown
   * before it: Redis runs commands one at a time and MONITOR reports them in that order.
   */
  commandsBefore(admin: RespClient, marker: string): Promise<MonitoredCommand[]>;
  stop(): void;
}

const LINE = /^\+\d+\.\d+ \[(\S+) ([^\]]*)\] (.*)$/;
const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

function parseLine(line: string): MonitoredCommand | null {
  const match = LINE.exec(line);
  if (match === null) return null;
  const words = [...match[3]!.matchAll(QUOTED)].map((m) => m[1]!.replace(/\\(["\\])/g, '$1'));
  if (words.length === 0) return null;
  return { db: match[1]!, client: match[2]!, name: words[0]!.toUpperCase(), args: words.slice(1) };
}

/** Starts MONITOR on 127.0.0.1:port (after AUTH when a password is given). */
export async function monitorRedis(port: number, password?: string): Promise<RedisMonitor> {
  const socket = connect({ port, host: '127.0.0.1' });
  let text = '';
  let waiting: { until: string; resolve: () => void } | null = null;
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    if (waiting !== null && text.includes(waiting.until)) waiting.resolve();
  });
  const seen = (until: string) =>
    new Promise<void>((resolve) => {
      waiting = { until, resolve };
      if (text.includes(until)) resolve();
    });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const ready = seen(password === undefined ? '+OK\r\n' : '+OK\r\n+OK\r\n');
  socket.write(`${password === undefined ? '' : `AUTH ${password}\r\n`}MONITOR\r\n`);
  await ready;
  const start = text.length;
  return {
    async commandsBefore(admin, marker) {
      const shown = seen(`"ECHO" "${marker}"`);
      const echoed = await admin.call('ECHO', marker);
      if (echoed !== marker) throw new Error(`ECHO ${marker} answered ${String(echoed)}`);
      await shown;
      const before = text.slice(start, text.indexOf(`"ECHO" "${marker}"`));
      return before
        .split('\r\n')
        .map(parseLine)
        .filter((command): command is MonitoredCommand => command !== null);
    },
    stop: () => socket.destroy(),
  };
}
