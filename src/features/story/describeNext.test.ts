import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/appStore.ts';
import { selectScorePanel } from '../../store/scores.ts';
import { CLIFF_FIRE_TIME, bandOf } from '../../model/protocol/score.ts';
import { describeNext } from './StageScores.tsx';
import { T0 } from '../../../test-support/instants.ts';

describe('"next =" past the cliff', () => {
  it('says the next job ties the band’s highest score, not that it goes one tick above', () => {
    // frozen so that now + 5,000 ms is 7 ms past the cliff
    const store = createAppStore({ frozenAt: CLIFF_FIRE_TIME + 7 - 5000 });
    store.getState().enqueue(2);
    const { next, minScore } = selectScorePanel(store.getState());
    expect(next).toMatchObject({ kind: 'stuck', slot: 0, score: bandOf(CLIFF_FIRE_TIME + 7).minScore, jobsInBand: 2 });
    expect(next.score).toBe(minScore);
    const text = describeNext(next.kind, next.slot);
    expect(text).not.toMatch(/one tick above/);
    expect(text).toBe('floor + 0 again: + 1 rounds away; ties go by member bytes');
  });

  it('still says one tick above where + 1 moves the score', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(3);
    const { next } = selectScorePanel(store.getState());
    expect(next).toMatchObject({ kind: 'bump', slot: 3 });
    expect(describeNext(next.kind, next.slot)).toBe("floor + 3: one tick above the band's highest score");
  });
});
