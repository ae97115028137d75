/**
 * A minimal RESP2 client for the tests (conformance, bridge, e2e): sends commands as bulk-string arrays and
 * parses replies into the same shapes MemoryRedis.call returns (integers as numbers, bulk
 * strings as strings, nil as null, arrays), with error replies as RespError values.
 */
import { connect, type Socket } from 'node:net';
import type { Reply } from '../src/model/redis/memoryRedis.ts';

/** An error reply, kept as a value so a pipeline can hold it beside ordinary replies. */
export class RespError {
  constructor(readonly message: string) {}
}

export type RespReply = Reply | RespError;

type Pending = { resolve: (reply: RespReply) => void; reject: (error: Error) => void };

/** Parses one reply starting at `at`; returns undefined when the buffer holds only part of it. */
function parse(buffer: Buffer, at: number): { reply: RespReply; next: number } | undefined {
  const lineEnd = buffer.indexOf('\r\n', at);
  if (lineEnd < 0) return undefined;
  const type = String.fromCharCode(buffer[at]!);
  const line = buffer.toString('utf8', at + 1, lineEnd);
  const after = lineEnd + 2;
  switch (type) {
    case '+':
      return { reply: line, next: after };
    case '-':
      return { reply: new RespError(line), next: after };
    case ':':
      return { reply: Number(line), next: after };
    case '$': {
      const length = Number(line);
      if (length < 0) return { reply: null, next: after };
      if (buffer.length < after + length + 2) return undefined;
      return { reply: buffer.toString('utf8', after, after + length), next: after + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { reply: null, next: after };
      const items: Reply[] = [];
      let next = after;
      for (let i = 0; i < count; i++) {
        const item = parse(buffer, next);
        if (!item) return undefined;
        if (item.reply instanceof RespError) throw new Error(`error inside an array: ${item.reply.message}`);
        items.push(item.reply);
        next = item.next;
      }
      return { reply: items, next };
    }
    default:
      throw new Error(`unexpected RESP type byte ${JSON.stringify(type)}`);
  }
}

function encode(args: ReadonlyArray<string | number>): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.from(String(arg), 'utf8');
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

export class RespClient {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly pending: Pending[] = [];

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.failAll(error));
    socket.on('close', () => this.failAll(new Error('connection closed')));
  }

  /** Connects to 127.0.0.1:port (or `host`) and, when `db` is given, SELECTs that database first. */
  static async connect(port: number, { host = '127.0.0.1', db }: { host?: string; db?: number } = {}): Promise<RespClient> {
    const client = await new Promise<RespClient>((resolve, reject) => {
      const socket = connect({ port, host }, () => {
        socket.off('error', reject);
        resolve(new RespClient(socket));
      });
      socket.once('error', reject);
    });
    if (db !== undefined) {
      const selected = await client.call('SELECT', db);
      if (selected !== 'OK') throw new Error(`SELECT ${db} failed: ${JSON.stringify(selected)}`);
    }
    return client;
  }

  /** Sends one command; resolves with its reply (an error reply resolves as a RespError). */
  call(...args: Array<string | number>): Promise<RespReply> {
    return this.pipeline([args]).then((replies) => replies[0]!);
  }

  /** Sends many commands in one write; resolves with their replies in order. */
  pipeline(commands: ReadonlyArray<ReadonlyArray<string | number>>): Promise<RespReply[]> {
    const replies = commands.map(() => new Promise<RespReply>((resolve, reject) => this.pending.push({ resolve, reject })));
    this.socket.write(Buffer.concat(commands.map(encode)));
    return Promise.all(replies);
  }

  close(): void {
    this.socket.end();
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    let at = 0;
    for (;;) {
      const parsed = at < this.buffer.length ? parse(this.buffer, at) : undefined;
      if (!parsed) break;
      at = parsed.next;
      this.pending.shift()?.resolve(parsed.reply);
    }
    this.buffer = this.buffer.subarray(at);
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.splice(0)) waiting.reject(error);
  }
}
