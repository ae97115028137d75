import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { useAppStore } from '../../store/StoreContext.tsx';
import type { AppState } from '../../store/appStore.ts';

/** How many operations the figure's scenario holds: the step's preset, then what the reader did. */
const selectOperationCount = (s: AppState) => s.scenario.operations.length;

/**
 * A value and the one it had before its last change, so a picture can mark what the reader's
 * press changed. While the figure holds only its step's preset (`presetOperations` operations, or
 * fewer) there is nothing of the reader's to mark: coming to a step loads its preset, and that
 * change is not one. `count` grows with each marked change (a key to restart its motion).
 */
export function useChange<T>(value: T, presetOperations: number): { readonly previous: T | null; readonly count: number } {
  const operations = useAppStore(selectOperationCount);
  const fresh = operations <= presetOperations;
  const [state, setState] = useState({ current: value, previous: null as T | null, count: 0, fresh });
  if (!Object.is(state.current, value) || state.fresh !== fresh) {
    const next = {
      current: value,
      previous: fresh ? null : Object.is(state.current, value) ? state.previous : state.current,
      count: fresh || Object.is(state.current, value) ? state.count : state.count + 1,
      fresh,
    };
    setState(next);
    return next;
  }
  return state;
}

/**
 * After the reader's `count`-th change, brings the part of `section` it marked into view (nearest
 * edge, at once: a phone's figure is long, and the change may lie below the step's button).
 */
export function useBringIntoView(section: RefObject<HTMLElement | null>, count: number, marked: string): void {
  useEffect(() => {
    if (count === 0) return;
    const target = section.current?.querySelector(marked) ?? section.current;
    if (target !== null && target !== undefined && typeof target.scrollIntoView === 'function')
      target.scrollIntoView({ block: 'nearest', behavior: 'auto' });
  }, [section, count, marked]);
}
