/**
 * The export: the scenario replayed on fresh sets through a recorder that keeps the write
 * commands (ZADD, ZREM) in the order the model sent them, as a redis-cli script. Built from the
 * scenario, never from the command log (which is capped and holds reads), so it is complete.
 */
import type { MemoryRedis, RedisLike, Reply } from '../model/redis/memoryRedis.ts';
import { redisCliScript } from './redisCliScript.ts';
import type { ScriptCommand } from './redisCliScript.ts';
import { seededUuid } from './jobIds.ts';
import { Session, replay } from './session.ts';
import type { Scenario } from './operations.ts';

/** The name the download gets. */
export const SCRIPT_FILE_NAME = 'firetime-session.redis';

const WRITES: ReadonlySet<string> = new Set(['ZADD', 'ZREM']);

/** A RedisLike that forwards every command and keeps the writes that succeeded (ZADD, ZREM). */
class WriteRecorder implements RedisLike {
  constructor(
    private readonly inner: RedisLike,
    private readonly writes: ScriptCommand[],
  ) {}

  /** Forwards one command; a write that Redis accepted is kept for the script. */
  call(command: string, ...args: Array<string | number>): Reply {
    const reply = this.inner.call(command, ...args);
    if (WRITES.has(command.toUpperCase())) this.writes.push({ command, args });
    return reply;
  }
}

/**
 * The write commands that rebuild the scenario's sets from empty Redis, in order (those before
 * the last reset are dropped: the reset emptied the sets).
 */
export function sessionWrites(scenario: Scenario): ScriptCommand[] {
  const writes: ScriptCommand[] = [];
  const session = new Session(scenario.initial, {
    wrap: (redis: MemoryRedis) => new WriteRecorder(redis, writes),
    onReset: () => {
      writes.length = 0;
    },
    uuid: (index) => seededUuid(scenario.seed, index),
  });
  replay(session, scenario.operations);
  return writes;
}

/** The scenario's writes as a redis-cli script (`redis-cli < firetime-session.redis`). */
export function sessionScript(scenario: Scenario): string {
  return redisCliScript(sessionWrites(scenario));
}
