import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { CLOCK_RANGE_MESSAGE, MAX_CLOCK_MS } from '../../session/input.ts';
import { ClockControl } from './ClockControl.tsx';
import { T0 } from '../../../test-support/instants.ts';

function renderClock() {
  const store = createAppStore({ frozenAt: T0, seed: 1 });
  render(
    <StoreProvider store={store}>
      <ClockControl />
    </StoreProvider>,
  );
  return store;
}

const field = () => screen.getByTestId('clock-field');
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

describe('ClockControl', () => {
  it('freezes the clock at the last instant of year 9999, written in any zone', () => {
    const store = renderClock();
    type('9999-12-31T11:59:59.999-12:00');
    expect(store.getState().now).toBe(MAX_CLOCK_MS);
    expect(field().getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['9999-12-31T23:59:59.999-12:00', '1970-01-01T00:00:00.000+00:01', '253402300800000'])(
    'refuses %j where it is typed, names the range and keeps the clock where it was',
    (text) => {
      const store = renderClock();
      type('2030-01-01T00:00Z');
      const before = store.getState().now;
      expect(before).toBe(Date.UTC(2030, 0, 1));
      type(text);
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByRole('alert').textContent).toBe(CLOCK_RANGE_MESSAGE);
      expect(store.getState().now).toBe(before);
      expect(store.getState().clockMode).toBe('frozen');
      expect((field() as HTMLInputElement).value).toBe(text);
    },
  );
});
