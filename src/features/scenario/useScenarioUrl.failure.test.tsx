import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStore } from '../../store/appStore.ts';
import { T0 } from '../../../test-support/instants.ts';

describe('useScenarioUrl when the link code cannot load', () => {
  afterEach(() => {
    vi.doUnmock('./scenarioUrl.ts');
    vi.resetModules();
  });

  it('says so in the share notice, and the page keeps working without following the URL', async () => {
    vi.resetModules();
    vi.doMock('./scenarioUrl.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { useScenarioUrl } = await import('./useScenarioUrl.ts');
    function Url({ store }: { store: AppStore }) {
      useScenarioUrl(store);
      return null;
    }
    const push = vi.spyOn(window.history, 'pushState');
    const store = createAppStore({ frozenAt: T0, seed: 6 });
    render(<Url store={store} />);
    await waitFor(() => expect(store.getState().shareNotice).toMatch(/link code could not load/));
    expect(store.getState().enqueue(1)).toBeTruthy();
    expect(store.getState().nextArrival).toBe(2);
    expect(push).not.toHaveBeenCalled();
  });
});
