/**
 * GET /api/keys?pattern=&cursor=: the sorted-set keys matching a pattern, by SCAN rounds from
 * `cursor` with MATCH pattern COUNT 250 TYPE zset (never KEYS), until MAX_KEYS_PER_REPLY keys are
 * found, the walk ends (cursor 0) or MAX_SCAN_ROUNDS pass. Keys travel as bytes (RedisName) and the
 * reply's JSON stays under MAX_REPLY_BYTES (`truncated` says when keys were left out). A cluster
 * node that could not be read (SkippedNodeError) is named in `unreadNodes` and the walk goes on
 * with the next one.
 */
import { z } from 'zod';
import { DEFAULT_KEY_PATTERN, MAX_KEYS_PER_REPLY, MAX_PATTERN_BYTES, MAX_REPLY_BYTES } from '../../src/model/bridgeWire.ts';
import type { RedisName } from '../../src/model/bridgeWire.ts';
import type { ReadOnlyCall } from '../allowList.ts';
import { cursor, parseQuery, single } from '../query.ts';
import {
  MAX_SCAN_CURSOR,
  UNREAD_RESERVE,
  badRequest,
  bytesOf,
  skipNode,
  expectReply,
  isScanReply,
  jsonBytes,
  redisName,
} from '../replies.ts';
import type { RouteReply } from '../replies.ts';

/** COUNT hint for each SCAN round. */
const SCAN_COUNT = 250;
/** SCAN rounds per /api/keys request at most (a large keyspace continues through the cursor). */
export const MAX_SCAN_ROUNDS = 40;

const KeysQuery = z.object({
  pattern: single
    .transform((text) => text ?? DEFAULT_KEY_PATTERN)
    .refine((text) => text !== '', 'the key pattern is empty (use * for every key)')
    .refine(
      (text) => Buffer.byteLength(text, 'utf8') <= MAX_PATTERN_BYTES,
      `the key pattern is longer than ${MAX_PATTERN_BYTES} bytes (UTF-8)`,
    ),
  cursor,
});

export async function listKeys(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const parsed = parseQuery(KeysQuery, query);
  if (!parsed.ok) return badRequest(parsed.message);
  const { pattern } = parsed.value;
  let next = parsed.value.cursor;
  const keys: RedisName[] = [];
  const unreadNodes = new Set<string>();
  let bytes =
    jsonBytes({ pattern, keys, cursor: String(MAX_SCAN_CURSOR), truncated: true, incomplete: true, unreadNodes: [] }) +
    UNREAD_RESERVE;
  let truncated = false;
  for (let round = 0; round < MAX_SCAN_ROUNDS && !truncated; round++) {
    let reply: unknown;
    try {
      reply = await call('SCAN', next, 'MATCH', pattern, 'COUNT', SCAN_COUNT, 'TYPE', 'zset');
    } catch (error) {
      next = skipNode(error, unreadNodes);
      if (next === '0') break;
      continue;
    }
    const [nextBytes, found] = expectReply('SCAN', reply, isScanReply);
    next = bytesOf(nextBytes).toString('latin1');
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
    if (next === '0' || keys.length >= MAX_KEYS_PER_REPLY) break;
  }
  return {
    status: 200,
    // the fields appear only when a node was skipped: a complete walk's reply is as it always was
    body: {
      pattern,
      keys,
      cursor: next,
      truncated,
      ...(unreadNodes.size > 0 ? { incomplete: true, unreadNodes: [...unreadNodes] } : {}),
    },
  };
}
