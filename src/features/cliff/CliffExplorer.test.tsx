import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CliffExplorer } from './CliffExplorer.tsx';
import { Explorations } from '../../app/Explorations.tsx';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStoreOptions } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { CLIFF_FIRE_TIME, bandOf, fireTimeOf } from '../../model/protocol/score.ts';
import { LAST_EXACT_FIRE_TIME, fireTimeYearsPastCliff, longestFifoDelay } from '../../model/protocol/cliff.ts';
import { formatScore } from '../../model/redis/doubles.ts';
import { T0 } from '../../../test-support/instants.ts';

const REAL_NOW = T0 + 86_400_000;

function renderExplorer(options: AppStoreOptions = {}) {
  const store = createAppStore({ frozenAt: T0, clock: () => REAL_NOW, ...options });
  render(
    <StoreProvider store={store}>
      <CliffExplorer />
    </StoreProvider>,
  );
  return store;
}

const text = (testId: string): string => screen.getByTestId(testId).textContent ?? '';
const jump = (name: string): void => {
  fireEvent.click(within(screen.getByRole('group', { name: 'Jump the fire-time to' })).getByRole('button', { name }));
};

describe('CliffExplorer readouts', () => {
  it('today (5 s delay): 53 of 53 bits, spacing 1, 4096 distinct scores, FIFO-safe for about 12.8 years', () => {
    renderExplorer();
    expect(text('cliff-fire-time')).toBe(`${T0 + 5000} ms`);
    expect(text('cliff-side')).toMatch(/^12\.8 years before the cliff$/);
    expect(text('cliff-bits')).toBe('53 of 53 bits in use');
    expect(screen.queryByTestId('cliff-dropped')).toBeNull();
    expect(text('cliff-spacing')).toBe('1 (2^0)');
    expect(text('cliff-bump')).toMatch(/s \+ 1 != s/);
    expect(text('cliff-distinct')).toBe('4,096 of 4,096');
    expect(text('cliff-reachable')).toMatch(/hands out 4,096 of them/);
    expect(text('cliff-ceiling')).toBe(formatScore(bandOf(T0 + 5000).maxScore));
    expect(text('cliff-leak')).toMatch(/stays inside/);
    expect(text('cliff-last-exact')).toBe(`${2 ** 41 - 1} ms`);
    expect(screen.getByText('2039-09-07T15:47:35.551Z')).toBeTruthy();
    expect(text('cliff-safe-delay')).toBe(`${longestFifoDelay(T0)} ms`);
    expect(text('cliff-sweep')).toMatch(/ends exactly/);
    expect(screen.queryByTestId('cliff-ties')).toBeNull();
  });

  it('the cliff preset puts the fire-time on 2^41: 54 bits needed, spacing 2, the bump lost, the ceiling leaking', () => {
    const store = renderExplorer();
    jump('The cliff');
    expect(store.getState().clockMode).toBe('frozen');
    expect(store.getState().now).toBe(CLIFF_FIRE_TIME - 5000);
    expect(text('cliff-fire-time')).toBe(`${CLIFF_FIRE_TIME} ms`);
    expect(screen.getByTestId('cliff-fire-time-field')).toHaveProperty('value', '2039-09-07T15:47:35.552Z');
    expect(text('cliff-side')).toBe('exactly at the cliff: the first millisecond past it');
    expect(text('cliff-bits')).toBe('53 of 53 bits in use');
    expect(text('cliff-dropped')).toBe('; the lowest bit cannot be kept');
    expect(text('cliff-spacing')).toBe('2 (2^1)');
    expect(text('cliff-bump')).toMatch(/s \+ 1 == s/);
    expect(text('cliff-distinct')).toBe('2,048 of 4,096');
    expect(text('cliff-reachable')).toMatch(/hands out 1 of them/);
    expect(text('cliff-ceiling')).toBe(formatScore(bandOf(CLIFF_FIRE_TIME + 1).minScore));
    expect(text('cliff-leak')).toMatch(/next millisecond's minScore/);
    // the clock itself is still 5 s before the cliff
    expect(text('cliff-safe-delay')).toBe('4999 ms');
    expect(screen.getByText(/about 5\.0 s; one ms more/)).toBeTruthy();
    expect(text('cliff-sweep')).toMatch(/ends exactly/);
  });

  it('1 ms before the cliff everything is still exact; 5 years past, the clock too is past it', () => {
    renderExplorer();
    jump('1 ms before the cliff');
    expect(text('cliff-fire-time')).toBe(`${LAST_EXACT_FIRE_TIME} ms`);
    expect(text('cliff-spacing')).toBe('1 (2^0)');
    expect(text('cliff-distinct')).toBe('4,096 of 4,096');
    expect(text('cliff-side')).toBe('1 ms before the cliff');
    jump('5 years past the cliff');
    expect(text('cliff-side')).toBe('past the cliff by 5.0 years');
    expect(text('cliff-fire-time')).toBe(`${fireTimeYearsPastCliff(5)} ms`);
    expect(screen.getByText('2044-09-07T15:47:35.552Z')).toBeTruthy();
    expect(text('cliff-safe-delay')).toBe('none: the clock itself is past the cliff');
    expect(text('cliff-sweep')).toMatch(/come out early/);
    jump('1 year past the cliff');
    expect(screen.getByText('2040-09-07T15:47:35.552Z')).toBeTruthy();
  });

  it('Now freezes the clock at the real time (the store clock), fire-time = now + delay', () => {
    const store = renderExplorer();
    jump('The cliff');
    jump('Now');
    expect(store.getState().clockMode).toBe('frozen');
    expect(store.getState().now).toBe(REAL_NOW);
    expect(text('cliff-fire-time')).toBe(`${fireTimeOf(REAL_NOW, 5000)} ms`);
  });

  it('a preset the delay cannot reach gives a message and leaves the clock alone', () => {
    const store = renderExplorer({ delay: 3_155_760_000_000 }); // 100 years
    jump('1 ms before the cliff');
    expect(screen.getByRole('alert').textContent).toMatch(/before 1970/);
    expect(store.getState().now).toBe(T0);
    jump('Now');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('CliffExplorer fire-time field', () => {
  it('moves the clock for a typed ISO instant or ms', () => {
    const store = renderExplorer();
    const field = screen.getByTestId('cliff-fire-time-field');
    fireEvent.change(field, { target: { value: '2040-01-01T00:00:00.000Z' } });
    expect(store.getState().now).toBe(Date.UTC(2040, 0, 1) - 5000);
    expect(text('cliff-spacing')).toBe('2 (2^1)');
    expect(text('cliff-side')).toBe('past the cliff by 115.3 days');
    fireEvent.change(field, { target: { value: String(CLIFF_FIRE_TIME - 1) } });
    expect(store.getState().now).toBe(CLIFF_FIRE_TIME - 1 - 5000);
    expect(text('cliff-spacing')).toBe('1 (2^0)');
  });

  it('refuses bad input beside the field and keeps the previous clock', () => {
    const store = renderExplorer();
    jump('The cliff');
    const field = screen.getByTestId('cliff-fire-time-field');
    for (const bad of ['', 'tomorrow', '2039-13-01T00:00:00Z', '-5', '99999999999999999', '1000']) {
      fireEvent.change(field, { target: { value: bad } });
      expect(field.getAttribute('aria-invalid'), bad).toBe('true');
      const message = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!);
      expect(message?.textContent, bad).toBeTruthy();
      expect(store.getState().now).toBe(CLIFF_FIRE_TIME - 5000);
    }
    // the typed text is shown as text, never as markup
    fireEvent.change(field, { target: { value: '<img src=x onerror=alert(1)>' } });
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('CliffExplorer tie note', () => {
  it('past the cliff names the shared score and the member order of same-ms jobs', () => {
    const store = renderExplorer({ idStyle: 'N' });
    jump('The cliff');
    act(() => {
      store.getState().enqueue(11);
    });
    const note = screen.getByTestId('cliff-ties');
    expect(note.textContent).toContain(`11 jobs share the score ${formatScore(2 ** 53)}`);
    expect(note.textContent).toContain('member order');
    // member bytes: 1, 10, 11, 2, ... and the first eight are named
    expect(note.textContent).toMatch(/1 \(arrival 1\), 10 \(arrival 10\), 11 \(arrival 11\), 2 \(arrival 2\)/);
    expect(note.textContent).toContain('and 3 more');
  });

  it('below the cliff same-ms jobs do not tie', () => {
    const store = renderExplorer();
    jump('1 ms before the cliff');
    act(() => {
      store.getState().enqueue(3);
    });
    expect(store.getState().bandSet.size).toBe(3);
    expect(screen.queryByTestId('cliff-ties')).toBeNull();
    jump('The cliff');
    act(() => {
      store.getState().enqueue(3);
    });
    expect(screen.getByTestId('cliff-ties').textContent).toContain('3 jobs share the score');
  });
});

describe('Explorations', () => {
  it('mounts the cliff explorer', () => {
    const store = createAppStore({ frozenAt: T0 });
    render(
      <StoreProvider store={store}>
        <Explorations />
      </StoreProvider>,
    );
    expect(screen.getByRole('heading', { name: /precision cliff/ })).toBeTruthy();
  });
});
