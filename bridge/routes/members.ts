/**
 * GET /api/members?key64=|key=&start=&count=: one page of a sorted set's members with their
 * scores: TYPE (a missing key or another type is an error), then ZCARD and
 * `ZRANGE key start start+count-1 WITHSCORES` with count cut to MAX_PAGE_SIZE. Scores stay the
 * text Redis sent. The page stops early (`truncated`) at MAX_REPLY_BYTES.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE, MAX_REPLY_BYTES } from '../../src/model/bridgeWire.ts';
import type { RedisName } from '../../src/model/bridgeWire.ts';
import type { ReadOnlyCall } from '../allowList.ts';
import { keyParams, parseQuery, requestedKey, whole } from '../query.ts';
import { badRequest, bytesOf, expectReply, isByteList, isCount, jsonBytes, redisName, unlessSortedSet } from '../replies.ts';
import type { RouteReply } from '../replies.ts';

/** Members per page when the request names no count. */
const DEFAULT_PAGE_SIZE = 1000;
/** The last start index a page may begin at (ZRANGE takes a signed 64-bit index; sets stay far below). */
const MAX_START = 2 ** 31 - 1;

const MembersQuery = z
  .object({
    ...keyParams,
    start: whole('start', 0, MAX_START),
    count: whole('count', DEFAULT_PAGE_SIZE, 1_000_000_000).refine((count) => count > 0, 'count must be at least 1'),
  })
  .transform(({ key64, key, start, count }, ctx) => ({
    key: requestedKey({ key64, key }, ctx),
    start,
    count: Math.min(count, MAX_PAGE_SIZE),
  }));

export async function readMembers(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const parsed = parseQuery(MembersQuery, query);
  if (!parsed.ok) return badRequest(parsed.message);
  const { key, start, count } = parsed.value;

  const refusal = await unlessSortedSet(call, key);
  if (refusal !== null) return refusal;
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
