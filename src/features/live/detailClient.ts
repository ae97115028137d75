/**
 * The queue detail's reads from the bridge: a histogram of a delayed set's fire-times
 * (/api/histogram), a page of its members from a rank (/api/members) and the jobs of a page
 * (/api/jobs), each reply checked for the shape the bridge sends before anything of it is shown.
 * No DOM, no React.
 */
import type { MembersReply, RedisName } from '../../model/bridgeWire.ts';
import type { FullestBandReading, HistogramReply, JobRow, JobsReply } from '../../model/doctor/doctorWire.ts';
import type { JobStory } from '../../model/doctor/jobFacts.ts';
import type { ScoreScheme } from '../../model/doctor/scheme.ts';
import { printable } from '../../model/printable.ts';
import { BridgeRequestError, getJson, isMembersReply, isRedisName } from './bridgeClient.ts';
import type { Fetch } from './bridgeClient.ts';
import { isFullestBandReading } from './queuesClient.ts';

/** Jobs one page of the detail shows (and one /api/jobs request reads: the bridge takes up to 100). */
export const DETAIL_PAGE = 100;
/** Windows one histogram of the detail has. */
const DETAIL_WINDOWS = 40;

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isInstant = (v: unknown): v is number => Number.isSafeInteger(v);
const notBridge = (base: string, path: string) =>
  new BridgeRequestError('not-a-bridge', `${base} answered ${path}, but not as the firetime bridge does.`);

function isBucket(v: unknown): boolean {
  const b = v as { from?: unknown; to?: unknown; jobs?: unknown } | null;
  return typeof b === 'object' && b !== null && isInstant(b.from) && isInstant(b.to) && isCount(b.jobs);
}

function isHistogram(v: unknown): v is HistogramReply {
  const h = v as HistogramReply;
  return (
    typeof h === 'object' &&
    h !== null &&
    isInstant(h.now) &&
    isInstant(h.from) &&
    isInstant(h.to) &&
    isCount(h.width) &&
    isCount(h.total) &&
    isCount(h.before) &&
    isCount(h.after) &&
    Array.isArray(h.buckets) &&
    // at most 1,000 windows, and one more where the window holding now is cut in two
    h.buckets.length <= 1001 &&
    (h.buckets as unknown[]).every(isBucket)
  );
}

/** Fire-times from..to (ms, to exclusive; the whole set when null) in DETAIL_WINDOWS windows. */
export async function readHistogram(
  base: string,
  key: RedisName,
  scheme: ScoreScheme,
  range: { readonly from: number; readonly to: number } | null,
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<HistogramReply> {
  const query = new URLSearchParams({ key64: key.base64, scheme, buckets: String(DETAIL_WINDOWS) });
  if (range !== null) {
    query.set('from', String(range.from));
    query.set('to', String(range.to));
  }
  const body = await getJson(base, `/api/histogram?${query.toString()}`, fetchImpl, signal);
  if (!isHistogram(body)) throw notBridge(base, '/api/histogram');
  return body;
}

/** The on-demand fullest band: a queue row's reading, with the ZCOUNTs it took. */
function isFullestBand(v: unknown): v is FullestBandReading {
  return isFullestBandReading(v) && isCount(v.counts);
}

/**
 * A set's fullest band, searched on demand (GET /api/histogram?buckets=1&band=1): exact for a set
 * the bridge reads whole, else a bounded search that says when it stopped. Null for an empty set.
 */
export async function readFullestBand(
  base: string,
  key: RedisName,
  scheme: ScoreScheme,
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<FullestBandReading | null> {
  const query = new URLSearchParams({ key64: key.base64, scheme, buckets: '1', band: '1' });
  const body = await getJson(base, `/api/histogram?${query.toString()}`, fetchImpl, signal);
  const band = (body as { fullestBand?: unknown } | null)?.fullestBand;
  if (!isHistogram(body) || !(band === null || isFullestBand(band))) throw notBridge(base, '/api/histogram');
  return band;
}

/** One page of the set: `count` members from rank `start`, as ZRANGE gives them. */
export async function readMembersPage(
  base: string,
  key: RedisName,
  start: number,
  count: number,
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<MembersReply> {
  const body = await getJson(
    base,
    `/api/members?key64=${encodeURIComponent(key.base64)}&start=${start}&count=${count}`,
    fetchImpl,
    signal,
  );
  if (!isMembersReply(body)) throw notBridge(base, '/api/members');
  return { ...body, entries: body.entries.map(([member, score]) => [{ ...member, text: printable(member.text) }, score]) };
}

function isJobRow(v: unknown): v is JobRow {
  const r = v as JobRow;
  if (typeof r !== 'object' || r === null || !isRedisName(r.id) || !(r.score === null || typeof r.score === 'string'))
    return false;
  if (r.facts === null) return true;
  const f = r.facts;
  return (
    typeof f === 'object' &&
    typeof f.found === 'boolean' &&
    (f.name === null || typeof f.name === 'string') &&
    (f.attempt === null || (typeof f.attempt === 'object' && isCount(f.attempt.n) && isCount(f.attempt.of))) &&
    (f.backoff === null || (typeof f.backoff === 'object' && typeof f.backoff.type === 'string')) &&
    (f.scheduler === null ||
      (typeof f.scheduler === 'object' && typeof f.scheduler.id === 'string' && isInstant(f.scheduler.at))) &&
    (f.plannedRunAt === null || isInstant(f.plannedRunAt)) &&
    isInstant(f.runAt) &&
    typeof f.runAtDiffers === 'boolean' &&
    (f.failedReason === undefined || f.failedReason === null || isField(f.failedReason)) &&
    (f.processedOn === undefined || f.processedOn === null || isInstant(f.processedOn))
  );
}

function isField(v: unknown): boolean {
  const f = v as { text?: unknown; cut?: unknown } | null;
  return typeof f === 'object' && f !== null && typeof f.text === 'string' && typeof f.cut === 'boolean';
}

const JOB_STATES = [
  'delayed',
  'prioritized',
  'waiting-children',
  'wait',
  'paused',
  'active',
  'failed',
  'completed',
  'unknown',
  'gone',
];

function isListSearch(v: unknown): boolean {
  const l = v as { list?: unknown; length?: unknown; searched?: unknown } | null;
  return typeof l === 'object' && l !== null && typeof l.list === 'string' && isCount(l.length) && isCount(l.searched);
}

function isStory(v: unknown): v is JobStory {
  const s = v as JobStory;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.state === 'object' &&
    s.state !== null &&
    JOB_STATES.includes(s.state.state) &&
    (s.state.by === null || typeof s.state.by === 'string') &&
    Array.isArray(s.state.unsearched) &&
    (s.state.unsearched as unknown[]).every(isListSearch) &&
    typeof s.found === 'boolean' &&
    (s.name === null || typeof s.name === 'string') &&
    (s.attempt === null || (typeof s.attempt === 'object' && isCount(s.attempt.n) && isCount(s.attempt.of))) &&
    (s.failedReason === null || isField(s.failedReason)) &&
    (s.processedOn === null || isInstant(s.processedOn)) &&
    (s.finishedOn === null || isInstant(s.finishedOn))
  );
}

/** A story's texts escaped again, whoever sent them. */
function shownStory(story: JobStory): JobStory {
  return {
    ...story,
    state: {
      ...story.state,
      by: story.state.by === null ? null : printable(story.state.by).slice(0, 100),
      unsearched: story.state.unsearched.slice(0, 10).map((l) => ({ ...l, list: printable(l.list).slice(0, 100) })),
    },
    name: story.name === null ? null : printable(story.name).slice(0, 200),
    failedReason:
      story.failedReason === null
        ? null
        : {
            ...story.failedReason,
            text: story.failedReason.text === '' ? '' : printable(story.failedReason.text).slice(0, 4096),
          },
  };
}

/**
 * A job of a reply as the page keeps it: checked on its own, so one job the page cannot read (an
 * attempt count of 2^53) is shown as unreadable and the others of its page as ever. Null when
 * not even its id can be read (it then names no row).
 */
function checkedJob(v: unknown): JobRow | null {
  if (isJobRow(v)) {
    const shown = shownJob(v);
    const story = (v as { story?: unknown }).story;
    const unreadable = (v as { unreadable?: unknown }).unreadable;
    return {
      ...shown,
      ...(story !== undefined && isStory(story) ? { story: shownStory(story) } : {}),
      ...(typeof unreadable === 'string' ? { unreadable: printable(unreadable).slice(0, 200) } : {}),
    };
  }
  const id = (v as { id?: unknown } | null)?.id;
  if (typeof v !== 'object' || v === null || !isRedisName(id)) return null;
  return {
    id: { ...id, text: printable(id.text) },
    score: null,
    facts: null,
    unreadable: 'the bridge sent this job in a form the page cannot read',
  };
}

/** A job's texts escaped again (whoever sent them): shown as text only, hidden characters stay visible. */
function shownJob(row: JobRow): JobRow {
  if (row.facts === null) return { ...row, id: { ...row.id, text: printable(row.id.text) } };
  const { facts } = row;
  return {
    ...row,
    id: { ...row.id, text: printable(row.id.text) },
    facts: {
      ...facts,
      name: facts.name === null ? null : printable(facts.name).slice(0, 200),
      failedReason:
        facts.failedReason === undefined || facts.failedReason === null
          ? null
          : {
              ...facts.failedReason,
              text: facts.failedReason.text === '' ? '' : printable(facts.failedReason.text).slice(0, 4096),
            },
      backoff: facts.backoff === null ? null : { ...facts.backoff, type: printable(facts.backoff.type).slice(0, 100) },
      scheduler: facts.scheduler === null ? null : { ...facts.scheduler, id: printable(facts.scheduler.id).slice(0, 200) },
      cutFields: Array.isArray(facts.cutFields)
        ? facts.cutFields.filter((f) => typeof f === 'string').map((f) => printable(f))
        : [],
    },
  };
}

/**
 * The jobs of `queue` (`<prefix>:<name>`) named by their members' bytes (id64), with their scores
 * in the delayed set and their hashes' facts, in the order asked. At most DETAIL_PAGE a call.
 */
export async function readJobs(
  base: string,
  queue: string,
  ids: readonly RedisName[],
  scheme: ScoreScheme,
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<JobRow[]> {
  if (ids.length === 0) return [];
  const query = new URLSearchParams({ queue, scheme });
  for (const id of ids.slice(0, DETAIL_PAGE)) query.append('id64', id.base64);
  const body = await getJson(base, `/api/jobs?${query.toString()}`, fetchImpl, signal);
  const reply = body as JobsReply;
  if (typeof reply !== 'object' || reply === null || !Array.isArray(reply.jobs) || reply.jobs.length > DETAIL_PAGE)
    throw notBridge(base, '/api/jobs');
  return (reply.jobs as unknown[]).map(checkedJob).filter((job): job is JobRow => job !== null);
}

/**
 * The one job named by its id as the user typed it (UTF-8): its score in the delayed set (null: not
 * delayed now), its facts, how many members score lower (the rank its page starts from), and its
 * story in any state (`story`; an older bridge sends none).
 */
export async function findJob(
  base: string,
  queue: string,
  id: string,
  scheme: ScoreScheme,
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<JobRow> {
  const query = new URLSearchParams({ queue, scheme, id, rank: '1', state: '1' });
  const body = await getJson(base, `/api/jobs?${query.toString()}`, fetchImpl, signal);
  const reply = body as JobsReply;
  if (typeof reply !== 'object' || reply === null || !Array.isArray(reply.jobs) || reply.jobs.length !== 1)
    throw notBridge(base, '/api/jobs');
  const found = checkedJob(reply.jobs[0]);
  if (found === null) throw notBridge(base, '/api/jobs');
  // an older bridge sends no rank: the job is then looked for from its millisecond's first member
  const lower = isCount(reply.jobs[0]!.lower) && found.score !== null ? reply.jobs[0]!.lower : null;
  return { ...found, lower };
}
