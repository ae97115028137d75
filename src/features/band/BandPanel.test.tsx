import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStore } from '../../store/appStore.ts';
import { BandPanel } from './BandPanel.tsx';
import { T0 } from '../../../test-support/instants.ts';

function renderPanel(): AppStore {
  const store = createAppStore({ frozenAt: T0 });
  render(
    <StoreProvider store={store}>
      <BandPanel />
    </StoreProvider>,
  );
  return store;
}

function choice(): string {
  return screen.getByTestId('band-choice').textContent ?? '';
}

/** The strip's selected millisecond: the button pressed. */
function pressedTitle(): string | null {
  return screen.getAllByRole('button', { pressed: true })[0]?.getAttribute('title') ?? null;
}

describe('the band panel follows the fire-time unless a millisecond is picked', () => {
  it('keeps following after an enqueue, and moves with the delay and the clock', async () => {
    const store = renderPanel();
    act(() => {
      store.getState().enqueue(3);
    });
    expect(choice()).toMatch(new RegExp(`^Following the fire-time: ${T0 + 5000} ms`));
    expect(choice()).not.toMatch(/chosen|Picked/);
    expect(screen.queryByRole('button', { name: 'Follow the fire-time again' })).toBeNull();

    act(() => {
      store.getState().setDelay(7000);
    });
    await waitFor(() => expect(choice()).toMatch(new RegExp(`^Following the fire-time: ${T0 + 7000} ms`)));
    act(() => {
      store.getState().stepClock(1000);
    });
    await waitFor(() => expect(choice()).toMatch(new RegExp(`^Following the fire-time: ${T0 + 8000} ms`)));
    expect(pressedTitle()).toBe(`fire-time ${T0 + 8000} ms`);
  });

  it('stays on a millisecond picked in the strip until asked to follow again', async () => {
    const store = renderPanel();
    act(() => {
      store.getState().enqueue(1);
    });
    fireEvent.click(screen.getByRole('button', { name: /^\+2 ms/ }));
    const picked = T0 + 5002;
    expect(choice()).toMatch(new RegExp(`^Picked: ${picked} ms`));
    act(() => {
      store.getState().setDelay(9000);
      store.getState().stepClock(60_000);
      store.getState().enqueue(1);
    });
    expect(choice()).toMatch(new RegExp(`^Picked: ${picked} ms`));
    expect(pressedTitle()).toBe(`fire-time ${picked} ms`);

    fireEvent.click(screen.getByRole('button', { name: 'Follow the fire-time again' }));
    await waitFor(() => expect(choice()).toMatch(new RegExp(`^Following the fire-time: ${T0 + 60_000 + 9000} ms`)));
    expect(store.getState().selectedFireTime).toBeNull();
  });
});
