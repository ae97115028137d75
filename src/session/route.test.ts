import { describe, expect, it } from 'vitest';
import { routeBetween } from './route.ts';
import { defaultSettings } from './operations.ts';
import type { Operation, Scenario } from './operations.ts';
import { T0 } from '../../test-support/instants.ts';

function scenario(operations: Operation[], seed = 1): Scenario {
  return { seed, initial: defaultSettings(T0, 'frozen'), operations };
}

const enqueue = (count: number): Operation => ({ kind: 'enqueue', count, at: T0 });

describe('routeBetween', () => {
  it('walks from a scenario to one that shares its first steps: the work undone plus the work applied', () => {
    const current = scenario([enqueue(10), enqueue(3)]);
    const target = scenario([enqueue(10), enqueue(5)]);
    // a step and its jobs each count one, undone or applied
    expect(routeBetween(current, target, 2)).toEqual({ kind: 'walk', shared: 1, work: 1 + 3 + 1 + 5, steps: 2 });
  });

  it('weighs a walk back over a promote by the jobs it puts back, though the promote enqueued none', () => {
    const due = T0 + 5000; // the default delay: every job of the enqueue is due
    const current = scenario([enqueue(10_000), { kind: 'promote', at: due }]);
    const back = scenario([enqueue(10_000)]);
    // undoing the promote puts 10,000 jobs back: the work of the promote, not nothing
    expect(routeBetween(current, back, 2)).toEqual({ kind: 'walk', shared: 1, work: 1 + 10_000, steps: 1 });
  });

  it('rebuilds when undoing would cost more than replaying the shared steps, and says the rebuild is what it costs', () => {
    const current = scenario([enqueue(2), enqueue(500)]);
    const target = scenario([enqueue(2), enqueue(1)]);
    // walking would undo 500 jobs; replaying the target from scratch is 3
    expect(routeBetween(current, target, 2)).toEqual({ kind: 'rebuild', work: 2 + 3, steps: 2 });
  });

  it('rebuilds another seed or starting settings, or when the session cannot undo every step', () => {
    const current = scenario([enqueue(4)]);
    const rebuild = { kind: 'rebuild', work: 2 + 5, steps: 2 };
    expect(routeBetween(current, scenario([enqueue(4), enqueue(1)], 2), 1)).toEqual(rebuild);
    expect(routeBetween(current, scenario([enqueue(4), enqueue(1)]), 0)).toEqual(rebuild);
    expect(routeBetween(current, scenario([enqueue(4), enqueue(1)]), 1)).toEqual({
      kind: 'walk',
      shared: 1,
      work: 1 + 1,
      steps: 1,
    });
  });
});
