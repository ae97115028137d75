import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BAND_KEY, createAppStore } from './appStore.ts';
import type { AppState } from './appStore.ts';
import { bandOf, decodeScore, fireTimeOf } from '../model/protocol/score.ts';
import { parseScoreArg } from '../model/redis/doubles.ts';
import { BAND_READ_LIMIT, selectBandView, selectFireTimeBand } from './band.ts';
import { T0 } from '../../test-support/instants.ts';
import { replayedSetsOfARun } from '../../test-support/pageSets.ts';
import type { MemoryRedis } from '../model/redis/memoryRedis.ts';

/**
 * The band of the current fire-time as Redis gives it: the scenario replayed into a fresh Session,
 * then one ZRANGEBYSCORE ... WITHSCORES, scores parsed back from their text.
 */
function freshBand(state: AppState, redis: MemoryRedis) {
  const { minScore, maxScore } = bandOf(fireTimeOf(state.now, state.delay));
  const reply = redis.call('ZRANGEBYSCORE', BAND_KEY, minScore, maxScore, 'WITHSCORES', 'LIMIT', 0, BAND_READ_LIMIT);
  const entries = Array.isArray(reply) ? reply : [];
  const slots = [];
  for (let i = 0; i + 1 < entries.length; i += 2) {
    const member = String(entries[i]);
    const scoreText = String(entries[i + 1]);
    slots.push({
      slot: decodeScore(parseScoreArg(scoreText)!).slot,
      member,
      scoreText,
      arrival: state.arrivals.get(member) ?? 0,
    });
  }
  return slots;
}

type Step =
  | { kind: 'enqueue'; count: number }
  | { kind: 'each'; count: number }
  | { kind: 'promote' }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'clock'; ms: number }
  | { kind: 'delay'; delay: number }
  | { kind: 'ids'; style: 'N' | 'job:N' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('each' as const), count: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('enqueue' as const), count: fc.integer({ min: 1, max: 60 }) }) },
  // enough to reach the band's ceiling, where jobs tie and go by member bytes
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('enqueue' as const), count: fc.integer({ min: 3900, max: 4200 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'promote' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'redo' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clock' as const), ms: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delay' as const), delay: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 1, arbitrary: fc.constantFrom('N' as const, 'job:N' as const).map((style): Step => ({ kind: 'ids', style })) },
);

describe('the band view (selectFireTimeBand, selectBandView)', () => {
  it('after any run of enqueues, promotes, undos, redos, clock and delay moves, gives the slots and counts Redis replies give', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 14 }), (steps) => {
        const store = createAppStore({ frozenAt: T0, delay: 1, seed: 1 });
        const replayed = replayedSetsOfARun();
        for (const s of steps) {
          const state = store.getState();
          if (s.kind === 'enqueue') state.enqueue(s.count);
          else if (s.kind === 'each') state.enqueueEach(s.count);
          else if (s.kind === 'promote') state.promote();
          else if (s.kind === 'undo') state.undo();
          else if (s.kind === 'redo') state.redo();
          else if (s.kind === 'clock') state.stepClock(s.ms);
          else if (s.kind === 'delay') state.setDelay(s.delay);
          else state.setIdStyle(s.style);
          const after = store.getState();
          const view = selectFireTimeBand(after);
          const redis = replayed(after.scenario).band;
          const fresh = freshBand(after, redis);
          expect(view.slots).toEqual(fresh);
          expect(view.jobs).toBe(
            integer(redis.call('ZCOUNT', BAND_KEY, bandOf(view.fireTime).minScore, bandOf(view.fireTime).maxScore)),
          );
          expect(view.ceilingMembers).toBe(
            integer(redis.call('ZCOUNT', BAND_KEY, bandOf(view.fireTime).maxScore, bandOf(view.fireTime).maxScore)),
          );
          expect(selectBandView(after).slots).toEqual(fresh);
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000); // bursts of ~4,000 jobs in some runs: seconds on a loaded machine
});

function integer(reply: unknown): number {
  return typeof reply === 'number' ? reply : -1;
}

describe('memoized per store', () => {
  it('two stores on one page keep their own reads: reading one does not make the other read again', () => {
    const a = createAppStore({ frozenAt: T0, seed: 1 });
    const b = createAppStore({ frozenAt: T0, seed: 2 });
    a.getState().enqueue(2);
    b.getState().enqueue(5);
    const first = selectFireTimeBand(a.getState());
    expect(selectFireTimeBand(b.getState()).slots).toHaveLength(5);
    expect(selectFireTimeBand(a.getState())).toBe(first);
    expect(first.slots).toHaveLength(2);
  });
});
