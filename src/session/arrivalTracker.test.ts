import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ArrivalTracker } from './arrivalTracker.ts';
import { arrivalRanks, countInversions } from '../model/strategies/arrivalOrder.ts';

describe('ArrivalTracker', () => {
  it('agrees with a full recount through inserts anywhere and head removals', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('add' as const), at: fc.nat() }),
            fc.record({ kind: fc.constant('pop' as const), n: fc.integer({ min: 1, max: 4 }) }),
          ),
          {
            maxLength: 300,
          },
        ),
        (steps) => {
          const tracker = new ArrivalTracker();
          const order: number[] = []; // arrival numbers in set order
          let next = 1;
          for (const step of steps) {
            if (step.kind === 'add') {
              const position = step.at % (order.length + 1);
              order.splice(position, 0, next);
              tracker.add(next, position);
              next += 1 + (step.at % 3); // gaps, as refused or promoted-only ids leave
            } else {
              for (let i = 0; i < step.n && order.length > 0; i++) tracker.removeHead(order.shift()!);
            }
            expect(tracker.size).toBe(order.length);
            expect(tracker.inversions).toBe(countInversions(order));
            const ranks = arrivalRanks(order);
            order.forEach((arrival, i) => expect(tracker.rank(arrival)).toBe(ranks[i]));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('grows past its first capacity', () => {
    const tracker = new ArrivalTracker();
    for (let arrival = 1; arrival <= 5000; arrival++) tracker.add(arrival, 0); // each new job goes to the head
    expect(tracker.inversions).toBe((5000 * 4999) / 2);
    expect(tracker.rank(5000)).toBe(4999);
    tracker.removeHead(5000);
    expect(tracker.inversions).toBe((4999 * 4998) / 2);
  });

  it('keeps its counts when one arrival grows it several times over, with jobs already gone', () => {
    const tracker = new ArrivalTracker();
    for (let arrival = 1; arrival <= 12; arrival++) tracker.add(arrival, arrival - 1);
    tracker.removeHead(1);
    tracker.removeHead(2);
    tracker.add(300, 0); // 16 -> 512 slots in one grow; it goes to the head, before the 10 still there
    tracker.add(301, 11);
    expect(tracker.size).toBe(12);
    expect(tracker.inversions).toBe(10);
    expect(tracker.rank(300)).toBe(10);
    expect(tracker.rank(301)).toBe(11);
    expect(tracker.rank(7)).toBe(4);
  });
});
