import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countDueInversions, dueOrderRanks } from '../model/strategies/dueOrder.ts';
import { PromotedOrder } from './promotedOrder.ts';
import type { AppendedBatch, DueKey } from './promotedOrder.ts';

/** The full recount: the list's pairs out of due order and each row's place in due order. */
function recount(list: readonly DueKey[]) {
  const fire = list.map((job) => job.fireTime);
  const arrival = list.map((job) => job.arrival);
  return { inversions: countDueInversions(fire, arrival), ranks: Array.from(dueOrderRanks(fire, arrival)) };
}

// few distinct values, so that equal fire-times and even equal keys come up
const key = fc.record({ fireTime: fc.integer({ min: 0, max: 6 }), arrival: fc.integer({ min: 0, max: 6 }) });
const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('append' as const), jobs: fc.array(key, { maxLength: 12 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('redo' as const) }) },
);

describe('PromotedOrder', () => {
  it('counts a list built by appends, undos and redos as a full recount does, and ranks every row alike', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const order = new PromotedOrder();
        const list: DueKey[] = [];
        const done: Array<{ jobs: DueKey[]; batch: AppendedBatch }> = [];
        const undone: Array<{ jobs: DueKey[]; batch: AppendedBatch }> = [];
        for (const op of steps) {
          if (op.kind === 'append') {
            const batch = order.append(op.jobs);
            expect(batch.inversions).toBe(
              countDueInversions(
                op.jobs.map((job) => job.fireTime),
                op.jobs.map((job) => job.arrival),
              ),
            );
            list.push(...op.jobs);
            done.push({ jobs: op.jobs, batch });
            undone.length = 0;
          } else if (op.kind === 'undo') {
            const last = done.pop();
            if (last === undefined) continue;
            order.takeBack(last.batch);
            list.splice(list.length - last.jobs.length);
            undone.push(last);
          } else {
            const next = undone.pop();
            if (next === undefined) continue;
            order.appendAgain(next.batch);
            list.push(...next.jobs);
            done.push(next);
          }
          const full = recount(list);
          expect(order.size).toBe(list.length);
          expect(order.inversions).toBe(full.inversions);
          expect(list.map((_, i) => order.rank(list, i))).toEqual(full.ranks);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adds the pairs a later batch makes with the jobs listed before it', () => {
    const order = new PromotedOrder();
    order.append([
      { fireTime: 10, arrival: 1 },
      { fireTime: 20, arrival: 2 },
    ]);
    expect(order.inversions).toBe(0);
    // due before both listed jobs, and before the second only
    const batch = order.append([
      { fireTime: 5, arrival: 3 },
      { fireTime: 15, arrival: 4 },
    ]);
    expect(batch.inversions).toBe(0);
    expect(order.inversions).toBe(3);
    order.takeBack(batch);
    expect(order.inversions).toBe(0);
    expect(order.size).toBe(2);
  });

  it('refuses to take back jobs it does not list', () => {
    const order = new PromotedOrder();
    order.append([{ fireTime: 1, arrival: 1 }]);
    const other = new PromotedOrder().append([{ fireTime: 2, arrival: 2 }]);
    expect(() => order.takeBack(other)).toThrow(/not listed/);
  });
});
