import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStore } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { LESSON_NOW, LESSON_SEED, LESSON_STEPS } from './steps.ts';
import type { LessonStep } from './steps.ts';
import { applyPreset, applyTry } from './tryThis.ts';
import { JobLine } from './JobLine.tsx';
import type { JobLineProps } from './JobLine.tsx';

function setUp(
  id: LessonStep['id'],
  set: JobLineProps['set'],
  show: JobLineProps['show'] = 'all',
): { store: AppStore; step: LessonStep } {
  const step = LESSON_STEPS.find((one) => one.id === id)!;
  const store = createAppStore({ frozenAt: LESSON_NOW, seed: LESSON_SEED });
  applyPreset(store, step);
  render(
    <StoreProvider store={store}>
      <JobLine set={set} show={show} presetOperations={step.preset.operations.length} />
    </StoreProvider>,
  );
  return { store, step };
}

const tokens = () => screen.getAllByTestId('job-token');
const members = () => tokens().map((token) => token.getAttribute('data-member'));
const marked = (attribute: string) =>
  tokens()
    .filter((token) => token.getAttribute(attribute) === 'true')
    .map((token) => token.getAttribute('data-member'));

describe('JobLine', () => {
  it('ties: the textbook line reorders by member bytes ("10" before "2"), the new jobs outlined, the pairs out of due order counted', () => {
    const { store, step } = setUp('ties', 'textbook');
    expect(members()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(marked('data-out-of-order')).toEqual([]);
    act(() => applyTry(store, step.tryThis.steps));
    expect(members()).toEqual(['1', '10', '11', '12', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(marked('data-new')).toEqual(['10', '11', '12']);
    expect(screen.getByTestId('line-out-of-order').getAttribute('data-count')).toBe('24');
    expect(marked('data-out-of-order')).toContain('2');
    const ten = tokens()[1]!;
    expect(within(ten).getByText('#10')).toBeTruthy();
    act(() => applyTry(store, step.tryThis.steps));
    expect(marked('data-new')).toEqual(['13', '14', '15']);
    expect(members().indexOf('15')).toBeLessThan(members().indexOf('2'));
  });

  it('the band line keeps arrival order: nothing out of due order', () => {
    const { store, step } = setUp('ties', 'band');
    act(() => applyTry(store, step.tryThis.steps));
    expect(members()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(screen.getByTestId('line-out-of-order').getAttribute('data-count')).toBe('0');
  });

  it('scores on demand: hidden until the toggle is on', () => {
    setUp('bump', 'band');
    expect(tokens()[0]!.textContent).not.toContain('7356579860480000');
    fireEvent.click(screen.getByRole('checkbox', { name: 'scores' }));
    expect(tokens()[0]!.textContent).toContain('7356579860480000');
  });

  it('the ceiling: a tail of the last ten jobs, the ones that share the ceiling by uuid, out of arrival order marked', () => {
    const { store, step } = setUp('ceiling', 'band', 'tail');
    expect(tokens()).toHaveLength(10);
    expect(screen.getByText('… 4,086 before …')).toBeTruthy();
    act(() => applyTry(store, step.tryThis.steps));
    const arrivals = tokens().map((token) => Number(token.getAttribute('data-arrival')));
    expect(arrivals.slice(-5).sort((a, b) => a - b)).toEqual([4096, 4097, 4098, 4099, 4100]);
    expect(marked('data-out-of-order').length).toBeGreaterThan(0);
    expect(Number(screen.getByTestId('line-out-of-order').getAttribute('data-count'))).toBeGreaterThan(0);
  });
});
