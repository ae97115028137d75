import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { bandOf, fireTimeOf } from '../../model/protocol/score.ts';
import { LESSON_NOW } from './steps.ts';
import type { LessonStep } from './steps.ts';
import { applyTry } from './tryThis.ts';
import { ScoreBits } from './ScoreBits.tsx';
import { renderAtStep } from '../../../test-support/lessonStepStore.tsx';

const FIRE_TIME = fireTimeOf(LESSON_NOW, 5000);

const setUp = (id: LessonStep['id']) =>
  renderAtStep(id, (step) => <ScoreBits mode={step.bits!} presetOperations={step.preset.operations.length} />);

/** A drawn row's bits, most significant first, as a binary string. */
const rowBits = (key: string) =>
  [...screen.getByTestId(`bits-row-${key}`).querySelectorAll('[data-bit]')].map((cell) => cell.getAttribute('data-bit')).join('');

const changedPlaces = (key: string) =>
  [...screen.getByTestId(`bits-row-${key}`).querySelectorAll('[data-changed]')].map((cell) =>
    Number(cell.getAttribute('data-place')),
  );

describe('ScoreBits', () => {
  it('the shift: the fire-time’s bits, and the floor as those bits then twelve zero slot bits, nothing marked before a press', () => {
    setUp('shift');
    expect(rowBits('fire-time')).toBe(FIRE_TIME.toString(2));
    expect(rowBits('floor')).toBe(`${FIRE_TIME.toString(2)}000000000000`);
    expect(screen.getByTestId('bits-row-floor').querySelectorAll('[data-field="slot"]')).toHaveLength(12);
    expect(screen.getByTestId('bits-53')).toBeTruthy();
    expect(changedPlaces('floor')).toEqual([]);
  });

  it('the shift: each press adds 1 ms, and the bits it changed are marked (in the floor, twelve places up)', () => {
    const { store, step } = setUp('shift');
    for (let press = 1; press <= 3; press++) {
      act(() => applyTry(store, step.tryThis.steps));
      const fireTime = FIRE_TIME + press;
      expect(rowBits('fire-time')).toBe(fireTime.toString(2));
      const before = (fireTime - 1).toString(2);
      const now = fireTime.toString(2);
      const expected = [...now].flatMap((digit, at) => (digit !== before[at] ? [now.length - 1 - at] : []));
      expect(changedPlaces('fire-time')).toEqual(expected);
      expect(changedPlaces('floor')).toEqual(expected.map((place) => place + 12));
      expect(screen.getByTestId('bits-decimal-floor').textContent).toBe(bandOf(fireTime).minScore.toLocaleString('en-US'));
    }
  });

  it('the bump: the newest job’s slot field ticks 1, 2, 3 with each press, the changed bits marked', () => {
    const { store, step } = setUp('bump');
    expect(rowBits('last')).toBe(`${FIRE_TIME.toString(2)}000000000000`);
    for (let press = 1; press <= 3; press++) {
      act(() => applyTry(store, step.tryThis.steps));
      expect(rowBits('last').slice(-12)).toBe(press.toString(2).padStart(12, '0'));
      expect(screen.getByTestId('bits-slot-text').parentElement!.textContent).toContain(`= ${press}`);
      const before = (press - 1).toString(2).padStart(12, '0');
      const now = press.toString(2).padStart(12, '0');
      expect(changedPlaces('last')).toEqual([...now].flatMap((digit, at) => (digit !== before[at] ? [11 - at] : [])));
    }
  });

  it('the ceiling: the slot field is pinned at all ones, press after press', () => {
    const { store, step } = setUp('ceiling');
    for (let press = 1; press <= 3; press++) {
      act(() => applyTry(store, step.tryThis.steps));
      expect(rowBits('last').slice(-12)).toBe('111111111111');
      expect(rowBits('last')).toBe(rowBits('ceiling'));
    }
  });
});
