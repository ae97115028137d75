import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './appStore.ts';

const StoreContext = createContext<AppStore | null>(null);

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

/** Reads one selector's value from the store and re-renders when it changes. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStoreApi(), selector);
}
