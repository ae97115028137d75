/**
 * The decoder's "Try an example" text: a redis-cli session as a person would copy it from a
 * terminal, built from a MemoryRedis that BullMQ's own scoring (delayed.ts addDelayedJob) filled,
 * printed the way redis-cli prints replies in a terminal (redisCliOutput.ts printCliArray).
 */
import { addDelayedJob } from '../protocol/delayed.ts';
import { MemoryRedis } from '../redis/memoryRedis.ts';
import type { Reply } from '../redis/memoryRedis.ts';
import { printCliArray } from './redisCliOutput.ts';
import { BAND_SLOTS } from '../protocol/score.ts';

/** The instant the example's jobs were enqueued: 2026-11-30T09:00:00.000Z. */
export const EXAMPLE_NOW = Date.UTC(2026, 10, 30, 9, 0, 0, 0);
/** The queue's delayed set in the example. */
export const EXAMPLE_DELAYED_KEY = 'bull:mail:delayed';
/** Years of delay that put the example's reports past the 2^41 ms cliff (2039-09-07). */
const REPORT_DELAY_MS = Date.UTC(2040, 10, 30) - Date.UTC(2026, 10, 30);
/** Job ids of the band the example fills past its 4096 slots: the four last ids get the ceiling. */
const FULL_BAND_FIRST_ID = 9998 - (BAND_SLOTS - 1);
const FULL_BAND_LAST_ID = 10001;

function command(args: ReadonlyArray<string | number>, reply: Reply): string {
  const values = Array.isArray(reply) ? reply.map(String) : [];
  return `127.0.0.1:6379> ${args.join(' ')}\n${printCliArray(values, 'numbered')}`;
}

/**
 * A terminal session of three commands: the head of a BullMQ delayed set (three jobs and a custom
 * id with a non-ASCII letter in one millisecond, then a first-in-its-ms job), its tail (the top of a
 * band that overflowed its 4096 slots, where four ids share the ceiling in byte order, and two
 * reports scheduled past the 2039 cliff sharing one score), and resque-scheduler's schedule, whose
 * scores are bare Unix seconds.
 */
export function exampleCliPaste(): string {
  const redis = new MemoryRedis();
  const now = EXAMPLE_NOW;
  for (const id of ['1', '2', '3', 'digest:münchen']) addDelayedJob(redis, EXAMPLE_DELAYED_KEY, id, now, 60_000);
  addDelayedJob(redis, EXAMPLE_DELAYED_KEY, '4', now, 90_000);
  for (let id = FULL_BAND_FIRST_ID; id <= FULL_BAND_LAST_ID; id++)
    addDelayedJob(redis, EXAMPLE_DELAYED_KEY, String(id), now + 1, 120_000);
  for (const id of ['report:2040-q1', 'report:2040-q2']) addDelayedJob(redis, EXAMPLE_DELAYED_KEY, id, now + 2, REPORT_DELAY_MS);

  const resqueKey = 'resque:delayed_queue_schedule';
  for (const seconds of [now / 1000 + 300, now / 1000 + 3600]) redis.call('ZADD', resqueKey, seconds, String(seconds));

  const head = ['ZRANGE', EXAMPLE_DELAYED_KEY, 0, 5, 'WITHSCORES'];
  const tail = ['ZRANGE', EXAMPLE_DELAYED_KEY, -8, -1, 'WITHSCORES'];
  const resque = ['ZRANGE', resqueKey, 0, -1, 'WITHSCORES'];
  return [head, tail, resque].map((args) => command(args, redis.call('ZRANGE', ...args.slice(1)))).join('');
}
