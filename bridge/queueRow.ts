/**
 * One queue's row for /api/queues, read at the server's now: its delayed and overdue counts, head,
 * marker, fullest band, state and verdict in words (src/model/doctor/). A row that cannot be shown
 * (a reply of another shape, a number that is not one, a cluster that refuses its keys) is that
 * queue's alone: it is named with why and the others are read.
 */
import { BAND_SEARCH_LIMITS, bandRuns, FullestBand, searchFullestBand } from '../src/model/doctor/bandScan.ts';
import type { BandCount, BandSearchLimits } from '../src/model/doctor/bandScan.ts';
import type { FullestBandReading, MarkerReading, QueueRow, UnreadableQueue } from '../src/model/doctor/doctorWire.ts';
import {
  dueBound,
  fireTimeOfScore,
  hasCeiling,
  schemeFromScores,
  schemeOf,
  scoresOf,
  unitsPerMs,
} from '../src/model/doctor/scheme.ts';
import type { SchemeSource, ScoreScheme } from '../src/model/doctor/scheme.ts';
import { verdictOf } from '../src/model/doctor/verdict.ts';
import { printableBytes } from '../src/model/printable.ts';
import type { ReadOnlyCall } from './allowList.ts';
import { keyOf } from './queueDiscovery.ts';
import type { Candidate, Identity } from './queueDiscovery.ts';
import { readQueueState } from './queueState.ts';
import { ClusterDownError, clusterDownWords } from './redisErrors.ts';
import { UnexpectedReplyError, bytesOf, expectReply, isByteList, isBytes, isCount, redisName, typeOf } from './replies.ts';

/** Members a row reads from the head to tell a versionless BullMQ queue's scheme by its scores. */
const SCHEME_SAMPLE = 100;
/** Members of the head page that seeds the fullest band (and answers a smaller set alone). */
const BAND_PAGE = 1000;
/** Marker entries a row shows (BullMQ writes two at most: "0" and "1"). */
const MARKER_ENTRIES = 10;
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
export function scoreNumber(text: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  return Number(text);
}
/** [member, score text] pairs of a flat WITHSCORES reply. */
export function pairsOf(command: string, reply: unknown): Array<[Buffer, string]> {
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
const DETAIL_WHOLE_SET_BAND = 100_000;
/** Members one ZRANGE of a whole-set read asks for. */
const WHOLE_SET_PAGE = 10_000;
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

export const unreadableQueue = (candidate: Candidate, why: string): UnreadableQueue => ({
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
export async function rowOrWhy(
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
/** Date's range: the widest fire-time a default window reaches. */
const FAR = 8.64e15;
export const clampMs = (ms: number) => Math.min(FAR, Math.max(-FAR, Number.isFinite(ms) ? ms : Math.sign(ms) * FAR));
