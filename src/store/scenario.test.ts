import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BAND_KEY, COALESCE_MS, TEXTBOOK_KEY, createAppStore } from './appStore.ts';
import type { AppStore } from './appStore.ts';
import { decodeScenario, encodeScenario } from '../session/scenarioCodec.ts';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

/** Everything a reader of the page sees of the sets and the last results. */
function picture(store: AppStore) {
  const s = store.getState();
  return {
    band: s.band.call('ZRANGE', BAND_KEY, 0, -1, 'WITHSCORES'),
    textbook: s.textbook.call('ZRANGE', TEXTBOOK_KEY, 0, -1, 'WITHSCORES'),
    arrivals: [...s.arrivals],
    inversions: [s.bandOrder.inversions, s.textbookOrder.inversions],
    settings: [s.delay, s.textbookUnit, s.clockMode, s.clockMode === 'frozen' ? s.frozenAt : null, s.idStyle, s.idPrefix, s.batchSize],
    nextArrival: s.nextArrival,
    lastEnqueue: s.lastEnqueue,
    lastPromote: s.lastPromote,
    logTotal: s.log.total,
  };
}

type Step = (store: AppStore) => void;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 1, max: 30 }).map((n): Step => (store) => void store.getState().enqueue(n)),
  fc.integer({ min: 0, max: 3000 }).map((d): Step => (store) => void store.getState().setDelay(d)),
  fc.integer({ min: 1, max: 4000 }).map((ms): Step => (store) => store.getState().stepClock(ms)),
  fc.constant<Step>((store) => store.getState().promote()),
  fc.constant<Step>((store) => store.getState().reset()),
  fc.constant<Step>((store) => store.getState().setClockLive()),
  fc.constantFrom('job:N' as const, 'N' as const, 'uuid' as const, 'prefix' as const).map((style): Step => (store) => store.getState().setIdStyle(style)),
  fc.constantFrom('a', 'a1', 'x y', '"').map((p): Step => (store) => void store.getState().setIdPrefix(p)),
  fc.constantFrom('s' as const, 'ms' as const).map((u): Step => (store) => void store.getState().setTextbookUnit(u)),
);

/** A store whose live clock moves 7 ms per reading and whose wall clock jumps past the grouping window. */
function makeStore(seed: number) {
  let now = T0;
  let wall = 0;
  return createAppStore({ clock: () => (now += 7), wallClock: () => (wall += COALESCE_MS), seed });
}

describe('replay', () => {
  it('rebuilds the same state from the URL text on a fresh store (live clock, uuids, resets)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), fc.integer({ min: 0, max: 0xffffffff }), (steps, seed) => {
        const store = makeStore(seed);
        for (const run of steps) run(store);
        const decoded = decodeScenario(encodeScenario(store.getState().scenario));
        if (!decoded.ok) throw new Error(decoded.message);
        const copy = createAppStore({ clock: () => 0, seed: 1 });
        expect(copy.getState().loadScenario(decoded.scenario, 'none')).toBe(true);
        expect(picture(copy)).toEqual(picture(store));
      }),
      { numRuns: 150 },
    );
  });
});

describe('undo / redo', () => {
  it('undo gives back the state before each operation, redo the state after', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 15 }), (steps) => {
        const store = makeStore(5);
        const pictures = [picture(store)];
        for (const run of steps) {
          const before = store.getState().scenario.operations.length;
          run(store);
          if (store.getState().scenario.operations.length > before) pictures.push(picture(store));
        }
        const count = store.getState().scenario.operations.length;
        for (let i = count - 1; i >= 0; i--) {
          expect(store.getState().undo()).toBe(true);
          expect({ ...picture(store), logTotal: 0 }).toEqual({ ...pictures[i], logTotal: 0 });
        }
        expect(store.getState().undo()).toBe(false);
        for (let i = 1; i <= count; i++) {
          expect(store.getState().redo()).toBe(true);
          expect({ ...picture(store), logTotal: 0 }).toEqual({ ...pictures[i], logTotal: 0 });
        }
        expect(store.getState().redo()).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('a new operation after an undo drops the redo stack', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    store.getState().enqueue(1);
    store.getState().enqueue(1);
    store.getState().undo();
    expect(store.getState().redoStack).toHaveLength(1);
    store.getState().promote();
    expect(store.getState().redoStack).toHaveLength(0);
    expect(store.getState().scenario.operations.map((op) => op.kind)).toEqual(['enqueue', 'promote']);
  });

  it('rebuilds the command log on undo', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    store.getState().enqueue(2);
    const total = store.getState().log.total;
    store.getState().enqueue(2);
    store.getState().undo();
    expect(store.getState().log.total).toBe(total);
  });
});

describe('history steps', () => {
  it('groups quick changes of one field (a slider drag) into one operation, replaced in history', () => {
    let wall = 0;
    const store = createAppStore({ frozenAt: T0, wallClock: () => wall, seed: 1 });
    const serial = () => store.getState().scenarioChange;
    store.getState().setDelay(100);
    expect(serial()).toEqual({ serial: 1, history: 'push' });
    for (const d of [200, 300, 400]) {
      wall += 50;
      store.getState().setDelay(d);
    }
    expect(serial()).toEqual({ serial: 4, history: 'replace' });
    expect(store.getState().scenario.operations).toEqual([{ kind: 'delay', delay: 400 }]);
    wall += COALESCE_MS;
    store.getState().setDelay(500);
    expect(serial()).toEqual({ serial: 5, history: 'push' });
    expect(store.getState().scenario.operations).toHaveLength(2);
    store.getState().undo();
    expect(store.getState().delay).toBe(400);
  });

  it('records nothing for a change that changes nothing, or a refused one', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    store.getState().setDelay(5000);
    store.getState().setDelay(-1);
    store.getState().enqueue(1);
    store.getState().setTextbookUnit('ms'); // refused: the textbook set holds a job
    expect(store.getState().scenario.operations.map((op) => op.kind)).toEqual(['enqueue']);
    expect(store.getState().scenarioChange.serial).toBe(1);
  });

  it('opens a scenario whose step is refused as a clean default state with a message', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    store.getState().enqueue(1);
    const decoded = decodeScenario(`1~0~f${T0}~e1.um`);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(store.getState().loadScenario(decoded.scenario, 'none')).toBe(false);
    expect(store.getState().scenarioError).toMatch(/step 2 \(unit\) is refused/);
    expect(store.getState().scenario.operations).toHaveLength(0);
    expect(store.getState().band.call('ZCARD', BAND_KEY)).toBe(0);
    store.getState().dismissScenarioError();
    expect(store.getState().scenarioError).toBeNull();
  });
});
