/**
 * No reply from the server at --redis may end the bridge. ioredis hands every chunk the socket
 * reads to redis-parser inside the socket's 'data' listener, and what the parser throws there
 * nothing catches: a reply of 5,000 nested arrays (~20 KB) overflows the call stack (redis-parser
 * reads arrays by recursion) and an array header past 2^32 - 1 throws "Invalid array length"; each
 * ended the process.
 *
 * The guard is an ioredis Connector (the `Connector` option, also passed to every node of a
 * cluster): it opens the socket exactly as ioredis's own StandaloneConnector does, then wraps the
 * socket's 'data' emit, so whatever a listener throws destroys that one connection with an
 * UnreadableReplyError instead. ioredis then reports the error, fails the commands in flight and
 * reconnects with a fresh parser; the commands that were in flight are rejected again with the
 * UnreadableReplyError (ReplyGuard.wrap), so the request says what happened.
 *
 * A global process.on('uncaughtException') would also keep the process alive, but it would hide
 * every other bug and leave the broken parser attached to the connection.
 *
 * The guard also sees every chunk the server sends, so it can time a command by the server's
 * silence (wrap's `idleTimeoutMs`) rather than by the whole reply: ioredis's commandTimeout runs
 * from the command to the end of its reply, so a page of 360 MB that Redis sent at once but that
 * took the bridge more than --timeout to take in was answered 504 "busy, paused or too far away"
 * while Redis sat idle. Timed by silence, a reply still arriving is waited for; a server that
 * sends nothing for the timeout (paused, busy with another client's script) still times out.
 *
 * And it hands the socket the commands sent in one go (the candidates' TYPEs of a queue walk, a
 * row's reads) as one write: ioredis writes each command on its own, a system call each for the
 * bridge and a read each for Redis, which over a keyspace full of look-alike keys was most of the
 * walk's CPU on both sides. The commands, their order and their replies are the same.
 */
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { RedisOptions } from 'ioredis';
import type IoredisStandaloneConnector from 'ioredis/built/connectors/StandaloneConnector';
import type { CommandSender } from './allowList.ts';

type ConnectorClass = NonNullable<RedisOptions['Connector']>;

// ioredis exports AbstractConnector but not the StandaloneConnector it uses by default; the
// package has no exports map, so its built file is required directly (pinned ioredis version)
const { default: StandaloneConnector } = createRequire(import.meta.url)('ioredis/built/connectors/StandaloneConnector.js') as {
  default: typeof IoredisStandaloneConnector;
};

/** The server sent a reply the parser could not read; the connection it came on was dropped. */
export class UnreadableReplyError extends Error {
  constructor(readonly reason: string) {
    super(`the reply could not be read (${reason})`);
    this.name = 'UnreadableReplyError';
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError && /call stack/i.test(message)) return 'nested too deeply to parse';
  return message.slice(0, 200);
}

/** Drops the connections whose replies cannot be read, and counts them so `wrap` can tell which commands met one. */
export class ReplyGuard {
  /** Connections dropped so far, and the latest reason. */
  private dropped = 0;
  private last: UnreadableReplyError | null = null;
  /** When the last chunk came from the server (performance.now()), on any guarded connection. */
  private heardAt = Number.NEGATIVE_INFINITY;

  /** The ioredis Connector to pass as `Connector` (in redisOptions for a cluster). */
  readonly Connector: ConnectorClass;

  constructor() {
    const onThrow = (error: unknown) => {
      this.dropped++;
      this.last = new UnreadableReplyError(reasonOf(error));
      return this.last;
    };
    const onData = () => {
      this.heardAt = performance.now();
    };
    class GuardedConnector extends StandaloneConnector {
      override async connect(...args: Parameters<IoredisStandaloneConnector['connect']>) {
        const stream = await super.connect(...args);
        guardDataEvents(stream, onThrow, onData);
        coalesceWrites(stream);
        return stream;
      }
    }
    // ioredis gives a Connector its own options, which are StandaloneConnector's
    this.Connector = GuardedConnector as ConnectorClass;
  }

  /**
   * `sender` whose commands, when they fail while a connection was dropped for an unreadable
   * reply, fail with that UnreadableReplyError rather than ioredis's "Connection is closed" or
   * "Reached the max retries per request limit". With `idleTimeoutMs`, a command also fails with
   * "Command timed out" (what ioredis's own timeout says) once the server has sent nothing for that
   * long since the command went out: its reply may take longer, as long as it keeps coming.
   */
  wrap(sender: CommandSender, idleTimeoutMs?: number): CommandSender {
    return {
      callBuffer: (command, ...args) => {
        const before = this.dropped;
        const reply = sender.callBuffer(command, ...args).catch((error: unknown) => {
          throw this.dropped !== before && this.last !== null ? this.last : error;
        });
        return idleTimeoutMs === undefined ? reply : this.timedBySilence(reply, idleTimeoutMs);
      },
    };
  }

  /** `reply`, or "Command timed out" once nothing has come from the server for `idleMs` since now. */
  private timedBySilence<T>(reply: Promise<T>, idleMs: number): Promise<T> {
    const sentAt = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silence = new Promise<never>((_, reject) => {
      const check = () => {
        const quiet = performance.now() - Math.max(sentAt, this.heardAt);
        if (quiet >= idleMs) reject(new Error('Command timed out'));
        else timer = setTimeout(check, idleMs - quiet);
      };
      timer = setTimeout(check, idleMs);
    });
    return Promise.race([reply, silence]).finally(() => clearTimeout(timer));
  }
}

/**
 * Makes a throw from any 'data' listener of `stream` destroy the stream with onThrow's error, not
 * escape to the event loop; `onData` hears of each chunk before the listeners read it.
 */
function guardDataEvents(
  stream: Pick<Socket, 'emit' | 'destroy'>,
  onThrow: (error: unknown) => Error,
  onData: () => void = () => undefined,
): void {
  const emit = stream.emit.bind(stream) as (event: string | symbol, ...args: unknown[]) => boolean;
  stream.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'data') return emit(event, ...args);
    onData();
    try {
      return emit(event, ...args);
    } catch (error) {
      stream.destroy(onThrow(error));
      return true;
    }
  }) as typeof stream.emit;
}

/**
 * Holds the commands `stream` is given while the current piece of work runs and writes them as
 * one buffer when it is done (on the next tick): one system call and one buffer for a batch of
 * commands, where ioredis's write a command (or a socket's cork, a buffer a command) cost a
 * system call or a long writev each. A write that passes an encoding or a callback goes out
 * after the ones held, in its order.
 */
export function coalesceWrites(stream: Pick<Socket, 'write'>): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  let held: Buffer[] = [];
  const flush = () => {
    if (held.length === 0) return;
    const chunks = held;
    held = [];
    write(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  };
  stream.write = ((...args: unknown[]) => {
    const [chunk] = args;
    if (args.length !== 1 || !(typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      flush();
      return write(...args);
    }
    if (held.length === 0) process.nextTick(flush);
    held.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    return true;
  }) as typeof stream.write;
}
