/**
 * A stand-in for a Redis server, for the bridge's tests: a TCP server on 127.0.0.1 that reads RESP
 * command arrays (as ioredis sends them) and writes whatever raw bytes the test's `answer` gives,
 * so a test can play a hostile or broken server (replies nested 5,000 deep, replies that never
 * come) that a real redis-server never is.
 */
import { createServer } from 'node:net';
import type { Socket } from 'node:net';

/**
 * What the fake writes back for one command: raw RESP bytes, or null to send nothing; a promise
 * holds the reply back until it settles (and every later reply on that connection with it, as
 * Redis answers each connection in order).
 */
export type FakeAnswer = (command: string[], index: number) => FakeReply | Promise<FakeReply>;

/** Raw RESP bytes, nothing (null), or a reply in pieces. */
export type FakeReply = string | Buffer | null | Dribble;

/** A reply written a piece at a time, `everyMs` apart (a big reply arriving slowly, or one that stops half-way). */
export interface Dribble {
  readonly pieces: ReadonlyArray<string | Buffer>;
  readonly everyMs: number;
}

export interface FakeRedisServer {
  readonly port: number;
  readonly url: string;
  /** Every command received, in order (arguments as latin1 text). */
  readonly commands: string[][];
  /** Resolves once `count` connections in all have been accepted (a client that reconnected: count 2). */
  connected(count: number): Promise<void>;
  /** Closes the listener and every connection. */
  close(): Promise<void>;
}

/** Splits complete RESP arrays of bulk strings off the front of `buffer`; gives them and the rest. */
function takeCommands(buffer: Buffer): { commands: string[][]; rest: Buffer } {
  const commands: string[][] = [];
  let at = 0;
  outer: while (at < buffer.length) {
    const header = buffer.indexOf('\r\n', at);
    if (header < 0 || buffer[at] !== 0x2a) break;
    const count = Number(buffer.toString('latin1', at + 1, header));
    let next = header + 2;
    const args: string[] = [];
    for (let i = 0; i < count; i++) {
      const line = buffer.indexOf('\r\n', next);
      if (line < 0) break outer;
      const length = Number(buffer.toString('latin1', next + 1, line));
      if (buffer.length < line + 2 + length + 2) break outer;
      args.push(buffer.toString('latin1', line + 2, line + 2 + length));
      next = line + 2 + length + 2;
    }
    commands.push(args);
    at = next;
  }
  return { commands, rest: buffer.subarray(at) };
}

/** Starts the fake on a free loopback port; `answer` is asked once per command received. */
export async function startFakeRedis(answer: FakeAnswer): Promise<FakeRedisServer> {
  const commands: string[][] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    accepted++;
    for (const wait of waiting.filter((w) => w.count <= accepted)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending: Buffer = Buffer.alloc(0);
    let written: Promise<void> = Promise.resolve();
    const write = async (reply: FakeReply) => {
      if (reply === null || typeof reply === 'string' || Buffer.isBuffer(reply)) {
        if (reply !== null && socket.writable) socket.write(reply);
        return;
      }
      for (const [i, piece] of reply.pieces.entries()) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, reply.everyMs));
        // a connection closed mid-drip ends the drip: no timers left behind the test
        if (!socket.writable) return;
        socket.write(piece);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      const taken = takeCommands(Buffer.concat([pending, chunk]));
      pending = taken.rest;
      for (const command of taken.commands) {
        commands.push(command);
        const reply = answer(command, commands.length - 1);
        if (reply instanceof Promise) written = written.then(() => reply).then(write);
        else written = written.then(() => write(reply));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    commands,
    connected: (count) =>
      count <= accepted ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** RESP for a SCAN reply: the next cursor and the keys. */
export function scanReply(cursor: string, keys: readonly string[]): string {
  return `*2\r\n$${cursor.length}\r\n${cursor}\r\n*${keys.length}\r\n${keys.map((key) => `$${Buffer.byteLength(key)}\r\n${key}\r\n`).join('')}`;
}

/** A reply of `depth` arrays, each holding the next, around one bulk string: redis-parser reads it by recursion. */
export function nestedReply(depth: number): string {
  return `${'*1\r\n'.repeat(depth)}$1\r\na\r\n`;
}
