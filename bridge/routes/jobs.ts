import { z } from 'zod';
import { MAX_KEY_BYTES } from '../../src/model/bridgeWire.ts';
import type { JobRow, JobsReply } from '../../src/model/doctor/doctorWire.ts';
import { jobFacts, jobStory } from '../../src/model/doctor/jobFacts.ts';
import type { FieldText, JobHashFields } from '../../src/model/doctor/jobFacts.ts';
import { parseMetaVersion, schemeOf } from '../../src/model/doctor/scheme.ts';
import type { ScoreScheme } from '../../src/model/doctor/scheme.ts';
import { printable, printableBytes } from '../../src/model/printable.ts';
import { JOB_HASH_FIELDS, META_VERSION_FIELD } from '../allowList.ts';
import type { ReadOnlyCall } from '../allowList.ts';
import { jobStateOf } from '../jobState.ts';
import { base64urlBytes, flag, list, parseQuery, queueNameOf, refuse, scheme as schemeParam, single } from '../query.ts';
import { keyOf } from '../queueDiscovery.ts';
import { scoreNumber } from '../queueRow.ts';
import { badRequest, bytesOf, expectReply, isBytes, isCount, redisName, typeOf } from '../replies.ts';
import type { RouteReply } from '../replies.ts';

/** Bytes of a job-hash field kept (the rest is dropped and the field flagged `cut`). */
const JOB_FIELD_CAP_BYTES = 4096;
/** Job ids one /api/jobs request may name. */
const MAX_JOB_IDS = 100;

/**
 * ?queue=<prefix>:<name>, the jobs as ?id= (text) and ?id64= (bytes), repeated, the flags rank=1
 * and state=1, and ?scheme= (left out: the queue's meta decides).
 */
const JobsQuery = z
  .object({
    queue: single.transform((text) => Buffer.from(text ?? '', 'utf8')),
    id: list,
    id64: list.pipe(z.array(base64urlBytes('id64 must be base64url (A-Z a-z 0-9 - _, no padding)'))),
    rank: flag('rank is 1 (count the members scored lower) or left out'),
    state: flag('state is 1 (find each job in any state) or left out'),
    scheme: schemeParam(null),
  })
  .transform(({ queue, id, id64, rank, state, scheme }, ctx) => {
    const parts = queueNameOf(queue);
    const ids = [...id.map((text) => Buffer.from(text, 'utf8')), ...id64];
    if (parts === null) return refuse(ctx, 'name the queue as ?queue=<prefix>:<name> (bull:orders), as /api/queues lists it');
    if (queue.length > MAX_KEY_BYTES) return refuse(ctx, `the queue name is longer than ${MAX_KEY_BYTES} bytes`);
    if (ids.length === 0) return refuse(ctx, 'name the jobs: ?id=<job id> (repeat it), or ?id64=<base64url of the member>');
    if (ids.length > MAX_JOB_IDS) return refuse(ctx, `at most ${MAX_JOB_IDS} jobs a request`);
    if (ids.some((bytes) => bytes.length === 0 || bytes.length > MAX_KEY_BYTES))
      return refuse(ctx, `each id is 1 to ${MAX_KEY_BYTES} bytes`);
    return { queue, ...parts, ids, withRank: rank, withState: state, scheme };
  });

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
  const fields: JobHashFields = {
    name: field('name'),
    timestamp: field('timestamp'),
    delay: field('delay'),
    attemptsMade: field('attemptsMade'),
    atm: field('atm'),
    opts: field('opts'),
    failedReason: field('failedReason'),
    processedOn: field('processedOn'),
    finishedOn: field('finishedOn'),
  };
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
  const parsed = parseQuery(JobsQuery, query);
  if (!parsed.ok) return badRequest(parsed.message);
  const { queue, prefix, name, ids, withRank, withState, scheme: asked } = parsed.value;
  let scheme: ScoreScheme;
  if (asked !== null) scheme = asked;
  else {
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
