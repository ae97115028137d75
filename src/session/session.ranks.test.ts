import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BAND_KEY, Session, TEXTBOOK_KEY, bandRankAfter } from './session.ts';
import { CommandLog } from './commandLog.ts';
import { LoggingRedis } from './loggingRedis.ts';
import { defaultSettings } from './operations.ts';
import type { Operation } from './operations.ts';
import { MAX_CLOCK_MS } from './input.ts';
import { CLIFF_FIRE_TIME, bandOf } from '../model/protocol/score.ts';
import { countInversions } from '../model/strategies/arrivalOrder.ts';
import type { MemoryRedis } from '../model/redis/memoryRedis.ts';

/** The inversions of a set recounted from scratch: its members' arrival numbers in set order. */
function recount(redis: MemoryRedis, key: string, arrivals: ReadonlyMap<string, number>): number {
  const members = redis.call('ZRANGE', key, 0, -1) as string[];
  return countInversions(members.map((member) => arrivals.get(member)!));
}

function session(): Session {
  const log = new CommandLog();
  return new Session(defaultSettings(0, 'frozen'), {
    wrap: (redis, name) => new LoggingRedis(redis, log, name),
    onReset: () => log.clear(),
    uuid: (index) => `uuid-${(index * 7919) % 1000}`,
    undo: { log },
  });
}

function expectTrackersRight(s: Session): void {
  expect(s.bandOrder.inversions).toBe(recount(s.band, BAND_KEY, s.arrivals));
  expect(s.textbookOrder.inversions).toBe(recount(s.textbook, TEXTBOOK_KEY, s.arrivals));
  expect(s.bandOrder.size).toBe(s.band.call('ZCARD', BAND_KEY));
}

/** Clock instants around the places where scores behave differently: ordinary, just before and past the 2^53 cliff, the last one. */
const instants = fc.constantFrom(
  1_796_040_000_000,
  1_796_040_000_001,
  CLIFF_FIRE_TIME - 2,
  CLIFF_FIRE_TIME + 3,
  2 ** 42 + 1,
  MAX_CLOCK_MS,
);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('enqueue' as const), count: fc.integer({ min: 1, max: 700 }), at: instants }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delay' as const), delay: fc.constantFrom(0, 1, 5000) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('idStyle' as const),
      style: fc.constantFrom('job:N' as const, 'N' as const, 'uuid' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('promote' as const), at: instants }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
);

describe('Session enqueue: the trackers are told where each job landed', () => {
  it('agrees with a full recount through enqueues (same ms, saturated bands, past the cliff), promotes, resets, undo and redo', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 12 }), fc.boolean(), (operations, travel) => {
        const s = session();
        for (const op of operations) {
          s.apply(op);
          expectTrackersRight(s);
        }
        if (travel) {
          for (let i = 0; i < 3 && s.undo(); i++) expectTrackersRight(s);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('agrees through one burst that fills the band and goes on at the ceiling (ids that sort as text)', () => {
    const s = session();
    s.apply({ kind: 'idStyle', style: 'N' });
    s.apply({ kind: 'enqueue', count: 5000, at: 1_796_040_000_000 });
    expectTrackersRight(s);
    s.apply({ kind: 'enqueue', count: 300, at: 1_796_040_000_000 });
    expectTrackersRight(s);
    s.apply({ kind: 'promote', at: 1_796_040_010_000 });
    s.apply({ kind: 'enqueue', count: 4200, at: 1_796_040_000_000 });
    expectTrackersRight(s);
  });

  it('gives the rank after the previous job only for a score exactly one above it, below the ceiling and the cliff', () => {
    const ceiling = bandOf(1000).maxScore;
    expect(bandRankAfter(Number.NaN, -1, 4096000, ceiling)).toBeNull();
    expect(bandRankAfter(4096000, 7, 4096001, ceiling)).toBe(8);
    expect(bandRankAfter(4096000, 7, 4096002, ceiling)).toBeNull();
    expect(bandRankAfter(ceiling - 1, 7, ceiling, ceiling)).toBeNull();
    expect(bandRankAfter(ceiling, 7, ceiling, ceiling)).toBeNull();
    expect(bandRankAfter(2 ** 53 - 1, 7, 2 ** 53, 2 ** 60)).toBeNull();
  });
});
