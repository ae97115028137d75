import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createAppStore } from './appStore.ts';
import { ReadWhileVisible, StoreProvider, createReadGate, useAppStore, useAppStoreApi } from './StoreContext.tsx';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

describe('createReadGate', () => {
  it('passes changes on while open; while shut holds them, and tells once when it opens', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    const gate = createReadGate(store);
    const heard = vi.fn();
    const unsubscribe = gate.store.subscribe(heard);
    store.getState().enqueue(1);
    expect(heard).toHaveBeenCalledTimes(1);
    gate.setOpen(false);
    const before = store.getState();
    store.getState().enqueue(1);
    store.getState().enqueue(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(gate.store.getState()).toBe(store.getState()); // reads are never stale
    gate.setOpen(true);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(heard).toHaveBeenLastCalledWith(store.getState(), before);
    gate.setOpen(true); // nothing held: nothing told
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.getState().enqueue(1);
    expect(heard).toHaveBeenCalledTimes(2);
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
  afterEach(() => vi.unstubAllGlobals());

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

  it('a part off screen stops following the store and catches up when it comes back; actions and subscriptions are not gated', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
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
    act(() => void store.getState().enqueue(3));
    expect(screen.getByTestId('next').textContent).toBe('2');
    expect(heard).toHaveBeenCalled();
    act(() => show(true));
    expect(screen.getByTestId('next').textContent).toBe('5');
  });
});
