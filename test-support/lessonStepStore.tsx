/**
 * Test support: the lesson's store as a step opens it (the lesson's frozen clock and seed, the
 * step's preset applied), with `view` rendered over it.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createAppStore } from '../src/store/appStore.ts';
import type { AppStore } from '../src/store/appStore.ts';
import { StoreProvider } from '../src/store/StoreContext.tsx';
import { LESSON_NOW, LESSON_SEED, LESSON_STEPS } from '../src/features/lesson/steps.ts';
import type { LessonStep } from '../src/features/lesson/steps.ts';
import { applyPreset } from '../src/features/lesson/tryThis.ts';

export function renderAtStep(
  id: LessonStep['id'],
  view: (step: LessonStep) => ReactElement,
): { store: AppStore; step: LessonStep } {
  const step = LESSON_STEPS.find((one) => one.id === id)!;
  const store = createAppStore({ frozenAt: LESSON_NOW, seed: LESSON_SEED });
  applyPreset(store, step);
  render(<StoreProvider store={store}>{view(step)}</StoreProvider>);
  return { store, step };
}
