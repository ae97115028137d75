import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countDueInversions, dueOrderRanks } from '../model/strategies/dueOrder.ts';
import { createAppStore } from './appStore.ts';
import { selectPromoteSummary, selectPromotedSinceReset } from './promote.ts';
import type { PromotedListData } from './promote.ts';
import { T0 } from '../../test-support/instants.ts';
import { applyStep, enqueueStep } from '../../test-support/storeSteps.ts';

function fullCount(jobs: PromotedListData['jobs']) {
  const fire = jobs.map((job) => job.fireTime);
  const arrival = jobs.map((job) => job.arrival);
  return { inversions: countDueInversions(fire, arrival), ranks: dueOrderRanks(fire, arrival) };
}

describe('what promote reports about due order', () => {
  it('equals a full recount of the last promote and of every list since the reset, through undo, redo and reset', () => {
    const step = fc.oneof(
      { weight: 3, arbitrary: enqueueStep(8, 1000, ['job:N', 'N']) },
      // the clock set anywhere in a window, back as well as forward: a later promote can then hand out
      // jobs due before ones already handed out
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('clock' as const), at: fc.integer({ min: 0, max: 2000 }) }) },
      { weight: 3, arbitrary: fc.constant({ kind: 'promote' as const }) },
      {
        weight: 2,
        arbitrary: fc.constantFrom({ kind: 'undo' as const }, { kind: 'redo' as const }, { kind: 'reset' as const }),
      },
    );
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 10, maxLength: 40 }),
        fc.constantFrom('s' as const, 'ms' as const),
        (steps, unit) => {
          const store = createAppStore({ frozenAt: T0, textbookUnit: unit });
          for (const op of steps) {
            applyStep(store, op);
            const after = store.getState();
            const summary = selectPromoteSummary(after);
            if (summary !== null)
              for (const last of [summary.band, summary.textbook])
                expect(last.outOfOrderPairs).toBe(fullCount(last.jobs).inversions);
            const total = selectPromotedSinceReset(after);
            for (const list of [total.band, total.textbook]) {
              const full = fullCount(list.jobs);
              expect(list.outOfOrderPairs).toBe(full.inversions);
              expect(list.jobs.map((_, i) => list.outOfOrder(i))).toEqual(list.jobs.map((_, i) => full.ranks[i] !== i));
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('counts the pairs a later promote makes with jobs handed out before it', () => {
    const store = createAppStore({ frozenAt: T0 });
    const state = () => store.getState();
    state().setDelay(3000);
    state().enqueue(1);
    state().freezeClock(T0 + 5000);
    state().promote();
    // back in time: the next job falls due before the one already handed out
    state().freezeClock(T0);
    state().setDelay(0);
    state().enqueue(1);
    state().freezeClock(T0 + 5000);
    state().promote();
    const total = selectPromotedSinceReset(state());
    expect(total.band.jobs.map((job) => job.arrival)).toEqual([1, 2]);
    expect(total.band.outOfOrderPairs).toBe(1);
    expect([total.band.outOfOrder(0), total.band.outOfOrder(1)]).toEqual([true, true]);
    expect(selectPromoteSummary(state())!.band.outOfOrderPairs).toBe(0);
    state().undo();
    expect(selectPromotedSinceReset(state()).band.outOfOrderPairs).toBe(0);
    state().redo();
    expect(selectPromotedSinceReset(state()).band.outOfOrderPairs).toBe(1);
  });
});
