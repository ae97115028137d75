import type { AppStore } from '../../store/appStore.ts';
import { presetScenario } from './steps.ts';
import type { LessonStep, TryStep } from './steps.ts';

/**
 * Does a step's "Try this" on the figure's store, through the same actions the controls use. False
 * when a step of it was refused (a delay moved below its floor, a refused value); the steps after
 * it are not done, so a press that cannot work changes nothing.
 */
export function applyTry(store: AppStore, steps: readonly TryStep[]): boolean {
  for (const step of steps) {
    const state = store.getState();
    let done: boolean;
    if (step.kind === 'delay') done = state.setDelay(step.delay);
    else if (step.kind === 'delayBy') done = state.delay + step.by >= step.atLeast && state.setDelay(state.delay + step.by);
    else done = state.enqueue(step.count);
    if (!done) return false;
  }
  return true;
}

/**
 * Sets the figure's store up for `step`: its preset scenario, loaded at once (the biggest, the full
 * band, is 4,096 jobs). It writes no history: the lesson's address is the step itself. False when
 * the store refused it (steps.test.ts keeps every preset valid).
 */
export function applyPreset(store: AppStore, step: LessonStep): boolean {
  return store.getState().loadScenario(presetScenario(step), 'none');
}
