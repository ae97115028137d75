/**
 * One shape for a reply from either side of the conformance comparison: a Reply, or
 * `{ error }` holding the error line (a RespError from the server, a RedisError from
 * MemoryRedis). Also the wire form of a command: numbers as redis.call would send them.
 */
import { RespError, type RespReply } from '../test-support/resp-client.ts';
import type { Command } from './commandGenerator.ts';
import { RedisError, type MemoryRedis, type Reply } from '../src/model/redis/memoryRedis.ts';
import { luaNumberArg } from '../src/model/redis/doubles.ts';

export type Outcome = Reply | { error: string };

/** A server reply as an Outcome. */
export function fromServer(reply: RespReply): Outcome {
  return reply instanceof RespError ? { error: reply.message } : reply;
}

/** Runs a command on MemoryRedis and gives its reply or its error line. */
export function fromMemory(redis: MemoryRedis, [command, ...args]: Command): Outcome {
  try {
    return redis.call(command, ...args);
  } catch (error) {
    if (error instanceof RedisError) return { error: error.message };
    throw error;
  }
}

/** The command as text, each Lua number printed as redis.call prints it (luaNumberArg). */
export function toWire(command: Command): string[] {
  return command.map((arg) => (typeof arg === 'number' ? luaNumberArg(arg) : arg));
}
