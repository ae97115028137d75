import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { bandOf, fireTimeOf } from '../../model/protocol/score.ts';
import { StageRecovery, StageScores } from './StageScores.tsx';
import { T0 } from '../../../test-support/instants.ts';

function renderScores() {
  const store = createAppStore({ frozenAt: T0, seed: 1 });
  render(
    <StoreProvider store={store}>
      <StageScores />
      <StageRecovery />
    </StoreProvider>,
  );
  return store;
}

describe('StageScores', () => {
  it('says before any job that the textbook unit locks once the set has members, and why once it has', () => {
    const store = renderScores();
    expect(screen.getByTestId('unit-note').textContent).toBe('Switchable only while the textbook set is empty.');
    act(() => void store.getState().enqueue(1));
    expect((screen.getByRole('radio', { name: 'ms' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('unit-note').textContent).toMatch(/^Locked while the set holds jobs: promote or reset to switch/);
    expect(screen.getByRole('radiogroup', { name: 'Textbook score unit' }).getAttribute('aria-describedby')).toBe(
      screen.getByTestId('unit-note').id,
    );
  });

  it("shows min, the next job's score and max, in that order", () => {
    renderScores();
    const { minScore, maxScore } = bandOf(fireTimeOf(T0, 5000));
    const order = ['min-score', 'next-score', 'max-score'].map((id) => screen.getByTestId(id));
    expect(order.map((el) => el.textContent)).toEqual([String(minScore), String(minScore), String(maxScore)]);
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("labels the recovery as the next job's, and shows the last enqueued job's too", () => {
    const store = renderScores();
    expect(screen.getByText('Of the score the next job would get')).toBeTruthy();
    expect(screen.getByText("Of the last enqueued job's score")).toBeTruthy();
    expect(screen.getByText('none yet')).toBeTruthy();
    const fireTime = fireTimeOf(T0, 5000);
    act(() => void store.getState().enqueue(3));
    // the last of three same-ms jobs took floor + 2; the next would take floor + 3
    expect(screen.getByTestId('last-recovered').textContent).toBe(String(fireTime + 2 / 4096));
    expect(screen.getByTestId('last-recovered-ms').textContent).toBe(String(fireTime));
    expect(screen.getByTestId('recovered').textContent).toBe(String(fireTime + 3 / 4096));
    expect(screen.getByText(`= ${fireTime} + 2/4096`)).toBeTruthy();
  });
});
