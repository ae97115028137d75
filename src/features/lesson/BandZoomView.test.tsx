import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { LessonStep } from './steps.ts';
import { applyTry } from './tryThis.ts';
import { BandZoomView, ZOOM_SLOTS } from './BandZoomView.tsx';
import { renderAtStep } from '../../../test-support/lessonStepStore.tsx';

const setUp = (id: LessonStep['id']) =>
  renderAtStep(id, (step) => <BandZoomView presetOperations={step.preset.operations.length} />);

const filled = () =>
  Array.from({ length: ZOOM_SLOTS }, (_, slot) => screen.getByTestId(`zoom-slot-${slot}`).getAttribute('data-filled') === 'true');

describe('BandZoomView', () => {
  it('the bump: each press drops the new job into the next slot, marked as the one just added', () => {
    const { store, step } = setUp('bump');
    expect(filled().filter(Boolean)).toHaveLength(1);
    expect(screen.getByTestId('zoom-slot-0').querySelector('[data-newest]')).toBeNull();
    for (let press = 1; press <= 3; press++) {
      act(() => applyTry(store, step.tryThis.steps));
      expect(filled().map((on, slot) => on === slot <= press)).not.toContain(false);
      const newest = screen.getByTestId(`zoom-slot-${press}`).querySelector('[data-newest]');
      expect(newest?.getAttribute('data-member')).toBe(String(press + 1));
      expect(screen.getByTestId('lesson-band-zoom').querySelectorAll('[data-newest]')).toHaveLength(1);
    }
    expect(screen.getByTestId('zoom-ceiling').getAttribute('data-count')).toBe('0');
  });

  it('the ceiling: every shown slot is full and each press piles four more jobs on the ceiling', () => {
    const { store, step } = setUp('ceiling');
    expect(filled().every(Boolean)).toBe(true);
    expect(screen.getByTestId('zoom-ceiling').getAttribute('data-count')).toBe('1');
    for (let press = 1; press <= 3; press++) {
      act(() => applyTry(store, step.tryThis.steps));
      expect(screen.getByTestId('zoom-ceiling').getAttribute('data-count')).toBe(String(1 + 4 * press));
      expect(screen.getByTestId('zoom-ceiling').textContent).toContain(`×${1 + 4 * press}`);
    }
    expect(screen.getByTestId('zoom-more').textContent).toContain('4,079 more slots, 4,079 jobs');
    expect(screen.getByTestId('band-zoom-count').textContent).toContain('4,108 jobs');
  });
});
