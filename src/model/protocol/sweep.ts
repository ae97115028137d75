/**
 * How pollers take due jobs in batches: promoteDelayedJobs.lua's `"LIMIT", 0, 1000`, and the same
 * batch in the textbook sweep (RQ, bee-queue, Bull, Kue), repeated until a batch comes back short.
 */
import { arrayReply } from '../redis/reply.ts';
import type { RedisLike } from '../redis/reply.ts';

/** How many members one batch takes: the `LIMIT 0 1000` of promoteDelayedJobs.lua and of the textbook pollers. */
export const PROMOTE_BATCH = 1000;

/**
 * A poller's loop: takes batches of at most `limit` members until one comes back short (nothing
 * due is left). Returns every member taken, in order.
 */
export function drainBatches(limit: number, takeBatch: () => readonly string[]): string[] {
  const taken: string[] = [];
  for (;;) {
    const batch = takeBatch();
    for (const member of batch) taken.push(member);
    if (batch.length < limit) return taken;
  }
}

/** How many batches drainBatches took to take `taken` members: every full one, then the short one that ended it (maybe empty). */
export function batchesTaken(taken: number, limit: number): number {
  return Math.floor(taken / limit) + 1;
}

/** One batch of the textbook sweep: `ZRANGEBYSCORE key 0 <bound> LIMIT 0 1000`, then `ZREM` what it read. */
export function sweepBatchByScore(redis: RedisLike, key: string, bound: number, limit = PROMOTE_BATCH): string[] {
  const batch = arrayReply(redis.call('ZRANGEBYSCORE', key, 0, bound, 'LIMIT', 0, limit)).map(String);
  if (batch.length > 0) redis.call('ZREM', key, ...batch);
  return batch;
}

/**
 * The textbook sweep most pollers run: sweepBatchByScore until a batch comes back short. Returns
 * the members in the order they were read.
 */
export function sweepByScore(redis: RedisLike, key: string, bound: number, limit = PROMOTE_BATCH): string[] {
  return drainBatches(limit, () => sweepBatchByScore(redis, key, bound, limit));
}
