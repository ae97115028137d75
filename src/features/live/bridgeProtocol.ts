/**
 * What the firetime bridge (bridge/) and the Live Redis panel say to each other over HTTP: the
 * routes, their JSON replies and the limits the bridge applies. Both sides import this file, so
 * the wire format is written down once.
 */

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
/** The longest key pattern the bridge passes to SCAN MATCH. */
export const MAX_PATTERN_LENGTH = 256;

/** GET /api/health: the bridge is up; which Redis it reads (password removed). */
export interface HealthReply {
  readonly bridge: 'firetime';
  readonly redis: string;
  readonly maxPageSize: number;
}

/**
 * GET /api/keys?pattern=P&cursor=C: sorted-set keys matching P, from `SCAN C MATCH P TYPE zset`
 * rounds; `cursor` is where the next call continues, '0' once the keyspace has been walked.
 */
export interface KeysReply {
  readonly pattern: string;
  readonly keys: string[];
  readonly cursor: string;
}

/**
 * GET /api/members?key=K&start=S&count=N: ZCARD K and `ZRANGE K S S+N-1 WITHSCORES`, N cut to
 * MAX_PAGE_SIZE. Each entry is [member, score text exactly as Redis replied it].
 */
export interface MembersReply {
  readonly key: string;
  readonly size: number;
  readonly start: number;
  readonly entries: Array<[member: string, scoreText: string]>;
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
  | 'refused-command';

/** The body of every reply that is not 2xx. */
export interface ErrorReply {
  readonly error: { readonly code: BridgeErrorCode; readonly message: string };
}
