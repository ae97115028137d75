import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { bandOf, fireTimeOf } from '../../model/protocol/score.ts';
import { ScriptStepper } from './ScriptStepper.tsx';
import { selectScriptTrace } from '../../store/script.ts';
import { T0 } from '../../../test-support/instants.ts';

function renderStepper() {
  const store = createAppStore({ frozenAt: T0, seed: 1 });
  render(
    <StoreProvider store={store}>
      <ScriptStepper />
    </StoreProvider>,
  );
  return store;
}

/** The one line marked as the step that runs. */
function marked(): HTMLElement {
  const lines = document.querySelectorAll<HTMLElement>('[aria-current]');
  expect(lines).toHaveLength(1);
  expect(lines[0]!.getAttribute('aria-current')).toBe('step');
  return lines[0]!;
}

describe('ScriptStepper', () => {
  it('starts on the function line and steps with Next, Previous and the keys, one line marked at a time', () => {
    renderStepper();
    const { minScore } = bandOf(fireTimeOf(T0, 5000));
    expect(marked().textContent).toContain('local function getDelayedScore(delayedKey, timestamp, delay)');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(marked().textContent).toContain(`local minScore = delayedTimestamp * 0x1000minScore = ${minScore}`);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(marked().textContent).toContain('local delayedTimestamp =');
    const listing = screen.getByTestId('script-listing');
    fireEvent.keyDown(listing, { key: 'End' });
    expect(marked().textContent).toContain('return minScore, delayedTimestamp');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(listing, { key: 'ArrowUp' });
    expect(marked().textContent).toContain('if currentMaxScore ~= nil then');
    fireEvent.keyDown(listing, { key: 'Home' });
    expect(marked().textContent).toContain('local function getDelayedScore(');
  });

  it('follows the page: a bump once the band holds a job, its values at their lines', () => {
    const store = renderStepper();
    const { minScore } = bandOf(fireTimeOf(T0, 5000));
    expect(screen.getByTestId('script-case').textContent).toContain('a floor job');
    act(() => void store.getState().enqueue(1));
    expect(screen.getByTestId('script-case').textContent).toContain('a bump');
    fireEvent.keyDown(screen.getByTestId('script-listing'), { key: 'End' });
    expect(marked().textContent).toContain(`returns score ${minScore + 1}, ${T0 + 5000}`);
    expect(screen.getByTestId('script-value-currentMaxScore').textContent).toBe(`currentMaxScore = ${minScore}`);
    expect(screen.getByTestId('script-value-result').textContent).toBe(`result = { "job:1", "${minScore}" }`);
  });

  it('given the run of a job just added, walks its lines and stays on its return: the score that job got', () => {
    vi.useFakeTimers();
    try {
      const store = createAppStore({ frozenAt: T0, seed: 1 });
      const { minScore } = bandOf(fireTimeOf(T0, 5000));
      store.getState().enqueue(1);
      // the next job's run, then that job added: the stepper shows the run of the job that is now in the set
      const added = selectScriptTrace(store.getState());
      store.getState().enqueue(1);
      render(
        <StoreProvider store={store}>
          <ScriptStepper compact added={added} />
        </StoreProvider>,
      );
      expect(screen.getByTestId('script-case').textContent).toContain('was a bump: the band already held 1 job');
      expect(marked().textContent).toContain('local function getDelayedScore(');
      // one line a tick (each tick's timer is set once the line before it has rendered)
      for (let line = 1; line < added.steps.length; line++) act(() => void vi.advanceTimersByTime(60));
      expect(screen.getByTestId('script-position').textContent).toMatch(
        new RegExp(`^Step ${added.steps.length} of ${added.steps.length},`),
      );
      expect(marked().textContent).toContain(`returns score ${minScore + 1}, ${T0 + 5000}`);
      // it stays there: the next job's run (minScore + 2) is not what it shows
      for (let tick = 0; tick < 5; tick++) act(() => void vi.advanceTimersByTime(200));
      expect(marked().textContent).toContain(`returns score ${minScore + 1}, `);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the package, its version and its licence, and says the header comment is stale', () => {
    renderStepper();
    expect(screen.getByTestId('script-package').textContent).toBe('bullmq 6.7.0');
    expect(screen.getByTestId('script-license').textContent).toBe('MIT');
    expect(screen.getByTestId('script-header-note').textContent).toContain('older than its code');
  });
});
