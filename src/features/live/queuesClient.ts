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
 * Walk requests one overview may send (and as many more for the queues the replies leave to be
 * read by name): each bridge reply walks at most about 200,000 keys, so this covers a keyspace of
 * some millions of keys; past it the overview says it stopped early.
 */
const MAX_QUEUE_PAGES = 25;
/** Queues one overview keeps at most (the bridge sends at most 200 a reply). */
const MAX_LISTED_QUEUES = 1000;

/** What the overview shows of a queue: the bridge's row, with the `now` of the reply it came in. */
export interface QueueReading {
  readonly row: QueueRow;
  /** The server's TIME when the row was read (ms). */
  readonly now: number;
}

/** A queue found whose row cannot be shown: its name as printable text, and why. */
export interface UnreadableReading {
  readonly name: string;
  readonly why: string;
}

export interface QueuesOverview {
  readonly queues: QueueReading[];
  /** Queues found whose rows cannot be shown (the bridge said why, or its row was not one the page reads). */
  readonly unreadable: UnreadableReading[];
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
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isMarker(v: unknown): v is MarkerReading {
  const m = v as MarkerReading;
  return typeof m === 'object' && m !== null && typeof m.type === 'string' && orNull(isInstant)(m.time);
}

export function isFullestBandReading(v: unknown): v is FullestBandReading {
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

/** Each field of a row the page reads, and the check its value must pass. */
const ROW_FIELDS: ReadonlyArray<readonly [field: keyof QueueRow, check: (v: unknown) => boolean, expected: string]> = [
  ['prefix', (v) => typeof v === 'string', 'a text'],
  ['name', (v) => typeof v === 'string', 'a text'],
  ['library', (v) => v === 'bullmq' || v === 'bull' || v === 'bee-queue', 'bullmq, bull or bee-queue'],
  ['version', (v) => v === null || typeof v === 'string', 'a text or null'],
  ['delayed', isCount, 'a whole count'],
  ['overdue', isCount, 'a whole count'],
  ['oldestOverdueMs', orNull(isInstant), 'milliseconds or null'],
  ['nextFireTime', orNull(isInstant), 'an instant or null'],
  ['marker', orNull(isMarker), 'a marker reading or null'],
  ['fullestBand', orNull(isFullestBandReading), 'a band reading or null'],
  ['state', (v) => v === undefined || orNull(isQueueState)(v), 'a queue state reading or null'],
];

/** What is wrong with a row of the bridge's reply, in words; null when the page can show it. */
function rowProblem(v: unknown): string | null {
  if (!isObject(v)) return 'the bridge sent something other than a queue row';
  for (const [field, check, expected] of ROW_FIELDS)
    if (!check(v[field])) {
      const value = v[field];
      const sent =
        value === undefined
          ? 'nothing'
          : value === null
            ? 'null'
            : typeof value === 'object'
              ? 'an object'
              : JSON.stringify(value);
      return `its ${field} is ${printable(String(sent)).slice(0, 40)}, not ${expected}`;
    }
  return null;
}

/** The reply's own shape, rows aside: a reply that fails it is no firetime bridge's. */
function isQueuesReply(v: unknown): v is Omit<QueuesReply, 'queues'> & { queues: unknown[] } {
  return (
    isObject(v) &&
    isInstant(v.now) &&
    Array.isArray(v.queues) &&
    typeof v.complete === 'boolean' &&
    typeof v.cursor === 'string' &&
    /^\d{1,24}$/.test(v.cursor)
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

/** The most queues one by-name request names (the bridge's MAX_QUEUES), and the most bytes of names it carries. */
const NAMES_PER_REQUEST = 200;
const NAME_BYTES_PER_REQUEST = 6000;
/** Queue rows one unreadable list keeps, and the characters of each reason. */
const MAX_UNREADABLE = 200;
const MAX_WHY = 300;

/** `params` (`queue=...`, `queue64=...`) in groups that each fit one request. */
function batchesOf(params: readonly string[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const param of params) {
    const size = param.length + 1;
    if (batch.length > 0 && (batch.length >= NAMES_PER_REQUEST || bytes + size > NAME_BYTES_PER_REQUEST)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(param);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** What the replies of one overview add up to: rows by queue, the unreadable ones, and what was left out. */
class Gathered {
  readonly found = new Map<string, QueueReading>();
  readonly unreadable = new Map<string, UnreadableReading>();
  readonly unread = new Set<string>();
  truncated = false;
  /** Queue names the bridge left for later (?queue64=), not asked for yet. */
  toRead: string[] = [];
  now = Number.NaN;

  constructor(private readonly base: string) {}

  /** Takes one reply in; throws when it is not a firetime bridge's. One bad row is that queue's alone. */
  take(body: unknown): { cursor: string; complete: boolean } {
    if (!isQueuesReply(body))
      throw new BridgeRequestError('not-a-bridge', `${this.base} answered /api/queues, but not as the firetime bridge does.`);
    this.now = body.now;
    for (const row of body.queues) {
      const problem = rowProblem(row);
      if (problem === null) {
        const shown = shownRow(row as QueueRow);
        const key = `${shown.prefix}\u0000${shown.name}`;
        this.found.set(key, { row: shown, now: body.now });
        this.unreadable.delete(key);
      } else {
        const r = isObject(row) ? row : {};
        this.markUnreadable(r.prefix, r.name, `The bridge's row for it cannot be read: ${problem}.`);
      }
    }
    if (Array.isArray(body.unreadable))
      for (const queue of body.unreadable as unknown[]) {
        if (!isObject(queue)) continue;
        const why =
          typeof queue.why === 'string' ? `The bridge could not read it: ${queue.why}.` : 'The bridge could not read it.';
        this.markUnreadable(queue.prefix, queue.name, why);
      }
    if (Array.isArray(body.unreadNodes))
      for (const node of body.unreadNodes.slice(0, 100))
        if (typeof node === 'string') this.unread.add(printable(node).slice(0, 120));
    this.truncated ||= body.truncated === true;
    if (Array.isArray(body.toRead))
      for (const name of body.toRead as unknown[]) {
        if (
          isObject(name) &&
          typeof name.base64 === 'string' &&
          /^[A-Za-z0-9_-]{1,1400}$/.test(name.base64) &&
          name.sha256 === undefined
        )
          this.toRead.push(name.base64);
        else this.truncated = true;
      }
    return { cursor: body.cursor, complete: body.complete };
  }

  /** Lists a queue as unreadable (its row, if an earlier reply gave one, is dropped: the later reading wins). */
  private markUnreadable(prefix: unknown, name: unknown, why: string): void {
    const named = typeof prefix === 'string' && typeof name === 'string';
    const key = named ? `${printable(prefix)}\u0000${printable(name)}` : '\u0000';
    const shownName = named ? `${printable(prefix)}:${printable(name)}`.slice(0, 200) : 'a queue the bridge did not name';
    this.found.delete(key);
    if (this.unreadable.size < MAX_UNREADABLE || this.unreadable.has(key))
      this.unreadable.set(key, { name: shownName, why: printable(why).slice(0, MAX_WHY) });
    else this.truncated = true;
  }

  queues(limit: number): QueueReading[] {
    return [...this.found.values()]
      .sort((a, b) => compareText(a.row.prefix, b.row.prefix) || compareText(a.row.name, b.row.name))
      .slice(0, limit);
  }

  unreadableList(): UnreadableReading[] {
    return [...this.unreadable.values()].sort((a, b) => compareText(a.name, b.name));
  }
}

/**
 * Asks for the queues the bridge left for later (its `toRead`, by ?queue64=) until none is left,
 * `maxRequests` are spent or `enough` says the overview is full; gives the requests spent.
 */
async function readLeftForLater(
  gathered: Gathered,
  base: string,
  fetchImpl: Fetch,
  signal: AbortSignal | undefined,
  maxRequests: number,
  enough: () => boolean,
): Promise<number> {
  let requests = 0;
  while (gathered.toRead.length > 0 && requests < maxRequests && !enough()) {
    const [batch] = batchesOf(gathered.toRead.map((name) => `queue64=${name}`));
    gathered.toRead = gathered.toRead.slice(batch!.length);
    gathered.take(await getJson(base, `/api/queues?${batch!.join('&')}`, fetchImpl, signal));
    requests += 1;
  }
  return requests;
}

/**
 * Every queue the bridge at `base` finds: /api/queues, then again from each reply's cursor until
 * it is '0' (or MAX_QUEUE_PAGES requests), reading by name the queues each reply left for later.
 * A queue found twice in one walk keeps the later row; a row the page cannot read is listed as
 * unreadable with why, and the others are shown.
 */
export async function readQueues(base: string, fetchImpl: Fetch, signal?: AbortSignal): Promise<QueuesOverview> {
  const gathered = new Gathered(base);
  let cursor = '0';
  let complete = true;
  let pages = 0;
  let byName = 0;
  const full = () => gathered.found.size >= MAX_LISTED_QUEUES;
  do {
    const reply = gathered.take(await getJson(base, `/api/queues?cursor=${encodeURIComponent(cursor)}`, fetchImpl, signal));
    pages += 1;
    // a reply is incomplete while the walk goes on or queues wait to be read: both are followed here
    complete &&= reply.complete || reply.cursor !== '0' || gathered.toRead.length > 0;
    cursor = reply.cursor;
    byName += await readLeftForLater(gathered, base, fetchImpl, signal, MAX_QUEUE_PAGES - byName, full);
  } while (cursor !== '0' && pages < MAX_QUEUE_PAGES && !full());
  const stoppedEarly = cursor !== '0' || gathered.toRead.length > 0;
  const truncated = gathered.truncated || gathered.found.size > MAX_LISTED_QUEUES;
  return {
    queues: gathered.queues(MAX_LISTED_QUEUES),
    unreadable: gathered.unreadableList(),
    complete: complete && !stoppedEarly && !truncated && gathered.unread.size === 0,
    unreadNodes: [...gathered.unread],
    truncated,
    stoppedEarly,
    now: gathered.now,
    readBy: 'walk',
  };
}

/**
 * The rows of the queues named (`<prefix>:<name>`, as ?queue= takes them), read with no walk:
 * GET /api/queues?queue=...&queue=..., in as many requests as the names need (and the ones a
 * reply left for later, by ?queue64=). A named queue the bridge no longer finds (its keys gone)
 * is simply not in the answer. At least one name: the overview's `now` is the server's.
 */
export async function readNamedQueues(
  base: string,
  names: readonly string[],
  fetchImpl: Fetch,
  signal?: AbortSignal,
): Promise<QueuesOverview> {
  if (names.length === 0) throw new RangeError('readNamedQueues needs at least one queue name');
  const gathered = new Gathered(base);
  let complete = true;
  for (const batch of batchesOf(names.map((name) => `queue=${encodeURIComponent(name)}`))) {
    const reply = gathered.take(await getJson(base, `/api/queues?${batch.join('&')}`, fetchImpl, signal));
    complete &&= reply.complete || gathered.toRead.length > 0;
  }
  await readLeftForLater(gathered, base, fetchImpl, signal, Math.ceil(MAX_LISTED_QUEUES / 10), () => false);
  const stoppedEarly = gathered.toRead.length > 0;
  return {
    queues: gathered.queues(Number.POSITIVE_INFINITY),
    unreadable: gathered.unreadableList(),
    complete: complete && !stoppedEarly && !gathered.truncated && gathered.unread.size === 0,
    unreadNodes: [...gathered.unread],
    truncated: gathered.truncated,
    stoppedEarly,
    now: gathered.now,
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
