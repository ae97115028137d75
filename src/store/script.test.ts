import { describe, expect, it } from 'vitest';
import { getDelayedScore } from '../model/protocol/delayed.ts';
import type { DelayedScoreStep } from '../model/protocol/delayed.ts';
import { bandOf, fireTimeOf } from '../model/protocol/score.ts';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { BAND_KEY, createAppStore } from './appStore.ts';
import type { AppStore } from './appStore.ts';
import { selectScriptTrace } from './script.ts';
import { T0 } from '../../test-support/instants.ts';

/** getDelayedScore traced on a full copy of the page's band set (every member, not only the band's highest). */
function oracleTrace(store: AppStore) {
  const { bandSet, now, delay } = store.getState();
  const copy = new MemoryRedis();
  for (const entry of bandSet.rangeByRank(0, bandSet.size)) copy.call('ZADD', BAND_KEY, entry.score, entry.member);
  const steps: DelayedScoreStep[] = [];
  const returned = getDelayedScore(copy, BAND_KEY, now, delay, (step) => steps.push(step));
  return { steps, returned };
}

describe('selectScriptTrace', () => {
  it('is what getDelayedScore runs for the next job: a floor, a bump, then a ceiling', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    const { minScore, maxScore } = bandOf(fireTimeOf(T0, store.getState().delay));
    const cases = [
      { enqueue: 0, kind: 'floor', score: minScore, jobsInBand: 0 },
      { enqueue: 1, kind: 'bump', score: minScore + 1, jobsInBand: 1 },
      { enqueue: 4095, kind: 'ceiling', score: maxScore, jobsInBand: 4096 },
    ] as const;
    for (const expected of cases) {
      if (expected.enqueue > 0) store.getState().enqueue(expected.enqueue);
      const trace = selectScriptTrace(store.getState());
      const oracle = oracleTrace(store);
      expect(trace.steps, expected.kind).toEqual(oracle.steps);
      expect(trace.returned).toEqual(oracle.returned);
      expect(trace.returned.score).toBe(expected.score);
      expect([trace.kind, trace.jobsInBand, trace.timestamp]).toEqual([expected.kind, expected.jobsInBand, T0]);
    }
  });

  it('keeps its result until the set, the clock or the delay moves, and then follows it', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    const first = selectScriptTrace(store.getState());
    expect(selectScriptTrace(store.getState())).toBe(first);
    store.getState().setDelay(9000);
    const moved = selectScriptTrace(store.getState());
    expect(moved).not.toBe(first);
    expect(moved.delay).toBe(9000);
    expect(moved.returned.delayedTimestamp).toBe(T0 + 9000);
  });

  it('leaves the page’s sets and command log as they were', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    store.getState().enqueue(3);
    const { version, log, bandSet } = store.getState();
    const entries = log.size;
    selectScriptTrace(store.getState());
    expect(store.getState().version).toBe(version);
    expect(store.getState().log.size).toBe(entries);
    expect(bandSet.size).toBe(3);
  });
});
