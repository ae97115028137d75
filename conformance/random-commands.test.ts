/**
 * Random commands, valid and invalid, sent in pipelined batches to a real Redis 7.0.15 and to
 * MemoryRedis, compared reply by reply. Number arguments reach the server as the text redis.call
 * would make of them (luaNumberArg) and MemoryRedis as numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { CommandGenerator } from './commandGenerator.ts';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import { fromMemory, fromServer, toWire } from './outcomes.ts';

const CASES = 12;
const COMMANDS_PER_CASE = 1_000;
const BATCH = 250;

let redis: ConformanceRedis;
beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url); // a server of its own: the generator sends FLUSHALL
});
afterAll(() => redis.close());

describe('random commands: MemoryRedis against redis-server 7.0.15', () => {
  it(`agrees on ${CASES * COMMANDS_PER_CASE} random commands`, async () => {
    let commands = 0;
    const differences: string[] = [];
    for (let seed = 1; seed <= CASES; seed++) {
      const generator = new CommandGenerator(seed);
      const memory = new MemoryRedis();
      await redis.client.call('FLUSHALL');
      for (let done = 0; done < COMMANDS_PER_CASE; done += BATCH) {
        const batch = Array.from({ length: BATCH }, () => generator.next());
        const wire = batch.map(toWire);
        const replies = await redis.client.pipeline(wire);
        batch.forEach((command, i) => {
          const expected = fromServer(replies[i]!);
          const actual = fromMemory(memory, command);
          commands++;
          if (JSON.stringify(actual) !== JSON.stringify(expected)) {
            differences.push(
              `case ${seed} #${done + i}: ${JSON.stringify(wire[i])}\n  redis:       ${JSON.stringify(expected)}\n  MemoryRedis: ${JSON.stringify(actual)}`,
            );
          }
        });
      }
    }
    console.log(`random commands: ${CASES} cases, ${commands} commands, ${differences.length} differences`);
    expect(differences.slice(0, 10).join('\n')).toBe('');
    expect(commands).toBeGreaterThanOrEqual(10_000);
  });
});
