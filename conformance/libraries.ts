/**
 * What the real-library conformance files share (bullmq.test.ts, bull.test.ts, bee-queue.test.ts,
 * kue.test.ts): the model's side of a stream (the strategy of the same name on MemoryRedis), the
 * comparison of a delayed set and of a promotion order, and the counts each file logs.
 */
import { expect, vi } from 'vitest';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import type { Arrival } from '../src/model/strategies/arrivalStreams.ts';
import { strategyById, type StrategyId } from '../src/model/strategies/strategies.ts';
import { sweepTimeOf } from '../src/model/strategies/strategyComparison.ts';
import type { RespClient } from '../test-support/resp-client.ts';

/** A delayed set as ZRANGE key 0 -1 WITHSCORES gives it: member, score text, member, score text... */
export type FlatSet = string[];

/** The model's side of a stream: the strategy's set after every add, and its order at the sweep (id counters). */
export interface ModelRun {
  readonly set: FlatSet;
  readonly order: number[];
}

/** Runs the stream through the strategy on MemoryRedis and promotes at sweepTimeOf(stream). */
export function runModel(id: StrategyId, stream: readonly Arrival[]): ModelRun {
  const strategy = strategyById(id);
  const memory = new MemoryRedis();
  const queue = strategy.open(memory);
  for (const arrival of stream) queue.add(arrival);
  const set = (memory.call('ZRANGE', strategy.key, 0, -1, 'WITHSCORES') as unknown[]).map(String);
  return { set, order: queue.promote(sweepTimeOf(stream)) };
}

/** Whether a job id is an integer in text ("12"): BullMQ refuses those as custom ids and hands them out itself (INCR). */
export function isIntegerId(jobId: string): boolean {
  return `${Number.parseInt(jobId, 10)}` === jobId;
}

/** The same stream numbered again from 1 (integer ids follow the counter), after jobs were left out. */
export function renumbered(stream: readonly Arrival[]): Arrival[] {
  return stream.map((arrival, i) => ({
    ...arrival,
    counter: i + 1,
    jobId: isIntegerId(arrival.jobId) ? String(i + 1) : arrival.jobId,
  }));
}

/** The whole delayed set on the server, flat, as the model's. */
export async function serverSet(client: RespClient, key: string): Promise<FlatSet> {
  const reply = await client.call('ZRANGE', key, 0, -1, 'WITHSCORES');
  if (!Array.isArray(reply)) throw new Error(`ZRANGE ${key}: ${JSON.stringify(reply)}`);
  return reply.map(String);
}

/** A list read from the end a worker takes from (the right: LPUSH in, RPOPLPUSH out). */
export async function listOldestFirst(client: RespClient, key: string): Promise<string[]> {
  const reply = await client.call('LRANGE', key, 0, -1);
  if (!Array.isArray(reply)) throw new Error(`LRANGE ${key}: ${JSON.stringify(reply)}`);
  return reply.map(String).reverse();
}

/** Runs `body` with Date.now() reading `now` (the libraries take their clock from it), then restores it. */
export async function atClock<T>(now: number, body: () => Promise<T>): Promise<T> {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
  try {
    return await body();
  } finally {
    clock.mockRestore();
  }
}

/** Counts for one library's log line: scores (set entries) and promotions compared, differences found. */
export class Tally {
  scores = 0;
  promotions = 0;
  differences = 0;
  constructor(readonly library: string) {}

  /** Compares two flat sets entry by entry (member and score text); returns the differing entries. */
  sets(model: FlatSet, real: FlatSet): string[] {
    const differing: string[] = [];
    const entries = Math.max(model.length, real.length) / 2;
    for (let i = 0; i < entries; i++) {
      const [m, r] = [`${model[2 * i]} ${model[2 * i + 1]}`, `${real[2 * i]} ${real[2 * i + 1]}`];
      if (m !== r) differing.push(`#${i}: model ${m}, ${this.library} ${r}`);
    }
    this.scores += entries;
    this.differences += differing.length;
    return differing.slice(0, 10);
  }

  /** Compares two promotion orders (id counters); returns the differing positions. */
  orders(model: readonly number[], real: readonly number[]): string[] {
    const differing: string[] = [];
    for (let i = 0; i < Math.max(model.length, real.length); i++) {
      if (model[i] !== real[i]) differing.push(`#${i}: model ${model[i]}, ${this.library} ${real[i]}`);
    }
    this.promotions += Math.max(model.length, real.length);
    this.differences += differing.length;
    return differing.slice(0, 10);
  }

  /** Prints what was compared and holds it: no difference, and scores were compared at all. */
  report(): void {
    console.log(
      `${this.library}: ${this.scores} scores and ${this.promotions} promotions compared with the model, ${this.differences} differences`,
    );
    expect(this.differences, `${this.library}: differences from the model`).toBe(0);
    expect(this.scores, `${this.library}: scores compared`).toBeGreaterThan(0);
  }
}

/** Every stream's counters by job id, to read a library's promotion order as counters. */
export function countersById(stream: readonly Arrival[]): (jobId: string) => number {
  const counters = new Map(stream.map((arrival) => [arrival.jobId, arrival.counter]));
  return (jobId) => {
    const counter = counters.get(jobId);
    if (counter === undefined) throw new Error(`job ${jobId} is not in the stream`);
    return counter;
  };
}
