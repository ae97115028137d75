/**
 * The bridge's three read routes over a ReadOnlyCall: health, the sorted-set keys matching a
 * pattern (SCAN ... MATCH ... TYPE zset, never KEYS), and one page of a key's members with their
 * scores (TYPE, ZCARD, ZRANGE ... WITHSCORES). Query values are checked before Redis is asked.
 * Keys and members travel as bytes (RedisName), each cut to DISPLAY_CAP_BYTES, and no reply's
 * JSON grows past MAX_REPLY_BYTES: what does not fit is left out and the reply says `truncated`.
 */
import { createHash } from 'node:crypto';
import {
  DEFAULT_KEY_PATTERN,
  MAX_KEY_BYTES,
  MAX_KEYS_PER_REPLY,
  MAX_PAGE_SIZE,
  MAX_PATTERN_BYTES,
  MAX_REPLY_BYTES,
} from '../src/model/bridgeWire.ts';
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

/** COUNT hint for each SCAN round. */
export const SCAN_COUNT = 250;
/** SCAN rounds per /api/keys request at most (a large keyspace continues through the cursor). */
export const MAX_SCAN_ROUNDS = 40;
/** Members per page when the request names no count. */
export const DEFAULT_PAGE_SIZE = 1000;
/** The last start index a page may begin at (ZRANGE takes a signed 64-bit index; sets stay far below). */
const MAX_START = 2 ** 31 - 1;

export function badRequest(message: string): RouteReply {
  return { status: 400, body: { error: { code: 'bad-request', message } } };
}

function wholeParam(query: URLSearchParams, name: string, fallback: number, max: number): number | string {
  const text = query.get(name);
  if (text === null) return fallback;
  if (!/^\d{1,10}$/.test(text) || Number(text) > max) return `${name} must be a whole number from 0 to ${max}`;
  return Number(text);
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

/** The most unread nodes one reply names, and the longest name it gives one (printable characters). */
export const MAX_UNREAD_NODES = 100;
export const MAX_NODE_NAME = 120;
/** JSON bytes kept free of keys for `unreadNodes`: MAX_UNREAD_NODES names, each at most MAX_NODE_NAME characters escaped. */
const UNREAD_RESERVE = MAX_UNREAD_NODES * (2 * MAX_NODE_NAME + 3);

/** A bulk or simple string reply (callBuffer gives Buffers; a fake may give text). */
export const isBytes = (value: unknown): value is Buffer | string => Buffer.isBuffer(value) || typeof value === 'string';

/** `reply` when `shape` holds for it; otherwise an UnexpectedReplyError naming `command`. */
export function expectReply<T>(command: string, reply: unknown, shape: (reply: unknown) => reply is T): T {
  if (!shape(reply)) throw new UnexpectedReplyError(command);
  return reply;
}

const isScanReply = (reply: unknown): reply is [Buffer | string, Array<Buffer | string>] =>
  Array.isArray(reply) &&
  reply.length === 2 &&
  isBytes(reply[0]) &&
  /^\d{1,20}$/.test(bytesOf(reply[0]).toString('latin1')) &&
  Array.isArray(reply[1]) &&
  reply[1].every(isBytes);
export const isByteList = (reply: unknown): reply is Array<Buffer | string> => Array.isArray(reply) && reply.every(isBytes);
export const isCount = (reply: unknown): reply is number => Number.isSafeInteger(reply) && (reply as number) >= 0;

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
function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** The largest cursor SCAN takes (Redis reads it with strtoul: an unsigned 64-bit number). */
export const MAX_SCAN_CURSOR = 2n ** 64n - 1n;

/** GET /api/health: no Redis command. */
export function health(shownUrl: string): RouteReply {
  return { status: 200, body: { bridge: 'firetime', redis: shownUrl, maxPageSize: MAX_PAGE_SIZE } };
}

/**
 * GET /api/keys?pattern=&cursor=: SCAN rounds from `cursor` with MATCH pattern COUNT 250 TYPE zset
 * until MAX_KEYS_PER_REPLY keys are found, the walk ends (cursor 0) or MAX_SCAN_ROUNDS pass. A
 * cluster node that could not be read (SkippedNodeError) is named in `unreadNodes` and the walk
 * goes on with the next one.
 */
export async function listKeys(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const pattern = query.get('pattern') ?? DEFAULT_KEY_PATTERN;
  if (pattern === '') return badRequest('the key pattern is empty (use * for every key)');
  if (Buffer.byteLength(pattern, 'utf8') > MAX_PATTERN_BYTES)
    return badRequest(`the key pattern is longer than ${MAX_PATTERN_BYTES} bytes (UTF-8)`);
  let cursor = query.get('cursor') ?? '0';
  if (!/^\d{1,20}$/.test(cursor) || BigInt(cursor) > MAX_SCAN_CURSOR) {
    return badRequest(`cursor must be the digits a previous reply gave (0 to ${MAX_SCAN_CURSOR})`);
  }
  const keys: RedisName[] = [];
  const unreadNodes = new Set<string>();
  let bytes =
    jsonBytes({ pattern, keys, cursor: String(MAX_SCAN_CURSOR), truncated: true, incomplete: true, unreadNodes: [] }) +
    UNREAD_RESERVE;
  let truncated = false;
  for (let round = 0; round < MAX_SCAN_ROUNDS && !truncated; round++) {
    let reply: unknown;
    try {
      reply = await call('SCAN', cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT, 'TYPE', 'zset');
    } catch (error) {
      if (!(error instanceof SkippedNodeError)) throw error;
      if (unreadNodes.size < MAX_UNREAD_NODES) unreadNodes.add(printable(error.node).slice(0, MAX_NODE_NAME));
      cursor = error.next;
      if (cursor === '0') break;
      continue;
    }
    const [next, found] = expectReply('SCAN', reply, isScanReply);
    cursor = bytesOf(next).toString('latin1');
    for (const raw of found) {
      const name = redisName(raw);
      const size = jsonBytes(name) + 1;
      if (bytes + size > MAX_REPLY_BYTES) {
        truncated = true;
        continue;
      }
      bytes += size;
      keys.push(name);
    }
    if (cursor === '0' || keys.length >= MAX_KEYS_PER_REPLY) break;
  }
  return {
    status: 200,
    // the fields appear only when a node was skipped: a complete walk's reply is as it always was
    body: {
      pattern,
      keys,
      cursor,
      truncated,
      ...(unreadNodes.size > 0 ? { incomplete: true, unreadNodes: [...unreadNodes] } : {}),
    },
  };
}

/** The key a request names: ?key64= (its bytes, base64url) or ?key= (text, sent as UTF-8). */
export function requestedKey(query: URLSearchParams): Buffer | string {
  const key64 = query.get('key64');
  if (key64 !== null) {
    if (!/^[A-Za-z0-9_-]*$/.test(key64) || key64.length % 4 === 1)
      return 'key64 must be base64url (A-Z a-z 0-9 - _, no padding), as /api/keys gives it';
    return Buffer.from(key64, 'base64url');
  }
  return Buffer.from(query.get('key') ?? '', 'utf8');
}

/**
 * GET /api/members?key64=|key=&start=&count=: TYPE (a missing key or another type is an error),
 * then ZCARD and `ZRANGE key start start+count-1 WITHSCORES` with count cut to MAX_PAGE_SIZE.
 * Scores stay the text Redis sent. The page stops early (`truncated`) at MAX_REPLY_BYTES.
 */
export async function readMembers(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const key = requestedKey(query);
  if (typeof key === 'string') return badRequest(key);
  if (key.length === 0) return badRequest('name a key: ?key64=<base64url, as /api/keys gives it> or ?key=<text>');
  if (key.length > MAX_KEY_BYTES) return badRequest(`the key is longer than ${MAX_KEY_BYTES} bytes`);
  const start = wholeParam(query, 'start', 0, MAX_START);
  if (typeof start === 'string') return badRequest(start);
  const asked = wholeParam(query, 'count', DEFAULT_PAGE_SIZE, 1_000_000_000);
  if (typeof asked === 'string') return badRequest(asked);
  if (asked === 0) return badRequest('count must be at least 1');
  const count = Math.min(asked, MAX_PAGE_SIZE);

  const type = bytesOf(expectReply('TYPE', await call('TYPE', key), isBytes)).toString('latin1');
  if (type === 'none') {
    return {
      status: 404,
      body: {
        error: { code: 'not-found', message: 'No such key now (a delayed set disappears when its last job is promoted).' },
      },
    };
  }
  if (type !== 'zset')
    return { status: 409, body: { error: { code: 'wrong-type', message: `That key holds a ${type}, not a sorted set.` } } };
  const [sizeReply, flatReply] = await Promise.all([
    call('ZCARD', key),
    call('ZRANGE', key, start, start + count - 1, 'WITHSCORES'),
  ]);
  const size = expectReply('ZCARD', sizeReply, isCount);
  const flat = expectReply('ZRANGE', flatReply, isByteList);
  const keyName = redisName(key);
  const entries: Array<[RedisName, string]> = [];
  let bytes = jsonBytes({ key: keyName, size, start, entries, truncated: true });
  let truncated = false;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const entry: [RedisName, string] = [redisName(flat[i]), bytesOf(flat[i + 1]).toString('latin1')];
    const entryBytes = jsonBytes(entry) + 1;
    if (entries.length > 0 && bytes + entryBytes > MAX_REPLY_BYTES) {
      truncated = true;
      break;
    }
    bytes += entryBytes;
    entries.push(entry);
  }
  return { status: 200, body: { key: keyName, size, start, entries, truncated } };
}
