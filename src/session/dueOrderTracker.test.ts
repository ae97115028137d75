import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DueOrderTracker } from './dueOrderTracker.ts';
import { countDueInversions, dueOrderRanks } from '../model/strategies/dueOrder.ts';

interface Job {
  readonly arrival: number;
  readonly fire: number;
}

/** Checks the tracker against a full recount of `set` (jobs in set order, fire-times never going down). */
function expectAgrees(tracker: DueOrderTracker, set: readonly Job[]): void {
  const fire = set.map((job) => job.fire);
  const arrivals = set.map((job) => job.arrival);
  expect(tracker.size).toBe(set.length);
  expect(tracker.inversions).toBe(countDueInversions(fire, arrivals));
  const ranks = dueOrderRanks(fire, arrivals);
  set.forEach((job, i) => {
    const earlierFireTimes = set.filter((other) => other.fire < job.fire).length;
    expect(earlierFireTimes + tracker.earlierInGroup(job.arrival)).toBe(ranks[i]);
  });
}

/** Where a job of fire-time `fire` may go: after every job due earlier, anywhere among its own fire-time's. */
function runOf(set: readonly Job[], fire: number): { start: number; size: number } {
  const start = set.filter((job) => job.fire < fire).length;
  return { start, size: set.filter((job) => job.fire === fire).length };
}

type Step = { kind: 'add'; fire: number; at: number } | { kind: 'pop'; n: number } | { kind: 'undo' };

describe('DueOrderTracker', () => {
  it('agrees with a full recount through adds anywhere in their fire-time, head removals and undo', () => {
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), fire: fc.integer({ min: 0, max: 4 }), at: fc.nat() }),
      fc.record({ kind: fc.constant('pop' as const), n: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('undo' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 250 }), (steps) => {
        const tracker = new DueOrderTracker();
        let set: Job[] = [];
        // what undo takes back, newest last: an add (with the count before it) or the jobs a pop took
        const undo: Array<{ kind: 'add'; job: Job; inversions: number } | { kind: 'pop'; jobs: Job[] }> = [];
        let next = 1;
        for (const s of steps) {
          if (s.kind === 'add') {
            const { start, size } = runOf(set, s.fire);
            const place = s.at % (size + 1);
            const job = { arrival: next, fire: s.fire };
            undo.push({ kind: 'add', job, inversions: tracker.inversions });
            set.splice(start + place, 0, job);
            tracker.add(job.arrival, job.fire, place);
            next += 1 + (s.at % 3); // gaps, as refused or promoted-only ids leave
          } else if (s.kind === 'pop') {
            const jobs = set.slice(0, s.n);
            set = set.slice(jobs.length);
            for (const job of jobs) expect(tracker.removeHead(job.arrival)).toBe(true);
            undo.push({ kind: 'pop', jobs });
          } else {
            const last = undo.pop();
            if (last?.kind === 'add') {
              set = set.filter((job) => job !== last.job);
              tracker.undoAdd(last.job.arrival);
              tracker.restoreInversions(last.inversions);
            } else if (last?.kind === 'pop') {
              for (let i = last.jobs.length - 1; i >= 0; i--) {
                set.unshift(last.jobs[i]!);
                tracker.undoRemoveHead(last.jobs[i]!.arrival);
              }
            }
          }
          expectAgrees(tracker, set);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('counts nothing for jobs due at different times listed by fire-time, whatever their arrival', () => {
    const tracker = new DueOrderTracker();
    tracker.add(1, 10_000, 0); // delay 10,000
    tracker.add(2, 1_000, 0); // delay 1,000: due first, the head of the set
    expect(tracker.inversions).toBe(0);
  });

  it('keeps a job that is not there out of the count', () => {
    const tracker = new DueOrderTracker();
    tracker.add(1, 5, 0);
    expect(tracker.removeHead(7)).toBe(false);
    expect(tracker.removeHead(1)).toBe(true);
    expect(tracker.removeHead(1)).toBe(false);
    expect(tracker.earlierInGroup(1)).toBe(0);
    expect(tracker.size).toBe(0);
  });

  it('refuses a place outside its fire-time’s run', () => {
    const tracker = new DueOrderTracker();
    tracker.add(1, 5, 0);
    expect(() => tracker.add(2, 5, 2)).toThrow(RangeError);
  });

  it('grows past its first capacity, one fire-time of 5,000 jobs each put at the head', () => {
    const tracker = new DueOrderTracker();
    for (let arrival = 1; arrival <= 5000; arrival++) tracker.add(arrival, 42, 0);
    expect(tracker.inversions).toBe((5000 * 4999) / 2);
    expect(tracker.earlierInGroup(5000)).toBe(4999);
    tracker.removeHead(5000);
    expect(tracker.inversions).toBe((4999 * 4998) / 2);
    tracker.removeHead(4999);
    expect(tracker.earlierInGroup(1)).toBe(0);
    expect(tracker.earlierInGroup(4998)).toBe(4997);
  });
});
