import { describe, expect, it } from 'vitest';
import { bandOf, decodeScore, fireTimeOf, nextScoreInBand, nextTimestampOf, textbookScore, wakeMillisecond } from '../model/score.ts';
import { formatScore } from '../model/doubles.ts';
import { createAppStore } from './appStore.ts';
import { STRIP_RADIUS, selectBandSet, selectBandView, selectPromoteSummary, selectScorePanel, selectTextbookSet } from './selectors.ts';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

describe('selectScorePanel', () => {
  it('shows what the model gives for now + delay, and the same object until something changes', () => {
    const store = createAppStore({ frozenAt: T0, delay: 1234 });
    const panel = selectScorePanel(store.getState());
    const fireTime = fireTimeOf(T0, 1234);
    expect(panel).toMatchObject({ fireTime, textbookScore: textbookScore(T0, 1234, 's'), ...bandOf(fireTime) });
    expect(panel.next).toMatchObject({ kind: 'floor', slot: 0, score: bandOf(fireTime).minScore, jobsInBand: 0 });
    expect(selectScorePanel(store.getState())).toBe(panel);
    store.getState().setDelay(1235);
    expect(selectScorePanel(store.getState())).not.toBe(panel);
  });

  it('predicts the bump and its fractional recovery once the band holds jobs', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(2);
    const band = bandOf(fireTimeOf(T0, 5000));
    const expected = nextScoreInBand(band, nextScoreInBand(band, band.minScore));
    const { next } = selectScorePanel(store.getState());
    expect(next).toMatchObject({ kind: 'bump', slot: decodeScore(expected).slot, score: expected, jobsInBand: 2 });
    expect(next.recovered).toBe(nextTimestampOf(expected));
    expect(next.recovered).not.toBe(next.wholeMs);
    expect(next.wholeMs).toBe(wakeMillisecond(nextTimestampOf(expected)));
  });

  it('says ceiling once the band is full', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(4096);
    const { next, maxScore } = selectScorePanel(store.getState());
    expect(next.kind).toBe('ceiling');
    expect(next.score).toBe(maxScore);
  });
});

describe('set snapshots', () => {
  it('reads rows in set order with Redis score text, arrival and out-of-order marks', () => {
    const store = createAppStore({ frozenAt: T0, idStyle: 'N' });
    store.getState().enqueue(11);
    const textbook = selectTextbookSet(store.getState());
    const rows = textbook.readRows(0, 10);
    expect(rows.map((row) => row.member)).toEqual(['1', '10', '11', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(rows[1]).toMatchObject({ position: 1, arrival: 10, outOfOrder: true, scoreText: formatScore(textbookScore(T0, 5000, 's')) });
    expect(rows[0]?.outOfOrder).toBe(false);
    expect(textbook.outOfOrderPairs).toBe(16); // "10" and "11" each jump ahead of 2..9
    const band = selectBandSet(store.getState());
    expect(band.outOfOrderPairs).toBe(0);
    expect(band.readRows(9, 10).map((row) => [row.member, row.outOfOrder])).toEqual([
      ['10', false],
      ['11', false],
    ]);
    expect(selectBandSet(store.getState())).toBe(band);
  });
});

describe('selectBandView', () => {
  it('lists the slots of the last enqueue band, the ceiling and the strip', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(4100);
    const view = selectBandView(store.getState());
    const fireTime = fireTimeOf(T0, 5000);
    expect(view.fireTime).toBe(fireTime);
    expect(view.slots).toHaveLength(4100);
    expect(view.slots[0]).toMatchObject({ slot: 0, member: 'job:1', arrival: 1 });
    expect(view.slots.at(-1)).toMatchObject({ slot: 4095, member: 'job:4100', scoreText: formatScore(bandOf(fireTime).maxScore) });
    expect(view.ceilingMembers).toBe(5);
    expect(view.newestSlot).toBe(4095);
    expect(view.strip).toHaveLength(2 * STRIP_RADIUS + 1);
    expect(view.strip[STRIP_RADIUS]).toEqual({ fireTime, count: 4100 });
    expect(view.strip[0]).toEqual({ fireTime: fireTime - STRIP_RADIUS, count: 0 });
  });

  it('shows a chosen millisecond', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(3);
    store.getState().selectBand(fireTimeOf(T0, 5000) + 1);
    const view = selectBandView(store.getState());
    expect(view.slots).toEqual([]);
    expect(view.newestSlot).toBeNull();
  });
});

describe('selectPromoteSummary', () => {
  it('counts the pairs each set handed out of arrival order', () => {
    const store = createAppStore({ frozenAt: T0, idStyle: 'N' });
    store.getState().enqueue(11);
    store.getState().stepClock(60_000);
    store.getState().promote();
    const summary = selectPromoteSummary(store.getState())!;
    expect(summary.band.outOfOrderPairs).toBe(0);
    expect(summary.textbook.outOfOrderPairs).toBe(16);
    expect(summary.nextWake).toBeNull();
  });
});
