import { describe, expect, it } from 'vitest';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { BAND_KEY, TEXTBOOK_KEY, createAppStore } from '../store/appStore.ts';
import type { AppStore } from '../store/appStore.ts';
import { sessionScript, sessionWrites } from './sessionScript.ts';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

function withScores(redis: MemoryRedis, key: string) {
  return redis.call('ZRANGE', key, 0, -1, 'WITHSCORES');
}

/** Runs the exported writes on an empty MemoryRedis and compares both sets with the store's. */
function expectSameSets(store: AppStore) {
  const state = store.getState();
  const fresh = new MemoryRedis();
  for (const write of sessionWrites(state.scenario)) fresh.call(write.command, ...write.args);
  expect(withScores(fresh, BAND_KEY)).toEqual(withScores(state.band, BAND_KEY));
  expect(withScores(fresh, TEXTBOOK_KEY)).toEqual(withScores(state.textbook, TEXTBOOK_KEY));
}

describe('sessionScript', () => {
  it('rebuilds both sets, beyond the capped log: collisions, a saturated band, promotes', () => {
    const store = createAppStore({ frozenAt: T0, seed: 42 });
    const s = () => store.getState();
    s().enqueue(4100); // 12,300 commands: far more than the log keeps
    s().stepClock(3);
    s().enqueue(5);
    s().setDelay(0);
    s().stepClock(5000);
    s().promote();
    s().setIdStyle('uuid');
    s().enqueue(3);
    expect(s().log.total).toBeGreaterThan(s().log.capacity);
    expect(s().band.call('ZCARD', BAND_KEY)).toBeGreaterThan(0);
    expectSameSets(store);
  });

  it('keeps only writes, in order, and starts after the last reset', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1, idStyle: 'N' });
    store.getState().enqueue(2);
    store.getState().reset();
    store.getState().setIdStyle('prefix');
    store.getState().setIdPrefix('a "b"\\');
    store.getState().enqueue(1);
    const writes = sessionWrites(store.getState().scenario);
    expect(writes.map((w) => w.command)).toEqual(['ZADD', 'ZADD']);
    const script = sessionScript(store.getState().scenario);
    expect(script.split('\n')[0]).toBe(`ZADD ${TEXTBOOK_KEY} ${(T0 + 5000) / 1000} "a \\"b\\"\\\\1"`);
    expectSameSets(store);
  });

  it('is empty for a fresh page', () => {
    expect(sessionScript(createAppStore({ frozenAt: T0 }).getState().scenario)).toBe('');
  });
});
