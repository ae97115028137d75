import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createAppStore } from './appStore.ts';
import { ReadWhileVisible, StoreProvider, createReadGate, useAppStore, useAppStoreApi } from './StoreContext.tsx';
import { T0 } from '../../test-support/instants.ts';

describe('createReadGate', () => {
  afterEach(() => vi.useRealTimers());

  it('passes every change on while open; while shut at most one per interval, never further behind; opening catches up', () => {
    vi.useFakeTimers();
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    const gate = createReadGate(store, 100);
    const heard = vi.fn();
    const unsubscribe = gate.store.subscribe(heard);
    store.getState().enqueue(1);
    store.getState().enqueue(1);
    expect(heard).toHaveBeenCalledTimes(2);
    gate.setOpen(false);
    vi.advanceTimersByTime(200);
    store.getState().enqueue(1); // after a quiet interval: in the next task, not inside the change's own
    expect(heard).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(0);
    expect(heard).toHaveBeenCalledTimes(3);
    const before = store.getState();
    store.getState().enqueue(1); // a burst: held, then one change at the end of the interval
    store.getState().enqueue(1);
    expect(heard).toHaveBeenCalledTimes(3);
    expect(gate.store.getState()).toBe(store.getState()); // reads are never stale
    vi.advanceTimersByTime(100);
    expect(heard).toHaveBeenCalledTimes(4);
    expect(heard).toHaveBeenLastCalledWith(store.getState(), before);
    store.getState().enqueue(1);
    expect(heard).toHaveBeenCalledTimes(4);
    gate.setOpen(true); // opening passes on what is held, at once
    expect(heard).toHaveBeenCalledTimes(5);
    vi.advanceTimersByTime(1000);
    expect(heard).toHaveBeenCalledTimes(5);
    unsubscribe();
    store.getState().enqueue(1);
    expect(heard).toHaveBeenCalledTimes(5);
  });
});

describe('ReadWhileVisible', () => {
  /** An IntersectionObserver the test drives: `show(false)` says the part left the viewport. */
  let show: (visible: boolean) => void = () => undefined;
  class FakeObserver {
    constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
      show = (visible) => this.callback([{ isIntersecting: visible }]);
    }
    observe() {}
    disconnect() {}
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function Members() {
    const version = useAppStore((s) => s.nextArrival);
    return <p data-testid="next">{version}</p>;
  }
  function Subscriber({ heard }: { heard: () => void }) {
    const store = useAppStoreApi();
    // a worker's subscription (auto-promote) goes to the store itself, never through the gate
    useEffect(() => store.subscribe(heard), [store, heard]);
    return null;
  }

  it('a part off screen follows the store at most once per interval and catches up when it comes back; subscriptions are not gated', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.useFakeTimers(); // performance.now stands still: the change after show(false) falls within the interval
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    const heard = vi.fn();
    render(
      <StoreProvider store={store}>
        <ReadWhileVisible>
          <Members />
          <Subscriber heard={heard} />
        </ReadWhileVisible>
      </StoreProvider>,
    );
    expect(screen.getByTestId('next').textContent).toBe('1');
    act(() => void store.getState().enqueue(1));
    expect(screen.getByTestId('next').textContent).toBe('2');
    act(() => show(false));
    act(() => void store.getState().enqueue(3)); // right after the last: held for the interval
    expect(screen.getByTestId('next').textContent).toBe('2');
    expect(heard).toHaveBeenCalled();
    act(() => show(true));
    expect(screen.getByTestId('next').textContent).toBe('5');
  });
});
