import { describe, expect, it, vi } from 'vitest';
import { MIDDLE_LINE, followSteps } from './scroller.ts';
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
