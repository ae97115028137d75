/**
 * Conformance of the seven scoring strategies: each strategy's queue runs on MemoryRedis through
 * a recorder, and the recorded commands are replayed on the real redis-server 7.0.15 (FLUSHDB
 * first). Every reply must match, so the set is built with the same scores, read back in the same
 * order, and promoted in the same order. resque-scheduler's per-second lists, which the model keeps
 * as arrays, are built on the server as real lists (RPUSH) and drained with LPOP, and must give
 * the model's promotion order.
 */
import { describe, expect, it } from 'vitest';
import { redisForFile } from './databases.ts';
import type { Command } from './commandGenerator.ts';
import { fromMemory, fromServer, toWire, type Outcome } from './outcomes.ts';
import { MemoryRedis, RedisError, type RedisLike, type Reply } from '../src/model/redis/memoryRedis.ts';
import { generateStream, type Arrival } from '../src/model/strategies/arrivalStreams.ts';
import { GENERATED, allStreams } from './streams.ts';
import { STRATEGIES, resqueListKey, resquePayload, sidekiqScore, strategyById } from '../src/model/strategies/strategies.ts';
import { sweepTimeOf } from '../src/model/strategies/strategyComparison.ts';
import { textbookScore } from '../src/model/protocol/score.ts';

/** A RedisLike that runs each command on MemoryRedis and remembers it with its outcome. */
class RecordingRedis implements RedisLike {
  readonly log: Array<{ command: Command; outcome: Outcome }> = [];
  constructor(readonly memory: MemoryRedis) {}

  call(command: string, ...args: Array<string | number>): Reply {
    const outcome = fromMemory(this.memory, [command, ...args]);
    this.log.push({ command: [command, ...args], outcome });
    if (outcome !== null && typeof outcome === 'object' && 'error' in outcome) throw new RedisError(outcome.error);
    return outcome;
  }

  /** Takes the commands recorded so far, leaving the log empty. */
  drain(): Array<{ command: Command; outcome: Outcome }> {
    return this.log.splice(0);
  }
}

/** Every stream the strategies are replayed on: the generated ones, one the page recorded, and the edges. */
const ALL_STREAMS = allStreams();

const redis = redisForFile(import.meta.url);

/** Replays recorded commands on the server in one pipeline; returns the indexes whose replies differ. */
async function replay(
  records: Array<{ command: Command; outcome: Outcome }>,
): Promise<Array<{ command: Command; memory: Outcome; server: Outcome }>> {
  const replies = await redis.client.pipeline(records.map((r) => toWire(r.command)));
  const differing: Array<{ command: Command; memory: Outcome; server: Outcome }> = [];
  replies.forEach((reply, i) => {
    const server = fromServer(reply);
    const record = records[i]!;
    if (JSON.stringify(server) !== JSON.stringify(record.outcome))
      differing.push({ command: record.command, memory: record.outcome, server });
  });
  return differing;
}

describe.each(ALL_STREAMS)('$name', ({ stream }) => {
  const n = stream.length;
  const now = sweepTimeOf(stream);

  it.each(STRATEGIES.map((s) => [s.id, s] as const))(
    '%s: same replies, same set, same promotion order on redis-server',
    async (_id, strategy) => {
      await redis.client.call('FLUSHDB');
      const memory = new MemoryRedis();
      const recorder = new RecordingRedis(memory);
      const queue = strategy.open(recorder);
      // a job without a delay goes straight to the wait list in four of the systems (NaN: no score written)
      const written = stream.map((arrival) => queue.add(arrival)).filter((score) => !Number.isNaN(score)).length;

      const adds = recorder.drain();
      expect(adds.length).toBeGreaterThanOrEqual(written);
      expect(await replay(adds)).toEqual([]);
      const memorySet = memory.call('ZRANGE', strategy.key, 0, -1, 'WITHSCORES');
      expect(fromServer(await redis.client.call('ZRANGE', strategy.key, 0, -1, 'WITHSCORES'))).toEqual(memorySet);

      const order = queue.promote(now);
      expect(order).toHaveLength(n);
      const promotes = recorder.drain();
      expect(promotes.length).toBeGreaterThan(0);
      expect(await replay(promotes)).toEqual([]);
      expect(await redis.client.call('EXISTS', strategy.key)).toBe(0);
    },
  );
});

describe('resque-scheduler: the per-second FIFO lists', () => {
  it.each(GENERATED)('$pattern: RPUSH per second then LPOP gives the model’s promotion order', async ({ pattern, n }) => {
    const stream = generateStream(pattern, n);
    const strategy = strategyById('resque');

    await redis.client.call('FLUSHDB');
    const queue = strategy.open(new MemoryRedis());
    const writes: Command[] = [];
    for (const arrival of stream) {
      const second = queue.add(arrival);
      // delayed_push: rpush("delayed:#{timestamp.to_i}", encode(item)); zadd(:delayed_queue_schedule, ts, ts)
      writes.push(['RPUSH', resqueListKey(second), resquePayload(arrival)], ['ZADD', strategy.key, second, second]);
    }
    await redis.client.pipeline(writes.map(toWire));
    const modelOrder = queue.promote(sweepTimeOf(stream));

    const bound = textbookScore(sweepTimeOf(stream), 0, 's');
    const serverOrder: number[] = [];
    for (;;) {
      const head = (await redis.client.call('ZRANGEBYSCORE', strategy.key, '-inf', bound, 'LIMIT', 0, 1)) as string[];
      if (head.length === 0) break;
      const listKey = resqueListKey(Number(head[0]));
      for (;;) {
        const payload = await redis.client.call('LPOP', listKey);
        if (payload === null) break;
        serverOrder.push((JSON.parse(payload as string) as { args: [number] }).args[0]);
      }
      await redis.client.call('ZREM', strategy.key, head[0]!);
    }
    expect(serverOrder).toEqual(modelOrder);
    expect(serverOrder).toEqual(stream.map((a: Arrival) => a.counter));
  });
});

describe('Sidekiq: the score text', () => {
  it('Ruby’s shortest Float#to_s and the %.17g text land on the same double', async () => {
    await redis.client.call('FLUSHDB');
    const scores = generateStream('uniform', 500).map((a) => sidekiqScore(a.timestamp, a.delay));
    const writes: Command[] = scores.flatMap((score, i): Command[] => [
      ['ZADD', 'shortest', String(score), `m${i}`],
      ['ZADD', 'g17', score, `m${i}`],
    ]);
    await redis.client.pipeline(writes.map(toWire));
    const shortest = await redis.client.call('ZRANGE', 'shortest', 0, -1, 'WITHSCORES');
    expect(await redis.client.call('ZRANGE', 'g17', 0, -1, 'WITHSCORES')).toEqual(shortest);
    const read = shortest as string[];
    for (let i = 1; i < read.length; i += 2) expect(Number(read[i])).toBe(scores[Number(read[i - 1]!.slice(1))]);
  });
});
