/**
 * The bridge's only way to Redis: every command passes `readOnlyCall`, which refuses anything
 * outside the read-only allow-list before it is sent. The routes never take a command name from
 * a request, and this is the one function that holds the Redis client.
 */

/** The commands the bridge may send: SCAN (key listing), TYPE, ZCARD, ZRANGE, ZRANGEBYSCORE. */
export const ALLOWED_COMMANDS: ReadonlySet<string> = new Set(['SCAN', 'TYPE', 'ZCARD', 'ZRANGE', 'ZRANGEBYSCORE']);

/** An argument of a command: key and member names go as bytes. */
export type CommandArg = string | number | Buffer;

/**
 * What readOnlyCall needs of a client: ioredis's `callBuffer`, which sends Buffers as they are and
 * replies with Buffers, so a key that is not UTF-8 survives the round trip.
 */
export interface CommandSender {
  callBuffer(command: string, ...args: CommandArg[]): Promise<unknown>;
}

/** A command the allow-list does not hold; it was never sent. */
export class RefusedCommandError extends Error {
  constructor(readonly command: string) {
    super(`the bridge is read-only: ${command.toUpperCase()} is not one of ${[...ALLOWED_COMMANDS].join(', ')}`);
    this.name = 'RefusedCommandError';
  }
}

/** A function that sends one allowed command to Redis; bulk replies come back as Buffers. */
export type ReadOnlyCall = (command: string, ...args: CommandArg[]) => Promise<unknown>;

/**
 * Sends `command args...` through `client` when the command is on the allow-list; otherwise
 * rejects with RefusedCommandError without touching the client. ZRANGE's STORE-free forms and the
 * other four commands only read.
 */
export function readOnlyCall(client: CommandSender, command: string, ...args: CommandArg[]): Promise<unknown> {
  const name = command.toUpperCase();
  if (!ALLOWED_COMMANDS.has(name)) return Promise.reject(new RefusedCommandError(command));
  return client.callBuffer(name, ...args);
}

/** readOnlyCall bound to one client: the shape the routes receive. */
export function readOnlyCaller(client: CommandSender): ReadOnlyCall {
  return (command, ...args) => readOnlyCall(client, command, ...args);
}
