import { describe, expect, it } from 'vitest';
import { verdictOf } from './verdict.ts';
import type { QueueStateReading } from './doctorWire.ts';
import type { QueueState } from './verdict.ts';
// nothing anywhere, one worker connected: each case changes what it needs
import { IDLE_QUEUE_STATE as idleState, delayedStateAt } from '../../../test-support/queueRowFixture.ts';

const now = Date.UTC(2026, 11, 3, 6, 8, 50, 444);
const base: QueueState = delayedStateAt(now, {
  delayed: 3000,
  nextFireTime: now + 4 * 60_000 + 12_000,
  markerTime: now + 4 * 60_000 + 12_000,
});
const late = (state: Partial<QueueState>) =>
  verdictOf({ ...base, overdue: 2281, oldestOverdueFireTime: now - 13 * 60_000, nextFireTime: now - 13 * 60_000, ...state });

describe('the verdict in words', () => {
  it('due jobs and a marker long past: no worker is polling', () => {
    expect(late({ markerTime: Date.UTC(2026, 11, 3, 5, 55, 50, 444) })).toMatchObject({
      kind: 'overdue-no-worker',
      words: '2,281 due, oldest 13 min late; the marker says 05:55:50.444 UTC, long past: no worker is polling',
    });
  });

  it('due jobs and a marker a moment ago: a worker takes them now', () => {
    expect(late({ markerTime: now - 200 }).words).toBe(
      '2,281 due, oldest 13 min late; the marker says 06:08:50.244 UTC, a moment ago: a polling worker takes them now',
    );
  });

  it('due jobs and a marker in the future: the worker wakes late', () => {
    expect(late({ markerTime: now + 60_000 })).toMatchObject({
      kind: 'wakes-late',
      words: '2,281 due, oldest 13 min late; the marker is later than the head (06:09:50.444 UTC): the worker will wake late',
    });
  });

  it('due jobs, no marker, or a waiting-jobs marker nobody took', () => {
    expect(late({ markerTime: null }).words).toBe(
      '2,281 due, oldest 13 min late; no marker is set: a worker took it and has not promoted them yet (busy or stopped)',
    );
    expect(late({ markerTime: 0 }).kind).toBe('overdue-no-worker');
  });

  it('nothing due and the marker on the head: it agrees', () => {
    expect(verdictOf(base)).toMatchObject({ kind: 'waiting', words: 'next job in 4 min 12 s; the marker agrees' });
    // a bumped head's marker is fractional (score / 0x1000): its whole millisecond is the wake
    expect(verdictOf({ ...base, markerTime: base.nextFireTime! + 3 / 4096 }).words).toBe(
      'next job in 4 min 12 s; the marker agrees',
    );
  });

  it('nothing due and the marker past the head: the worker will wake late', () => {
    expect(verdictOf({ ...base, markerTime: base.nextFireTime! + 1 })).toMatchObject({
      kind: 'wakes-late',
      words: 'next job in 4 min 12 s; the marker is later than the head (06:13:02.445 UTC): the worker will wake late',
    });
  });

  it('nothing due and the marker before the head, or none', () => {
    expect(verdictOf({ ...base, markerTime: now - 1000 }).words).toBe(
      'next job in 4 min 12 s; the marker says 06:08:49.444 UTC, before the head: a worker wakes early, finds nothing due and sleeps again',
    );
    expect(verdictOf({ ...base, markerTime: null }).words).toBe(
      'next job in 4 min 12 s; no marker is set (a waiting worker took it, or none was written)',
    );
  });

  it('Bull and bee-queue keep no marker: lateness alone', () => {
    expect(late({ library: 'bull', markerTime: null }).words).toBe(
      '2,281 due, oldest 13 min late: no worker is promoting them (bull keeps no marker)',
    );
    expect(late({ library: 'bee-queue', oldestOverdueFireTime: now - 300 }).kind).toBe('overdue');
    expect(verdictOf({ ...base, library: 'bull' }).words).toBe('next job in 4 min 12 s');
  });

  it('an empty set, and a head below 0 the sweep never reaches', () => {
    expect(verdictOf({ ...base, delayed: 0, nextFireTime: null })).toMatchObject({ kind: 'empty', words: 'nothing delayed' });
    expect(verdictOf({ ...base, nextFireTime: -5 }).kind).toBe('overdue-no-worker');
  });
});

const hidden: QueueStateReading['workers'] = {
  visible: false,
  reason: 'not-allowed',
  message: 'CLIENT LIST not allowed (start the bridge with --client-list)',
};
const withState = (
  queue: Partial<QueueState>,
  state: Partial<Omit<QueueStateReading, 'counts'>> & { counts?: Partial<QueueStateReading['counts']> },
) =>
  verdictOf({
    ...base,
    ...queue,
    state: { ...idleState, ...state, counts: { ...idleState.counts, ...state.counts } },
  });
/** 40 due, 13 min late, and the marker gone (Queue.pause() deletes it). */
const dueNoMarker: Partial<QueueState> = {
  delayed: 50,
  overdue: 40,
  oldestOverdueFireTime: now - 13 * 60_000,
  nextFireTime: now - 13 * 60_000,
  markerTime: null,
};

describe('the verdict with the queue’s state (BullMQ)', () => {
  it('paused with no worker: the due jobs stay delayed, not "a worker took the marker"', () => {
    const verdict = withState(dueNoMarker, { paused: true, workers: { visible: true, count: 0 } });
    expect(verdict).toEqual({
      kind: 'paused',
      words:
        'paused (meta paused is set): no job runs until Queue.resume(); no worker is connected either, so 40 due in the delayed set (oldest 13 min late) stay there',
      evidence: 'meta paused = 1; wait 0; delayed 50, 40 due; active 0; CLIENT LIST: 0 workers',
    });
  });

  it('paused with a worker: it moves due jobs to wait and runs none', () => {
    const verdict = withState(
      { delayed: 0, overdue: 0, nextFireTime: null, markerTime: null },
      { paused: true, counts: { wait: 50 } },
    );
    expect(verdict.kind).toBe('paused');
    expect(verdict.words).toBe(
      'paused (meta paused is set): no job runs until Queue.resume(); 1 worker connected: it moves due delayed jobs to wait and runs none (50 waiting)',
    );
    expect(verdict.evidence).toContain('wait 50');
    // just paused, before anything falls due: said as nothing yet, not "0 waiting"
    const fresh = withState({ delayed: 4703, overdue: 0, nextFireTime: now + 8000, markerTime: null }, { paused: true });
    expect(fresh.words).toBe(
      'paused (meta paused is set): no job runs until Queue.resume(); 1 worker connected: it moves due delayed jobs to wait and runs none (nothing waiting or due yet)',
    );
    // due jobs the worker has not moved yet are named beside the waiting ones
    const moving = withState({ ...dueNoMarker }, { paused: true, counts: { wait: 3 } });
    expect(moving.words).toBe(
      'paused (meta paused is set): no job runs until Queue.resume(); 1 worker connected: it moves due delayed jobs to wait and runs none (3 waiting, 40 due in the delayed set (oldest 13 min late))',
    );
  });

  it('paused, workers not visible: it says what it cannot tell', () => {
    const verdict = withState(dueNoMarker, { paused: true, workers: hidden });
    expect(verdict.kind).toBe('paused');
    expect(verdict.words).toContain('cannot be told (workers not visible)');
    expect(verdict.evidence).toContain('workers: not visible (CLIENT LIST not allowed)');
  });

  it('a paused legacy list counts as paused too', () => {
    expect(withState({ delayed: 0, overdue: 0, nextFireTime: null }, { pausedList: 3 }).words).toMatch(
      /^paused \(3 jobs wait in the legacy paused list\)/,
    );
  });

  it('no worker: due jobs and waiting ones are said, and so is the CLIENT LIST that shows none', () => {
    const verdict = withState(
      { ...dueNoMarker, markerTime: now - 13 * 60_000 },
      { counts: { wait: 2 }, workers: { visible: true, count: 0 } },
    );
    expect(verdict).toMatchObject({
      kind: 'overdue-no-worker',
      words:
        '2 waiting, 40 due in the delayed set (oldest 13 min late); no worker is connected (CLIENT LIST shows none for this queue): nothing runs them',
    });
    expect(verdict.evidence).toMatch(/^CLIENT LIST: 0 workers; wait 2; delayed 50, 40 due; active 0$/);
  });

  it('a scheduler with no worker: the next job is not due yet, and nobody will run it', () => {
    expect(withState({}, { workers: { visible: true, count: 0 } })).toMatchObject({
      kind: 'no-worker',
      words:
        'next job in 4 min 12 s; no worker is connected (CLIENT LIST shows none for this queue): it will stay delayed until one starts',
    });
  });

  it('a worker idle and healthy', () => {
    expect(withState({}, {})).toEqual({
      kind: 'idle',
      words: 'idle and healthy: 1 worker connected, nothing waiting; next job in 4 min 12 s; the marker agrees',
      evidence: `delayed 3,000, 0 due; marker: 06:13:02.444 UTC; wait 0; active 0; CLIENT LIST: 1 worker`,
    });
  });

  it('a busy worker (all slots active): jobs wait for a slot, which is not "no worker"', () => {
    const verdict = withState({ delayed: 0, overdue: 0, nextFireTime: null, markerTime: 0 }, { counts: { wait: 61, active: 1 } });
    expect(verdict).toMatchObject({
      kind: 'busy',
      words: 'busy: 1 worker connected, 1 active; 61 waiting wait for a free slot',
    });
    expect(verdict.evidence).toContain('active 1; wait 61');
    // the same without CLIENT LIST: a busy worker and a stopped one holding its jobs look alike
    const unseen = withState(
      { delayed: 0, overdue: 0, nextFireTime: null, markerTime: 0 },
      { counts: { wait: 61, active: 1 }, workers: hidden },
    );
    expect(unseen.kind).toBe('undecided');
    expect(unseen.words).toContain('cannot tell which (workers not visible)');
  });

  it('rate-limited, with the time left', () => {
    const verdict = withState(
      { delayed: 0, overdue: 0, nextFireTime: null, markerTime: null },
      { limiterTtlMs: 41_391, counts: { wait: 9, active: 0 } },
    );
    expect(verdict).toMatchObject({
      kind: 'rate-limited',
      words: 'rate-limited for 41 s more (the limiter key expires then): 9 waiting run after it; 1 worker connected',
    });
    expect(verdict.evidence).toMatch(/^limiter PTTL 41,391 ms; wait 9/);
    // a limiter key without waiting jobs stops nothing
    expect(withState({}, { limiterTtlMs: 41_391 }).kind).toBe('idle');
  });

  it('at the queue’s global concurrency', () => {
    expect(
      withState({ delayed: 0, overdue: 0, nextFireTime: null }, { concurrency: 2, counts: { wait: 5, active: 2 } }).words,
    ).toBe("at the queue's global concurrency (2 active of 2): 5 waiting run as jobs finish");
  });

  it('jobs due but the marker later than the head: the worker wakes late', () => {
    const verdict = withState({ ...dueNoMarker, markerTime: now + 60_000 }, {});
    expect(verdict.kind).toBe('wakes-late');
    expect(verdict.words).toBe(
      '40 due, oldest 13 min late; the marker is later than the head (06:09:50.444 UTC): the worker will wake late',
    );
    expect(verdict.evidence).toContain('marker: 06:09:50.444 UTC');
  });

  it('due jobs, no marker, workers not visible: undecided, and said so', () => {
    const verdict = withState(dueNoMarker, { workers: hidden });
    expect(verdict.kind).toBe('undecided');
    expect(verdict.words).toBe(
      '40 due, oldest 13 min late; no marker is set and nothing is active: a worker took the marker and has not promoted them yet, or stopped; cannot tell which (workers not visible)',
    );
  });

  it('an empty queue, and one whose delayed key is gone', () => {
    const empty = { delayed: 0, overdue: 0, nextFireTime: null, markerTime: null };
    expect(withState(empty, { delayedType: 'none', counts: { completed: 12, failed: 3 } })).toEqual({
      kind: 'empty',
      words: 'empty: nothing delayed, waiting or active; 1 worker connected, idle',
      evidence: 'delayed key: none (Redis keeps no empty set); wait 0; active 0; CLIENT LIST: 1 worker; failed 3; completed 12',
    });
    expect(withState(empty, { delayedType: 'none', workers: hidden }).words).toBe('empty: nothing delayed, waiting or active');
    expect(withState(empty, { delayedType: 'hash' })).toMatchObject({
      kind: 'broken',
      words: 'the delayed key holds a hash, not a sorted set: no delayed job can be promoted from it',
      evidence: 'TYPE delayed = hash',
    });
  });

  it('a wait list nobody took: the marker left at 0 says so even without CLIENT LIST', () => {
    const verdict = withState(
      { delayed: 0, overdue: 0, nextFireTime: null, markerTime: 0 },
      { counts: { wait: 1 }, workers: hidden },
    );
    expect(verdict).toMatchObject({
      kind: 'overdue-no-worker',
      words: '1 waiting; the marker says jobs are waiting, and nobody took it: no worker is polling',
    });
  });

  it('every verdict names its evidence, with or without the state', () => {
    expect(verdictOf(base).evidence).toBe('delayed 3,000, 0 due; marker: 06:13:02.444 UTC');
    expect(late({ library: 'bull', markerTime: null }).evidence).toBe('delayed 3,000, 2,281 due');
  });
});
