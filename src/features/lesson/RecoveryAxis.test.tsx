import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { fireTimeOf } from '../../model/protocol/score.ts';
import { LESSON_NOW, LESSON_SEED, LESSON_STEPS } from './steps.ts';
import { applyPreset, applyTry } from './tryThis.ts';
import { RecoveryAxis } from './RecoveryAxis.tsx';

const FIRE_TIME = fireTimeOf(LESSON_NOW, 5000);
/** k/4096 in decimal, worked out by hand: k × 5^12 / 10^12. */
const EXACT = ['', '', '', '.000732421875', '.0009765625', '.001220703125', '.00146484375'];

describe('RecoveryAxis', () => {
  it('writes each new job’s score / 0x1000 exactly (T + k/4096) and the reply Redis truncates it to, press after press', () => {
    const step = LESSON_STEPS.find((one) => one.id === 'recovery')!;
    const store = createAppStore({ frozenAt: LESSON_NOW, seed: LESSON_SEED });
    applyPreset(store, step);
    render(
      <StoreProvider store={store}>
        <RecoveryAxis presetOperations={step.preset.operations.length} />
      </StoreProvider>,
    );
    for (let press = 1; press <= 3; press++) {
      act(() => applyTry(store, step.tryThis.steps));
      const k = 2 + press;
      expect(screen.getByTestId('recovery-decimal').textContent).toBe(`${FIRE_TIME}${EXACT[k]}`);
      expect(screen.getByTestId('recovery-fraction').textContent).toBe(`${FIRE_TIME} + ${k}/4,096`);
      expect(screen.getByTestId('recovery-reply').textContent).toBe(String(FIRE_TIME));
      expect(screen.getByTestId('recovery-head').textContent).toBe(`${FIRE_TIME}: the worker wakes at ${FIRE_TIME}`);
      expect(screen.getByTestId('axis-newest').textContent).toBe(`T + ${k}/4,096`);
    }
  });
});
