/**
 * The bridge's three read routes over a ReadOnlyCall: health, the sorted-set keys matching a
 * pattern (SCAN ... MATCH ... TYPE zset, never KEYS), and one page of a key's members with their
 * scores (TYPE, ZCARD, ZRANGE ... WITHSCORES). Query values are checked before Redis is asked.
 */
import {
  DEFAULT_KEY_PATTERN,
  MAX_KEYS_PER_REPLY,
  MAX_PAGE_SIZE,
  MAX_PATTERN_LENGTH,
} from '../src/features/live/bridgeProtocol.ts';
import type { ErrorReply, HealthReply, KeysReply, MembersReply } from '../src/features/live/bridgeProtocol.ts';
import type { ReadOnlyCall } from './allowList.ts';

/** A reply before it is serialised: HTTP status and JSON body. */
export interface RouteReply {
  readonly status: number;
  readonly body: HealthReply | KeysReply | MembersReply | ErrorReply;
}

/** COUNT hint for each SCAN round. */
export const SCAN_COUNT = 250;
/** SCAN rounds per /api/keys request at most (a large keyspace continues through the cursor). */
export const MAX_SCAN_ROUNDS = 40;
/** Members per page when the request names no count. */
export const DEFAULT_PAGE_SIZE = 1000;
/** The longest key the bridge accepts in a request. */
export const MAX_KEY_LENGTH = 1024;
/** The last start index a page may begin at (ZRANGE takes a signed 64-bit index; sets stay far below). */
const MAX_START = 2 ** 31 - 1;

function badRequest(message: string): RouteReply {
  return { status: 400, body: { error: { code: 'bad-request', message } } };
}

function wholeParam(query: URLSearchParams, name: string, fallback: number, max: number): number | string {
  const text = query.get(name);
  if (text === null) return fallback;
  if (!/^\d{1,10}$/.test(text) || Number(text) > max) return `${name} must be a whole number from 0 to ${max}`;
  return Number(text);
}

/** GET /api/health: no Redis command. */
export function health(shownUrl: string): RouteReply {
  return { status: 200, body: { bridge: 'firetime', redis: shownUrl, maxPageSize: MAX_PAGE_SIZE } };
}

/**
 * GET /api/keys?pattern=&cursor=: SCAN rounds from `cursor` with MATCH pattern COUNT 250 TYPE zset
 * until MAX_KEYS_PER_REPLY keys are found, the walk ends (cursor 0) or MAX_SCAN_ROUNDS pass.
 */
export async function listKeys(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const pattern = query.get('pattern') ?? DEFAULT_KEY_PATTERN;
  if (pattern === '') return badRequest('the key pattern is empty (use * for every key)');
  if (pattern.length > MAX_PATTERN_LENGTH) return badRequest(`the key pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
  let cursor = query.get('cursor') ?? '0';
  if (!/^\d{1,20}$/.test(cursor)) return badRequest('cursor must be the digits a previous reply gave');
  const keys: string[] = [];
  for (let round = 0; round < MAX_SCAN_ROUNDS; round++) {
    const reply = (await call('SCAN', cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT, 'TYPE', 'zset')) as [string, string[]];
    cursor = reply[0];
    keys.push(...reply[1]);
    if (cursor === '0' || keys.length >= MAX_KEYS_PER_REPLY) break;
  }
  return { status: 200, body: { pattern, keys, cursor } };
}

/**
 * GET /api/members?key=&start=&count=: TYPE (a missing key or another type is an error), then
 * ZCARD and `ZRANGE key start start+count-1 WITHSCORES` with count cut to MAX_PAGE_SIZE.
 * Scores stay the text Redis sent.
 */
export async function readMembers(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const key = query.get('key');
  if (key === null || key === '') return badRequest('name a key: ?key=...');
  if (key.length > MAX_KEY_LENGTH) return badRequest(`the key is longer than ${MAX_KEY_LENGTH} characters`);
  const start = wholeParam(query, 'start', 0, MAX_START);
  if (typeof start === 'string') return badRequest(start);
  const asked = wholeParam(query, 'count', DEFAULT_PAGE_SIZE, 1_000_000_000);
  if (typeof asked === 'string') return badRequest(asked);
  if (asked === 0) return badRequest('count must be at least 1');
  const count = Math.min(asked, MAX_PAGE_SIZE);

  const type = await call('TYPE', key);
  if (type === 'none') {
    return { status: 404, body: { error: { code: 'not-found', message: 'No such key now (a delayed set disappears when its last job is promoted).' } } };
  }
  if (type !== 'zset') return { status: 409, body: { error: { code: 'wrong-type', message: `That key holds a ${String(type)}, not a sorted set.` } } };
  const [size, flat] = (await Promise.all([call('ZCARD', key), call('ZRANGE', key, start, start + count - 1, 'WITHSCORES')])) as [number, string[]];
  const entries: Array<[string, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) entries.push([flat[i]!, flat[i + 1]!]);
  return { status: 200, body: { key, size, start, entries } };
}
