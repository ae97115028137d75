/** Running an operation's work in steps, and writing jobs back in one command per chunk. */
import type { MemoryRedis } from '../../model/redis/memoryRedis.ts';
import { REPLAY_CHUNK } from '../sessionState.ts';

/** Runs a generator of steps to its end and gives what it returns. */
export function drain<Y, T>(steps: Generator<Y, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/**
 * Runs `each(start, end)` over 0..n-1 in chunks of REPLAY_CHUNK (the last chunk first when `back`),
 * yielding after each `before` plus the items done so far: the jobs an undo or redo has moved.
 */
export function* chunks(
  n: number,
  back: boolean,
  each: (start: number, end: number) => void,
  before = 0,
): Generator<number, void, void> {
  for (let k = 0; k < n; k += REPLAY_CHUNK) {
    const end = back ? n - k : Math.min(n, k + REPLAY_CHUNK);
    const start = back ? Math.max(0, end - REPLAY_CHUNK) : k;
    each(start, end);
    yield before + Math.min(n, k + REPLAY_CHUNK);
  }
}

/** ZADD key score member ... for members[start..end) with their scores, in one command. */
export function zaddPairs(
  redis: MemoryRedis,
  key: string,
  members: readonly string[],
  start: number,
  end: number,
  score: (i: number) => string | number,
): void {
  const pairs: Array<string | number> = [];
  for (let i = start; i < end; i++) pairs.push(score(i), members[i]!);
  redis.call('ZADD', key, ...pairs);
}

/** Work done at once, as the generator every kind runs through (no pause in it). */
export function* atOnce<T>(value: T): Generator<number, T, void> {
  yield* [];
  return value;
}
