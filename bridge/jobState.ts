/**
 * Where a job of a BullMQ (5+) or Bull queue is, read without a walk: ZSCORE of its id in each
 * sorted set a job can sit in (O(log n) each), then LPOS in each list, bounded by MAXLEN (LPOS is
 * in Redis since 6.0.6): a list of at most 2 x LIST_SEARCH members is searched whole, a longer one
 * at both ends (its head holds the newest jobs, its tail the next a worker takes) and its middle
 * is said to be unread. Every command goes through the allow-list.
 */
import type { JobState, JobStateReading, ListSearch } from '../src/model/doctor/jobFacts.ts';
import { LIST_SEARCH } from '../src/model/doctor/jobFacts.ts';
import type { ReadOnlyCall } from './allowList.ts';
import { expectReply, isBytes, isCount } from './replies.ts';

/** The sorted sets a job can sit in, in the order they are asked. */
const JOB_SETS: readonly JobState[] = ['delayed', 'prioritized', 'waiting-children', 'failed', 'completed'];
/** The lists, in the order they are searched. */
const JOB_LISTS: readonly JobState[] = ['active', 'wait', 'paused'];

const keyOf = (queue: Buffer, suffix: string) => Buffer.concat([queue, Buffer.from(`:${suffix}`)]);

/** A command whose key holds another type answers WRONGTYPE: for a job's place, that key holds no job. */
async function orWrongType<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Error && /^WRONGTYPE/.test(error.message)) return null;
    throw error;
  }
}

/**
 * Where job `id` of `queue` (`<prefix>:<name>` as bytes) is; `hashFound` says whether its hash
 * exists (then a job in no structure read is 'unknown', else 'gone').
 */
export async function jobStateOf(call: ReadOnlyCall, queue: Buffer, id: Buffer, hashFound: boolean): Promise<JobStateReading> {
  const scores = await Promise.all(JOB_SETS.map((set) => orWrongType(call('ZSCORE', keyOf(queue, set), id))));
  const inSet = JOB_SETS.find((_, i) => isBytes(scores[i]));
  if (inSet !== undefined) return { state: inSet, by: `ZSCORE ${inSet}`, unsearched: [] };
  const unsearched: ListSearch[] = [];
  for (const list of JOB_LISTS) {
    const key = keyOf(queue, list);
    const length = await orWrongType(call('LLEN', key).then((r) => expectReply('LLEN', r, isCount)));
    if (length === null || length === 0) continue;
    const ends = length <= 2 * LIST_SEARCH ? [1] : [1, -1];
    const found = await Promise.all(
      ends.map((rank) =>
        orWrongType(call('LPOS', key, id, 'RANK', rank, 'MAXLEN', Math.min(length, (2 * LIST_SEARCH) / ends.length))),
      ),
    );
    if (found.some((position) => typeof position === 'number')) return { state: list, by: `LPOS ${list}`, unsearched: [] };
    if (length > 2 * LIST_SEARCH) unsearched.push({ list, length, searched: 2 * LIST_SEARCH });
  }
  return { state: hashFound ? 'unknown' : 'gone', by: null, unsearched };
}
