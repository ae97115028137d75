import { describe, expect, it } from 'vitest';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { BAND_KEY, TEXTBOOK_KEY, createAppStore } from '../store/appStore.ts';
import { withScoresOf } from '../../test-support/pageSets.ts';
import type { AppStore } from '../store/appStore.ts';
import fc from 'fast-check';
import { sessionScript, sessionScriptSteps, sessionWrites } from './sessionScript.ts';
import { redisCliScript } from './redisCliScript.ts';
import { REPLAY_CHUNK } from './session.ts';
import { T0 } from '../../test-support/instants.ts';

function withScores(redis: MemoryRedis, key: string) {
  return redis.call('ZRANGE', key, 0, -1, 'WITHSCORES');
}

/** Runs the exported writes on an empty MemoryRedis and compares both sets with the store's. */
function expectSameSets(store: AppStore) {
  const state = store.getState();
  const fresh = new MemoryRedis();
  for (const write of sessionWrites(state.scenario)) fresh.call(write.command, ...write.args);
  expect(withScores(fresh, BAND_KEY)).toEqual(withScoresOf(state.bandSet));
  expect(withScores(fresh, TEXTBOOK_KEY)).toEqual(withScoresOf(state.textbookSet));
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
    expect(s().bandSet.size).toBeGreaterThan(0);
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

describe('sessionScriptSteps', () => {
  it('gives, in bounded steps, the text of the writes sessionWrites lists, byte for byte (resets, uuids, promotes)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 1, max: 700 }).map((n) => (s: AppStore) => void s.getState().enqueue(n)),
            fc.constant((s: AppStore) => s.getState().stepClock(4000)),
            fc.constant((s: AppStore) => s.getState().promote()),
            fc.constant((s: AppStore) => s.getState().reset()),
            fc.constant((s: AppStore) => s.getState().setIdStyle('uuid')),
            fc.constant((s: AppStore) => void s.getState().setIdPrefix('x "y"\n')),
            fc.constant((s: AppStore) => s.getState().setIdStyle('prefix')),
          ),
          { maxLength: 12 },
        ),
        (steps) => {
          const store = createAppStore({ frozenAt: T0, seed: 7 });
          for (const run of steps) run(store);
          const scenario = store.getState().scenario;
          const writes = sessionWrites(scenario);
          const stepped = sessionScriptSteps(scenario);
          let jobs = 0;
          for (let step = stepped.next(); ; step = stepped.next()) {
            if (step.done === true) {
              expect(step.value.parts.join('')).toBe(redisCliScript(writes));
              expect(step.value.commands).toBe(writes.length);
              break;
            }
            expect(step.value.jobs - jobs).toBeLessThanOrEqual(REPLAY_CHUNK);
            jobs = step.value.jobs;
          }
          expect(sessionScript(scenario)).toBe(redisCliScript(writes));
        },
      ),
      { numRuns: 60 },
    );
  });
});
