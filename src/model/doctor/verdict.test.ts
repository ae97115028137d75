import { describe, expect, it } from 'vitest';
import { verdictOf } from './verdict.ts';
import type { QueueState } from './verdict.ts';

const now = Date.UTC(2026, 11, 3, 6, 8, 50, 444);
const base: QueueState = {
  now,
  library: 'bullmq',
  delayed: 3000,
  overdue: 0,
  oldestOverdueFireTime: null,
  nextFireTime: now + 4 * 60_000 + 12_000,
  markerTime: now + 4 * 60_000 + 12_000,
};
const late = (state: Partial<QueueState>) =>
  verdictOf({ ...base, overdue: 2281, oldestOverdueFireTime: now - 13 * 60_000, nextFireTime: now - 13 * 60_000, ...state });

describe('the verdict in words', () => {
  it('due jobs and a marker long past: no worker is polling', () => {
    expect(late({ markerTime: Date.UTC(2026, 11, 3, 5, 55, 50, 444) })).toEqual({
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
    expect(late({ markerTime: now + 60_000 })).toEqual({
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
    expect(verdictOf(base)).toEqual({ kind: 'waiting', words: 'next job in 4 min 12 s; the marker agrees' });
    // a bumped head's marker is fractional (score / 0x1000): its whole millisecond is the wake
    expect(verdictOf({ ...base, markerTime: base.nextFireTime! + 3 / 4096 }).words).toBe(
      'next job in 4 min 12 s; the marker agrees',
    );
  });

  it('nothing due and the marker past the head: the worker will wake late', () => {
    expect(verdictOf({ ...base, markerTime: base.nextFireTime! + 1 })).toEqual({
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
    expect(verdictOf({ ...base, delayed: 0, nextFireTime: null })).toEqual({ kind: 'empty', words: 'nothing delayed' });
    expect(verdictOf({ ...base, nextFireTime: -5 }).kind).toBe('overdue-no-worker');
  });
});
