/**
 * How /api/queues finds queues: SCAN rounds for `*:meta` and `*:id` keys on every master (bounded
 * in rounds, keys and time, cut in slices with turns of the event loop between them), then each
 * candidate `<prefix>:<name>` told a BullMQ, Bull or bee-queue queue, or no queue, by its keys' types.
 */
import { parseMetaVersion } from '../src/model/doctor/scheme.ts';
import type { QueueLibrary } from '../src/model/doctor/scheme.ts';
import { META_VERSION_FIELD } from './allowList.ts';
import type { ReadOnlyCall } from './allowList.ts';
import { ClusterDownError, clusterDownWords } from './redisErrors.ts';
import { UnexpectedReplyError, bytesOf, expectReply, isBytes, skipNode, typeOf } from './replies.ts';

/**
 * One SCAN walk finds both kinds of queue key: `*:[mi][ed]*` matches every key with ":me" or ":id"
 * in it (so `...:meta` and `...:id`, and few job hashes), and the exact endings are checked here.
 * Two walks (`*:meta`, then `*:id`) would read the keyspace twice.
 */
const DISCOVERY_PATTERN = '*:[mi][ed]*';
/** COUNT hint of each discovery round: a queue of a million jobs holds a million job hashes to walk past. */
const DISCOVERY_SCAN_COUNT = 1000;
/**
 * Discovery rounds per request at most (about 200,000 keys, a few hundred ms of Redis's time);
 * past them the reply gives the cursor to go on from. One request walking a million job hashes
 * took 5.4 s (bench/doctor.ts): bounded requests keep each reply short and Redis free between them.
 */
const MAX_DISCOVERY_ROUNDS = 200;
/**
 * Keys the walk's replies may bring per request (the rounds stop once this many came back): a
 * server answering each round with tens of thousands of keys must not hold a request, or the
 * bridge's memory, for rounds on end.
 */
export const MAX_DISCOVERY_KEYS = 20_000;
/**
 * Time a request's walk may take (ms): no SCAN round starts after it, so a keyspace full of keys
 * that look like a queue's (each costs a few TYPEs to rule out) is walked in parts that each end
 * well within the request's deadline, on a busy machine too.
 */
export const WALK_BUDGET_MS = 2000;
/** Keys of one SCAN reply looked at, at most: a server sending more in one round has the rest left out (`truncated`). */
export const MAX_ROUND_KEYS = 10_000;
/** Keys (or candidates) handled between two turns of the event loop, so no request holds it for long. */
const SLICE = 1000;
/**
 * Candidates whose keys are typed at once: their TYPEs go out together (a pipeline), not one round
 * trip each, and few enough that sending a batch, or taking in its replies, is a short piece of work.
 */
const IDENTIFY_BATCH = 64;

const COLON = 0x3a;

export const keyOf = (...parts: Array<Buffer | string>) =>
  Buffer.concat(parts.flatMap((part, i) => [...(i > 0 ? [Buffer.from(':')] : []), Buffer.from(part)]));

/** A queue's key split: `<prefix>:<name>:<suffix>`, the name being the last part without a colon. */
function splitQueueKey(key: Buffer): { prefix: Buffer; name: Buffer; suffix: string } | null {
  const last = key.lastIndexOf(COLON);
  if (last <= 0) return null;
  const beforeName = key.lastIndexOf(COLON, last - 1);
  if (beforeName <= 0 || beforeName === last - 1) return null;
  return {
    prefix: key.subarray(0, beforeName),
    name: key.subarray(beforeName + 1, last),
    suffix: key.subarray(last + 1).toString('latin1'),
  };
}

export interface Candidate {
  readonly prefix: Buffer;
  readonly name: Buffer;
  /** `<prefix>:<name>` as latin1 text, one character a byte: texts compare as the bytes do, with no copy per comparison. */
  readonly id: string;
}

export const candidateOf = (prefix: Buffer, name: Buffer): Candidate => ({
  prefix,
  name,
  id: keyOf(prefix, name).toString('latin1'),
});

export const byId = (a: Candidate, b: Candidate) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Lets the event loop turn (sockets, timers, other requests) between two slices of one request's work. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A part of the walk: where it goes on, the masters it could not read, and whether a round was cut. */
export interface WalkPart {
  readonly unreadNodes: string[];
  readonly cursor: string;
  /** A SCAN reply held more than MAX_ROUND_KEYS keys: the rest of that round was left out. */
  readonly cut: boolean;
}

/**
 * SCAN rounds from `from`: each round's new candidates go to `take`, which says when the queues
 * found fill a reply. The walk stops there, at the end of the keyspace, after MAX_DISCOVERY_ROUNDS
 * rounds, once MAX_DISCOVERY_KEYS keys came back or once `timeUp` says WALK_BUDGET_MS passed. The
 * keys are split in slices of SLICE with a turn of the event loop between them.
 */
export async function discover(
  call: ReadOnlyCall,
  from: string,
  take: (fresh: Candidate[]) => Promise<boolean>,
  timeUp: () => boolean,
): Promise<WalkPart> {
  const seen = new Set<string>();
  const unread = new Set<string>();
  let cursor = from;
  let keysTaken = 0;
  let cut = false;
  for (let round = 0; round < MAX_DISCOVERY_ROUNDS && keysTaken < MAX_DISCOVERY_KEYS && (round === 0 || !timeUp()); round++) {
    let reply: unknown;
    try {
      reply = await call('SCAN', cursor, 'MATCH', DISCOVERY_PATTERN, 'COUNT', DISCOVERY_SCAN_COUNT);
    } catch (error) {
      cursor = skipNode(error, unread);
      if (cursor === '0') break;
      continue;
    }
    const [next, keys] = expectReply(
      'SCAN',
      reply,
      (r): r is [Buffer | string, Array<Buffer | string>] =>
        Array.isArray(r) && r.length === 2 && isBytes(r[0]) && Array.isArray(r[1]),
    );
    const nextCursor = bytesOf(next).toString('latin1');
    if (!/^\d{1,24}$/.test(nextCursor)) throw new UnexpectedReplyError('SCAN');
    if (keys.length > MAX_ROUND_KEYS) cut = true;
    const taken = Math.min(keys.length, MAX_ROUND_KEYS);
    keysTaken += taken;
    const fresh: Candidate[] = [];
    for (let start = 0; start < taken; start += SLICE) {
      if (start > 0) await nextTurn();
      for (let i = start; i < Math.min(taken, start + SLICE); i++) {
        const raw = keys[i];
        if (!isBytes(raw)) throw new UnexpectedReplyError('SCAN');
        const key = bytesOf(raw);
        const parts = splitQueueKey(key);
        if (parts === null || (parts.suffix !== 'meta' && parts.suffix !== 'id')) continue;
        // the key up to its last colon is `<prefix>:<name>`: one candidate, however many of its keys come back
        const id = key.toString('latin1', 0, key.lastIndexOf(COLON));
        if (seen.has(id)) continue;
        seen.add(id);
        fresh.push({ prefix: parts.prefix, name: parts.name, id });
      }
    }
    cursor = nextCursor;
    const full = fresh.length > 0 && (await take(fresh));
    if (cursor === '0' || full) break;
  }
  return { unreadNodes: [...unread], cursor, cut };
}

export interface Identity {
  readonly library: QueueLibrary;
  readonly version: string | null;
}

/**
 * The queue's library and version, or null when its keys are not a queue's. A BullMQ queue: a
 * `meta` hash that names its version, or a versionless one beside another key of a queue (an
 * `id` counter, a `delayed` sorted set, a `wait` or `paused` list). A Bull queue: an `id` string
 * beside a `delayed` sorted set or a `wait` or `paused` list; bee-queue's beside its `jobs` hash.
 * A lone `...:id` string or `...:meta` hash (an application's own key) is no queue. Two rounds of
 * reads, each sent together (three for an `id` string without a `meta` hash: EXISTS first).
 */
async function identify(call: ReadOnlyCall, candidate: Candidate): Promise<Identity | null> {
  const { prefix, name } = candidate;
  const metaKey = keyOf(prefix, name, 'meta');
  const [metaType, idType] = await Promise.all([typeOf(call, metaKey), typeOf(call, keyOf(prefix, name, 'id'))]);
  if (metaType !== 'hash' && idType !== 'string') return null;
  // an `id` string alone (an application's counter): one EXISTS finds none of the keys a Bull or
  // bee-queue queue keeps beside it, where typing them was four TYPEs
  const beside = ['delayed', 'wait', 'paused', 'jobs'].map((suffix) => keyOf(prefix, name, suffix));
  if (metaType !== 'hash' && (await existing(call, beside)) === 0) return null;
  const [versionText, delayed, wait, paused, jobs] = await Promise.all([
    metaType === 'hash' ? call('HGET', metaKey, META_VERSION_FIELD) : Promise.resolve(null),
    typeOf(call, keyOf(prefix, name, 'delayed')),
    typeOf(call, keyOf(prefix, name, 'wait')),
    typeOf(call, keyOf(prefix, name, 'paused')),
    // bee-queue keeps every job in one hash, `<prefix>:<queue>:jobs`; Bull gives each its own
    idType === 'string' ? typeOf(call, keyOf(prefix, name, 'jobs')) : Promise.resolve('none'),
  ]);
  const queueKeys = delayed === 'zset' || wait === 'list' || paused === 'list';
  if (metaType === 'hash') {
    const meta = parseMetaVersion(isBytes(versionText) ? bytesOf(versionText).toString('utf8') : null);
    if (meta === null && idType !== 'string' && !queueKeys) return null;
    return { library: 'bullmq', version: meta?.version ?? null };
  }
  if (jobs === 'hash') return { library: 'bee-queue', version: null };
  return queueKeys ? { library: 'bull', version: null } : null;
}

/**
 * How many of `keys` exist, in one EXISTS; null when the server does not say (a cluster refuses
 * keys of several slots, CROSSSLOT; an ACL user set up before the bridge sent EXISTS, NOPERM):
 * the caller then types each key, as it would without EXISTS, and that says any other failure.
 */
async function existing(call: ReadOnlyCall, keys: readonly Buffer[]): Promise<number | null> {
  try {
    const reply = await call('EXISTS', ...keys);
    return typeof reply === 'number' && Number.isInteger(reply) && reply >= 0 ? reply : null;
  } catch {
    return null;
  }
}

/** A queue found (its library told), or a candidate whose keys could not be read, with why. */
export type Found =
  { readonly candidate: Candidate; readonly identity: Identity } | { readonly candidate: Candidate; readonly why: string };

/** The queues among `candidates`, in their order: IDENTIFY_BATCH at a time, each batch's reads sent together. */
export async function identifyAll(call: ReadOnlyCall, candidates: readonly Candidate[]): Promise<Found[]> {
  const queues: Found[] = [];
  for (let start = 0; start < candidates.length; start += IDENTIFY_BATCH) {
    const batch = candidates.slice(start, start + IDENTIFY_BATCH);
    const identities = await Promise.all(
      batch.map((candidate) =>
        identify(call, candidate).catch((error: unknown) => {
          // a cluster that refuses every key: the candidate cannot be told a queue or not, and says why
          if (error instanceof ClusterDownError) return { why: `its keys could not be read: ${clusterDownWords(error)}` };
          throw error;
        }),
      ),
    );
    identities.forEach((identity, i) => {
      if (identity === null) return;
      queues.push('why' in identity ? { candidate: batch[i]!, why: identity.why } : { candidate: batch[i]!, identity });
    });
  }
  return queues;
}
