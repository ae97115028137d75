/**
 * The Live Redis panel's side of the bridge: checks what the user typed (bridge URL, key pattern,
 * refresh interval), fetches keys and pages of members, and turns every failure into one message
 * to show: the bridge unreachable, the bridge's own JSON error (Redis down, slow, password...), or
 * an answer that is not the bridge's. No DOM, no React.
 */
import type { Parsed } from '../../session/input.ts';
import { compareBytes } from '../../model/redis/memberOrder.ts';
import { base64UrlFromBytes, bytesFromBase64, printable } from '../../model/printable.ts';
import { BRIDGE_REQUEST_HEADER, BRIDGE_REQUEST_VALUE, MAX_PAGE_SIZE, MAX_PATTERN_BYTES } from '../../model/bridgeWire.ts';
import type { BridgeErrorCode, KeysReply, MembersReply, RedisName } from '../../model/bridgeWire.ts';

/** The most members the panel reads from one set: the head of a larger set (the jobs due first). */
export const MAX_LIVE_MEMBERS = 20_000;
/** The most keys the panel lists. */
const MAX_LISTED_KEYS = 1000;
/** The most member text (UTF-16 units) the panel holds from one set: it stops reading pages past this. */
const MAX_LIVE_TEXT = 16 * 1024 * 1024;
/** How long the panel waits for one bridge reply (ms). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Bounds of the auto-refresh interval (seconds). */
const MIN_REFRESH_SECONDS = 1;
const MAX_REFRESH_SECONDS = 3600;

/** What went wrong, said for people: `code` is the bridge's, or 'unreachable' / 'not-a-bridge'. */
export class BridgeRequestError extends Error {
  constructor(
    readonly code: BridgeErrorCode | 'unreachable' | 'not-a-bridge',
    message: string,
  ) {
    super(message);
    this.name = 'BridgeRequestError';
  }
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const refuse = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** The bridge URL field: an http(s) address with no user, path, query or fragment; gives its origin. */
export function parseBridgeUrl(text: string): Parsed<string> {
  const trimmed = text.trim();
  if (trimmed === '') return refuse('Enter the bridge address, e.g. http://127.0.0.1:7379.');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return refuse('Not an address: write it as http://127.0.0.1:7379.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return refuse('Use http:// (or https://), as npm run bridge prints it.');
  if (url.username !== '' || url.password !== '')
    return refuse('No user or password here: the bridge holds the Redis password, the page never does.');
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '')
    return refuse('Only scheme, host and port, e.g. http://127.0.0.1:7379.');
  return ok(url.origin);
}

/** The token field: empty (a bridge on this machine needs none) or the 16 to 256 visible characters npm run bridge printed. */
export function parseToken(text: string): Parsed<string> {
  const trimmed = text.trim();
  if (trimmed === '' || /^[\x21-\x7e]{16,256}$/.test(trimmed)) return ok(trimmed);
  return refuse(
    'The token npm run bridge printed: 16 to 256 characters, no spaces (leave empty for a bridge on this machine without --token).',
  );
}

/** The key pattern field: a SCAN MATCH glob, 1 to 256 bytes of UTF-8 (as the bridge counts), no control characters. */
export function parseKeyPattern(text: string): Parsed<string> {
  if (text === '') return refuse('Enter a pattern, e.g. *:delayed (or * for every sorted set).');
  if (new TextEncoder().encode(text).length > MAX_PATTERN_BYTES)
    return refuse(
      `At most ${MAX_PATTERN_BYTES} bytes (UTF-8): ${MAX_PATTERN_BYTES} plain ASCII characters, fewer accented ones.`,
    );
  if (/\p{Cc}/u.test(text)) return refuse('No control characters in a pattern.');
  return ok(text);
}

/** The auto-refresh field: whole seconds from 1 to 3600. */
export function parseRefreshSeconds(text: string): Parsed<number> {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return refuse(`Whole seconds, from ${MIN_REFRESH_SECONDS} to ${MAX_REFRESH_SECONDS}.`);
  const value = Number(trimmed);
  if (value < MIN_REFRESH_SECONDS || value > MAX_REFRESH_SECONDS)
    return refuse(`From ${MIN_REFRESH_SECONDS} to ${MAX_REFRESH_SECONDS} seconds.`);
  return ok(value);
}

/** How the client fetches (the page's fetch; tests pass their own). */
export type Fetch = (
  url: string,
  init: {
    signal: AbortSignal;
    credentials: 'omit';
    cache: 'no-store';
    referrerPolicy: 'no-referrer';
    headers?: Record<string, string>;
  },
) => Promise<Response>;

/**
 * How a view reaches one bridge: its origin and the fetch that sends the reader's token with every
 * request. Query keys take `tokenSent`, never the token itself.
 */
export interface BridgeAccess {
  readonly url: string;
  readonly tokenSent: boolean;
  readonly send: Fetch;
}

export function bridgeAccess(url: string, token: string, fetchImpl: Fetch): BridgeAccess {
  return { url, tokenSent: token !== '', send: withToken(fetchImpl, token) };
}

/** `fetchImpl` sending the bridge's token (`Authorization: Bearer <token>`) with every request; unchanged for an empty token. */
export function withToken(fetchImpl: Fetch, token: string): Fetch {
  if (token === '') return fetchImpl;
  return (url, init) => fetchImpl(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
}

const LOOPBACK_BRIDGE = /^https?:\/\/(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d+)?$/;

function isErrorBody(body: unknown): body is { error: { code: BridgeErrorCode; message: string } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = body.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** GETs `path` from the bridge at `base`; resolves with the JSON body of a 2xx reply, or rejects with a BridgeRequestError. */
export async function getJson(base: string, path: string, fetchImpl: Fetch, signal?: AbortSignal): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  let response: Response;
  try {
    response = await fetchImpl(`${base}${path}`, {
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      // the bridge reads Redis only for requests carrying it (a browser preflights a custom header)
      headers: { [BRIDGE_REQUEST_HEADER]: BRIDGE_REQUEST_VALUE },
    });
  } catch {
    if (signal?.aborted) throw new BridgeRequestError('unreachable', 'Cancelled.');
    const timedOut = controller.signal.aborted;
    throw new BridgeRequestError(
      'unreachable',
      timedOut
        ? `The bridge at ${base} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s.`
        : LOOPBACK_BRIDGE.test(base)
          ? `Cannot reach the bridge at ${base}. Start it with "npm run bridge -- --redis redis://127.0.0.1:6379", and check that its --origin allows this page.`
          : `Cannot reach the bridge at ${base}. Is it running with --host and --origin allowing this page? This page's Content-Security-Policy (connect-src) also lets it reach bridges on this machine only, unless it is served with a policy naming ${base} (see docs/live-redis.md in the firetime repository).`,
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new BridgeRequestError(
      'not-a-bridge',
      `${base} answered (HTTP ${response.status}), but not as the firetime bridge does.`,
    );
  }
  if (isErrorBody(body)) throw new BridgeRequestError(body.error.code, body.error.message);
  if (!response.ok)
    throw new BridgeRequestError('not-a-bridge', `${base} answered HTTP ${response.status}, not as the firetime bridge does.`);
  return body;
}

/** A key or member as the bridge sends it (bridgeWire.ts RedisName). */
export function isRedisName(value: unknown): value is RedisName {
  const name = value as RedisName;
  return (
    typeof name === 'object' &&
    name !== null &&
    typeof name.base64 === 'string' &&
    typeof name.text === 'string' &&
    Number.isSafeInteger(name.byteLength) &&
    name.byteLength >= 0 &&
    (name.sha256 === undefined || (typeof name.sha256 === 'string' && /^[A-Za-z0-9_-]{43}$/.test(name.sha256)))
  );
}

/**
 * A key's identity: its length and its bytes, or for a name the bridge shortened (only its first
 * 4 KB travel) the SHA-256 of all its bytes, so two long keys sharing their first 4 KB stay two.
 */
export function nameId(name: RedisName): string {
  return `${name.byteLength}:${name.sha256 ?? name.base64}`;
}

function isKeysReply(body: unknown): body is KeysReply {
  const reply = body as KeysReply;
  return (
    typeof reply === 'object' &&
    reply !== null &&
    typeof reply.cursor === 'string' &&
    Array.isArray(reply.keys) &&
    reply.keys.every(isRedisName)
  );
}

/** A /api/members reply's shape. */
export function isMembersReply(body: unknown): body is MembersReply {
  const reply = body as MembersReply;
  return (
    typeof reply === 'object' &&
    reply !== null &&
    typeof reply.size === 'number' &&
    Array.isArray(reply.entries) &&
    reply.entries.every((e) => Array.isArray(e) && e.length === 2 && isRedisName(e[0]) && typeof e[1] === 'string')
  );
}

/** A key as the panel keeps it: the bridge's RedisName, its text escaped again (whoever sent it) and its bytes for ordering. */
export interface ListedKey extends RedisName {
  readonly bytes: Uint8Array;
}

/** The key whose UTF-8 bytes are `text` (a key named in a page link rather than listed by the bridge). */
export function keyFromText(text: string): ListedKey {
  const bytes = new TextEncoder().encode(text);
  return { base64: base64UrlFromBytes(bytes), text: printable(text), byteLength: bytes.length, bytes };
}

const notBridge = (base: string) =>
  new BridgeRequestError('not-a-bridge', `${base} answered, but not as the firetime bridge does.`);

/**
 * The sorted-set keys matching `pattern` (SCAN through /api/keys until its cursor is 0), in Redis's
 * byte order. `complete` is false when the listing stopped at MAX_LISTED_KEYS or a reply said it
 * left keys out (`truncated`, its byte budget). `unreadNodes`: the cluster nodes the bridge could
 * not read (their keys are missing), as printable text.
 */
export async function listKeys(
  base: string,
  pattern: string,
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<{ keys: ListedKey[]; complete: boolean; unreadNodes: string[] }> {
  const keys = new Map<string, ListedKey>();
  const unreadNodes = new Set<string>();
  let cursor = '0';
  let truncated = false;
  do {
    const body = await getJson(
      base,
      `/api/keys?pattern=${encodeURIComponent(pattern)}&cursor=${encodeURIComponent(cursor)}`,
      fetchImpl,
      signal,
    );
    if (!isKeysReply(body)) throw notBridge(base);
    for (const key of body.keys) {
      const bytes = bytesFromBase64(key.base64);
      if (bytes === null) throw notBridge(base);
      keys.set(nameId(key), {
        base64: key.base64,
        text: printable(key.text),
        byteLength: key.byteLength,
        ...(key.sha256 !== undefined ? { sha256: key.sha256 } : {}),
        bytes,
      });
    }
    truncated ||= body.truncated === true;
    // an older bridge sends no unreadNodes; a list of anything but strings is not the bridge's
    if (Array.isArray(body.unreadNodes))
      for (const node of body.unreadNodes.slice(0, 100))
        if (typeof node === 'string') unreadNodes.add(printable(node).slice(0, 120));
    cursor = body.cursor;
  } while (cursor !== '0' && keys.size < MAX_LISTED_KEYS);
  return {
    keys: [...keys.values()].sort((a, b) => compareBytes(a.bytes, b.bytes)).slice(0, MAX_LISTED_KEYS),
    complete: cursor === '0' && !truncated,
    unreadNodes: [...unreadNodes].slice(0, 100),
  };
}

/**
 * The head of the set `key` (named by its bytes): pages of ZRANGE ... WITHSCORES through
 * /api/members until the set (as ZCARD said on the first page), MAX_LIVE_MEMBERS or MAX_LIVE_TEXT
 * is read. Each member comes as its printable text (escaped again here, as is the score text,
 * whoever sent them; `… (N bytes)` when the bridge shortened it). A set that changes between pages may shift by a few
 * members; the next refresh reads it again.
 */
export async function readSetHead(
  base: string,
  key: RedisName,
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<{ size: number; entries: Array<[string, string]> }> {
  const entries: Array<[string, string]> = [];
  let size = 0;
  let text = 0;
  for (;;) {
    const count = Math.min(MAX_PAGE_SIZE, MAX_LIVE_MEMBERS - entries.length);
    const body = await getJson(
      base,
      `/api/members?key64=${encodeURIComponent(key.base64)}&start=${entries.length}&count=${count}`,
      fetchImpl,
      signal,
    );
    if (!isMembersReply(body)) throw notBridge(base);
    if (entries.length === 0) size = body.size;
    for (const [member, score] of body.entries) {
      const shown = printable(member.text);
      text += shown.length;
      entries.push([shown, printable(score, '')]);
    }
    if (body.entries.length === 0 || entries.length >= Math.min(size, MAX_LIVE_MEMBERS) || text >= MAX_LIVE_TEXT) break;
  }
  return { size, entries };
}
