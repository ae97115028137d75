/**
 * The queue detail's reads from the bridge: a histogram of a delayed set's fire-times
 * (/api/histogram), a page of its members from a rank (/api/members) and the jobs of a page
 * (/api/jobs), each reply checked for the shape the bridge sends before anything of it is shown.
 * No DOM, no React.
 */
import type { MembersReply, RedisName } from '../../model/bridgeWire.ts';
import type { HistogramReply, JobRow, JobsReply } from '../../model/doctor/doctorWire.ts';
import type { ScoreScheme } from '../../model/doctor/scheme.ts';
import { printable } from '../../model/printable.ts';
import { BridgeRequestError, getJson, isMembersReply, isRedisName } from './bridgeClient.ts';
import type { Fetch } from './bridgeClient.ts';

/** Jobs one page of the detail shows (and one /api/jobs request reads: the bridge takes up to 100). */
export const DETAIL_PAGE = 100;
/** Windows one histogram of the detail has. */
export const DETAIL_WINDOWS = 40;

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
    h.buckets.length <= 1000 &&
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
    typeof f.attempt === 'object' &&
    f.attempt !== null &&
    isCount(f.attempt.n) &&
    isCount(f.attempt.of) &&
    (f.backoff === null || (typeof f.backoff === 'object' && typeof f.backoff.type === 'string')) &&
    (f.scheduler === null ||
      (typeof f.scheduler === 'object' && typeof f.scheduler.id === 'string' && isInstant(f.scheduler.at))) &&
    (f.plannedRunAt === null || isInstant(f.plannedRunAt)) &&
    isInstant(f.runAt) &&
    typeof f.runAtDiffers === 'boolean'
  );
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
  if (typeof reply !== 'object' || reply === null || !Array.isArray(reply.jobs) || !reply.jobs.every(isJobRow))
    throw notBridge(base, '/api/jobs');
  return reply.jobs.map(shownJob);
}

/**
 * The one job named by its id as the user typed it (UTF-8): its score in the delayed set (null: not
 * delayed now), its facts, and how many members score lower (the rank its page starts from).
 */
export async function findJob(
  base: string,
  queue: string,
  id: string,
  scheme: ScoreScheme,
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<JobRow> {
  const query = new URLSearchParams({ queue, scheme, id, rank: '1' });
  const body = await getJson(base, `/api/jobs?${query.toString()}`, fetchImpl, signal);
  const reply = body as JobsReply;
  if (
    typeof reply !== 'object' ||
    reply === null ||
    !Array.isArray(reply.jobs) ||
    reply.jobs.length !== 1 ||
    !isJobRow(reply.jobs[0])
  )
    throw notBridge(base, '/api/jobs');
  const found = reply.jobs[0];
  // an older bridge sends no rank: the job is then looked for from its millisecond's first member
  const lower = isCount(found.lower) && found.score !== null ? found.lower : null;
  return { ...shownJob(found), lower };
}
