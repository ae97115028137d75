import type { MemoryRedis, RedisLike, Reply } from '../model/redis/memoryRedis.ts';
import type { CommandLog, SetName } from './commandLog.ts';

/**
 * A RedisLike that passes every call() to a MemoryRedis and records the command with its reply or
 * error in the command log: what the model's scripts sent to Redis, as MONITOR would show it.
 */
export class LoggingRedis implements RedisLike {
  constructor(
    private readonly inner: Pick<MemoryRedis, 'callArgs'>,
    private readonly log: CommandLog,
    private readonly set: SetName,
  ) {}

  /**
   * Forwards one Redis command and logs it; errors are logged and rethrown unchanged. The one
   * arguments array goes to the set (callArgs: no second copy) and then into the log, which keeps
   * it: the set keeps no reference to it, and nobody changes it afterwards.
   */
  call(command: string, ...args: Array<string | number>): Reply {
    let reply: Reply;
    try {
      reply = this.inner.callArgs(command, args);
    } catch (error) {
      this.log.record(this.set, command, args, undefined, error instanceof Error ? error.message : String(error));
      throw error;
    }
    this.log.record(this.set, command, args, reply, undefined);
    return reply;
  }
}
