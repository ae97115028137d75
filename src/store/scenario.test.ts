import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { COALESCE_MS, SLICE_MS, createAppStore } from './appStore.ts';
import { withScoresOf } from '../../test-support/pageSets.ts';
import type { AppStore } from './appStore.ts';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { REPLAY_CHUNK } from '../session/session.ts';
import { decodeScenario, encodeScenario } from '../session/scenarioCodec.ts';
import { fakeScheduler } from '../../test-support/fakeScheduler.ts';
import { T0 } from '../../test-support/instants.ts';

/** Everything a reader of the page sees of the sets and the last results. */
function picture(store: AppStore) {
  const s = store.getState();
  return {
    band: withScoresOf(s.bandSet),
    textbook: withScoresOf(s.textbookSet),
    arrivals: [...s.arrivals],
    inversions: [s.bandOrder.inversions, s.textbookOrder.inversions],
    settings: [
      s.delay,
      s.textbookUnit,
      s.clockMode,
      s.clockMode === 'frozen' ? s.frozenAt : null,
      s.idStyle,
      s.idPrefix,
      s.batchSize,
    ],
    nextArrival: s.nextArrival,
    lastEnqueue: s.lastEnqueue,
    lastPromote: s.lastPromote,
    logTotal: s.log.total,
  };
}

type Step = (store: AppStore) => void;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 1, max: 30 }).map(
    (n): Step =>
      (store) =>
        void store.getState().enqueue(n),
  ),
  fc.integer({ min: 0, max: 3000 }).map(
    (d): Step =>
      (store) =>
        void store.getState().setDelay(d),
  ),
  fc.integer({ min: 1, max: 4000 }).map(
    (ms): Step =>
      (store) =>
        store.getState().stepClock(ms),
  ),
  fc.constant<Step>((store) => store.getState().promote()),
  fc.constant<Step>((store) => store.getState().reset()),
  fc.constant<Step>((store) => store.getState().setClockLive()),
  fc.constantFrom('job:N' as const, 'N' as const, 'uuid' as const, 'prefix' as const).map(
    (style): Step =>
      (store) =>
        store.getState().setIdStyle(style),
  ),
  // format characters too: a leading U+FEFF is what a default TextDecoder drops
  fc.constantFrom('a', 'a1', 'x y', '"', '\ufeff', '\ufefford-', '\u200b-', 'ord-\u2060', '\u202e\u00ad').map(
    (p): Step =>
      (store) =>
        void store.getState().setIdPrefix(p),
  ),
  fc.constantFrom('s' as const, 'ms' as const).map(
    (u): Step =>
      (store) =>
        void store.getState().setTextbookUnit(u),
  ),
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
    expect(store.getState().redoable).toBe(1);
    store.getState().promote();
    expect(store.getState().redoable).toBe(0);
    expect(
      store
        .getState()
        .scenario.operations.slice()
        .map((op) => op.kind),
    ).toEqual(['enqueue', 'promote']);
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
    expect(store.getState().scenario.operations.slice()).toEqual([{ kind: 'delay', delay: 400 }]);
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
    expect(
      store
        .getState()
        .scenario.operations.slice()
        .map((op) => op.kind),
    ).toEqual(['enqueue']);
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
    expect(store.getState().bandSet.size).toBe(0);
    store.getState().dismissScenarioError();
    expect(store.getState().scenarioError).toBeNull();
  });
});

/** The 722-character link of 100 enqueues of 10,000 jobs: ten times the page's scale. */
const pastScaleLink = `1~k2x9a~f1796040000000~${Array.from({ length: 100 }, () => 'e10000').join('.')}`;
/** 10 enqueues of 10,000 jobs: the page's scale exactly. */
const heavyLink = `1~k2x9a~f1796040000000~${Array.from({ length: 10 }, () => 'e10000').join('.')}`;

function decodedScenario(text: string) {
  const decoded = decodeScenario(text);
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded.scenario;
}

describe('a link that costs a lot', () => {
  it('refuses the 722-character link (1,000,000 jobs) before any work, naming the limit; the page keeps its state', () => {
    const { scheduler, runNext } = fakeScheduler();
    const store = createAppStore({ frozenAt: T0, seed: 1, slicer: scheduler });
    store.getState().enqueue(1);
    const before = fullPicture(store);
    const scenarioBefore = store.getState().scenario;
    // the decoder refuses the link's text (pastScale); a scenario handed over whole is refused the same
    expect(decodeScenario(pastScaleLink)).toMatchObject({ ok: false, pastScale: true });
    const pastScale = {
      ...decodedScenario(heavyLink),
      operations: Array.from({ length: 100 }, () => decodedScenario(heavyLink).operations.at(0)!),
    };
    expect(store.getState().openScenario(pastScale, 'none')).toBe('refused');
    expect(store.getState().scenarioError).toBe(
      "This link would make a scenario of 1,000,000 jobs, past the page's limit of 100,000 (firetime works with up to 100,000 jobs and 100,000 steps in a scenario, 10,000 jobs in one action).",
    );
    expect(runNext()).toBe(false); // nothing was scheduled
    expect(store.getState().loading).toBeNull();
    expect(fullPicture(store)).toEqual(before);
    expect(store.getState().scenario).toBe(scenarioBefore);
    // the address bar goes back to what the page shows
    expect(store.getState().scenarioChange.history).toBe('replace');
  });

  it('loads in bounded slices with progress; the page keeps its state and answers actions until the last slice', () => {
    const { scheduler, runNext } = fakeScheduler();
    const store = createAppStore({ frozenAt: T0, seed: 1, slicer: scheduler });
    const scenario = decodedScenario(`1~7~f${T0}.iu~e6000.e3000.p@${T0 + 10_000}.e3000.d1.e777`);
    expect(store.getState().openScenario(scenario, 'none')).toBe('loading');
    expect(store.getState().loading).toEqual({ action: 'load', jobs: 0, totalJobs: 12_777, operations: 0, totalOperations: 6 });
    const seen: number[] = [];
    while (store.getState().loading !== null) {
      store.getState().setDelay(100 + seen.length); // the page still takes actions, on the state it shows
      expect(store.getState().delay).toBe(100 + seen.length);
      expect(runNext()).toBe(true);
      const jobs = store.getState().loading?.jobs;
      if (jobs !== undefined) {
        // One slice is SLICE_MS readings of the clock, one per REPLAY_CHUNK jobs at most.
        expect(jobs - (seen.at(-1) ?? 0)).toBeLessThanOrEqual(SLICE_MS * REPLAY_CHUNK);
        seen.push(jobs);
      }
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // The last slice swaps in the scenario: the same state as loading it at once.
    const copy = createAppStore({ frozenAt: 0, seed: 3 });
    copy.getState().loadScenario(scenario, 'none');
    expect(picture(store)).toEqual(picture(copy));
    const loaded = store.getState().scenario;
    expect({ ...loaded, operations: loaded.operations.slice() }).toEqual(scenario);
  }, 60_000);

  it('Cancel stops the load and leaves the state before it, with a message', () => {
    const { scheduler, runNext } = fakeScheduler();
    const store = createAppStore({ frozenAt: T0, seed: 1, slicer: scheduler });
    store.getState().enqueue(3);
    const before = picture(store);
    const scenarioBefore = store.getState().scenario;
    expect(store.getState().openScenario(decodedScenario(heavyLink), 'none')).toBe('loading');
    expect(runNext()).toBe(true);
    expect(runNext()).toBe(true);
    const loading = store.getState().loading!;
    expect(loading.jobs).toBeGreaterThan(0);
    expect(loading.jobs).toBeLessThan(100_000);
    store.getState().cancelLoad();
    expect(runNext()).toBe(false); // the next slice was called off
    expect(store.getState().loading).toBeNull();
    expect(store.getState().scenarioError).toMatch(
      /^Loading the scenario was cancelled after [\d,]+ of 100,000 jobs; the page is as it was before\.$/,
    );
    expect(picture(store)).toEqual(before);
    expect(store.getState().scenario).toBe(scenarioBefore);
    expect(store.getState().scenarioChange.history).toBe('replace');
  });

  it('back / forward by a step at a large state moves the short way (undo or apply one step), with no slices', () => {
    const { scheduler, runNext } = fakeScheduler();
    const store = createAppStore({ frozenAt: T0, seed: 1, slicer: scheduler });
    for (let i = 0; i < 3; i++) {
      store.getState().setBatchSize(10_000);
      store.getState().enqueue(10_000);
    }
    while (runNext()); // the sets' growth ahead that the enqueues left for later tasks
    const full = store.getState().scenario;
    const back = { ...full, operations: full.operations.slice(0, -1) };
    const redis = vi.spyOn(MemoryRedis.prototype, 'call');
    expect(store.getState().openScenario(back, 'none')).toBe('loaded');
    // Undoing 10,000 jobs: a few commands per job, not a replay of the 20,000 before them.
    expect(redis.mock.calls.length).toBeLessThan(5 * 10_000);
    redis.mockClear();
    expect(store.getState().openScenario(full, 'none')).toBe('loaded');
    expect(redis.mock.calls.length).toBeLessThan(10 * 10_000);
    redis.mockRestore();
    expect(runNext()).toBe(false);
    expect(store.getState().bandSet.size).toBe(30_000);
  }, 60_000);
});

describe('undo at a large state', () => {
  it('takes back the last operation in what that operation cost, not a replay of all of them', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    store.getState().setBatchSize(10_000);
    for (let i = 0; i < 5; i++) store.getState().enqueue(10_000);
    store.getState().setDelay(7);
    store.getState().enqueue(1);
    const redis = vi.spyOn(MemoryRedis.prototype, 'call');
    store.getState().undo(); // the last enqueue of one job
    store.getState().undo(); // the delay
    expect(redis.mock.calls.length).toBeLessThan(10);
    store.getState().undo(); // 10,000 jobs out of 50,000
    expect(redis.mock.calls.length).toBeLessThan(5 * 10_000);
    redis.mockRestore();
    expect(store.getState().bandSet.size).toBe(40_000);
  }, 60_000);

  it('restores the command log as it was before the operation (entries and total), through a reset and a promote', () => {
    const store = makeStore(9);
    const entries = (s: AppStore) => Array.from({ length: s.getState().log.size }, (_, i) => s.getState().log.newest(i));
    const logs = [{ total: store.getState().log.total, entries: entries(store) }];
    const steps: Step[] = [
      (s) => void s.getState().enqueue(700),
      (s) => void s.getState().enqueue(900),
      (s) => s.getState().stepClock(60_000),
      (s) => s.getState().promote(),
      (s) => void s.getState().enqueue(5),
      (s) => s.getState().reset(),
      (s) => void s.getState().enqueue(2),
    ];
    for (const run of steps) {
      run(store);
      logs.push({ total: store.getState().log.total, entries: entries(store) });
    }
    for (let i = steps.length - 1; i >= 0; i--) {
      store.getState().undo();
      expect({ total: store.getState().log.total, entries: entries(store) }).toEqual(logs[i]);
    }
  });
});

/** picture() and everything else a replay rebuilds: the log's entries, the enqueue list, the promoted lists. */
function fullPicture(store: AppStore) {
  const s = store.getState();
  return {
    ...picture(store),
    log: Array.from({ length: s.log.size }, (_, i) => s.log.oldest(i)),
    enqueues: s.enqueues,
    promoted: [s.promoted.band, s.promoted.textbook, s.promoted.promotes],
    enqueueError: s.enqueueError,
    sizes: [s.bandOrder.size, s.textbookOrder.size],
  };
}

/** What loading the store's scenario on a fresh store gives. */
function replayed(store: AppStore) {
  const copy = createAppStore({ clock: () => 0, seed: 1 });
  expect(copy.getState().loadScenario(store.getState().scenario, 'none')).toBe(true);
  return fullPicture(copy);
}

/** step, with more promotes that take jobs out of both sets (the clock moved past every fire-time first). */
const travelStep = fc.oneof(
  step,
  fc.constant<Step>((store) => {
    store.getState().stepClock(10_000);
    store.getState().promote();
  }),
);

describe('redo from what undo kept', () => {
  it('any run of undos and redos leaves what a replay of the scenario gives (arrival-order counts, log, lists included)', () => {
    fc.assert(
      fc.property(
        fc.array(travelStep, { minLength: 1, maxLength: 15 }),
        fc.array(fc.boolean(), { maxLength: 25 }),
        (steps, moves) => {
          const store = makeStore(11);
          for (const run of steps) run(store);
          for (const back of moves) {
            if (back) store.getState().undo();
            else store.getState().redo();
            expect(fullPicture(store)).toEqual(replayed(store));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('puts an enqueue of 10,000 jobs back without running it: ZADD of a chunk of pairs a command, no script, no ZRANK', () => {
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    store.getState().setBatchSize(10_000);
    for (let i = 0; i < 3; i++) store.getState().enqueue(10_000);
    store.getState().undo();
    const redis = vi.spyOn(MemoryRedis.prototype, 'call');
    expect(store.getState().redo()).toBe(true);
    const commands = redis.mock.calls.map((call) => call[0]);
    redis.mockRestore();
    // Two ZADDs (textbook, band) per REPLAY_CHUNK jobs, nothing else: the enqueue itself sent four commands a job.
    expect(commands.length).toBe(2 * Math.ceil(10_000 / REPLAY_CHUNK));
    expect(new Set(commands)).toEqual(new Set(['ZADD']));
    expect(fullPicture(store)).toEqual(replayed(store));
  }, 60_000);
});

describe('undo and redo of a big promote', () => {
  /**
   * 20,000 jobs (2 enqueues), all due, then a promote of all of them: 40,000 jobs out of the two
   * sets, past SYNC_JOBS and enough for several slices each way.
   */
  function promotedStore() {
    const { scheduler, runNext } = fakeScheduler();
    const store = createAppStore({ frozenAt: T0, seed: 1, slicer: scheduler });
    store.getState().setBatchSize(10_000);
    for (let i = 0; i < 2; i++) store.getState().enqueue(10_000);
    store.getState().stepClock(60_000);
    store.getState().promote();
    while (runNext()); // a promote of that many runs in slices too
    return { store, runNext };
  }

  it('puts the jobs back in slices with progress, one step at a time; the end state is a replay', () => {
    const { store, runNext } = promotedStore();
    const after = fullPicture(store);
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().loading).toEqual({ action: 'undo', jobs: 0, totalJobs: 40_000, operations: 0, totalOperations: 1 });
    expect(store.getState().scenario.operations.at(-1)?.kind).toBe('promote'); // published at the end
    expect(store.getState().undo()).toBe(false); // one at a time
    expect(store.getState().redo()).toBe(false);
    const seen: number[] = [];
    while (store.getState().loading !== null) {
      expect(runNext()).toBe(true);
      const jobs = store.getState().loading?.jobs;
      if (jobs !== undefined) {
        expect(jobs - (seen.at(-1) ?? 0)).toBeLessThanOrEqual(SLICE_MS * REPLAY_CHUNK);
        seen.push(jobs);
      }
    }
    expect(seen.length).toBeGreaterThan(5);
    expect(store.getState().scenario.operations.at(-1)?.kind).toBe('freeze');
    expect(store.getState().bandSet.size).toBe(20_000);
    expect(fullPicture(store)).toEqual(replayed(store));
    // Redo takes them out again, in slices too, back to the state after the promote.
    expect(store.getState().redo()).toBe(true);
    expect(store.getState().loading?.action).toBe('redo');
    while (store.getState().loading !== null) expect(runNext()).toBe(true);
    expect(fullPicture(store)).toEqual(after);
    expect(fullPicture(store)).toEqual(replayed(store));
  }, 60_000);

  it('during a load in slices an undo of a big promote is done at once; the load goes on and Cancel still works', () => {
    const { store, runNext } = promotedStore();
    expect(store.getState().openScenario(decodedScenario(heavyLink), 'none')).toBe('loading');
    expect(runNext()).toBe(true);
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().loading?.action).toBe('load');
    expect(store.getState().bandSet.size).toBe(20_000);
    expect(fullPicture(store)).toEqual(replayed(store));
    store.getState().cancelLoad();
    expect(store.getState().loading).toBeNull();
    expect(runNext()).toBe(false);
    expect(store.getState().bandSet.size).toBe(20_000);
  }, 60_000);

  it('another change during the slices finishes the undo first, then applies', () => {
    const { store, runNext } = promotedStore();
    store.getState().undo();
    runNext();
    expect(store.getState().loading?.jobs).toBeGreaterThan(0);
    store.getState().enqueue(1);
    expect(store.getState().loading).toBeNull();
    // what is left to run is the sets' growth ahead after that enqueue, not slices of the undo
    while (runNext()) expect(store.getState().loading).toBeNull();
    expect(
      store
        .getState()
        .scenario.operations.slice()
        .map((op) => op.kind)
        .slice(-3),
    ).toEqual(['enqueue', 'freeze', 'enqueue']);
    expect(store.getState().bandSet.size).toBe(20_001);
    expect(fullPicture(store)).toEqual(replayed(store));
  }, 60_000);
});
