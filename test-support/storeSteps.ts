/**
 * Test support: what a user does to the page's store, as random steps, for the property tests that
 * hold the store's running bookkeeping to a full recount after every step.
 */
import fc from 'fast-check';
import type { AppStore } from '../src/store/appStore.ts';
import type { IdStyle } from '../src/session/jobIds.ts';
import { T0 } from './instants.ts';

export type StoreStep =
  | { readonly kind: 'enqueue'; readonly count: number; readonly delay: number; readonly style: IdStyle }
  /** The clock frozen at T0 + `at` (back as well as forward). */
  | { readonly kind: 'clock'; readonly at: number }
  /** The clock moved on by `ms`. */
  | { readonly kind: 'step'; readonly ms: number }
  | { readonly kind: 'promote' | 'undo' | 'redo' | 'reset' };

/** An enqueue of 1 to `most` jobs, each enqueue with its own delay (0 to `longestDelay` ms) and id style. */
export function enqueueStep(most: number, longestDelay: number, styles: readonly IdStyle[]): fc.Arbitrary<StoreStep> {
  return fc.record({
    kind: fc.constant('enqueue' as const),
    count: fc.integer({ min: 1, max: most }),
    delay: fc.integer({ min: 0, max: longestDelay }),
    style: fc.constantFrom(...styles),
  });
}

/** Does `step` to the store as the page's controls do it. */
export function applyStep(store: AppStore, step: StoreStep): void {
  const state = store.getState();
  switch (step.kind) {
    case 'enqueue':
      state.setIdStyle(step.style);
      state.setDelay(step.delay);
      state.enqueue(step.count);
      return;
    case 'clock':
      state.freezeClock(T0 + step.at);
      return;
    case 'step':
      state.stepClock(step.ms);
      return;
    default:
      state[step.kind]();
  }
}
