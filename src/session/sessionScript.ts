/**
 * The export: the scenario replayed on fresh sets through a recorder that keeps the write
 * commands (ZADD, ZREM) in the order the model sent them, as a redis-cli script. Built from the
 * scenario, never from the command log (which is capped and holds reads), so it is complete.
 */
import type { MemoryRedis, RedisLike, Reply } from '../model/redis/memoryRedis.ts';
import { redisCliScript } from './redisCliScript.ts';
import type { ScriptCommand } from './redisCliScript.ts';
import { seededUuid } from '../model/uuid.ts';
import { Session, drain, replay, replaySteps } from './session.ts';
import type { ReplayProgress } from './session.ts';
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

/** The script in parts (whole lines; joined, the text of sessionScript) and how many commands it holds. */
export interface ScriptParts {
  readonly parts: readonly string[];
  readonly commands: number;
}

/**
 * sessionScript in steps: replays the scenario as replaySteps does (yielding its progress every
 * REPLAY_CHUNK jobs or so) and turns the writes into script lines as they come, so that no step
 * holds more than a chunk of commands; returns the lines in parts. A reset drops what came before it.
 */
export function* sessionScriptSteps(scenario: Scenario): Generator<ReplayProgress, ScriptParts, void> {
  const writes: ScriptCommand[] = [];
  const parts: string[] = [];
  let commands = 0;
  const session = new Session(scenario.initial, {
    wrap: (redis: MemoryRedis) => new WriteRecorder(redis, writes),
    onReset: () => {
      writes.length = 0;
      parts.length = 0;
      commands = 0;
    },
    uuid: (index) => seededUuid(scenario.seed, index),
  });
  const flush = () => {
    if (writes.length === 0) return;
    parts.push(redisCliScript(writes));
    commands += writes.length;
    writes.length = 0;
  };
  const steps = replaySteps(session, scenario.operations);
  for (let step = steps.next(); step.done !== true; step = steps.next()) {
    flush();
    yield step.value;
  }
  flush();
  return { parts, commands };
}

/** The scenario's writes as a redis-cli script (`redis-cli < firetime-session.redis`). */
export function sessionScript(scenario: Scenario): string {
  return drain(sessionScriptSteps(scenario)).parts.join('');
}
