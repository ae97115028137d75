import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { countDueInversions, dueOrderRanks } from '../model/strategies/dueOrder.ts';
import type { AppStore } from './appStore.ts';
import {
  bandOf,
  decodeScore,
  fireTimeOf,
  nextScoreInBand,
  nextTimestampOf,
  textbookFireTime,
  textbookScore,
  wakeMillisecond,
} from '../model/protocol/score.ts';
import { formatScore } from '../model/redis/doubles.ts';
import { createAppStore } from './appStore.ts';
import { selectScorePanel } from './scores.ts';
import { BAND_READ_LIMIT, STRIP_RADIUS, selectBandView, selectFireTimeBand } from './band.ts';
import { selectBandSet, selectTextbookSet } from './sets.ts';
import { selectPromoteSummary } from './promote.ts';
import { T0 } from '../../test-support/instants.ts';
import { applyStep, enqueueStep } from '../../test-support/storeSteps.ts';

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
    expect(rows[1]).toMatchObject({
      position: 1,
      arrival: 10,
      outOfOrder: true,
      scoreText: formatScore(textbookScore(T0, 5000, 's')),
    });
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

/** The full recount the incremental bookkeeping must match: every member's fire-time (from its score) and arrival, in set order. */
function recount(store: AppStore, set: 'textbook' | 'band') {
  const state = store.getState();
  const reader = set === 'band' ? state.bandSet : state.textbookSet;
  const entries = reader.rangeByRank(0, reader.size - 1);
  const arrivals = entries.map((entry) => state.arrivals.get(entry.member) ?? 0);
  const fireTimes = entries.map((entry) =>
    set === 'band' ? decodeScore(entry.score).fireTime : textbookFireTime(entry.score, state.textbookUnit),
  );
  return { arrivals, inversions: countDueInversions(fireTimes, arrivals), ranks: dueOrderRanks(fireTimes, arrivals) };
}

describe('set snapshots under random enqueues and promotes', () => {
  it('match a full recount of both sets', () => {
    const step = fc.oneof(
      enqueueStep(40, 30, ['job:N', 'N', 'uuid']),
      fc.record({ kind: fc.constant('step' as const), ms: fc.integer({ min: 1, max: 1500 }) }),
      fc.record({ kind: fc.constant('promote' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), fc.constantFrom('s' as const, 'ms' as const), (steps, unit) => {
        let uuid = 0;
        const store = createAppStore({ frozenAt: T0, textbookUnit: unit, randomUUID: () => `${(uuid++ * 7919) % 1000}-${uuid}` });
        for (const op of steps) {
          applyStep(store, op);
          for (const [set, select] of [
            ['textbook', selectTextbookSet],
            ['band', selectBandSet],
          ] as const) {
            const snapshot = select(store.getState());
            const full = recount(store, set);
            expect(snapshot.size).toBe(full.arrivals.length);
            expect(snapshot.outOfOrderPairs).toBe(full.inversions);
            if (snapshot.size > 0) {
              const rows = snapshot.readRows(0, snapshot.size - 1);
              expect(rows.map((row) => row.arrival)).toEqual(full.arrivals);
              expect(rows.map((row) => row.outOfOrder)).toEqual(full.arrivals.map((_, i) => full.ranks[i] !== i));
            }
          }
        }
      }),
      { numRuns: 60 },
    );
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
    expect(view.slots.at(-1)).toMatchObject({
      slot: 4095,
      member: 'job:4100',
      scoreText: formatScore(bandOf(fireTime).maxScore),
    });
    expect(view.ceilingMembers).toBe(5);
    expect(view.jobs).toBe(4100);
    expect(view.newestSlot).toBe(4095);
    expect(view.strip).toHaveLength(2 * STRIP_RADIUS + 1);
    expect(view.strip[STRIP_RADIUS]).toEqual({ fireTime, count: 4100 });
    expect(view.strip[0]).toEqual({ fireTime: fireTime - STRIP_RADIUS, count: 0 });
  });

  it('reads at most BAND_READ_LIMIT entries of a saturated millisecond, and counts all its jobs', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(10_000);
    store.getState().enqueue(10_000);
    const state = store.getState();
    const read: number[] = [];
    const rangeByScore = state.bandSet.rangeByScore.bind(state.bandSet);
    const spy = vi.spyOn(state.bandSet, 'rangeByScore').mockImplementation((...args) => {
      const entries = rangeByScore(...args);
      read.push(entries.length);
      return entries;
    });
    const view = selectBandView(state);
    spy.mockRestore();
    expect(read.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BAND_READ_LIMIT);
    expect(view.slots).toHaveLength(BAND_READ_LIMIT);
    expect(view.jobs).toBe(20_000);
    expect(selectFireTimeBand(state).jobs).toBe(20_000);
    expect(selectFireTimeBand(state).slots).toHaveLength(BAND_READ_LIMIT);
    expect(view.ceilingMembers).toBe(20_000 - 4095);
    expect(view.slots.at(-1)).toMatchObject({ slot: 4095 });
    expect(view.strip[STRIP_RADIUS]).toEqual({ fireTime: view.fireTime, count: 20_000 });
  });

  it('reads the band once when the stage and the band panel show the same millisecond, with the same slots', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(50);
    const state = store.getState();
    const spy = vi.spyOn(state.bandSet, 'rangeByScore');
    const stage = selectFireTimeBand(state);
    const panel = selectBandView(state);
    const ranges = [...spy.mock.calls];
    spy.mockRestore();
    expect(ranges).toHaveLength(1);
    expect(panel.slots).toBe(stage.slots);
    expect(panel.slots).toHaveLength(50);
    expect(stage.strip).toEqual([{ fireTime: stage.fireTime, count: 50 }]);
    expect(panel.strip).toHaveLength(2 * STRIP_RADIUS + 1);
    expect(panel.strip[STRIP_RADIUS]).toEqual({ fireTime: stage.fireTime, count: 50 });
  });

  it('keeps following the fire-time after an enqueue: the delay and the clock move the band', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(3);
    expect(store.getState().selectedFireTime).toBeNull();
    store.getState().setDelay(7000);
    expect(selectBandView(store.getState()).fireTime).toBe(fireTimeOf(T0, 7000));
    store.getState().stepClock(1000);
    expect(selectBandView(store.getState()).fireTime).toBe(fireTimeOf(T0 + 1000, 7000));
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

describe('the sets against due order', () => {
  it('counts no pair for two jobs due at different times that the sets list by fire-time', () => {
    // one job at delay 10,000, then one at 1,000: the second falls due first and both sets list it first
    for (const unit of ['s', 'ms'] as const) {
      const store = createAppStore({ frozenAt: T0, textbookUnit: unit });
      store.getState().setDelay(10_000);
      store.getState().enqueue(1);
      store.getState().setDelay(1000);
      store.getState().enqueue(1);
      for (const select of [selectTextbookSet, selectBandSet]) {
        const set = select(store.getState());
        expect(set.outOfOrderPairs).toBe(0);
        expect(set.readRows(0, 1).map((row) => [row.arrival, row.outOfOrder])).toEqual([
          [2, false],
          [1, false],
        ]);
      }
      store.getState().stepClock(60_000);
      store.getState().promote();
      const summary = selectPromoteSummary(store.getState())!;
      expect(summary.band.jobs.map((job) => job.arrival)).toEqual([2, 1]);
      expect([summary.band.outOfOrderPairs, summary.textbook.outOfOrderPairs]).toEqual([0, 0]);
    }
  });

  it('counts the textbook’s same-second jobs that member bytes put out of arrival order, in seconds only', () => {
    // nine jobs, then a tenth due one millisecond later, in the same second
    const store = createAppStore({ frozenAt: T0, idStyle: 'N' });
    store.getState().enqueue(9);
    store.getState().stepClock(1); // the 10th job is due one ms later: another band, the same second
    store.getState().enqueue(1);
    expect(selectBandSet(store.getState()).outOfOrderPairs).toBe(0);
    // the seconds score cannot tell the 10th job from the others: "10" sorts before "2".."9"
    expect(selectTextbookSet(store.getState()).outOfOrderPairs).toBe(8);
  });
});

describe('selectPromoteSummary', () => {
  it('counts the pairs each set handed out of due order', () => {
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
