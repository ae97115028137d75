import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { bandOf } from '../../model/protocol/score.ts';
import { formatScore } from '../../model/redis/doubles.ts';
import { DELAY_ZERO_NOTE, DelayControl } from './DelayControl.tsx';
import { T0 } from '../../../test-support/instants.ts';
import { withScoresOf } from '../../../test-support/pageSets.ts';

function renderDelay() {
  const store = createAppStore({ frozenAt: T0, seed: 1 });
  render(
    <StoreProvider store={store}>
      <DelayControl />
    </StoreProvider>,
  );
  return store;
}

describe('DelayControl', () => {
  it('at delay 0 says that Queue.add would skip the delayed set and the sets show what moveToDelayed writes', () => {
    const store = renderDelay();
    const hint = screen.getByTestId('delay-hint');
    expect(hint.textContent).toBe('Keys: arrows 1 ms, Page Up/Down 6 s. Field: whole ms, up to 100 years.');
    act(() => void store.getState().setDelay(0));
    // the same element holds the note (that it moves nothing below it is a layout fact: e2e/stage.spec.ts)
    expect(screen.getByTestId('delay-hint')).toBe(hint);
    expect(hint.textContent).toBe(DELAY_ZERO_NOTE);
    expect(hint.textContent).toBe('At 0, Queue.add uses the wait list; moveToDelayed writes these scores.');
    expect(screen.getByRole('slider', { name: 'Delay (ms)' }).getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.getByTestId('delay-field').getAttribute('aria-describedby')).toBe(hint.id);
    act(() => void store.getState().setDelay(1));
    expect(hint.textContent).toMatch(/^Keys: /);
    act(() => void store.getState().setDelay(120_000));
    expect(hint.textContent).toBe('Beyond the slider: set in the field. Field: whole ms, up to 100 years.');
  });

  it('changes no score: a delay-0 job still lands in the band set at fire-time = now (what moveToDelayed writes)', () => {
    const store = renderDelay();
    act(() => void store.getState().setDelay(0));
    act(() => void store.getState().enqueue(1));
    expect(withScoresOf(store.getState().bandSet)).toEqual(['job:1', formatScore(bandOf(T0).minScore)]);
  });
});
