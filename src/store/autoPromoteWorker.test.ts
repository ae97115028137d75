import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { bandOf } from '../model/protocol/score.ts';
import { encodeScenario } from '../session/scenarioCodec.ts';
import { sessionScript } from '../session/sessionScript.ts';
import { BAND_KEY, createAppStore } from './appStore.ts';
import type { AppStore } from './appStore.ts';
import { MAX_TIMER_MS, startAutoPromoteWorker, workerPlan } from './autoPromoteWorker.ts';
import { selectBandHead, selectPromotedSinceReset } from './promote.ts';
import { T0 } from '../../test-support/instants.ts';
import { membersOf, promotesOf } from '../../test-support/pageSets.ts';
import { SetReader } from '../session/setReader.ts';

function bandMembers(store: AppStore): string[] {
  return membersOf(store.getState().bandSet);
}

function promotedMembers(store: AppStore): string[] {
  return store.getState().promoted.band.map((job) => job.member);
}

/** Enqueues one job with this delay at the (fake) clock's now. */
function enqueueWithDelay(store: AppStore, delay: number) {
  store.getState().setDelay(delay);
  store.getState().enqueue(1);
}

let stop: (() => void) | null = null;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
});

function liveStore(): AppStore {
  const store = createAppStore(); // live clock: Date.now, which the fake timers drive
  stop = startAutoPromoteWorker(store);
  return store;
}

describe('auto-promote with a live clock', () => {
  it("wakes exactly at the head job's whole millisecond, not a millisecond before", () => {
    const store = liveStore();
    enqueueWithDelay(store, 500); // fire-time T0 + 500
    store.getState().setAutoPromote(true);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(499);
    expect(bandMembers(store)).toEqual(['job:1']);
    expect(store.getState().lastPromote).toBeNull();
    vi.advanceTimersByTime(1);
    expect(bandMembers(store)).toEqual([]);
    expect(store.getState().lastPromote).toMatchObject({
      now: T0 + 500,
      band: { jobs: [{ member: 'job:1', arrival: 1 }], calls: 1 },
    });
    expect(vi.getTimerCount()).toBe(0); // nothing left: no timer
  });

  it('promotes one millisecond at a time, in order, once per wake, each recorded as p@<ms>', () => {
    const store = liveStore();
    enqueueWithDelay(store, 300); // job:1 due T0 + 300
    vi.setSystemTime(T0 + 10);
    enqueueWithDelay(store, 200); // job:2 due T0 + 210
    store.getState().setBatchSize(3);
    vi.setSystemTime(T0 + 20);
    store.getState().setDelay(400);
    store.getState().enqueue(3); // job:3..5 due T0 + 420, same millisecond
    store.getState().setAutoPromote(true);

    const wakes: number[] = [];
    store.subscribe((state, previous) => {
      if (state.lastPromote !== previous.lastPromote) wakes.push(state.lastPromote!.now);
    });
    vi.advanceTimersByTime(1000);
    expect(wakes).toEqual([T0 + 210, T0 + 300, T0 + 420]);
    expect(promotedMembers(store)).toEqual(['job:2', 'job:1', 'job:3', 'job:4', 'job:5']);
    expect(store.getState().promoted.promotes).toBe(3);

    const steps = promotesOf(store);
    expect(steps).toEqual([T0 + 210, T0 + 300, T0 + 420].map((at) => ({ kind: 'promote', at })));
    expect(encodeScenario(store.getState().scenario)).toContain(`p@${T0 + 210}.p@${T0 + 300}.p@${T0 + 420}`);
    // The export replays the scenario: it holds the worker's ZREMs in the same order.
    expect(sessionScript(store.getState().scenario).match(/^ZREM .*$/gm)).toEqual([
      `ZREM bull:firetime:delayed job:2`,
      // The textbook set scores whole seconds: at T0 + 210 all five share the due second (member order).
      `ZREM delayed_queue job:1 job:2 job:3 job:4 job:5`,
      `ZREM bull:firetime:delayed job:1`,
      `ZREM bull:firetime:delayed job:3 job:4 job:5`,
    ]);
  });

  it('re-arms when an enqueue lands earlier than the head it sleeps on', () => {
    const store = liveStore();
    enqueueWithDelay(store, 600); // due T0 + 600
    store.getState().setAutoPromote(true);
    vi.advanceTimersByTime(100);
    enqueueWithDelay(store, 200); // enqueued at T0 + 100, due T0 + 300
    expect(vi.getTimerCount()).toBe(1); // still one timer, now for T0 + 300
    vi.advanceTimersByTime(199);
    expect(bandMembers(store)).toEqual(['job:2', 'job:1']);
    vi.advanceTimersByTime(1);
    expect(bandMembers(store)).toEqual(['job:1']);
    expect(store.getState().lastPromote?.now).toBe(T0 + 300);
    vi.advanceTimersByTime(299);
    expect(bandMembers(store)).toEqual(['job:1']);
    vi.advanceTimersByTime(1);
    expect(bandMembers(store)).toEqual([]);
    expect(store.getState().lastPromote?.now).toBe(T0 + 600);
  });

  it('promotes at once a head already due when switched on', () => {
    const store = liveStore();
    enqueueWithDelay(store, 50);
    vi.advanceTimersByTime(5000);
    expect(bandMembers(store)).toEqual(['job:1']);
    store.getState().setAutoPromote(true);
    vi.advanceTimersByTime(0);
    expect(bandMembers(store)).toEqual([]);
    expect(store.getState().lastPromote?.now).toBe(T0 + 5000);
  });

  it('stops when switched off, and when stopped (unmounted)', () => {
    const store = liveStore();
    enqueueWithDelay(store, 300);
    store.getState().setAutoPromote(true);
    store.getState().setAutoPromote(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(bandMembers(store)).toEqual(['job:1']);

    store.getState().setAutoPromote(true);
    expect(vi.getTimerCount()).toBe(1);
    stop!();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(bandMembers(store)).toEqual(['job:1']);
    store.getState().enqueue(1); // nothing listens any more
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sleeps a delay longer than setTimeout allows in pieces, promoting only when due', () => {
    const store = liveStore();
    const delay = MAX_TIMER_MS + 1000;
    enqueueWithDelay(store, delay);
    store.getState().setAutoPromote(true);
    vi.advanceTimersByTime(MAX_TIMER_MS);
    expect(bandMembers(store)).toEqual(['job:1']); // the first piece woke it; not due yet
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(bandMembers(store)).toEqual(['job:1']);
    vi.advanceTimersByTime(1);
    expect(bandMembers(store)).toEqual([]);
    expect(store.getState().lastPromote?.now).toBe(T0 + delay);
  });

  it('is switched off by undo, so it does not promote again what the undo put back', () => {
    const store = liveStore();
    enqueueWithDelay(store, 100);
    store.getState().setAutoPromote(true);
    vi.advanceTimersByTime(100);
    expect(bandMembers(store)).toEqual([]);
    store.getState().undo();
    expect(store.getState().autoPromote).toBe(false);
    expect(store.getState().autoPromoteNote).toMatch(/Undo switched auto-promote off/);
    vi.advanceTimersByTime(1000);
    expect(bandMembers(store)).toEqual(['job:1']);
    expect(store.getState().redoable).toBe(1);
    expect(promotedMembers(store)).toEqual([]); // the list since the last reset is taken back too
    expect(selectPromotedSinceReset(store.getState()).band.jobs).toHaveLength(0);
    store.getState().promote(); // promoted again (by hand): the list shows it
    expect(selectPromotedSinceReset(store.getState()).band.jobs.map((job) => job.member)).toEqual(['job:1']);
  });
});

describe('auto-promote with a frozen clock', () => {
  it('promotes what is due at the frozen now once, then waits for the clock to move', () => {
    const store = createAppStore({ frozenAt: T0 });
    stop = startAutoPromoteWorker(store);
    store.getState().setDelay(0);
    store.getState().enqueue(1); // due at T0: now
    store.getState().setDelay(1000);
    store.getState().enqueue(1); // due at T0 + 1000
    store.getState().setAutoPromote(true);
    vi.advanceTimersByTime(0);
    expect(bandMembers(store)).toEqual(['job:2']);
    expect(store.getState().lastPromote?.now).toBe(T0);
    vi.advanceTimersByTime(60_000); // real time passes, the frozen clock does not
    expect(bandMembers(store)).toEqual(['job:2']);
    expect(vi.getTimerCount()).toBe(0);
    expect(workerPlan(store.getState(), store.getState().readClock())).toEqual({
      kind: 'frozen',
      wakeAt: T0 + 1000,
      nextTimestamp: T0 + 1000,
    });

    store.getState().stepClock(999);
    vi.advanceTimersByTime(0);
    expect(bandMembers(store)).toEqual(['job:2']);
    store.getState().stepClock(1);
    vi.advanceTimersByTime(0);
    expect(bandMembers(store)).toEqual([]);
    expect(promotesOf(store)).toEqual([
      { kind: 'promote', at: T0 },
      { kind: 'promote', at: T0 + 1000 },
    ]);
  });
});

describe('selectBandHead', () => {
  it('gives the wake as the script reply truncates score / 0x1000: a bumped head wakes at its own millisecond', () => {
    // a set the page cannot make (as if the floor had been removed), read the way the page reads its own
    const band = new MemoryRedis();
    const fireTime = T0 + 5000;
    band.call('ZADD', BAND_KEY, bandOf(fireTime).minScore + 7, 'bumped');
    const state = createAppStore({ frozenAt: T0 }).getState();
    const head = selectBandHead({ ...state, bandSet: new SetReader(band, BAND_KEY) });
    expect(head.nextTimestamp).toBe(fireTime + 7 / 4096);
    expect(head.wakeAt).toBe(fireTime);
    expect(head.marks).toEqual([{ member: 'bumped', scoreText: String(bandOf(fireTime).minScore + 7), fireTime }]);
  });
});
