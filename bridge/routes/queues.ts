/**
 * GET /api/queues: every BullMQ, Bull and bee-queue queue the walk finds (bridge/queueDiscovery.ts),
 * or the ones the request names, each with its row (bridge/queueRow.ts) read at the server's TIME.
 */
import { z } from 'zod';
import { MAX_KEY_BYTES } from '../../src/model/bridgeWire.ts';
import type { RedisName } from '../../src/model/bridgeWire.ts';
import type { QueueRow, QueuesReply, UnreadableQueue } from '../../src/model/doctor/doctorWire.ts';
import type { ReadOnlyCall } from '../allowList.ts';
import { base64urlBytes, cursor, list, parseQuery, queueNameOf, refuse } from '../query.ts';
import { WALK_BUDGET_MS, byId, candidateOf, discover, identifyAll, keyOf } from '../queueDiscovery.ts';
import type { Candidate, Found, WalkPart } from '../queueDiscovery.ts';
import { rowOrWhy, serverNow, unreadableQueue } from '../queueRow.ts';
import { badRequest, redisName } from '../replies.ts';
import type { RouteReply } from '../replies.ts';

/** Queues one reply describes at most (the rest found are named in `toRead`). */
export const MAX_QUEUES = 200;
/**
 * Commands the rows of one reply may send: once spent, the queues not read yet are named in
 * `toRead` for the next request. The row being read when it runs out is finished, so one reply
 * sends at most this plus one row's own most (its fullest-band search's counts and a few reads).
 */
export const MAX_ROW_COMMANDS = 20_000;
/** Queue names one reply leaves in `toRead` at most; past it the reply says `truncated`. */
const MAX_TO_READ = 2000;

/**
 * ?queue=<prefix>:<name> as text and ?queue64= as base64url bytes, repeated: the queues named, as
 * candidates (a name named twice is read once); none names none, and the walk finds them.
 */
const QueuesQuery = z
  .object({
    queue: list,
    queue64: list.pipe(
      z.array(base64urlBytes('queue64 must be base64url (A-Z a-z 0-9 - _, no padding), as /api/queues gives it in toRead')),
    ),
    cursor,
  })
  .transform(({ queue, queue64, cursor }, ctx) => {
    const names = [...queue.map((text) => Buffer.from(text, 'utf8')), ...queue64];
    if (names.length > MAX_QUEUES) return refuse(ctx, `at most ${MAX_QUEUES} queues a request`);
    const named = new Map<string, Candidate>();
    for (const bytes of names) {
      const parts = queueNameOf(bytes);
      if (parts === null || bytes.length > MAX_KEY_BYTES)
        return refuse(ctx, 'name each queue as ?queue=<prefix>:<name> (bull:orders), as /api/queues lists it');
      const candidate = candidateOf(parts.prefix, parts.name);
      named.set(candidate.id, candidate);
    }
    return { named: [...named.values()], cursor };
  });

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
  const parsed = parseQuery(QueuesQuery, query);
  if (!parsed.ok) return badRequest(parsed.message);
  const { named, cursor: from } = parsed.value;
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
