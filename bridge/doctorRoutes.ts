/**
 * The delayed-jobs doctor's routes, read-only like the rest of the bridge and sent
 * through the same allow-list:
 * - GET /api/queues: every BullMQ, Bull and bee-queue queue (SCAN for `*:meta` and `*:id` keys on
 *   every master), each with its delayed and overdue counts against the server's TIME, the head,
 *   the marker, the fullest band and the verdict in words (src/model/doctor/);
 * - GET /api/histogram: jobs per window of fire-times over a whole set, one ZCOUNT a window;
 * - GET /api/jobs: a few jobs' hashes (HMGET of the job-hash fields only) beside their scores.
 */
import { MAX_KEY_BYTES } from '../src/model/bridgeWire.ts';
import type { RedisName } from '../src/model/bridgeWire.ts';
import { BAND_SEARCH_LIMITS, bandRuns, FullestBand, searchFullestBand } from '../src/model/doctor/bandScan.ts';
import type { BandCount, BandSearchLimits } from '../src/model/doctor/bandScan.ts';
import type {
  FullestBandReading,
  HistogramReply,
  JobRow,
  JobsReply,
  MarkerReading,
  QueueRow,
  QueuesReply,
  UnreadableQueue,
} from '../src/model/doctor/doctorWire.ts';
import { DEFAULT_BUCKETS, MAX_BUCKETS, firstNotDue, planHistogram, windowBounds } from '../src/model/doctor/histogram.ts';
import { jobFacts, jobStory } from '../src/model/doctor/jobFacts.ts';
import { jobStateOf } from './jobState.ts';
import type { FieldText, JobHashFields } from '../src/model/doctor/jobFacts.ts';
import {
  dueBound,
  fireTimeOfScore,
  hasCeiling,
  parseMetaVersion,
  schemeFromScores,
  schemeOf,
  scoresOf,
  unitsPerMs,
} from '../src/model/doctor/scheme.ts';
import type { QueueLibrary, SchemeSource, ScoreScheme } from '../src/model/doctor/scheme.ts';
import { verdictOf } from '../src/model/doctor/verdict.ts';
import { printable, printableBytes } from '../src/model/printable.ts';
import { JOB_HASH_FIELDS, META_VERSION_FIELD } from './allowList.ts';
import { readQueueState } from './queueState.ts';
import { ClusterDownError, clusterDownWords } from './redisErrors.ts';
import type { ReadOnlyCall } from './allowList.ts';
import {
  MAX_NODE_NAME,
  MAX_SCAN_CURSOR,
  MAX_UNREAD_NODES,
  SkippedNodeError,
  UnexpectedReplyError,
  badRequest,
  bytesOf,
  expectReply,
  isByteList,
  isBytes,
  isCount,
  redisName,
  requestedKey,
} from './routes.ts';
import type { RouteReply } from './routes.ts';

/**
 * One SCAN walk finds both kinds of queue key: `*:[mi][ed]*` matches every key with ":me" or ":id"
 * in it (so `...:meta` and `...:id`, and few job hashes), and the exact endings are checked here.
 * Two walks (`*:meta`, then `*:id`) would read the keyspace twice.
 */
export const DISCOVERY_PATTERN = '*:[mi][ed]*';
/** COUNT hint of each discovery round: a queue of a million jobs holds a million job hashes to walk past. */
export const DISCOVERY_SCAN_COUNT = 1000;
/**
 * Discovery rounds per request at most (about 200,000 keys, a few hundred ms of Redis's time);
 * past them the reply gives the cursor to go on from. One request walking a million job hashes
 * took 5.4 s (bench/doctor.ts): bounded requests keep each reply short and Redis free between them.
 */
export const MAX_DISCOVERY_ROUNDS = 200;
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
export const SLICE = 1000;
/**
 * Candidates whose keys are typed at once: their TYPEs go out together (a pipeline), not one round
 * trip each, and few enough that sending a batch, or taking in its replies, is a short piece of work.
 */
export const IDENTIFY_BATCH = 64;
/** Queues one reply describes at most (the rest found are named in `toRead`). */
export const MAX_QUEUES = 200;
/**
 * Commands the rows of one reply may send: once spent, the queues not read yet are named in
 * `toRead` for the next request. The row being read when it runs out is finished, so one reply
 * sends at most this plus one row's own most (its fullest-band search's counts and a few reads).
 */
export const MAX_ROW_COMMANDS = 20_000;
/** Queue names one reply leaves in `toRead` at most; past it the reply says `truncated`. */
export const MAX_TO_READ = 2000;
/** Members of the head page that seeds the fullest band (and answers a smaller set alone). */
export const BAND_PAGE = 1000;
/** Marker entries a row shows (BullMQ writes two at most: "0" and "1"). */
export const MARKER_ENTRIES = 10;
/** Bytes of a job-hash field kept (the rest is dropped and the field flagged `cut`). */
export const JOB_FIELD_CAP_BYTES = 4096;
/** Job ids one /api/jobs request may name. */
export const MAX_JOB_IDS = 100;

const COLON = 0x3a;

/** The server's now in ms, from TIME (seconds, microseconds). */
export async function serverNow(call: ReadOnlyCall): Promise<number> {
  const reply = expectReply(
    'TIME',
    await call('TIME'),
    (r): r is [Buffer | string, Buffer | string] =>
      Array.isArray(r) &&
      r.length === 2 &&
      r.every((part) => isBytes(part) && /^\d{1,20}$/.test(bytesOf(part).toString('latin1'))),
  );
  const [seconds, micros] = reply.map((part) => Number(bytesOf(part).toString('latin1')));
  return seconds! * 1000 + Math.floor(micros! / 1000);
}

/** A Redis score text as a number ("inf" and "-inf" included). */
function scoreNumber(text: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  return Number(text);
}

const keyOf = (...parts: Array<Buffer | string>) =>
  Buffer.concat(parts.flatMap((part, i) => [...(i > 0 ? [Buffer.from(':')] : []), Buffer.from(part)]));

const typeOf = async (call: ReadOnlyCall, key: Buffer) =>
  bytesOf(expectReply('TYPE', await call('TYPE', key), isBytes)).toString('latin1');

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

interface Candidate {
  readonly prefix: Buffer;
  readonly name: Buffer;
  /** `<prefix>:<name>` as latin1 text, one character a byte: texts compare as the bytes do, with no copy per comparison. */
  readonly id: string;
}

const candidateOf = (prefix: Buffer, name: Buffer): Candidate => ({ prefix, name, id: keyOf(prefix, name).toString('latin1') });

const byId = (a: Candidate, b: Candidate) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Lets the event loop turn (sockets, timers, other requests) between two slices of one request's work. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A part of the walk: where it goes on, the masters it could not read, and whether a round was cut. */
interface WalkPart {
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
async function discover(
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
      if (!(error instanceof SkippedNodeError)) throw error;
      if (unread.size < MAX_UNREAD_NODES) unread.add(printable(error.node).slice(0, MAX_NODE_NAME));
      cursor = error.next;
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

interface Identity {
  readonly library: QueueLibrary;
  readonly version: string | null;
}

/** Members a row reads from the head to tell a versionless BullMQ queue's scheme by its scores. */
export const SCHEME_SAMPLE = 100;

/**
 * The queue's library and version, or null when its keys are not a queue's. A BullMQ queue: a
 * `meta` hash that names its version, or a versionless one beside another key of a queue (an
 * `id` counter, a `delayed` sorted set, a `wait` or `paused` list). A Bull queue: an `id` string
 * beside a `delayed` sorted set or a `wait` or `paused` list; bee-queue's beside its `jobs` hash.
 * A lone `...:id` string or `...:meta` hash (an application's own key) is no queue. Two rounds of
 * reads, each sent together.
 */
async function identify(call: ReadOnlyCall, candidate: Candidate): Promise<Identity | null> {
  const { prefix, name } = candidate;
  const metaKey = keyOf(prefix, name, 'meta');
  const [metaType, idType] = await Promise.all([typeOf(call, metaKey), typeOf(call, keyOf(prefix, name, 'id'))]);
  if (metaType !== 'hash' && idType !== 'string') return null;
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

/** A queue found (its library told), or a candidate whose keys could not be read, with why. */
type Found =
  { readonly candidate: Candidate; readonly identity: Identity } | { readonly candidate: Candidate; readonly why: string };

/** The queues among `candidates`, in their order: IDENTIFY_BATCH at a time, each batch's reads sent together. */
async function identifyAll(call: ReadOnlyCall, candidates: readonly Candidate[]): Promise<Found[]> {
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

/** [member, score text] pairs of a flat WITHSCORES reply. */
function pairsOf(command: string, reply: unknown): Array<[Buffer, string]> {
  const flat = expectReply(command, reply, isByteList);
  const pairs: Array<[Buffer, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([bytesOf(flat[i]), bytesOf(flat[i + 1]).toString('latin1')]);
  return pairs;
}

/** The marker key: its type and, for a sorted set, its lowest entries; null when there is none. */
async function readMarker(call: ReadOnlyCall, key: Buffer): Promise<MarkerReading | null> {
  const type = await typeOf(call, key);
  if (type === 'none') return null;
  if (type !== 'zset') return { type, time: null, entries: [] };
  const entries = pairsOf('ZRANGE', await call('ZRANGE', key, 0, MARKER_ENTRIES - 1, 'WITHSCORES'));
  return {
    type,
    time: entries.length === 0 ? null : scoreNumber(entries[0]![1]),
    entries: entries.map(([member, score]) => ({ member: printableBytes(member.subarray(0, 256), member.length), score })),
  };
}

/**
 * Members of a set up to which a queue row reads its fullest band exactly, with one ZRANGE
 * WITHSCORES of the whole set (a set this size is about 400 KB through the socket; Redis walks it
 * in about a ms).
 */
export const WHOLE_SET_BAND = 10_000;

export interface FullestBandAsk {
  /**
   * Search a larger set with ZCOUNTs (src/model/doctor/bandScan.ts) within these limits; null (a
   * queue row, read at every refresh) answers null for a set larger than `wholeSetUpTo`, so a
   * row's cost does not grow with its set.
   */
  readonly search: BandSearchLimits | null;
  readonly wholeSetUpTo: number;
}

/** A queue row's ask: exact for a small set, nothing for a large one (the detail asks for the search). */
export const ROW_BAND: FullestBandAsk = { search: null, wholeSetUpTo: WHOLE_SET_BAND };
/**
 * Members the detail's ask reads whole, in pages of WHOLE_SET_PAGE (asked once, when the detail
 * opens: 100,000 members is 10 ZRANGEs, about 4 MB through the socket, tens of ms of Redis's time).
 */
export const DETAIL_WHOLE_SET_BAND = 100_000;
/** Members one ZRANGE of a whole-set read asks for. */
export const WHOLE_SET_PAGE = 10_000;
/**
 * The detail's ask (/api/histogram?band=1): exact for a set of up to 100,000 members, a bounded
 * ZCOUNT search for a larger one.
 */
export const SEARCH_BAND: FullestBandAsk = { search: BAND_SEARCH_LIMITS, wholeSetUpTo: DETAIL_WHOLE_SET_BAND };

/**
 * The fullest band of a set: ZCARD, then a set of at most `wholeSetUpTo` members read whole (ZRANGE
 * WITHSCORES, one per WHOLE_SET_PAGE members: exact, `counts` 0); a larger one searched when `ask.search` allows (the
 * head page seeds it, then ZCOUNTs of windows between the head and the tail find the fullest
 * millisecond within the limits, and the reply says when they ran out first), else null.
 */
export async function fullestBandOf(
  call: ReadOnlyCall,
  key: Buffer,
  scheme: ScoreScheme,
  ask: FullestBandAsk = ROW_BAND,
): Promise<FullestBandReading | null> {
  const size = expectReply('ZCARD', await call('ZCARD', key), isCount);
  if (size === 0) return null;
  let search: { best: BandCount | null; complete: boolean; atMost: number; counts: number };
  if (size <= ask.wholeSetUpTo) {
    // in pages by rank: a set that changes between them may shift a member across a page edge
    const scores: number[] = [];
    for (let start = 0; start < size; start += WHOLE_SET_PAGE) {
      const page = pairsOf('ZRANGE', await call('ZRANGE', key, start, start + WHOLE_SET_PAGE - 1, 'WITHSCORES'));
      for (const [, score] of page) scores.push(scoreNumber(score));
      if (page.length < WHOLE_SET_PAGE) break;
    }
    const seed = new FullestBand();
    for (const run of bandRuns(scores, scheme)) seed.offer(run);
    if (seed.value === null) return null;
    search = { best: seed.value, complete: true, atMost: seed.value.jobs, counts: 0 };
  } else {
    if (ask.search === null) return null;
    const page = pairsOf('ZRANGEBYSCORE', await call('ZRANGEBYSCORE', key, '-inf', '+inf', 'WITHSCORES', 'LIMIT', 0, BAND_PAGE));
    if (page.length === 0) return null;
    const seed = new FullestBand();
    // the page may stop inside its last band: only the bands before it are known whole
    const runs = bandRuns(
      page.map(([, score]) => scoreNumber(score)),
      scheme,
    );
    for (const run of page.length < BAND_PAGE ? runs : runs.slice(0, -1)) seed.offer(run);
    const tail = pairsOf('ZRANGE', await call('ZRANGE', key, -1, -1, 'WITHSCORES'))[0]!;
    const from = clampMs(fireTimeOfScore(scoreNumber(page[0]![1]), scheme));
    const to = clampMs(fireTimeOfScore(scoreNumber(tail[1]), scheme)) + 1;
    const units = unitsPerMs(scheme);
    const count = (a: number, b: number) =>
      call('ZCOUNT', key, String(a * units), `(${b * units}`).then((r) => expectReply('ZCOUNT', r, isCount));
    const jobs = await count(from, to);
    search = await searchFullestBand(count, { from, to, jobs }, seed.value, ask.search);
    search = { ...search, counts: search.counts + 1 };
  }
  const best = search.best;
  if (best === null) return null;
  let atCeiling: number | null = null;
  if (hasCeiling(scheme)) {
    const ceiling = String(scoresOf(best.fireTime, scheme).max);
    atCeiling = expectReply('ZCOUNT', await call('ZCOUNT', key, ceiling, ceiling), isCount);
  }
  return {
    fireTime: best.fireTime,
    jobs: best.jobs,
    atCeiling,
    complete: search.complete,
    atMost: search.atMost,
    counts: search.counts,
  };
}

/** One queue's row at `now`. */
async function queueRow(call: ReadOnlyCall, candidate: Candidate, identity: Identity, now: number): Promise<QueueRow> {
  const { prefix, name } = candidate;
  const delayedKey = keyOf(prefix, name, 'delayed');
  const delayedType = await typeOf(call, delayedKey);
  const isSet = delayedType === 'zset';
  let scheme = schemeOf(identity.library, identity.version);
  let schemeFrom: SchemeSource = identity.library !== 'bullmq' ? 'library' : identity.version !== null ? 'meta' : 'assumed';
  if (schemeFrom === 'assumed' && isSet) {
    const sample = pairsOf('ZRANGE', await call('ZRANGE', delayedKey, 0, SCHEME_SAMPLE - 1, 'WITHSCORES'));
    const told = schemeFromScores(sample.map(([member, score]) => [member.toString('latin1'), scoreNumber(score)] as const));
    if (told !== null) [scheme, schemeFrom] = [told, 'scores'];
  }
  const bound = String(dueBound(now, scheme));
  const [delayed, overdue, head, oldest] = isSet
    ? await Promise.all([
        call('ZCARD', delayedKey).then((r) => expectReply('ZCARD', r, isCount)),
        call('ZCOUNT', delayedKey, 0, bound).then((r) => expectReply('ZCOUNT', r, isCount)),
        call('ZRANGE', delayedKey, 0, 0, 'WITHSCORES').then((r) => pairsOf('ZRANGE', r)[0] ?? null),
        call('ZRANGEBYSCORE', delayedKey, 0, bound, 'WITHSCORES', 'LIMIT', 0, 1).then(
          (r) => pairsOf('ZRANGEBYSCORE', r)[0] ?? null,
        ),
      ])
    : [0, 0, null, null];
  const marker = identity.library === 'bullmq' ? await readMarker(call, keyOf(prefix, name, 'marker')) : null;
  const nextFireTime = head === null ? null : fireTimeOfScore(scoreNumber(head[1]), scheme);
  const oldestFireTime = oldest === null ? null : fireTimeOfScore(scoreNumber(oldest[1]), scheme);
  const fullestBand = isSet && delayed > 0 ? await fullestBandOf(call, delayedKey, scheme) : null;
  const state = identity.library === 'bullmq' ? await readQueueState(call, prefix, name, delayedType, now) : null;
  const verdict = verdictOf({
    now,
    library: identity.library,
    delayed,
    overdue,
    oldestOverdueFireTime: oldestFireTime,
    nextFireTime,
    markerTime: marker?.time ?? null,
    state,
  });
  return {
    prefix: printableBytes(prefix),
    name: printableBytes(name),
    delayedKey: redisName(delayedKey),
    library: identity.library,
    version: identity.version,
    scheme,
    schemeFrom,
    delayed,
    overdue,
    oldestOverdueMs: oldestFireTime === null ? null : now - oldestFireTime,
    nextFireTime,
    head: head === null ? null : { member: redisName(head[0]), score: head[1] },
    marker,
    fullestBand,
    state,
    verdict,
  };
}

/** The queues a request names (?queue=<prefix>:<name> as text, ?queue64= as base64url bytes, repeated; a name named twice is read once), or why they cannot be read. */
function namedQueues(query: URLSearchParams): Candidate[] | string {
  const texts = query.getAll('queue');
  const bytes64 = query.getAll('queue64');
  if (texts.length + bytes64.length > MAX_QUEUES) return `at most ${MAX_QUEUES} queues a request`;
  const names = texts.map((text) => Buffer.from(text, 'utf8'));
  for (const text of bytes64) {
    if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1)
      return 'queue64 must be base64url (A-Z a-z 0-9 - _, no padding), as /api/queues gives it in toRead';
    names.push(Buffer.from(text, 'base64url'));
  }
  const candidates = new Map<string, Candidate>();
  for (const bytes of names) {
    const split = bytes.lastIndexOf(COLON);
    if (split <= 0 || split === bytes.length - 1 || bytes.length > MAX_KEY_BYTES)
      return 'name each queue as ?queue=<prefix>:<name> (bull:orders), as /api/queues lists it';
    const candidate = candidateOf(bytes.subarray(0, split), bytes.subarray(split + 1));
    candidates.set(candidate.id, candidate);
  }
  return [...candidates.values()];
}

/** The first number of `value` (a row) that is not finite, and where: JSON would send it as null. */
function notFinite(value: unknown, path = '', depth = 0): { path: string; value: number } | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path, value };
  if (depth > 4 || typeof value !== 'object' || value === null) return null;
  for (const [field, inner] of Object.entries(value)) {
    const found = notFinite(inner, path === '' ? field : `${path}.${field}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const unreadableQueue = (candidate: Candidate, why: string): UnreadableQueue => ({
  prefix: printableBytes(candidate.prefix),
  name: printableBytes(candidate.name),
  queue: redisName(keyOf(candidate.prefix, candidate.name)),
  why,
});

/**
 * One queue's row, or why it cannot be shown: a reply of another shape than Redis gives, or a
 * number that is not one (a score of inf or -inf has no fire-time), is this queue's alone, and
 * the reply goes on with the others.
 */
async function rowOrWhy(
  call: ReadOnlyCall,
  candidate: Candidate,
  identity: Identity,
  now: number,
): Promise<QueueRow | UnreadableQueue> {
  let row: QueueRow;
  try {
    row = await queueRow(call, candidate, identity, now);
  } catch (error) {
    if (error instanceof ClusterDownError)
      return unreadableQueue(candidate, `its keys could not be read: ${clusterDownWords(error)}`);
    if (!(error instanceof UnexpectedReplyError)) throw error;
    return unreadableQueue(candidate, `${error.message} while its keys were read`);
  }
  const bad = notFinite(row);
  if (bad === null) return row;
  const infinite = [row.head?.score, ...(row.marker?.entries.map((entry) => entry.score) ?? [])].find(
    (score) => score !== undefined && /inf/i.test(score),
  );
  const cause =
    infinite !== undefined
      ? `a score of ${infinite} in its keys, which no job's fire-time is`
      : 'a score out of the range fire-times take';
  return unreadableQueue(
    candidate,
    `its ${bad.path} came out as ${String(bad.value)}, not a number the page can show (${cause})`,
  );
}

/**
 * GET /api/queues[?cursor=C] walks the keyspace for queues from C (SCAN rounds until the walk
 * ends, MAX_DISCOVERY_ROUNDS rounds, MAX_DISCOVERY_KEYS keys or WALK_BUDGET_MS pass, or the queues
 * found fill a reply; `cursor` says where the next request goes on, '0' when the walk is done) and reads a row
 * for each queue found, sorted by bytes; GET /api/queues?queue=<prefix>:<name>[&queue=...]
 * (or queue64=) reads the named queues' rows with no walk (a refresh: the walk costs a pass over
 * every key, a million job hashes included). Every row is read at one `now`, the server's TIME.
 * A reply reads MAX_QUEUES rows at most and stops starting rows once MAX_ROW_COMMANDS commands
 * are spent; the queues found but not read are named in `toRead`, for ?queue64=. A queue whose
 * row cannot be shown is listed in `unreadable` with why, and the others are read.
 */
export async function listQueues(
  call: ReadOnlyCall,
  query: URLSearchParams = new URLSearchParams(),
  clock: () => number = () => performance.now(),
): Promise<RouteReply> {
  const startedAt = clock();
  const named = namedQueues(query);
  if (typeof named === 'string') return badRequest(named);
  const from = query.get('cursor') ?? '0';
  if (!/^\d{1,20}$/.test(from) || BigInt(from) > MAX_SCAN_CURSOR)
    return badRequest(`cursor must be the digits a previous reply gave (0 to ${MAX_SCAN_CURSOR})`);
  const found: Found[] = [];
  let walk: WalkPart = { unreadNodes: [], cursor: '0', cut: false };
  if (named.length > 0) found.push(...(await identifyAll(call, named)));
  else
    walk = await discover(
      call,
      from,
      async (fresh) => {
        for (const queue of await identifyAll(call, fresh)) found.push(queue);
        return found.length >= MAX_QUEUES;
      },
      () => clock() - startedAt >= WALK_BUDGET_MS,
    );
  const now = await serverNow(call);
  found.sort((a, b) => byId(a.candidate, b.candidate));
  let spent = 0;
  const counted: ReadOnlyCall = (command, ...args) => {
    spent++;
    return call(command, ...args);
  };
  const queues: QueueRow[] = [];
  const unreadable: UnreadableQueue[] = [];
  const toRead: RedisName[] = [];
  let truncated = walk.cut;
  for (const entry of found) {
    const { candidate } = entry;
    if (queues.length + unreadable.length >= MAX_QUEUES || spent >= MAX_ROW_COMMANDS) {
      const queueKey = keyOf(candidate.prefix, candidate.name);
      if (toRead.length < MAX_TO_READ && queueKey.length <= MAX_KEY_BYTES) toRead.push(redisName(queueKey));
      else truncated = true;
      continue;
    }
    if ('why' in entry) {
      unreadable.push(unreadableQueue(candidate, entry.why));
      continue;
    }
    const read = await rowOrWhy(counted, candidate, entry.identity, now);
    if ('why' in read) unreadable.push(read);
    else queues.push(read);
  }
  const complete = walk.unreadNodes.length === 0 && walk.cursor === '0' && !truncated && toRead.length === 0;
  const body: QueuesReply = {
    now,
    queues,
    complete,
    cursor: walk.cursor,
    truncated,
    unreadNodes: walk.unreadNodes,
    unreadable,
    toRead,
  };
  return { status: 200, body };
}

const SCHEMES: readonly ScoreScheme[] = ['band', 'id-counter', 'bare-ms'];

function schemeParam(query: URLSearchParams): ScoreScheme | string {
  const text = query.get('scheme') ?? 'band';
  return (SCHEMES as readonly string[]).includes(text) ? (text as ScoreScheme) : `scheme must be one of ${SCHEMES.join(', ')}`;
}

/** A whole millisecond from the query (optional, may be negative), or why not. */
function msParam(query: URLSearchParams, name: string): number | null | string {
  const text = query.get(name);
  if (text === null || text === '') return null;
  if (!/^-?\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text)))
    return `${name} must be whole milliseconds (a safe integer)`;
  return Number(text);
}

/** Date's range: the widest fire-time a default window reaches. */
const FAR = 8.64e15;
const clampMs = (ms: number) => Math.min(FAR, Math.max(-FAR, Number.isFinite(ms) ? ms : Math.sign(ms) * FAR));

/**
 * GET /api/histogram?key64=|key=&from=&to=&buckets=&scheme=[&band=1]: jobs per window by ZCOUNT
 * (from..to default to head..tail), the window holding the server's now cut at now + 1; with
 * band=1 also the set's fullest band (fullestBandOf, SEARCH_BAND: bounded).
 */
export async function histogram(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const key = requestedKey(query);
  if (typeof key === 'string') return badRequest(key);
  if (key.length === 0) return badRequest('name a key: ?key64=<base64url, as /api/keys gives it> or ?key=<text>');
  if (key.length > MAX_KEY_BYTES) return badRequest(`the key is longer than ${MAX_KEY_BYTES} bytes`);
  const scheme = schemeParam(query);
  if (!SCHEMES.includes(scheme as ScoreScheme)) return badRequest(scheme);
  const asked = [msParam(query, 'from'), msParam(query, 'to')];
  const wrong = asked.find((value) => typeof value === 'string');
  if (typeof wrong === 'string') return badRequest(wrong);
  const bucketsText = query.get('buckets');
  const buckets = bucketsText === null ? DEFAULT_BUCKETS : /^\d{1,4}$/.test(bucketsText) ? Number(bucketsText) : 0;
  if (buckets < 1 || buckets > MAX_BUCKETS) return badRequest(`buckets must be a whole number from 1 to ${MAX_BUCKETS}`);
  if (typeof asked[0] === 'number' && typeof asked[1] === 'number' && asked[1] <= asked[0])
    return badRequest('to must be later than from');
  const bandText = query.get('band');
  if (bandText !== null && bandText !== '1') return badRequest('band is 1 (search the fullest band too) or left out');
  const units = unitsPerMs(scheme as ScoreScheme);

  const type = await typeOf(call, key);
  if (type === 'none') return { status: 404, body: { error: { code: 'not-found', message: 'No such key now.' } } };
  if (type !== 'zset')
    return { status: 409, body: { error: { code: 'wrong-type', message: `That key holds a ${type}, not a sorted set.` } } };
  const [now, total, first, last] = await Promise.all([
    serverNow(call),
    call('ZCARD', key).then((r) => expectReply('ZCARD', r, isCount)),
    call('ZRANGE', key, 0, 0, 'WITHSCORES').then((r) => pairsOf('ZRANGE', r)[0] ?? null),
    call('ZRANGE', key, -1, -1, 'WITHSCORES').then((r) => pairsOf('ZRANGE', r)[0] ?? null),
  ]);
  const fire = (pair: [Buffer, string] | null, fallback: number) =>
    pair === null ? fallback : clampMs(fireTimeOfScore(scoreNumber(pair[1]), scheme as ScoreScheme));
  const from = (asked[0] as number | null) ?? fire(first, now);
  const to = (asked[1] as number | null) ?? fire(last, now) + 1;
  // no window holds both overdue jobs and jobs not yet due: the one holding the server's now is cut there
  const plan = planHistogram(from, to, buckets, firstNotDue(now));
  if (!plan.ok) return badRequest(plan.message);
  const end = plan.windows.at(-1)!.to;
  const [counts, before, after] = await Promise.all([
    Promise.all(
      plan.windows.map((window) => {
        const { min, max } = windowBounds(window, scheme as ScoreScheme);
        return call('ZCOUNT', key, min, max).then((r) => expectReply('ZCOUNT', r, isCount));
      }),
    ),
    call('ZCOUNT', key, '-inf', `(${from * units}`).then((r) => expectReply('ZCOUNT', r, isCount)),
    call('ZCOUNT', key, String(end * units), '+inf').then((r) => expectReply('ZCOUNT', r, isCount)),
  ]);
  const body: HistogramReply = {
    key: redisName(key),
    scheme: scheme as ScoreScheme,
    now,
    dueBound: String(dueBound(now, scheme as ScoreScheme)),
    from,
    to,
    width: plan.width,
    total,
    before,
    after,
    buckets: plan.windows.map((window, i) => ({ from: window.from, to: window.to, jobs: counts[i]! })),
    // asked once by the detail (not at each refresh): a large set's search is thousands of ZCOUNTs
    ...(bandText === '1' ? { fullestBand: await fullestBandOf(call, key, scheme as ScoreScheme, SEARCH_BAND) } : {}),
  };
  return { status: 200, body };
}

/** A field of an HMGET reply, cut to JOB_FIELD_CAP_BYTES (its size was checked first: see readJobFields). */
function fieldText(reply: unknown): FieldText | null {
  if (!isBytes(reply)) return null;
  const bytes = bytesOf(reply);
  return { text: bytes.subarray(0, JOB_FIELD_CAP_BYTES).toString('utf8'), cut: bytes.length > JOB_FIELD_CAP_BYTES };
}

const NO_FIELDS: JobHashFields = {
  name: null,
  timestamp: null,
  delay: null,
  attemptsMade: null,
  atm: null,
  opts: null,
  failedReason: null,
  processedOn: null,
  finishedOn: null,
};

/**
 * A job hash's fields, each measured first (HSTRLEN, O(1)) and read (one HMGET) only when it is
 * at most JOB_FIELD_CAP_BYTES: a longer one is said with its size and never sent, so a hash with a
 * 10 MB `opts` costs bytes, not megabytes. `found` is false when there is no hash; `unreadable`
 * says why a key of another type is not read.
 */
async function readJobFields(
  call: ReadOnlyCall,
  jobKey: Buffer,
): Promise<{ fields: JobHashFields; found: boolean; unreadable?: string }> {
  const type = await typeOf(call, jobKey);
  if (type === 'none') return { fields: NO_FIELDS, found: false };
  if (type !== 'hash')
    return { fields: NO_FIELDS, found: false, unreadable: `its key holds a ${printable(type).slice(0, 32)}, not a job hash` };
  const lengths = await Promise.all(
    JOB_HASH_FIELDS.map((field) => call('HSTRLEN', jobKey, field).then((r) => expectReply('HSTRLEN', r, isCount))),
  );
  const small = JOB_HASH_FIELDS.filter((_, i) => lengths[i]! <= JOB_FIELD_CAP_BYTES);
  const values =
    small.length === 0
      ? []
      : expectReply(
          'HMGET',
          await call('HMGET', jobKey, ...small),
          (r): r is unknown[] => Array.isArray(r) && r.length === small.length,
        );
  const field = (name: string): FieldText | null => {
    const i = JOB_HASH_FIELDS.indexOf(name);
    if (lengths[i]! > JOB_FIELD_CAP_BYTES) return { text: '', cut: true, bytes: lengths[i]! };
    return fieldText(values[small.indexOf(name)]);
  };
  const fields = Object.fromEntries(Object.keys(NO_FIELDS).map((name) => [name, field(name)])) as unknown as JobHashFields;
  return { fields, found: true };
}

/**
 * GET /api/jobs?queue=<prefix>:<name>&id=<id>[&id=...]&id64=<base64url>...[&rank=1][&state=1]: the
 * jobs' scores and hash fields, one row per distinct id (an id named twice is read once), in the
 * order first named; with rank=1 also how many members score lower than each (ZCOUNT -inf
 * (score), the rank a page opens at to show the job, without ZRANK on the allow-list); with
 * state=1 also where each job is, in any state (bridge/jobState.ts), and its story.
 */
export async function readJobs(call: ReadOnlyCall, query: URLSearchParams): Promise<RouteReply> {
  const queue = Buffer.from(query.get('queue') ?? '', 'utf8');
  const split = queue.lastIndexOf(COLON);
  if (split <= 0 || split === queue.length - 1)
    return badRequest('name the queue as ?queue=<prefix>:<name> (bull:orders), as /api/queues lists it');
  if (queue.length > MAX_KEY_BYTES) return badRequest(`the queue name is longer than ${MAX_KEY_BYTES} bytes`);
  const [prefix, name] = [queue.subarray(0, split), queue.subarray(split + 1)];
  const ids: Buffer[] = query.getAll('id').map((id) => Buffer.from(id, 'utf8'));
  for (const id64 of query.getAll('id64')) {
    if (!/^[A-Za-z0-9_-]*$/.test(id64) || id64.length % 4 === 1)
      return badRequest('id64 must be base64url (A-Z a-z 0-9 - _, no padding)');
    ids.push(Buffer.from(id64, 'base64url'));
  }
  if (ids.length === 0) return badRequest('name the jobs: ?id=<job id> (repeat it), or ?id64=<base64url of the member>');
  if (ids.length > MAX_JOB_IDS) return badRequest(`at most ${MAX_JOB_IDS} jobs a request`);
  if (ids.some((id) => id.length === 0 || id.length > MAX_KEY_BYTES)) return badRequest(`each id is 1 to ${MAX_KEY_BYTES} bytes`);
  const rankText = query.get('rank');
  if (rankText !== null && rankText !== '1') return badRequest('rank is 1 (count the members scored lower) or left out');
  const withRank = rankText === '1';
  const stateText = query.get('state');
  if (stateText !== null && stateText !== '1') return badRequest('state is 1 (find each job in any state) or left out');
  const withState = stateText === '1';
  const asked = query.get('scheme');
  let scheme: ScoreScheme;
  if (asked !== null) {
    const chosen = schemeParam(query);
    if (!SCHEMES.includes(chosen as ScoreScheme)) return badRequest(chosen);
    scheme = chosen as ScoreScheme;
  } else {
    // a queue with a BullMQ meta reads by its version; without one, as Bull (bee-queue keeps no job hashes)
    const metaKey = keyOf(prefix, name, 'meta');
    const version = (await typeOf(call, metaKey)) === 'hash' ? await call('HGET', metaKey, META_VERSION_FIELD) : undefined;
    if (version === undefined) scheme = schemeOf('bull', null);
    else
      scheme = schemeOf('bullmq', parseMetaVersion(isBytes(version) ? bytesOf(version).toString('utf8') : null)?.version ?? null);
  }
  const delayedKey = keyOf(prefix, name, 'delayed');
  // the same id named again is read once: a page naming one job 100 times costs one job's reads
  const distinct = [...new Map(ids.map((id) => [id.toString('base64'), id])).values()];
  const jobs: JobRow[] = await Promise.all(
    distinct.map(async (id): Promise<JobRow> => {
      const jobKey = keyOf(prefix, name, id);
      const [scoreReply, hash] = await Promise.all([call('ZSCORE', delayedKey, id), readJobFields(call, jobKey)]);
      const score = isBytes(scoreReply) ? bytesOf(scoreReply).toString('latin1') : null;
      // the score as Redis wrote it, so `(score` excludes exactly this score and no neighbour
      const lower =
        withRank && score !== null ? expectReply('ZCOUNT', await call('ZCOUNT', delayedKey, '-inf', `(${score}`), isCount) : null;
      const value = score === null ? null : scoreNumber(score);
      const row: JobRow = {
        id: redisName(id),
        score,
        facts: value === null || !Number.isFinite(value) ? null : jobFacts(id.toString('utf8'), value, scheme, hash.fields),
        ...(hash.unreadable !== undefined ? { unreadable: hash.unreadable } : {}),
        ...(withState ? { story: jobStory(await jobStateOf(call, queue, id, hash.found), hash.fields) } : {}),
      };
      return withRank ? { ...row, lower } : row;
    }),
  );
  const body: JobsReply = { prefix: printableBytes(prefix), name: printableBytes(name), scheme, jobs };
  return { status: 200, body };
}
