import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BAND_KEY, Session, bandRankAfter } from './session.ts';
import { CommandLog } from './commandLog.ts';
import { LoggingRedis } from './loggingRedis.ts';
import { defaultSettings } from './operations.ts';
import type { Operation } from './operations.ts';
import { MAX_CLOCK_MS } from './input.ts';
import { CLIFF_FIRE_TIME, bandOf, decodeScore } from '../model/protocol/score.ts';
import { countDueInversions } from '../model/strategies/dueOrder.ts';
import type { SetReader } from './setReader.ts';

/**
 * The pairs out of due order of a set recounted from scratch: its members' fire-times (from their
 * scores: `fireTimeOf`) and arrival numbers in set order.
 */
function recount(set: SetReader, fireTimeOf: (score: number) => number, arrivals: ReadonlyMap<string, number>): number {
  const entries = set.rangeByRank(0, set.size - 1);
  return countDueInversions(
    entries.map((entry) => fireTimeOf(entry.score)),
    entries.map((entry) => arrivals.get(entry.member)!),
  );
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
  expect(s.bandOrder.inversions).toBe(recount(s.bandReader, (score) => decodeScore(score).fireTime, s.arrivals));
  // the textbook score is the fire-time (in the set's one unit): equal scores are one fire-time
  expect(s.textbookOrder.inversions).toBe(recount(s.textbookReader, (score) => score, s.arrivals));
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
