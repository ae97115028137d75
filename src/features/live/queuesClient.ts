/**
 * The queues overview's read: GET /api/queues from the bridge, following its cursor until the
 * walk is done, each reply checked for the shape the bridge sends (src/model/doctor/doctorWire.ts)
 * before anything of it is shown. No DOM, no React.
 */
import type {
  FullestBandReading,
  MarkerReading,
  QueueRow,
  QueueStateReading,
  QueuesReply,
} from '../../model/doctor/doctorWire.ts';
import { bytesFromBase64, printable } from '../../model/printable.ts';
import { BridgeRequestError, getJson } from './bridgeClient.ts';
import type { Fetch } from './bridgeClient.ts';

/**
 * Requests one overview may send: each bridge reply walks at most about 200,000 keys, so this
 * covers a keyspace of some millions of keys; past it the overview says it stopped early.
 */
export const MAX_QUEUE_PAGES = 25;
/** Queues one overview keeps at most (the bridge sends at most 200 a reply). */
export const MAX_LISTED_QUEUES = 1000;

/** What the overview shows of a queue: the bridge's row, with the `now` of the reply it came in. */
export interface QueueReading {
  readonly row: QueueRow;
  /** The server's TIME when the row was read (ms). */
  readonly now: number;
}

export interface QueuesOverview {
  readonly queues: QueueReading[];
  /** True when every master was read, the walk reached its end and no queue was left out. */
  readonly complete: boolean;
  /** Cluster masters the bridge could not read (their queues are missing), as printable text. */
  readonly unreadNodes: string[];
  /** The bridge found more queues than one reply (or this overview) holds. */
  readonly truncated: boolean;
  /** The walk was cut at MAX_QUEUE_PAGES requests before its end. */
  readonly stoppedEarly: boolean;
  /** The last reply's server time. */
  readonly now: number;
  /** How the queues were found: a walk of every key, or by name (?queue=, a refresh of known queues). */
  readonly readBy: 'walk' | 'name';
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isInstant = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const orNull =
  <T>(check: (v: unknown) => v is T) =>
  (v: unknown): v is T | null =>
    v === null || check(v);

function isMarker(v: unknown): v is MarkerReading {
  const m = v as MarkerReading;
  return typeof m === 'object' && m !== null && typeof m.type === 'string' && orNull(isInstant)(m.time);
}

function isFullestBand(v: unknown): v is FullestBandReading {
  const b = v as FullestBandReading;
  return (
    typeof b === 'object' &&
    b !== null &&
    isInstant(b.fireTime) &&
    isCount(b.jobs) &&
    orNull(isCount)(b.atCeiling) &&
    typeof b.complete === 'boolean' &&
    isCount(b.atMost)
  );
}

const COUNT_NAMES = ['wait', 'active', 'prioritized', 'waitingChildren', 'failed', 'completed'] as const;

function isQueueState(v: unknown): v is QueueStateReading {
  const s = v as QueueStateReading;
  if (typeof s !== 'object' || s === null || typeof s.counts !== 'object' || s.counts === null) return false;
  const w = s.workers as { visible?: unknown; count?: unknown; reason?: unknown; message?: unknown } | null;
  const workers =
    typeof w === 'object' &&
    w !== null &&
    (w.visible === true
      ? isCount(w.count)
      : w.visible === false && (w.reason === 'not-allowed' || w.reason === 'refused') && typeof w.message === 'string');
  return (
    typeof s.delayedType === 'string' &&
    typeof s.paused === 'boolean' &&
    orNull(isCount)(s.pausedList) &&
    orNull(isInstant)(s.concurrency) &&
    orNull(isInstant)(s.limiterTtlMs) &&
    COUNT_NAMES.every((name) => orNull(isCount)(s.counts[name])) &&
    workers
  );
}

function isQueueRow(v: unknown): v is QueueRow {
  const r = v as QueueRow;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.prefix === 'string' &&
    typeof r.name === 'string' &&
    (r.library === 'bullmq' || r.library === 'bull' || r.library === 'bee-queue') &&
    (r.version === null || typeof r.version === 'string') &&
    isCount(r.delayed) &&
    isCount(r.overdue) &&
    orNull(isInstant)(r.oldestOverdueMs) &&
    orNull(isInstant)(r.nextFireTime) &&
    orNull(isMarker)(r.marker) &&
    orNull(isFullestBand)(r.fullestBand) &&
    (r.state === undefined || orNull(isQueueState)(r.state))
  );
}

function isQueuesReply(v: unknown): v is QueuesReply {
  const r = v as QueuesReply;
  return (
    typeof r === 'object' &&
    r !== null &&
    isInstant(r.now) &&
    Array.isArray(r.queues) &&
    r.queues.every(isQueueRow) &&
    typeof r.complete === 'boolean' &&
    typeof r.cursor === 'string' &&
    /^\d{1,24}$/.test(r.cursor)
  );
}

/** A row's texts escaped again (whoever sent them): the page shows them as text only, this keeps hidden characters visible. */
function shownRow(row: QueueRow): QueueRow {
  return {
    ...row,
    prefix: printable(row.prefix),
    name: printable(row.name),
    version: row.version === null ? null : printable(row.version).slice(0, 64),
    marker: row.marker === null ? null : { ...row.marker, type: printable(row.marker.type).slice(0, 32) },
    state:
      row.state === undefined || row.state === null
        ? null
        : {
            ...row.state,
            delayedType: printable(row.state.delayedType).slice(0, 32),
            workers: row.state.workers.visible
              ? row.state.workers
              : { ...row.state.workers, message: printable(row.state.workers.message).slice(0, 240) },
          },
  };
}

/**
 * Every queue the bridge at `base` finds: /api/queues, then again from each reply's cursor until
 * it is '0' (or MAX_QUEUE_PAGES requests). A queue found twice in one walk keeps the later row.
 */
export async function readQueues(base: string, fetchImpl: Fetch, signal?: AbortSignal): Promise<QueuesOverview> {
  const found = new Map<string, QueueReading>();
  const unread = new Set<string>();
  let cursor = '0';
  let complete = true;
  let truncated = false;
  let now: number;
  let pages = 0;
  do {
    const body = await getJson(base, `/api/queues?cursor=${encodeURIComponent(cursor)}`, fetchImpl, signal);
    if (!isQueuesReply(body))
      throw new BridgeRequestError('not-a-bridge', `${base} answered /api/queues, but not as the firetime bridge does.`);
    pages += 1;
    now = body.now;
    for (const row of body.queues) {
      const shown = shownRow(row);
      found.set(`${shown.prefix}\u0000${shown.name}`, { row: shown, now: body.now });
    }
    if (Array.isArray(body.unreadNodes))
      for (const node of body.unreadNodes.slice(0, 100)) if (typeof node === 'string') unread.add(printable(node).slice(0, 120));
    truncated ||= body.truncated === true;
    complete &&= body.complete || body.cursor !== '0';
    cursor = body.cursor;
  } while (cursor !== '0' && pages < MAX_QUEUE_PAGES && found.size < MAX_LISTED_QUEUES);
  const stoppedEarly = cursor !== '0';
  truncated ||= found.size > MAX_LISTED_QUEUES;
  const queues = [...found.values()]
    .sort((a, b) => compareText(a.row.prefix, b.row.prefix) || compareText(a.row.name, b.row.name))
    .slice(0, MAX_LISTED_QUEUES);
  return {
    queues,
    complete: complete && !stoppedEarly && !truncated && unread.size === 0,
    unreadNodes: [...unread],
    truncated,
    stoppedEarly,
    now,
    readBy: 'walk',
  };
}

/** The most queues one by-name request names (the bridge's MAX_QUEUES), and the most bytes of names it carries. */
const NAMES_PER_REQUEST = 200;
const NAME_BYTES_PER_REQUEST = 6000;

/**
 * The rows of the queues named (`<prefix>:<name>`, as ?queue= takes them), read with no walk:
 * GET /api/queues?queue=...&queue=..., in as many requests as the names need. A named queue the
 * bridge no longer finds (its meta or id key gone) is simply not in the answer. At least one name:
 * the overview's `now` is the server's.
 */
export async function readNamedQueues(
  base: string,
  names: readonly string[],
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<QueuesOverview> {
  if (names.length === 0) throw new RangeError('readNamedQueues needs at least one queue name');
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const name of names) {
    const size = encodeURIComponent(name).length + 7;
    if (batch.length > 0 && (batch.length >= NAMES_PER_REQUEST || bytes + size > NAME_BYTES_PER_REQUEST)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(name);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  const found = new Map<string, QueueReading>();
  const unread = new Set<string>();
  let complete = true;
  let now = Number.NaN;
  for (const names of batches) {
    const query = names.map((name) => `queue=${encodeURIComponent(name)}`).join('&');
    const body = await getJson(base, `/api/queues?${query}`, fetchImpl, signal);
    if (!isQueuesReply(body))
      throw new BridgeRequestError('not-a-bridge', `${base} answered /api/queues, but not as the firetime bridge does.`);
    now = body.now;
    for (const row of body.queues) {
      const shown = shownRow(row);
      found.set(`${shown.prefix}\u0000${shown.name}`, { row: shown, now: body.now });
    }
    if (Array.isArray(body.unreadNodes))
      for (const node of body.unreadNodes.slice(0, 100)) if (typeof node === 'string') unread.add(printable(node).slice(0, 120));
    complete &&= body.complete;
  }
  const queues = [...found.values()].sort(
    (a, b) => compareText(a.row.prefix, b.row.prefix) || compareText(a.row.name, b.row.name),
  );
  return {
    queues,
    complete: complete && unread.size === 0,
    unreadNodes: [...unread],
    truncated: false,
    stoppedEarly: false,
    now,
    readBy: 'name',
  };
}

const DELAYED_SUFFIX = new TextEncoder().encode(':delayed');

/**
 * The name to read a listed queue again by (?queue=<prefix>:<name>): from its delayed key's bytes,
 * since the row's prefix and name are printable text (escaped). Null for a queue whose name is not
 * UTF-8 or whose key the bridge shortened: it can be found again only by a walk.
 */
export function queueNameOf(row: QueueRow): string | null {
  if (row.delayedKey.sha256 !== undefined) return null;
  const bytes = bytesFromBase64(row.delayedKey.base64);
  if (bytes === null || bytes.length <= DELAYED_SUFFIX.length) return null;
  const tail = bytes.subarray(bytes.length - DELAYED_SUFFIX.length);
  if (!tail.every((b, i) => b === DELAYED_SUFFIX[i])) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - DELAYED_SUFFIX.length));
  } catch {
    return null;
  }
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
