import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { SetReader } from './setReader.ts';

const KEY = 'z';

/** Pairs of a WITHSCORES reply as entries, the scores read back from their text. */
function entries(reply: unknown): Array<{ member: string; score: number }> {
  const flat = reply as string[];
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push({ member: flat[i]!, score: Number(flat[i + 1]) });
  return out;
}

const scores = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -10, max: 10, noNaN: true }));

describe('SetReader', () => {
  it('reads what the commands reply: size, rank, ranges by rank and score, counts, the highest in a range, score text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 3 }), scores), { maxLength: 40 }),
        scores,
        scores,
        fc.integer({ min: 0, max: 10 }),
        (pairs, a, b, limit) => {
          const redis = new MemoryRedis();
          const reader = new SetReader(redis, KEY);
          for (const [member, score] of pairs) redis.call('ZADD', KEY, score, member);
          const [min, max] = a <= b ? [a, b] : [b, a];
          expect(reader.size).toBe(redis.call('ZCARD', KEY));
          expect(reader.rangeByRank(0, -1 + reader.size)).toEqual(entries(redis.call('ZRANGE', KEY, 0, -1, 'WITHSCORES')));
          expect(reader.rangeByRank(2, 5)).toEqual(entries(redis.call('ZRANGE', KEY, 2, 5, 'WITHSCORES')));
          expect(reader.count(min, max)).toBe(redis.call('ZCOUNT', KEY, min, max));
          expect(reader.countBelow(min)).toBe(redis.call('ZCOUNT', KEY, '-inf', `(${min}`));
          expect(reader.rangeByScore(min, max, limit)).toEqual(
            entries(redis.call('ZRANGEBYSCORE', KEY, min, max, 'WITHSCORES', 'LIMIT', 0, limit)),
          );
          expect(reader.highestIn(min, max)).toEqual(
            entries(redis.call('ZREVRANGEBYSCORE', KEY, max, min, 'WITHSCORES', 'LIMIT', 0, 1))[0],
          );
          const head = redis.call('ZRANGE', KEY, 0, 0, 'WITHSCORES') as string[];
          expect(reader.head === undefined ? [] : [reader.head.member, reader.scoreText(reader.head.score)]).toEqual(head);
          for (const [member] of pairs) {
            expect(reader.rank(member)).toBe(redis.call('ZRANK', KEY, member));
            expect(reader.scoreText(reader.score(member)!)).toBe(redis.call('ZSCORE', KEY, member));
          }
          expect(reader.rank('absent-member')).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads an emptied set (Redis deleted its key) as empty', () => {
    const redis = new MemoryRedis();
    const reader = new SetReader(redis, KEY);
    redis.call('ZADD', KEY, 1, 'a');
    redis.call('ZREM', KEY, 'a');
    expect([reader.size, reader.count(0, 2), reader.rangeByScore(0, 2, 5), reader.head, [...reader.entriesFrom(0)]]).toEqual([
      0,
      0,
      [],
      undefined,
      [],
    ]);
  });
});
