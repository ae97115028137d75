import { describe, expect, it, vi } from 'vitest';
import { MIDDLE_LINE, createStepAim, followSteps } from './scroller.ts';
import type { StepCrossing, StepObserverFactory } from './scroller.ts';

/** A stand-in IntersectionObserver: the test reports crossings itself. */
function fakeObserver() {
  let report: ((entries: readonly StepCrossing[]) => void) | null = null;
  const observed: object[] = [];
  let options: IntersectionObserverInit | null = null;
  const disconnect = vi.fn();
  const create: StepObserverFactory = (callback, given) => {
    report = callback;
    options = given;
    return { observe: (target) => observed.push(target), disconnect };
  };
  return { create, observed, disconnect, options: () => options, cross: (entries: StepCrossing[]) => report!(entries) };
}

const steps = [{ id: 1 }, { id: 2 }, { id: 3 }] as unknown as Element[];

describe('followSteps', () => {
  it('observes every step against the middle line of the viewport', () => {
    const fake = fakeObserver();
    followSteps(steps, () => {}, fake.create);
    expect(fake.observed).toEqual(steps);
    expect(fake.options()).toEqual(MIDDLE_LINE);
    expect(MIDDLE_LINE.rootMargin).toBe('-50% 0px -50% 0px');
  });

  it('reports a step when it comes to span the line, once, and not when it leaves', () => {
    const fake = fakeObserver();
    const onStep = vi.fn();
    followSteps(steps, onStep, fake.create);
    fake.cross([{ target: steps[0]!, isIntersecting: true }]);
    fake.cross([{ target: steps[0]!, isIntersecting: true }]);
    fake.cross([{ target: steps[0]!, isIntersecting: false }]);
    expect(onStep.mock.calls).toEqual([[0]]);
    fake.cross([{ target: steps[1]!, isIntersecting: true }]);
    expect(onStep.mock.calls).toEqual([[0], [1]]);
  });

  it('in one report of a step leaving and the next entering, takes the entering one', () => {
    const fake = fakeObserver();
    const onStep = vi.fn();
    followSteps(steps, onStep, fake.create);
    fake.cross([
      { target: steps[2]!, isIntersecting: true },
      { target: steps[1]!, isIntersecting: false },
    ]);
    expect(onStep.mock.calls).toEqual([[2]]);
  });

  it('ignores elements it was not given and stops when asked', () => {
    const fake = fakeObserver();
    const onStep = vi.fn();
    const stop = followSteps(steps, onStep, fake.create);
    fake.cross([{ target: {} as Element, isIntersecting: true }]);
    expect(onStep).not.toHaveBeenCalled();
    stop();
    expect(fake.disconnect).toHaveBeenCalledTimes(1);
  });
});

describe('a scroll the page started toward a step (createStepAim)', () => {
  it('reports none of the steps it passes, then the target; two keys in one scroll both count', () => {
    vi.useFakeTimers();
    try {
      const fake = fakeObserver();
      const onStep = vi.fn();
      const aim = createStepAim(1500);
      const many = [{}, {}, {}, {}] as unknown as Element[];
      followSteps(many, onStep, fake.create, aim);
      fake.cross([{ target: many[0]!, isIntersecting: true }]);
      // Next, then Next again while the first scroll is on its way: the target is step 3 (index 2)
      aim.aim(1);
      vi.advanceTimersByTime(100);
      aim.aim(2);
      // the scroll passes step 2: not the reader's step, so the current one stays where the keys put it
      fake.cross([{ target: many[1]!, isIntersecting: true }]);
      expect(onStep.mock.calls).toEqual([[0]]);
      expect(aim.target).toBe(2);
      fake.cross([{ target: many[2]!, isIntersecting: true }]);
      expect(onStep.mock.calls).toEqual([[0], [2]]);
      expect(aim.target).toBeNull();
      // with no target, the reader's own scroll is followed again
      fake.cross([{ target: many[3]!, isIntersecting: true }]);
      expect(onStep.mock.calls).toEqual([[0], [2], [3]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after its time (a target the page cannot bring to the middle), and on release', () => {
    vi.useFakeTimers();
    try {
      const aim = createStepAim(1500);
      aim.aim(3);
      expect(aim.reached(1)).toBe(false);
      vi.advanceTimersByTime(1499);
      expect(aim.target).toBe(3);
      vi.advanceTimersByTime(1);
      expect(aim.target).toBeNull();
      expect(aim.reached(1)).toBe(true);
      aim.aim(2);
      // a second aim restarts the time
      vi.advanceTimersByTime(1000);
      aim.aim(3);
      vi.advanceTimersByTime(1000);
      expect(aim.target).toBe(3);
      aim.release();
      expect(aim.reached(0)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
