import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand';
import type { AppState, AppStore } from './appStore.ts';

const StoreContext = createContext<AppStore | null>(null);

/** What useAppStore reads from: the store, or a gate in front of it (ReadWhileVisible). */
type ReadableStore = Pick<StoreApi<AppState>, 'getState' | 'getInitialState' | 'subscribe'>;

const ReadGateContext = createContext<ReadableStore | null>(null);

/** Puts one store under the page (tests pass their own, with a frozen clock). */
export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store of the nearest StoreProvider (for actions and getState in handlers). */
export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useAppStore needs a <StoreProvider> above it');
  return store;
}

/**
 * Reads one selector's value from the store and re-renders when it changes (inside
 * ReadWhileVisible, off screen: at most once per HIDDEN_READ_INTERVAL_MS).
 */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  const store = useAppStoreApi();
  return useStore(useContext(ReadGateContext) ?? store, selector);
}

/** A gate in front of the store: passes every change on while open; while shut, at most one per interval. */
export interface ReadGate {
  readonly store: ReadableStore;
  setOpen(open: boolean): void;
}

/**
 * While shut (off screen), a ReadWhileVisible part hears of changes at most this often (ms). Once
 * a second: a hidden panel's render lands in one frame of sixty while jobs play at 1,000/s (ten
 * times as often made the late frames many). A lone change after a
 * quiet second passes in the next task, and a part coming into view catches up at once.
 */
export const HIDDEN_READ_INTERVAL_MS = 1000;

/**
 * The gate ReadWhileVisible puts in front of `store` (open until told otherwise). While shut it
 * throttles: a change after a quiet interval is passed on in the next task (not inside the task
 * that made it, so a hidden part's render never lands in a frame of Play), changes coming faster
 * are folded into one passed on when the interval ends (so the part is never more than
 * `intervalMs` behind), and opening passes on at once what is held.
 */
export function createReadGate(store: AppStore, intervalMs = HIDDEN_READ_INTERVAL_MS): ReadGate {
  type Listener = (state: AppState, previous: AppState) => void;
  const listeners = new Set<Listener>();
  let open = true;
  /** The state before the first change held back, or null when none is. */
  let heldSince: AppState | null = null;
  let lastTold = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stop: (() => void) | null = null;
  const tell = (state: AppState, previous: AppState) => {
    lastTold = performance.now();
    for (const listener of [...listeners]) listener(state, previous);
  };
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (heldSince === null) return;
    const previous = heldSince;
    heldSince = null;
    tell(store.getState(), previous);
  };
  const onChange = (state: AppState, previous: AppState) => {
    if (open) {
      tell(state, previous);
      return;
    }
    heldSince ??= previous;
    // never inside the change's own task (a frame of Play): a hidden part renders in a task of its own
    timer ??= setTimeout(flush, Math.max(0, lastTold + intervalMs - performance.now()));
  };
  return {
    store: {
      getState: store.getState,
      getInitialState: store.getInitialState,
      subscribe(listener) {
        listeners.add(listener);
        stop ??= store.subscribe(onChange);
        return () => {
          listeners.delete(listener);
          if (listeners.size === 0) {
            stop?.();
            stop = null;
            if (timer !== null) clearTimeout(timer);
            timer = null;
          }
        };
      },
    },
    setOpen(next) {
      open = next;
      if (open) flush();
    },
  };
}

/** How far outside the viewport a part still follows the store (px). */
const VISIBLE_MARGIN_PX = 200;

/**
 * A part of the page below the stage whose views follow every change of the store while it is
 * within VISIBLE_MARGIN_PX of the viewport (IntersectionObserver), and at most one per
 * HIDDEN_READ_INTERVAL_MS (never further behind) while it is not, catching up at once when it
 * comes back: playing 1,000 jobs a second, the panels nobody sees re-read the sets once a second,
 * not sixty times. Actions and subscriptions through useAppStoreApi (the auto-promote worker)
 * are not gated.
 */
export function ReadWhileVisible({ className, children }: { className?: string; children: ReactNode }) {
  const store = useAppStoreApi();
  const [gate] = useState(() => createReadGate(store));
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => gate.setOpen(entries.at(-1)!.isIntersecting), {
      rootMargin: `${VISIBLE_MARGIN_PX}px`,
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      gate.setOpen(true);
    };
  }, [gate]);
  return (
    <ReadGateContext.Provider value={gate.store}>
      <div ref={ref} className={className}>
        {children}
      </div>
    </ReadGateContext.Provider>
  );
}
