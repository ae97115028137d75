/**
 * What every route's reply is made of: the reply before it is serialised, the errors a route
 * throws when Redis's reply is not what it expects (or a cluster node could not be read), and the
 * checks and wire forms of Redis's replies (bytes, counts, names cut for display).
 */
import { createHash } from 'node:crypto';
import type { ErrorReply, HealthReply, KeysReply, MembersReply, RedisName } from '../src/model/bridgeWire.ts';
import type { HistogramReply, JobsReply, QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { DISPLAY_CAP_BYTES, printable, printableBytes } from '../src/model/printable.ts';
import type { ReadOnlyCall } from './allowList.ts';

/** A reply before it is serialised: HTTP status and JSON body. */
export interface RouteReply {
  readonly status: number;
  readonly body: HealthReply | KeysReply | MembersReply | QueuesReply | HistogramReply | JobsReply | ErrorReply;
  /** Headers of this reply only (Retry-After). */
  readonly headers?: Readonly<Record<string, string>>;
}

export function badRequest(message: string): RouteReply {
  return { status: 400, body: { error: { code: 'bad-request', message } } };
}

/**
 * A reply of another shape than Redis gives for the command (the server at --redis is not Redis,
 * or not one the bridge knows): said as such, rather than as the TypeError reading it would throw.
 */
export class UnexpectedReplyError extends Error {
  constructor(readonly command: string) {
    super(`${command} got a reply of another shape than Redis gives`);
    this.name = 'UnexpectedReplyError';
  }
}

/**
 * A node of a cluster the key walk could not read (down, or not answering): its sender rejects
 * SCAN with this, naming the node and where the walk goes on (the next master's cursor, or '0'),
 * and listKeys notes the node in the reply's `unreadNodes` rather than failing or, worse, saying
 * nothing while that node's keys are missing.
 */
export class SkippedNodeError extends Error {
  constructor(
    readonly node: string,
    readonly next: string,
    reason: string,
  ) {
    super(`${node} could not be read: ${reason}`);
    this.name = 'SkippedNodeError';
  }
}

/**
 * A cursor that no reply of this bridge gave (a cluster cursor naming a master the cluster does
 * not have): the request's fault, a 400, not an error of Redis.
 */
export class BadCursorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadCursorError';
  }
}

/**
 * Where a key walk goes on after a SCAN failed with `error`: a SkippedNodeError's node is noted in
 * `unread` (at most MAX_UNREAD_NODES, each cut to MAX_NODE_NAME printable characters) and its next
 * cursor given; any other error is the request's and is thrown again.
 */
export function skipNode(error: unknown, unread: Set<string>): string {
  if (!(error instanceof SkippedNodeError)) throw error;
  if (unread.size < MAX_UNREAD_NODES) unread.add(printable(error.node).slice(0, MAX_NODE_NAME));
  return error.next;
}

/** The most unread nodes one reply names, and the longest name it gives one (printable characters). */
export const MAX_UNREAD_NODES = 100;
export const MAX_NODE_NAME = 120;
/** JSON bytes kept free of keys for `unreadNodes`: MAX_UNREAD_NODES names, each at most MAX_NODE_NAME characters escaped. */
export const UNREAD_RESERVE = MAX_UNREAD_NODES * (2 * MAX_NODE_NAME + 3);

/** A bulk or simple string reply (callBuffer gives Buffers; a fake may give text). */
export const isBytes = (value: unknown): value is Buffer | string => Buffer.isBuffer(value) || typeof value === 'string';

/** `reply` when `shape` holds for it; otherwise an UnexpectedReplyError naming `command`. */
export function expectReply<T>(command: string, reply: unknown, shape: (reply: unknown) => reply is T): T {
  if (!shape(reply)) throw new UnexpectedReplyError(command);
  return reply;
}

export const isScanReply = (reply: unknown): reply is [Buffer | string, Array<Buffer | string>] =>
  Array.isArray(reply) &&
  reply.length === 2 &&
  isBytes(reply[0]) &&
  /^\d{1,20}$/.test(bytesOf(reply[0]).toString('latin1')) &&
  Array.isArray(reply[1]) &&
  reply[1].every(isBytes);
export const isByteList = (reply: unknown): reply is Array<Buffer | string> => Array.isArray(reply) && reply.every(isBytes);
export const isCount = (reply: unknown): reply is number =>
  typeof reply === 'number' && Number.isSafeInteger(reply) && reply >= 0;

/** Bytes from a Redis reply (callBuffer gives Buffers; a fake may give text). */
export function bytesOf(reply: unknown): Buffer {
  return Buffer.isBuffer(reply) ? reply : Buffer.from(String(reply), 'utf8');
}

/**
 * A key or member for the wire: its first DISPLAY_CAP_BYTES as base64url and as printable text,
 * its full length and, when it was shortened, the SHA-256 of all its bytes.
 */
export function redisName(reply: unknown): RedisName {
  const bytes = bytesOf(reply);
  const shown = bytes.subarray(0, DISPLAY_CAP_BYTES);
  const name = { base64: shown.toString('base64url'), text: printableBytes(shown, bytes.length), byteLength: bytes.length };
  // a shortened name's first bytes and length are not its identity: the digest of all its bytes is
  return bytes.length > DISPLAY_CAP_BYTES ? { ...name, sha256: createHash('sha256').update(bytes).digest('base64url') } : name;
}

/** Bytes `value` adds to a JSON reply. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** The largest cursor SCAN takes (Redis reads it with strtoul: an unsigned 64-bit number). */
export const MAX_SCAN_CURSOR = 2n ** 64n - 1n;

/** The key's TYPE, as Redis names it ('none' when there is no such key). */
export const typeOf = async (call: ReadOnlyCall, key: Buffer) =>
  bytesOf(expectReply('TYPE', await call('TYPE', key), isBytes)).toString('latin1');

/**
 * The refusal for a key that is not a sorted set now (gone: 404, of another type: 409), or null
 * when it is one and the route may read it.
 */
export async function unlessSortedSet(call: ReadOnlyCall, key: Buffer): Promise<RouteReply | null> {
  const type = await typeOf(call, key);
  if (type === 'none')
    return {
      status: 404,
      body: {
        error: { code: 'not-found', message: 'No such key now (a delayed set disappears when its last job is promoted).' },
      },
    };
  if (type !== 'zset')
    return { status: 409, body: { error: { code: 'wrong-type', message: `That key holds a ${type}, not a sorted set.` } } };
  return null;
}
