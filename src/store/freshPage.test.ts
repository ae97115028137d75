import { describe, expect, it } from 'vitest';
import { createAppStore } from './appStore.ts';
import { selectBandSet, selectTextbookSet } from './sets.ts';
import { FRESH_PAGE_DEFAULTS } from '../session/operations.ts';
import { T0 } from '../../test-support/instants.ts';

describe('a fresh page (no link)', () => {
  it('starts with plain ids and N = 12, and opens them again when it starts afresh', () => {
    const store = createAppStore({ frozenAt: T0, pageDefaults: FRESH_PAGE_DEFAULTS });
    expect([store.getState().idStyle, store.getState().batchSize]).toEqual(['N', 12]);
    store.getState().setBatchSize(5);
    store.getState().discardScenario('The link could not be read.');
    expect([store.getState().idStyle, store.getState().batchSize]).toEqual(['N', 12]);
  });

  it('shows the point with one click of "Enqueue N at the same millisecond": the textbook set out of due order, the band set in it', () => {
    const store = createAppStore({ frozenAt: T0, pageDefaults: FRESH_PAGE_DEFAULTS });
    store.getState().enqueue(store.getState().batchSize);
    const textbook = selectTextbookSet(store.getState());
    expect(textbook.readRows(0, 3).map((row) => row.member)).toEqual(['1', '10', '11', '12']);
    expect(textbook.outOfOrderPairs).toBe(24); // 10, 11 and 12 each before 2..9
    expect(selectBandSet(store.getState()).outOfOrderPairs).toBe(0);
  });

  it('leaves a store made without them on the model’s baseline (job:N, N = 3)', () => {
    const store = createAppStore({ frozenAt: T0 });
    expect([store.getState().idStyle, store.getState().batchSize]).toEqual(['job:N', 3]);
  });
});
