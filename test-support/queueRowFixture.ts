/**
 * Test support: a queue row and a /api/queues reply as the bridge sends them, every field a test
 * does not name at a neutral value (a BullMQ 6.7.0 queue with no delayed job; a whole walk).
 */
import type { QueueRow, QueueStateReading, QueuesReply } from '../src/model/doctor/doctorWire.ts';
import type { QueueState } from '../src/model/doctor/verdict.ts';
import { named } from './redisNameFixture.ts';

/** The row of the queue `<prefix>:<name>`, with `over` in place of the neutral fields. */
export function queueRowOf(prefix: string, name: string, over: Partial<QueueRow> = {}): QueueRow {
  return {
    prefix,
    name,
    delayedKey: named(`${prefix}:${name}:delayed`),
    library: 'bullmq',
    version: '6.7.0',
    scheme: 'band',
    schemeFrom: 'meta',
    delayed: 0,
    overdue: 0,
    oldestOverdueMs: null,
    nextFireTime: null,
    head: null,
    marker: null,
    fullestBand: null,
    verdict: { kind: 'empty', words: '' },
    ...over,
  };
}

/** A whole walk's reply read at `now`, with `over` in place of its fields. */
export function queuesReplyOf(now: number, over: Partial<QueuesReply> = {}): QueuesReply {
  return { now, queues: [], complete: true, cursor: '0', truncated: false, unreadNodes: [], unreadable: [], toRead: [], ...over };
}

/** A BullMQ queue's state with nothing anywhere and one worker connected; a test changes what it needs. */
export const IDLE_QUEUE_STATE: QueueStateReading = {
  delayedType: 'zset',
  paused: false,
  pausedList: 0,
  concurrency: null,
  limiterTtlMs: null,
  counts: { wait: 0, active: 0, prioritized: 0, waitingChildren: 0, failed: 0, completed: 0 },
  workers: { visible: true, count: 1 },
};

/** A BullMQ queue's delayed set as the verdict reads it at `now`: empty, no marker, with `over` in place. */
export function delayedStateAt(now: number, over: Partial<QueueState> = {}): QueueState {
  return {
    now,
    library: 'bullmq',
    delayed: 0,
    overdue: 0,
    oldestOverdueFireTime: null,
    nextFireTime: null,
    markerTime: null,
    ...over,
  };
}
