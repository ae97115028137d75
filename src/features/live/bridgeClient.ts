/**
 * The Live Redis panel's side of the bridge: checks what the user typed (bridge URL, key pattern,
 * refresh interval), fetches keys and pages of members, and turns every failure into one message
 * to show: the bridge unreachable, the bridge's own JSON error (Redis down, slow, password...), or
 * an answer that is not the bridge's. No DOM, no React.
 */
import type { Parsed } from '../../session/input.ts';
import { compareMembers } from '../../model/redis/memberOrder.ts';
import { MAX_PAGE_SIZE, MAX_PATTERN_LENGTH } from './bridgeProtocol.ts';
import type { BridgeErrorCode, KeysReply, MembersReply } from './bridgeProtocol.ts';

/** The most members the panel reads from one set: the head of a larger set (the jobs due first). */
export const MAX_LIVE_MEMBERS = 20_000;
/** The most keys the panel lists. */
export const MAX_LISTED_KEYS = 1000;
/** How long the panel waits for one bridge reply (ms). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Bounds of the auto-refresh interval (seconds). */
export const MIN_REFRESH_SECONDS = 1;
export const MAX_REFRESH_SECONDS = 3600;

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
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('Use http:// (or https://), as npm run bridge prints it.');
  if (url.username !== '' || url.password !== '') return refuse('No user or password here: the bridge holds the Redis password, the page never does.');
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') return refuse('Only scheme, host and port, e.g. http://127.0.0.1:7379.');
  return ok(url.origin);
}

/** The key pattern field: a SCAN MATCH glob, 1 to 256 characters, no control characters. */
export function parseKeyPattern(text: string): Parsed<string> {
  if (text === '') return refuse('Enter a pattern, e.g. *:delayed (or * for every sorted set).');
  if (text.length > MAX_PATTERN_LENGTH) return refuse(`At most ${MAX_PATTERN_LENGTH} characters.`);
  if (/\p{Cc}/u.test(text)) return refuse('No control characters in a pattern.');
  return ok(text);
}

/** The auto-refresh field: whole seconds from 1 to 3600. */
export function parseRefreshSeconds(text: string): Parsed<number> {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return refuse(`Whole seconds, from ${MIN_REFRESH_SECONDS} to ${MAX_REFRESH_SECONDS}.`);
  const value = Number(trimmed);
  if (value < MIN_REFRESH_SECONDS || value > MAX_REFRESH_SECONDS) return refuse(`From ${MIN_REFRESH_SECONDS} to ${MAX_REFRESH_SECONDS} seconds.`);
  return ok(value);
}

/** How the client fetches (the page's fetch; tests pass their own). */
export type Fetch = (url: string, init: { signal: AbortSignal; credentials: 'omit'; cache: 'no-store' }) => Promise<Response>;

function isErrorBody(body: unknown): body is { error: { code: BridgeErrorCode; message: string } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = body.error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string' && typeof (error as { code?: unknown }).code === 'string';
}

/** GETs `path` from the bridge at `base`; resolves with the JSON body of a 2xx reply, or rejects with a BridgeRequestError. */
export async function getJson(base: string, path: string, fetchImpl: Fetch, signal?: AbortSignal): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  let response: Response;
  try {
    response = await fetchImpl(`${base}${path}`, { signal: controller.signal, credentials: 'omit', cache: 'no-store' });
  } catch {
    if (signal?.aborted) throw new BridgeRequestError('unreachable', 'Cancelled.');
    const timedOut = controller.signal.aborted;
    throw new BridgeRequestError(
      'unreachable',
      timedOut
        ? `The bridge at ${base} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s.`
        : `Cannot reach the bridge at ${base}. Start it with "npm run bridge -- --redis redis://127.0.0.1:6379", and check that its --origin allows this page.`,
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new BridgeRequestError('not-a-bridge', `${base} answered (HTTP ${response.status}), but not as the firetime bridge does.`);
  }
  if (isErrorBody(body)) throw new BridgeRequestError(body.error.code, body.error.message);
  if (!response.ok) throw new BridgeRequestError('not-a-bridge', `${base} answered HTTP ${response.status}, not as the firetime bridge does.`);
  return body;
}

function isKeysReply(body: unknown): body is KeysReply {
  const reply = body as KeysReply;
  return typeof reply === 'object' && reply !== null && typeof reply.cursor === 'string' && Array.isArray(reply.keys) && reply.keys.every((k) => typeof k === 'string');
}

function isMembersReply(body: unknown): body is MembersReply {
  const reply = body as MembersReply;
  return (
    typeof reply === 'object' &&
    reply !== null &&
    typeof reply.size === 'number' &&
    Array.isArray(reply.entries) &&
    reply.entries.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && typeof e[1] === 'string')
  );
}

const notBridge = (base: string) => new BridgeRequestError('not-a-bridge', `${base} answered, but not as the firetime bridge does.`);

/** The sorted-set keys matching `pattern` (SCAN through /api/keys until its cursor is 0), in Redis member order. */
export async function listKeys(base: string, pattern: string, fetchImpl: Fetch, signal?: AbortSignal): Promise<{ keys: string[]; complete: boolean }> {
  const keys = new Set<string>();
  let cursor = '0';
  do {
    const body = await getJson(base, `/api/keys?pattern=${encodeURIComponent(pattern)}&cursor=${cursor}`, fetchImpl, signal);
    if (!isKeysReply(body)) throw notBridge(base);
    for (const key of body.keys) keys.add(key);
    cursor = body.cursor;
  } while (cursor !== '0' && keys.size < MAX_LISTED_KEYS);
  return { keys: [...keys].sort(compareMembers).slice(0, MAX_LISTED_KEYS), complete: cursor === '0' };
}

/**
 * The head of the set `key`: pages of ZRANGE ... WITHSCORES through /api/members until the set (as
 * ZCARD said on the first page) or MAX_LIVE_MEMBERS is read. A set that changes between pages may
 * shift by a few members; the next refresh reads it again.
 */
export async function readSetHead(base: string, key: string, fetchImpl: Fetch, signal?: AbortSignal): Promise<{ size: number; entries: Array<[string, string]> }> {
  const entries: Array<[string, string]> = [];
  let size = 0;
  for (;;) {
    const count = Math.min(MAX_PAGE_SIZE, MAX_LIVE_MEMBERS - entries.length);
    const body = await getJson(base, `/api/members?key=${encodeURIComponent(key)}&start=${entries.length}&count=${count}`, fetchImpl, signal);
    if (!isMembersReply(body)) throw notBridge(base);
    if (entries.length === 0) size = body.size;
    entries.push(...body.entries);
    if (body.entries.length === 0 || entries.length >= Math.min(size, MAX_LIVE_MEMBERS)) break;
  }
  return { size, entries };
}
