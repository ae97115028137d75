import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MemoryRedis } from '../../model/redis/memoryRedis.ts';
import { TIE_READ_LIMIT, tiesInBand } from '../../model/protocol/cliff.ts';
import { bandOf } from '../../model/protocol/score.ts';
import { SetReader } from '../../session/setReader.ts';
import { tiesOf } from './ties.ts';

const KEY = 'bull:q:delayed';
const FIRE_TIME = 1_000;

describe('tiesOf', () => {
  it('gives what tiesInBand reads from the replies: ties of any size, neighbours outside the band, past a full window', () => {
    const { minScore, maxScore } = bandOf(FIRE_TIME);
    const slot = fc.oneof(fc.integer({ min: -2, max: 4098 }), fc.constant(4095));
    fc.assert(
      fc.property(fc.array(fc.tuple(slot, fc.integer({ min: 1, max: 6 })), { maxLength: 25 }), fc.boolean(), (groups, pile) => {
        const redis = new MemoryRedis();
        let n = 0;
        for (const [offset, size] of groups) for (let k = 0; k < size; k++) redis.call('ZADD', KEY, minScore + offset, `m${n++}`);
        // a pile-up at the ceiling longer than one read window
        if (pile) for (let k = 0; k < TIE_READ_LIMIT + 5; k++) redis.call('ZADD', KEY, maxScore, `c${k}`);
        expect(tiesOf(new SetReader(redis, KEY), FIRE_TIME)).toEqual(tiesInBand(redis, KEY, FIRE_TIME));
      }),
      { numRuns: 40 },
    );
  });
});
