import { describe, expect, it } from 'vitest';
import { COALESCE_MS, SYNC_JOBS, ScenarioSession } from './scenarioSession.ts';
import type { PageSnapshot } from './scenarioSession.ts';
import { BAND_KEY, Session, replay } from './session.ts';
import { defaultSettings } from './operations.ts';
import type { Operation, Scenario } from './operations.ts';
import { SCALE_JOBS, SCALE_STEPS } from './scale.ts';
import { fakeScheduler } from '../../test-support/fakeScheduler.ts';
import { T0 } from '../../test-support/instants.ts';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { LoggingRedis } from './loggingRedis.ts';
import { SetReader } from './setReader.ts';
import { withScoresOf } from '../../test-support/pageSets.ts';

function page(options: { wallClock?: () => number } = {}) {
  const { scheduler, runNext } = fakeScheduler();
  const session = new ScenarioSession({ frozenAt: T0, seed: 7, slicer: scheduler, ...options });
  const seen: PageSnapshot[] = [];
  session.subscribe((snapshot) => seen.push(snapshot));
  return { session, seen, runNext };
}

function bandOf(snapshot: PageSnapshot): unknown {
  return withScoresOf(snapshot.bandSet);
}

/** The band set a fresh Session gives for the scenario, read the same way. */
function replayed(scenario: Scenario): unknown {
  const fresh = new Session(scenario.initial, { uuid: () => 'x' });
  expect(replay(fresh, scenario.operations)).toBe(-1);
  return fresh.band.call('ZRANGE', BAND_KEY, 0, -1, 'WITHSCORES');
}

describe('ScenarioSession', () => {
  it('hands every subscriber a new frozen snapshot after each change, the same one until the next', () => {
    const { session, seen } = page();
    const before = session.snapshot;
    session.enqueue(3);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(session.snapshot);
    expect(seen[0]).not.toBe(before);
    expect(Object.isFrozen(seen[0])).toBe(true);
    expect(seen[0]!.version).toBe(before.version + 1);
    expect(seen[0]!.scenario.operations.length).toBe(1);
  });

  it('publishes read-only views of the sets, never the sets or the log that write them', () => {
    const { session } = page();
    session.enqueue(3);
    const snapshot = session.snapshot;
    for (const value of Object.values(snapshot)) {
      expect(value).not.toBeInstanceOf(MemoryRedis);
      expect(value).not.toBeInstanceOf(LoggingRedis);
    }
    expect(snapshot.bandSet).toBeInstanceOf(SetReader);
    expect(snapshot.bandSet.size).toBe(3);
    // a reader holds its set in a private field: nothing on it leads to a write
    expect(Object.values(snapshot.bandSet)).toEqual([]);
  });

  it('undoes and redoes from one journal: redo gives back the state the step made, and a new step ends redo', () => {
    const { session } = page();
    session.enqueue(5);
    session.perform({ kind: 'delay', delay: 9000 });
    session.enqueue(2);
    const after = bandOf(session.snapshot);
    expect(session.undo()).toBe(true);
    expect(session.undo()).toBe(true);
    expect(session.snapshot.redoable).toBe(2);
    expect(session.snapshot.delay).toBe(5000);
    expect(bandOf(session.snapshot)).toEqual(replayed(session.snapshot.scenario));
    expect(session.redo()).toBe(true);
    expect(session.redo()).toBe(true);
    expect(session.redo()).toBe(false);
    expect(bandOf(session.snapshot)).toEqual(after);
    expect(session.snapshot.scenario.operations.length).toBe(3);
    session.undo();
    session.enqueue(1);
    expect(session.snapshot.redoable).toBe(0);
    expect(session.redo()).toBe(false);
  });

  it('keeps what can be redone when a setting is moved to the value it has (nothing changed)', () => {
    const { session } = page();
    session.perform({ kind: 'delay', delay: 7000 });
    session.undo();
    expect(session.perform({ kind: 'delay', delay: 5000 })).toBe(true);
    expect(session.snapshot.scenario.operations.length).toBe(0);
    expect(session.snapshot.redoable).toBe(1);
    session.redo();
    expect(session.snapshot.delay).toBe(7000);
  });

  it('folds quick changes of one field into one step, undone to the value before the first and redone as the last', () => {
    let wall = 0;
    const { session } = page({ wallClock: () => wall });
    for (const delay of [6000, 7000, 8000]) {
      session.perform({ kind: 'delay', delay }, true);
      wall += COALESCE_MS - 1;
    }
    wall += COALESCE_MS;
    session.perform({ kind: 'delay', delay: 9000 }, true);
    const ops = [...session.snapshot.scenario.operations];
    expect(ops).toEqual([
      { kind: 'delay', delay: 8000 },
      { kind: 'delay', delay: 9000 },
    ]);
    session.undo();
    session.undo();
    expect(session.snapshot.delay).toBe(5000);
    session.redo();
    expect(session.snapshot.delay).toBe(8000);
  });

  it('opens a near scenario at once by walking, and a far one in slices it can cancel', () => {
    const { session, runNext } = page();
    session.enqueue(4);
    const near: Scenario = {
      ...session.snapshot.scenario,
      operations: [...session.snapshot.scenario.operations, { kind: 'enqueue', count: 2, at: T0 + 1 }],
    };
    expect(session.openScenario(near, 'push')).toBe('loaded');
    expect(session.snapshot.nextArrival).toBe(7);
    const far: Scenario = {
      seed: 3,
      initial: defaultSettings(T0, 'frozen'),
      operations: [
        { kind: 'enqueue', count: SYNC_JOBS, at: T0 },
        { kind: 'enqueue', count: 10, at: T0 },
      ],
    };
    expect(session.openScenario(far, 'push')).toBe('loading');
    expect(session.snapshot.loading).toMatchObject({ action: 'load', totalJobs: SYNC_JOBS + 10 });
    runNext();
    expect(session.snapshot.nextArrival).toBe(7); // the page shows what it had until the last slice
    session.cancelLoad();
    expect(session.snapshot.loading).toBeNull();
    expect(session.snapshot.scenarioError).toMatch(/cancelled after/);
    while (runNext());
    expect(session.snapshot.nextArrival).toBe(7);
    expect(session.openScenario(far, 'push')).toBe('loading');
    while (runNext());
    expect(session.snapshot.nextArrival).toBe(SYNC_JOBS + 11);
    expect(session.snapshot.loading).toBeNull();
  });

  it('refuses a link past the scale before any work, naming the limit; the page keeps its state and the address bar goes back', () => {
    const { session, runNext } = page();
    session.enqueue(4);
    const before = withScoresOf(session.snapshot.bandSet);
    const scenarioBefore = session.snapshot.scenario;
    const big: Scenario = {
      seed: 3,
      initial: defaultSettings(T0, 'frozen'),
      operations: Array.from({ length: SCALE_JOBS / SYNC_JOBS + 1 }, (): Operation => ({
        kind: 'enqueue',
        count: SYNC_JOBS,
        at: T0,
      })),
    };
    expect(session.openScenario(big, 'push')).toBe('refused');
    expect(session.snapshot.scenarioError).toMatch(
      /^This link would make a scenario of 110,000 jobs, past the page's limit of 100,000 \(/,
    );
    expect(runNext()).toBe(false);
    expect(session.snapshot.scenario).toBe(scenarioBefore);
    expect(withScoresOf(session.snapshot.bandSet)).toEqual(before);
    expect(session.snapshot.scenarioChange.history).toBe('replace');
    const steps: Scenario = { ...big, operations: Array.from({ length: SCALE_STEPS + 1 }, (): Operation => ({ kind: 'reset' })) };
    expect(session.loadScenario(steps, 'push')).toBe(false);
    expect(session.snapshot.scenarioError).toMatch(
      /^This link would make a scenario of 100,001 steps, past the page's limit of 100,000 \(/,
    );
    expect(session.snapshot.scenario).toBe(scenarioBefore);
  });

  it('opens a link at the scale (100,000 jobs) in slices', () => {
    const { session, runNext } = page();
    const atScale: Scenario = {
      seed: 3,
      initial: defaultSettings(T0, 'frozen'),
      operations: Array.from({ length: SCALE_JOBS / SYNC_JOBS }, (): Operation => ({
        kind: 'enqueue',
        count: SYNC_JOBS,
        at: T0,
      })),
    };
    expect(session.openScenario(atScale, 'push')).toBe('loading');
    while (runNext());
    expect(session.snapshot.bandSet.size).toBe(SCALE_JOBS);
  }, 60_000);

  it('refuses an enqueue past the scale before any work, under the enqueue buttons; undo and redo still work', () => {
    const { session } = page();
    for (let i = 0; i < SCALE_JOBS / SYNC_JOBS - 1; i++) session.enqueue(SYNC_JOBS);
    session.enqueue(SYNC_JOBS - 2);
    const scenarioBefore = session.snapshot.scenario;
    expect(session.enqueue(3)).toBe(false);
    expect(session.snapshot.enqueueError).toBe(
      "This enqueue would make a scenario of 100,001 jobs, past the page's limit of 100,000 (firetime works with up to 100,000 jobs and 100,000 steps in a scenario, 10,000 jobs in one action). Undo some steps, or open a new page, to go on.",
    );
    expect(session.snapshot.scenario).toBe(scenarioBefore);
    expect(session.snapshot.bandSet.size).toBe(SCALE_JOBS - 2);
    // Play: one job at a time up to the limit, then refused
    expect(session.enqueueEach(5)).toBe(2);
    expect(session.snapshot.bandSet.size).toBe(SCALE_JOBS);
    expect(session.snapshot.enqueueError).toMatch(/^This enqueue would make a scenario of 100,001 jobs/);
    expect(session.undo()).toBe(true);
    expect(session.snapshot.bandSet.size).toBe(SCALE_JOBS - 1);
    expect(session.enqueue(1)).toBe(true);
    expect(session.undo()).toBe(true);
    expect(session.redo()).toBe(true);
    expect(session.snapshot.bandSet.size).toBe(SCALE_JOBS);
    expect(session.snapshot.scenario.operations.length).toBe(SCALE_JOBS / SYNC_JOBS + 2);
  }, 60_000);

  it('weighs a link by every step: resets and promotes that enqueue nothing load in slices, never at once', () => {
    const steps = (operations: Operation[]): Scenario => ({ seed: 3, initial: defaultSettings(T0, 'frozen'), operations });
    const resets = steps(Array.from({ length: 50_000 }, (): Operation => ({ kind: 'reset' })));
    expect(page().session.openScenario(resets, 'push')).toBe('loading');
    const promotes = steps([
      { kind: 'enqueue', count: SYNC_JOBS, at: T0 },
      ...Array.from({ length: 20_000 }, (): Operation => ({ kind: 'promote', at: T0 })),
    ]);
    expect(page().session.openScenario(promotes, 'push')).toBe('loading');
  });

  it('goes back and forward over a big promote in slices, walking its own history, not at once', () => {
    const { session, runNext } = page();
    // two enqueues of SYNC_JOBS: a promote past SYNC_JOBS, whose undo takes several slices
    session.enqueue(SYNC_JOBS);
    session.enqueue(SYNC_JOBS);
    session.enqueue(10);
    const before = session.snapshot.scenario;
    session.stepClock(5000);
    session.perform({ kind: 'promote', at: session.readClock() });
    while (runNext()); // the promote itself runs in slices
    expect(session.snapshot.bandSet.size).toBe(0);
    const after = session.snapshot.scenario;
    // Back: the page's own history, walked (the promote undone a chunk at a time), not rebuilt
    expect(session.openScenario(before, 'none')).toBe('loading');
    expect(session.snapshot.loading?.action).toBe('walk');
    let slices = 0;
    while (runNext()) slices++;
    expect(slices).toBeGreaterThan(2);
    expect(session.snapshot.bandSet.size).toBe(2 * SYNC_JOBS + 10);
    expect(withScoresOf(session.snapshot.bandSet)).toEqual(replayed(before));
    expect(session.snapshot.loading).toBeNull();
    expect(session.snapshot.scenario.operations.length).toBe(before.operations.length);
    // Forward: the promote applied again, in slices
    expect(session.openScenario(after, 'none')).toBe('loading');
    while (runNext());
    expect(session.snapshot.bandSet.size).toBe(0);
    expect(session.snapshot.scenario.operations.length).toBe(after.operations.length);
  }, 60_000);

  it('walks forward over enqueues (Forward) in slices, to the sets the page had', () => {
    const { session, runNext } = page();
    const start = session.snapshot.scenario;
    // two enqueues of SYNC_JOBS: past SYNC_WORK, so the walk to them runs in slices
    for (let i = 0; i < 2; i++) session.enqueue(SYNC_JOBS);
    const full = session.snapshot.scenario;
    const sets = withScoresOf(session.snapshot.bandSet);
    session.openScenario(start, 'none'); // Back to the empty page (undo records: at once)
    while (runNext());
    expect(session.snapshot.bandSet.size).toBe(0);
    expect(session.openScenario(full, 'none')).toBe('loading');
    expect(session.snapshot.loading?.action).toBe('walk');
    while (runNext());
    expect(withScoresOf(session.snapshot.bandSet)).toEqual(sets);
  }, 60_000);

  it('walks back over 10,000 steps that move no job in slices, not in one task', () => {
    const { session, runNext } = page();
    const start = session.snapshot.scenario;
    const promotes: Scenario = {
      ...start,
      operations: Array.from({ length: 20_000 }, (): Operation => ({ kind: 'promote', at: T0 })),
    };
    expect(session.openScenario(promotes, 'none')).toBe('loading');
    while (runNext());
    expect(session.snapshot.scenario.operations.length).toBe(20_000);
    // back to the first half: undoing 10,000 steps is less work than replaying the 10,000 before them
    const half = { ...promotes, operations: promotes.operations.slice(0, 10_000) };
    expect(session.openScenario(half, 'none')).toBe('loading');
    expect(session.snapshot.loading?.action).toBe('walk');
    let slices = 0;
    while (runNext()) slices++;
    // a turn after every step or so (the fake clock moves 1 ms a reading), not one slice for all
    expect(slices).toBeGreaterThan(100);
    expect(session.snapshot.scenario.operations.length).toBe(10_000);
  });

  it('keeps the same empty sets through a reset of a page that holds no job (nothing for its undo to keep)', () => {
    const { session } = page();
    const empty = session.snapshot.bandSet;
    session.perform({ kind: 'reset' });
    session.perform({ kind: 'reset' });
    expect(session.snapshot.bandSet).toBe(empty);
    session.enqueue(2);
    session.perform({ kind: 'reset' });
    expect(session.snapshot.bandSet).not.toBe(empty);
    expect(session.snapshot.bandSet.size).toBe(0);
    expect(session.undo()).toBe(true);
    expect(session.snapshot.bandSet.size).toBe(2);
    expect(session.undo() && session.undo() && session.undo()).toBe(true);
    expect(session.snapshot.scenario.operations.length).toBe(0);
    expect(session.redo() && session.redo() && session.redo()).toBe(true);
    expect(session.snapshot.bandSet.size).toBe(2);
  });

  it('runs a promote of more than SYNC_JOBS jobs in slices with its progress, then records it as one step', () => {
    const { session, runNext } = page();
    session.enqueue(SYNC_JOBS);
    session.enqueue(SYNC_JOBS);
    session.stepClock(5000);
    const at = session.readClock();
    expect(session.perform({ kind: 'promote', at })).toBe(true);
    expect(session.snapshot.loading).toMatchObject({ action: 'promote', jobs: 0, totalJobs: 4 * SYNC_JOBS });
    const seen: number[] = [];
    while (runNext()) if (session.snapshot.loading !== null) seen.push(session.snapshot.loading.jobs);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(session.snapshot.loading).toBeNull();
    expect(session.snapshot.bandSet.size + session.snapshot.textbookSet.size).toBe(0);
    expect(session.snapshot.scenario.operations.at(-1)).toEqual({ kind: 'promote', at });
    expect(session.snapshot.lastPromote?.band.jobs).toHaveLength(2 * SYNC_JOBS);
    expect(session.undo()).toBe(true);
    while (runNext());
    expect(session.snapshot.bandSet.size).toBe(2 * SYNC_JOBS);
  });

  it('finishes a promote in slices at once when another change comes, and keeps auto-promote on through it', () => {
    const { session, runNext } = page();
    session.enqueue(SYNC_JOBS);
    session.enqueue(SYNC_JOBS);
    session.stepClock(5000);
    session.setAutoPromote(true);
    session.perform({ kind: 'promote', at: session.readClock() });
    runNext();
    session.perform({ kind: 'delay', delay: 0 });
    expect(session.snapshot.loading).toBeNull();
    expect(session.snapshot.autoPromote).toBe(true);
    expect(session.snapshot.bandSet.size).toBe(0);
    expect([...session.snapshot.scenario.operations].slice(-2).map((op) => op.kind)).toEqual(['promote', 'delay']);
  });

  it('Back while a big promote runs: the promote finishes and stays as the newest step, and the page shows what the address bar then holds', () => {
    const { session, runNext } = page();
    // two enqueues of SYNC_JOBS: a promote past SYNC_JOBS, so it runs in slices
    for (let i = 0; i < 2; i++) session.enqueue(SYNC_JOBS);
    const beforeClock = session.snapshot.scenario; // the entry Back lands on (the one before +5 s)
    session.stepClock(5000);
    const serial = session.snapshot.scenarioChange.serial;
    session.perform({ kind: 'promote', at: session.readClock() });
    expect(session.snapshot.loading?.action).toBe('promote');
    expect(runNext()).toBe(true); // one slice: part of the promote done
    expect(session.snapshot.loading?.jobs).toBeGreaterThan(0);
    expect(session.snapshot.loading?.jobs).toBeLessThan(4 * SYNC_JOBS);
    // Back: the address bar holds the scenario before +5 s
    expect(session.openScenario(beforeClock, 'none')).toBe('loaded');
    const after = session.snapshot;
    expect(after.loading).toBeNull();
    // the promote finished and is a step of its own, written as a new history entry
    expect(after.scenario.operations.length).toBe(4);
    expect(after.scenario.operations.at(-1)!.kind).toBe('promote');
    expect(after.scenarioChange).toEqual({ serial: serial + 1, history: 'push' });
    expect(after.scenarioError).toMatch(/^A promote was still running when Back, Forward or a link asked for another scenario/);
    // the page shows what its scenario says: nothing lost, nothing half done
    expect(after.bandSet.size).toBe(0);
    expect(bandOf(after)).toEqual(replayed(after.scenario));
    expect(runNext()).toBe(false); // no slice left behind
    // Back again (the entry before the promote, as the address bar now has it): walked there
    expect(session.openScenario(beforeClock, 'none')).not.toBe('refused');
    while (runNext());
    expect(session.snapshot.scenario.operations.length).toBe(2);
    expect(session.snapshot.bandSet.size).toBe(2 * SYNC_JOBS);
    expect(bandOf(session.snapshot)).toEqual(replayed(beforeClock));
  }, 60_000);

  it('Back while an undo of a big promote runs: the undo finishes and stays, as its own history entry', () => {
    const { session, runNext } = page();
    for (let i = 0; i < 2; i++) session.enqueue(SYNC_JOBS);
    const twoEnqueues = session.snapshot.scenario;
    session.stepClock(5000);
    session.perform({ kind: 'promote', at: session.readClock() });
    while (runNext());
    expect(session.undo()).toBe(true);
    expect(session.snapshot.loading?.action).toBe('undo');
    runNext();
    expect(session.openScenario(twoEnqueues, 'none')).toBe('loaded');
    expect(session.snapshot.loading).toBeNull();
    expect(session.snapshot.scenario.operations.length).toBe(3); // the undo done: enqueues and +5 s
    expect(session.snapshot.scenarioChange.history).toBe('push');
    expect(session.snapshot.scenarioError).toMatch(/^An undo was still running/);
    expect(bandOf(session.snapshot)).toEqual(replayed(session.snapshot.scenario));
  }, 60_000);

  it('switches auto-promote off on undo, saying why', () => {
    const { session } = page();
    session.enqueue(1);
    session.setAutoPromote(true);
    session.undo();
    expect(session.snapshot.autoPromote).toBe(false);
    expect(session.snapshot.autoPromoteNote).toMatch(/^Undo switched auto-promote off/);
  });
});
