/**
 * What decides whether a BullMQ queue's due jobs run, read per queue (read-only, through the
 * allow-list like every other read): the meta hash's `paused` and `concurrency`, the legacy paused
 * list, the rate limiter's PTTL, how many jobs each list and set holds, and the workers, found in
 * CLIENT LIST the way Queue.getWorkers() finds them (only when the bridge was started with
 * --client-list). The verdict made of it lives in src/model/doctor/verdict.ts.
 */
import type { JobCounts, QueueStateReading, WorkersReading } from '../src/model/doctor/doctorWire.ts';
import { printable } from '../src/model/printable.ts';
import { META_STATE_FIELDS, RefusedCommandError } from './allowList.ts';
import type { ReadOnlyCall } from './allowList.ts';
import { bytesOf, expectReply, isBytes, isCount, typeOf } from './replies.ts';

const keyOf = (prefix: Buffer, name: Buffer, suffix: string) =>
  Buffer.concat([prefix, Buffer.from(':'), name, Buffer.from(`:${suffix}`)]);

/** A whole number Redis may send negative (PTTL's -1 and -2). */
const isInteger = (reply: unknown): reply is number => Number.isSafeInteger(reply);

/**
 * How many members `key` holds when it is of `type` (LLEN of a list, ZCARD of a sorted set): 0
 * when there is no such key (Redis keeps no empty list or set), null when it holds another type,
 * which the count command would refuse.
 */
async function countOf(call: ReadOnlyCall, key: Buffer, type: 'list' | 'zset'): Promise<number | null> {
  const found = await typeOf(call, key);
  if (found === 'none') return 0;
  if (found !== type) return null;
  const command = type === 'list' ? 'LLEN' : 'ZCARD';
  return expectReply(command, await call(command, key), isCount);
}

/** The clients of one CLIENT LIST reply by name (names hold no spaces: CLIENT SETNAME refuses them). */
function clientNames(list: string): string[] {
  const names: string[] = [];
  for (const line of list.split(/\r?\n/)) {
    const field = line.split(' ').find((part) => part.startsWith('name='));
    if (field !== undefined && field.length > 'name='.length) names.push(field.slice('name='.length));
  }
  return names;
}

/**
 * How many of `names` are the queue's workers, as Queue.getWorkers() counts them: a worker's
 * blocking connection is named `<prefix>:<base64(queue name)>`, or with `:w:<worker name>` after
 * it when the worker has a name. The names are compared as bytes (latin1 keeps each byte).
 */
function workersOf(names: readonly string[], prefix: Buffer, name: Buffer): number {
  const base = `${prefix.toString('latin1')}:${name.toString('base64')}`;
  return names.filter((client) => client === base || client.startsWith(`${base}:w:`)).length;
}

/** CLIENT LIST's names, or why they cannot be seen. */
type ClientList = { readonly names: string[] } | { readonly hidden: Extract<WorkersReading, { visible: false }> };

/** How much of a refusal's text the reply carries. */
const REFUSAL_CHARS = 200;

async function readClientList(call: ReadOnlyCall): Promise<ClientList> {
  try {
    const reply = expectReply('CLIENT', await call('CLIENT', 'LIST'), isBytes);
    return { names: clientNames(bytesOf(reply).toString('latin1')) };
  } catch (error) {
    if (error instanceof RefusedCommandError)
      return {
        hidden: {
          visible: false,
          reason: 'not-allowed',
          message: 'CLIENT LIST not allowed (start the bridge with --client-list)',
        },
      };
    // Redis answered with an error (an ACL user without +client|list, a Redis that renames CLIENT): not a failed read
    if (error instanceof Error && error.name === 'ReplyError')
      return {
        hidden: {
          visible: false,
          reason: 'refused',
          message: `Redis refused CLIENT LIST: ${printable(error.message).slice(0, REFUSAL_CHARS)}`,
        },
      };
    throw error;
  }
}

/**
 * One CLIENT LIST serves every queue of a reply: the rows of one /api/queues request share one
 * `now` (the server's TIME, read once), so the list read for a `now` is kept for the next row of
 * the same request rather than asked for again per queue.
 */
let lastList: { call: ReadOnlyCall; now: number; list: Promise<ClientList> } | null = null;

function clientListAt(call: ReadOnlyCall, now: number): Promise<ClientList> {
  if (lastList === null || lastList.call !== call || lastList.now !== now) lastList = { call, now, list: readClientList(call) };
  return lastList.list;
}

/** A meta field's number (HMGET gives a bulk string or nil). */
function metaNumber(reply: unknown): number | null {
  if (!isBytes(reply)) return null;
  const value = Number(bytesOf(reply).toString('latin1'));
  return Number.isFinite(value) ? value : null;
}

/**
 * The state of the BullMQ queue `<prefix>:<name>` at `now` (its meta is a hash: the caller found
 * it so). `delayedType` is the TYPE the caller already read of `<q>:delayed`.
 */
export async function readQueueState(
  call: ReadOnlyCall,
  prefix: Buffer,
  name: Buffer,
  delayedType: string,
  now: number,
): Promise<QueueStateReading> {
  const key = (suffix: string) => keyOf(prefix, name, suffix);
  const [meta, pausedList, limiter, wait, active, prioritized, waitingChildren, failed, completed, clients] = await Promise.all([
    call('HMGET', key('meta'), ...META_STATE_FIELDS).then((r) =>
      expectReply('HMGET', r, (v): v is unknown[] => Array.isArray(v) && v.length === META_STATE_FIELDS.length),
    ),
    countOf(call, key('paused'), 'list'),
    call('PTTL', key('limiter')).then((r) => expectReply('PTTL', r, isInteger)),
    countOf(call, key('wait'), 'list'),
    countOf(call, key('active'), 'list'),
    countOf(call, key('prioritized'), 'zset'),
    countOf(call, key('waiting-children'), 'zset'),
    countOf(call, key('failed'), 'zset'),
    countOf(call, key('completed'), 'zset'),
    clientListAt(call, now),
  ]);
  const counts: JobCounts = { wait, active, prioritized, waitingChildren, failed, completed };
  const workers: WorkersReading =
    'names' in clients ? { visible: true, count: workersOf(clients.names, prefix, name) } : clients.hidden;
  return {
    delayedType,
    // Queue.pause() writes "1"; BullMQ asks only whether the field exists (HEXISTS)
    paused: meta[META_STATE_FIELDS.indexOf('paused')] !== null && meta[META_STATE_FIELDS.indexOf('paused')] !== undefined,
    pausedList,
    concurrency: metaNumber(meta[META_STATE_FIELDS.indexOf('concurrency')]),
    // -2: no limiter key; -1: a key with no expiry (BullMQ's limit check never counts it)
    limiterTtlMs: limiter === -2 ? null : limiter,
    counts,
    workers,
  };
}
