/**
 * What the firetime bridge (bridge/) and the Live Redis panel say to each other over HTTP: the
 * routes, their JSON replies and the limits the bridge applies. Both sides import this file, so
 * the wire format is written down once.
 */
import { DISPLAY_CAP_BYTES } from './printable.ts';

/** Port the bridge listens on unless told otherwise (`--port`). */
export const DEFAULT_BRIDGE_PORT = 7379;
/** Where the panel looks for the bridge first. */
export const DEFAULT_BRIDGE_URL = `http://127.0.0.1:${DEFAULT_BRIDGE_PORT}`;
/** Key pattern the key list starts with: BullMQ's delayed sets are `<prefix>:<queue>:delayed`. */
export const DEFAULT_KEY_PATTERN = '*:delayed';
/** The most members one /api/members reply holds (a larger `count` is cut to this). */
export const MAX_PAGE_SIZE = 5000;
/** The most keys one /api/keys reply holds; the cursor continues the listing. */
export const MAX_KEYS_PER_REPLY = 200;
/** The most bytes one reply's JSON holds; a reply that would be larger is cut and says `truncated`. */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;
/** The longest key the bridge opens, in bytes: every key it lists in full (DISPLAY_CAP_BYTES). */
export const MAX_KEY_BYTES = DISPLAY_CAP_BYTES;
/** The longest key pattern the bridge passes to SCAN MATCH, in bytes (UTF-8). */
export const MAX_PATTERN_BYTES = 256;
/**
 * The header every /api/keys and /api/members request carries (value BRIDGE_REQUEST_VALUE). A
 * browser sends a custom header only after a CORS preflight the bridge answers for the app's
 * origins alone, so an <img>, a form or a no-cors fetch from another site cannot make the bridge
 * read Redis, even blind.
 */
export const BRIDGE_REQUEST_HEADER = 'X-Firetime-Bridge';
export const BRIDGE_REQUEST_VALUE = '1';

/** GET /api/health: the bridge is up; which Redis it reads (password removed). */
export interface HealthReply {
  readonly bridge: 'firetime';
  readonly redis: string;
  readonly maxPageSize: number;
}

/**
 * A key or member as Redis holds it: bytes, which need not be UTF-8. `base64` (URL-safe, no
 * padding) carries them, only the first DISPLAY_CAP_BYTES of a longer one; `text` is their
 * printable form (printableBytes: one visible line, `… (N bytes)` when shortened); `byteLength`
 * is the full length. A key whose byteLength is at most MAX_KEY_BYTES opens with ?key64=base64.
 * `sha256` (base64url of the SHA-256 of all the bytes) comes with a shortened name only: two
 * names that share their first DISPLAY_CAP_BYTES and their length are still told apart by it.
 */
export interface RedisName {
  readonly base64: string;
  readonly text: string;
  readonly byteLength: number;
  readonly sha256?: string;
}

/**
 * GET /api/keys?pattern=P&cursor=C: sorted-set keys matching P, from `SCAN C MATCH P TYPE zset`
 * rounds; `cursor` is where the next call continues, '0' once the keyspace has been walked.
 * `truncated`: the keys of the last round did not all fit in MAX_REPLY_BYTES, so some were left out.
 * `incomplete` (only ever true, and sent only then): on a cluster, the nodes in `unreadNodes`
 * (host:port) could not be read (down, not answering): the walk went past them, and their keys are
 * missing from the listing.
 */
export interface KeysReply {
  readonly pattern: string;
  readonly keys: RedisName[];
  readonly cursor: string;
  readonly truncated: boolean;
  readonly incomplete?: true;
  readonly unreadNodes?: string[];
}

/**
 * GET /api/members?key64=K (or ?key=text)&start=S&count=N: ZCARD K and `ZRANGE K S S+N-1
 * WITHSCORES`, N cut to MAX_PAGE_SIZE. Each entry is [member, score text exactly as Redis replied
 * it]. `truncated`: the page stopped early to stay under MAX_REPLY_BYTES; the next page starts
 * at start + entries.length, so nothing is lost.
 */
export interface MembersReply {
  readonly key: RedisName;
  readonly size: number;
  readonly start: number;
  readonly entries: Array<[member: RedisName, scoreText: string]>;
  readonly truncated: boolean;
}

/** Why a request failed; `message` is meant for people and never holds a password. */
export type BridgeErrorCode =
  | 'redis-down'
  | 'redis-timeout'
  | 'redis-auth'
  | 'redis-error'
  | 'not-found'
  | 'wrong-type'
  | 'bad-request'
  | 'forbidden-origin'
  | 'forbidden-host'
  | 'unauthorized'
  | 'internal'
  | 'refused-command'
  | 'busy';

/** The body of every reply that is not 2xx. */
export interface ErrorReply {
  readonly error: { readonly code: BridgeErrorCode; readonly message: string };
}
