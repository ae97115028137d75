import { describe, expect, it, vi } from 'vitest';
import { MemoryRedis, RedisError } from '../model/redis/memoryRedis.ts';
import { bandOf, fireTimeOf, nextScoreInBand, nextTimestampOf, textbookScore } from '../model/protocol/score.ts';
import { formatScore } from '../model/redis/doubles.ts';
import { BAND_KEY, createAppStore } from './appStore.ts';
import { LOG_CAPACITY } from '../session/commandLog.ts';
import { T0 } from '../../test-support/instants.ts';
import { membersOf, withScoresOf } from '../../test-support/pageSets.ts';

function bandScores(store: ReturnType<typeof createAppStore>): string[] {
  const reply = withScoresOf(store.getState().bandSet);
  return (reply as string[]).filter((_, i) => i % 2 === 1);
}

function members(store: ReturnType<typeof createAppStore>, key: string): string[] {
  const state = store.getState();
  return membersOf(key === BAND_KEY ? state.bandSet : state.textbookSet);
}

describe('enqueue', () => {
  it('gives three same-ms jobs the floor, floor + 1 and floor + 2, in arrival order', () => {
    const store = createAppStore({ frozenAt: T0 });
    for (let i = 0; i < 3; i++) store.getState().enqueue(1);
    const band = bandOf(fireTimeOf(T0, 5000));
    const first = nextScoreInBand(band, null);
    const second = nextScoreInBand(band, first);
    const third = nextScoreInBand(band, second);
    expect(bandScores(store)).toEqual([first, second, third].map((score) => formatScore(score)));
    expect(members(store, BAND_KEY)).toEqual(['job:1', 'job:2', 'job:3']);
    expect(store.getState().nextArrival).toBe(4);
  });

  it('feeds the textbook set the bare fire-time in the chosen unit', () => {
    const store = createAppStore({ frozenAt: T0, textbookUnit: 'ms' });
    store.getState().enqueue(2);
    const scores = withScoresOf(store.getState().textbookSet) as string[];
    expect(scores).toEqual([
      'job:1',
      formatScore(textbookScore(T0, 5000, 'ms')),
      'job:2',
      formatScore(textbookScore(T0, 5000, 'ms')),
    ]);
  });

  it('gives N jobs one shared timestamp even on a live clock', () => {
    let tick = T0;
    const store = createAppStore({ clock: () => tick++ });
    store.getState().enqueue(50);
    const { minScore, maxScore } = bandOf(fireTimeOf(store.getState().lastEnqueue!.timestamp, 5000));
    expect(store.getState().bandSet.count(minScore, maxScore)).toBe(50);
  });

  it('reads a live clock at each action', () => {
    let now = T0;
    const store = createAppStore({ clock: () => now });
    store.getState().enqueue(1);
    now = T0 + 7;
    store.getState().enqueue(1);
    expect(store.getState().now).toBe(T0 + 7);
    const [first, second] = bandScores(store);
    expect(first).toBe(formatScore(bandOf(T0 + 5000).minScore));
    expect(second).toBe(formatScore(bandOf(T0 + 7 + 5000).minScore));
  });

  it('saturates a band at maxScore: 4,100 same-ms jobs leave five at the ceiling', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(4100);
    const { maxScore } = bandOf(fireTimeOf(T0, 5000));
    expect(store.getState().bandSet.count(maxScore, maxScore)).toBe(5);
    expect(store.getState().bandSet.size).toBe(4100);
  });

  it('refuses a batch whose ids are taken and leaves the sets as they were', () => {
    const store = createAppStore({ frozenAt: T0, idStyle: 'prefix' });
    store.getState().setIdPrefix('a1');
    store.getState().enqueue(10); // a11, a12, ..., a110
    store.getState().enqueue(1); // arrival 11: a111
    store.getState().setIdPrefix('a');
    const before = store.getState().version;
    expect(store.getState().enqueue(1)).toBe(false); // arrival 12 would be "a12", taken
    expect(store.getState().enqueueError).toMatch(/"a12"/);
    expect(store.getState().bandSet.size).toBe(11);
    expect(store.getState().textbookSet.size).toBe(11);
    expect(store.getState().nextArrival).toBe(12);
    expect(store.getState().version).toBe(before);
  });

  it('says so when Redis refuses a job mid-batch and keeps the jobs before it', () => {
    const store = createAppStore({ frozenAt: T0 });
    // the store's sets are reached through their logging wrappers, which hand each command to callArgs
    const callArgs = MemoryRedis.prototype.callArgs;
    const spy = vi.spyOn(MemoryRedis.prototype, 'callArgs').mockImplementation(function (this: MemoryRedis, command, args) {
      if (command === 'ZADD' && args.includes('job:3')) throw new RedisError('OOM command not allowed');
      return callArgs.call(this, command, args);
    });
    try {
      expect(store.getState().enqueue(5)).toBe(false);
    } finally {
      spy.mockRestore();
    }
    const state = store.getState();
    expect(state.enqueueError).toBe('Redis refused job 3: OOM command not allowed');
    expect(membersOf(state.bandSet)).toEqual(['job:1', 'job:2']);
    expect(state.version).toBe(1);
    expect(state.nextArrival).toBe(4);
    expect(state.log.newest(0)).toMatchObject({ set: 'textbook', command: 'ZADD', error: 'OOM command not allowed' });
  });

  it('makes uuid ids with the given source', () => {
    let n = 0;
    const store = createAppStore({ frozenAt: T0, idStyle: 'uuid', randomUUID: () => `uuid-${++n}` });
    store.getState().enqueue(2);
    expect(members(store, BAND_KEY)).toEqual(['uuid-1', 'uuid-2']);
    expect(store.getState().arrivals.get('uuid-2')).toBe(2);
  });
});

describe('enqueueEach (the jobs one frame of Play owes)', () => {
  it('is n ordinary enqueue(1) operations, published once', () => {
    let reads = 0;
    const clock = () => T0 + reads++; // a live clock: each job reads its own instant
    const each = createAppStore({ clock, seed: 5 });
    const byHand = createAppStore({ clock, seed: 5 });
    const notified = vi.fn();
    each.subscribe(notified);
    const scenarioBefore = each.getState().scenarioChange.serial;
    reads = 0;
    expect(each.getState().enqueueEach(7)).toBe(7);
    reads = 0;
    for (let i = 0; i < 7; i++) byHand.getState().enqueue(1);
    expect(notified).toHaveBeenCalledTimes(1);
    expect(each.getState().scenarioChange).toEqual({ serial: scenarioBefore + 1, history: 'push', steps: 7 });
    expect(each.getState().scenario.operations.slice()).toEqual(byHand.getState().scenario.operations.slice());
    expect(members(each, BAND_KEY)).toEqual(members(byHand, BAND_KEY));
    expect(bandScores(each)).toEqual(bandScores(byHand));
    expect(each.getState().now).toBe(byHand.getState().now);
    // undo takes back one job, as after clicks
    each.getState().undo();
    expect(members(each, BAND_KEY)).toHaveLength(6);
  });

  it('stops at a refused job and says how many went in', () => {
    const store = createAppStore({ frozenAt: T0, idStyle: 'prefix' });
    store.getState().setIdPrefix('a1');
    store.getState().enqueue(10); // a11 ... a110
    store.getState().setIdPrefix('a');
    // arrival 11 is "a11": taken
    expect(store.getState().enqueueEach(3)).toBe(0);
    expect(store.getState().enqueueError).toMatch(/"a11"/);
    expect(store.getState().scenario.operations).toHaveLength(3);
  });
});

describe('promote', () => {
  it('empties both sets in order once the clock is past the fire-times', () => {
    const store = createAppStore({ frozenAt: T0, idStyle: 'N' });
    store.getState().enqueue(12);
    store.getState().freezeClock(T0 + 6000);
    store.getState().promote();
    const result = store.getState().lastPromote!;
    expect(result.band.jobs.map((job) => job.arrival)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // The textbook set ties every job on one second and hands them out by member bytes.
    expect(result.textbook.jobs.map((job) => job.member)).toEqual('1 10 11 12 2 3 4 5 6 7 8 9'.split(' '));
    expect(result.nextWake).toBeNull();
    expect(store.getState().bandSet.size).toBe(0);
    expect(store.getState().textbookSet.size).toBe(0);
  });

  it('leaves what is not due and reports the next wake from the head score', () => {
    const store = createAppStore({ frozenAt: T0, textbookUnit: 'ms' });
    store.getState().enqueue(1);
    store.getState().setDelay(9000);
    store.getState().enqueue(3);
    store.getState().freezeClock(T0 + 5000);
    store.getState().promote();
    const result = store.getState().lastPromote!;
    expect(result.band.jobs.map((job) => job.member)).toEqual(['job:1']);
    expect(result.textbook.jobs.map((job) => job.member)).toEqual(['job:1']);
    expect(result.nextWake).toBe(nextTimestampOf(bandOf(T0 + 9000).minScore));
    expect(store.getState().bandSet.size).toBe(3);
  });

  it('does not promote a job one millisecond early', () => {
    const store = createAppStore({ frozenAt: T0, textbookUnit: 'ms' });
    store.getState().enqueue(2);
    store.getState().freezeClock(T0 + 4999);
    store.getState().promote();
    expect(store.getState().lastPromote!.band.jobs).toEqual([]);
    expect(store.getState().lastPromote!.textbook.jobs).toEqual([]);
  });

  it('runs batches of 1,000 until nothing due is left', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(2500);
    store.getState().stepClock(10_000);
    store.getState().promote();
    const result = store.getState().lastPromote!;
    expect(result.band.jobs).toHaveLength(2500);
    expect(result.band.calls).toBe(3);
    expect(result.textbook.calls).toBe(3);
  });
});

describe('controls', () => {
  it('moves version only when the sets change, not while a setting such as the delay moves', () => {
    const store = createAppStore({ frozenAt: T0 });
    const start = store.getState().version;
    for (const delay of [1000, 2000, 3000]) store.getState().setDelay(delay);
    store.getState().setBatchSize(7);
    expect(store.getState().delay).toBe(3000);
    expect(store.getState().version).toBe(start);
    store.getState().enqueue(1);
    expect(store.getState().version).toBe(start + 1);
  });

  it('keeps the last valid delay when given a bad one', () => {
    const store = createAppStore({ frozenAt: T0 });
    expect(store.getState().setDelay(1234)).toBe(true);
    for (const bad of [Number.NaN, -1, 1.5, 3_155_760_000_001, Infinity]) {
      expect(store.getState().setDelay(bad)).toBe(false);
    }
    expect(store.getState().delay).toBe(1234);
  });

  it('keeps the last valid N and clock', () => {
    const store = createAppStore({ frozenAt: T0 });
    expect(store.getState().setBatchSize(1)).toBe(false);
    expect(store.getState().setBatchSize(10_001)).toBe(false);
    expect(store.getState().batchSize).toBe(3);
    expect(store.getState().freezeClock(-5)).toBe(false);
    expect(store.getState().freezeClock(Number.NaN)).toBe(false);
    expect(store.getState().frozenAt).toBe(T0);
  });

  it('steps a frozen clock and freezes a live one when stepped', () => {
    const store = createAppStore({ clock: () => T0 });
    store.getState().stepClock(1000);
    expect(store.getState().clockMode).toBe('frozen');
    expect(store.getState().now).toBe(T0 + 1000);
    store.getState().stepClock(1);
    expect(store.getState().now).toBe(T0 + 1001);
    store.getState().setClockLive();
    expect(store.getState().now).toBe(T0);
  });

  it('locks the textbook unit while the textbook set holds jobs', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(1);
    expect(store.getState().setTextbookUnit('ms')).toBe(false);
    expect(store.getState().textbookUnit).toBe('s');
    store.getState().reset();
    expect(store.getState().setTextbookUnit('ms')).toBe(true);
  });

  it('reset empties both sets and the log and keeps the controls', () => {
    const store = createAppStore({ frozenAt: T0, idStyle: 'N' });
    store.getState().setDelay(777);
    store.getState().enqueue(5);
    const version = store.getState().version;
    store.getState().reset();
    const state = store.getState();
    expect(state.bandSet.size).toBe(0);
    expect(state.textbookSet.size).toBe(0);
    expect(state.log.size).toBe(0);
    expect(state.arrivals.size).toBe(0);
    expect(state.nextArrival).toBe(1);
    expect(state.version).toBeGreaterThan(version);
    expect([state.delay, state.idStyle, state.clockMode, state.frozenAt]).toEqual([777, 'N', 'frozen', T0]);
  });
});

describe('command log', () => {
  it('records each command the model issued with its reply, newest first', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(1);
    const log = store.getState().log;
    const { minScore, maxScore } = bandOf(fireTimeOf(T0, 5000));
    expect([log.newest(0), log.newest(1), log.newest(2)].map((entry) => [entry?.set, entry?.command])).toEqual([
      ['band', 'ZADD'],
      ['band', 'ZREVRANGEBYSCORE'],
      ['textbook', 'ZADD'],
    ]);
    expect(log.newest(1)?.args).toEqual([BAND_KEY, maxScore, minScore, 'WITHSCORES', 'LIMIT', 0, 1]);
    expect(log.newest(1)?.reply).toEqual([]);
    expect(log.newest(0)?.reply).toBe(1);
  });

  it('keeps only the latest entries', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(1500); // 4,500 commands
    const log = store.getState().log;
    expect(log.total).toBe(4500);
    expect(log.size).toBe(LOG_CAPACITY);
    expect(log.newest(0)?.seq).toBe(4500);
    expect(log.newest(LOG_CAPACITY - 1)?.seq).toBe(4500 - LOG_CAPACITY + 1);
    expect(log.newest(LOG_CAPACITY)).toBeUndefined();
  });
});
