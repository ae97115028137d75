import { describe, expect, it } from 'vitest';
import { MemoryRedis } from '../redis/memoryRedis.ts';
import type { RedisLike } from '../redis/reply.ts';
import { PROMOTE_BATCH, batchesTaken, drainBatches } from './sweep.ts';
import { addDelayedJob, promoteAllDueJobs } from './delayed.ts';

/** A RedisLike that counts the commands it forwards, by name. */
function counting(redis: MemoryRedis): { redis: RedisLike; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  return {
    calls,
    redis: {
      call(command, ...args) {
        calls.set(command, (calls.get(command) ?? 0) + 1);
        return redis.call(command, ...args);
      },
    },
  };
}

describe('drainBatches', () => {
  it('takes batches until one comes back short, and batchesTaken counts exactly those calls', () => {
    for (const total of [0, 1, 9, 10, 11, 30, 31]) {
      let left = total;
      let calls = 0;
      const taken = drainBatches(10, () => {
        calls++;
        const n = Math.min(10, left);
        left -= n;
        return Array.from({ length: n }, (_, i) => `m${total - left - n + i}`);
      });
      expect(taken).toEqual(Array.from({ length: total }, (_, i) => `m${i}`));
      expect(calls).toBe(batchesTaken(total, 10));
    }
  });
});

describe('promoteAllDueJobs', () => {
  it('calls promoteDelayedJobs in batches of 1,000 until nothing due is left, in score order', () => {
    const T = Date.UTC(2026, 10, 30, 12, 0, 0, 0);
    const base = new MemoryRedis();
    const { redis, calls } = counting(base);
    for (let i = 1; i <= 2500; i++) addDelayedJob(base, 'd', `job:${i}`, T, 10);
    addDelayedJob(base, 'd', 'later', T, 11);
    calls.clear();
    const promoted = promoteAllDueJobs(redis, 'd', T + 10);
    expect(PROMOTE_BATCH).toBe(1000);
    expect(promoted).toEqual(Array.from({ length: 2500 }, (_, i) => `job:${i + 1}`));
    expect(calls.get('ZRANGEBYSCORE')).toBe(3);
    expect(calls.get('ZRANGEBYSCORE')).toBe(batchesTaken(promoted.length, PROMOTE_BATCH));
    expect(base.call('ZRANGE', 'd', 0, -1)).toEqual(['later']);
  });
});
