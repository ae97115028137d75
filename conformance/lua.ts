/**
 * The project's own Lua version of the delayed-score algorithm (conformance/lua/), assembled as
 * BullMQ assembles its scripts: getDelayedScore is included ahead of the scripts that call it.
 * Each is run with EVAL on the real server against delayed.ts on MemoryRedis.
 */
import { readFileSync } from 'node:fs';

const lua = (name: string): string => readFileSync(new URL(`./lua/${name}.lua`, import.meta.url), 'utf8');

export const LUA = {
  /** KEYS[1] delayed key; ARGV jobId, timestamp, delay. Returns {score, delayedTimestamp} as %.17g text. */
  add: `${lua('getDelayedScore')}\n${lua('addDelayedJob')}`,
  change: `${lua('getDelayedScore')}\n${lua('changeDelay')}`,
  promote: lua('promoteDelayedJobs'),
  next: lua('getNextDelayedTimestamp'),
  legacy: lua('legacyScore'),
} as const;
