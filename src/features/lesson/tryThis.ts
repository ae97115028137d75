import type { AppStore } from '../../store/appStore.ts';
import { presetScenario } from './steps.ts';
import type { LessonStep, TryStep } from './steps.ts';

/** Does a step's "Try this" on the figure's store, through the same actions the controls use. */
export function applyTry(store: AppStore, steps: readonly TryStep[]): void {
  for (const step of steps) {
    if (step.kind === 'delay') store.getState().setDelay(step.delay);
    else store.getState().enqueue(step.count);
  }
}

/**
 * Sets the figure's store up for `step`: its preset scenario, loaded at once (the biggest, the full
 * band, is 4,096 jobs). It writes no history: the lesson's address is the step itself. False when
 * the store refused it (steps.test.ts keeps every preset valid).
 */
export function applyPreset(store: AppStore, step: LessonStep): boolean {
  return store.getState().loadScenario(presetScenario(step), 'none');
}
