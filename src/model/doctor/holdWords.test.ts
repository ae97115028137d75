import { describe, expect, it } from 'vitest';
import { holdText } from './holdWords.ts';
import type { QueueStateReading } from './queueState.ts';
import { verdictOf } from './verdict.ts';
import type { QueueState } from './verdict.ts';
import type { QueueLibrary } from './scheme.ts';
import { IDLE_QUEUE_STATE as idle, delayedStateAt } from '../../../test-support/queueRowFixture.ts';

const now = Date.UTC(2026, 11, 5, 6, 15, 18, 787);
/** 40 jobs due, 69 s late, no marker. */
const due: QueueState = delayedStateAt(now, {
  delayed: 50,
  overdue: 40,
  oldestOverdueFireTime: now - 69_000,
  nextFireTime: now - 69_000,
});

/** The queue as the detail holds it: its verdict made from `state`, as the bridge makes it. */
function queueOf(state: Partial<QueueStateReading> | null, over: Partial<QueueState> = {}, library: QueueLibrary = 'bullmq') {
  const reading = state === null ? null : { ...idle, ...state, counts: { ...idle.counts, ...state.counts } };
  return { library, state: reading, verdict: verdictOf({ ...due, library, ...over, state: reading }) };
}

describe('why a job of the queue does not run now, from its verdict', () => {
  it('paused: said for a due job and a waiting one alike, with and without a worker', () => {
    for (const workers of [0, 1]) {
      const queue = queueOf({ paused: true, workers: { visible: true, count: workers } });
      expect(queue.verdict.kind).toBe('paused');
      for (const job of ['due', 'ready'] as const)
        expect(holdText(queue, job)).toBe('the queue is paused (meta paused is set): nothing runs until Queue.resume()');
    }
    const legacy = queueOf({ pausedList: 3 });
    expect(holdText(legacy, 'ready')).toMatch(/^the queue is paused \(its jobs wait in the legacy paused list\)/);
  });

  it('rate-limited, with the time left; busy in every slot; at the global concurrency', () => {
    const limited = queueOf({ limiterTtlMs: 41_391, counts: { wait: 2 } as QueueStateReading['counts'] });
    expect(limited.verdict.kind).toBe('rate-limited');
    expect(holdText(limited, 'ready')).toBe('the queue is rate-limited for 41 s more (limiter PTTL 41,391 ms)');
    const busy = queueOf({ counts: { active: 1, wait: 61 } as QueueStateReading['counts'] });
    expect(busy.verdict.kind).toBe('busy');
    expect(holdText(busy, 'due')).toBe('every worker slot is busy (1 active)');
    const capped = queueOf({ concurrency: 2, counts: { active: 2, wait: 5 } as QueueStateReading['counts'] });
    expect(holdText(capped, 'ready')).toBe('the queue is at its global concurrency (2 active of 2)');
  });

  it('no worker: from CLIENT LIST when it is seen, from the marker when not; Bull by its sweep', () => {
    expect(holdText(queueOf({ workers: { visible: true, count: 0 } }), 'due')).toBe(
      'no worker is connected (CLIENT LIST shows none)',
    );
    const unseen = queueOf(null, { markerTime: now - 60_000 });
    expect(unseen.verdict.kind).toBe('overdue-no-worker');
    expect(holdText(unseen, 'due')).toBe('no worker is polling (the marker was not taken)');
    const bull = queueOf(null, { markerTime: null }, 'bull');
    expect(bull.verdict.kind).toBe('overdue-no-worker');
    expect(holdText(bull, 'due')).toBe('no worker is promoting due jobs');
  });

  it('a marker later than the head holds only the due job; a connected worker promotes it next', () => {
    const late = queueOf({}, { markerTime: now + 60_000 });
    expect(late.verdict.kind).toBe('wakes-late');
    expect([holdText(late, 'due'), holdText(late, 'ready')]).toEqual([
      'the marker is later than it: the worker wakes late',
      null,
    ]);
    const taking = queueOf({}, { markerTime: now - 100 });
    expect(taking.verdict.kind).toBe('overdue');
    expect(holdText(taking, 'due')).toBe('1 worker is connected: it is promoted when one next asks for a job');
  });

  it('undecided says so; an idle queue holds nothing back', () => {
    const unsure = queueOf({ workers: { visible: false, reason: 'not-allowed', message: 'x' } });
    expect(unsure.verdict.kind).toBe('undecided');
    expect(holdText(unsure, 'due')).toBe("the queue's verdict cannot tell why (see it above)");
    const calm = queueOf({ counts: { wait: 1 } as QueueStateReading['counts'] }, { delayed: 0, overdue: 0, nextFireTime: null });
    expect(calm.verdict.kind).toBe('overdue');
    expect(holdText(calm, 'ready')).toBeNull();
  });
});
