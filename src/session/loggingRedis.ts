import type { RedisLike, Reply } from '../model/redis/memoryRedis.ts';
import type { CommandLog, SetName } from './commandLog.ts';

/**
 * A RedisLike that passes every call() to another one and records the command with its reply or
 * error in the command log: what the model's scripts sent to Redis, as MONITOR would show it.
 */
export class LoggingRedis implements RedisLike {
  constructor(
    private readonly inner: RedisLike,
    private readonly log: CommandLog,
    private readonly set: SetName,
  ) {}

  /** Forwards one Redis command and logs it; errors are logged and rethrown unchanged. */
  call(command: string, ...args: Array<string | number>): Reply {
    try {
      const reply = this.inner.call(command, ...args);
      this.log.record(this.set, command, args, { reply });
      return reply;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.record(this.set, command, args, { error: message });
      throw error;
    }
  }
}
