/**
 * What the bridge's doctor routes answer (GET /api/queues, /api/histogram, /api/jobs): the wire
 * format, written once for the bridge and the page. Instants are ms since the epoch, `now` is the
 * server's TIME (seconds and microseconds, floored to the ms), scores stay the text Redis sent.
 */
import type { RedisName } from '../bridgeWire.ts';
import type { JobFacts, JobStory } from './jobFacts.ts';
import type { QueueLibrary, SchemeSource, ScoreScheme } from './scheme.ts';
import type { QueueStateReading } from './queueState.ts';
import type { Verdict } from './verdict.ts';

export type { JobCounts, QueueStateReading, WorkersReading } from './queueState.ts';

/** The fullest band found, and whether the search could rule out a fuller one (bridge/queueRow.ts). */
export interface FullestBandReading {
  /** The millisecond holding the most jobs (of equals, the first found). */
  readonly fireTime: number;
  readonly jobs: number;
  /** Jobs sharing the band's ceiling score (BullMQ >= 5.8.6 only; null for schemes without a ceiling). */
  readonly atCeiling: number | null;
  /** True when no band holds more jobs; false: the search ran out of counts (src/model/doctor/bandScan.ts). */
  readonly complete: boolean;
  /** The most jobs the fullest band can hold: `jobs` when complete, else the fullest window the search had left. */
  readonly atMost: number;
  /** ZCOUNTs the search sent (0: the head page held the whole set). */
  readonly counts: number;
}

/** The queue's `<prefix>:<queue>:marker` (BullMQ 5+): its Redis type, its entries (at most 10) and its wake time. */
export interface MarkerReading {
  readonly type: string;
  /** The lowest score (what a worker's BZPOPMIN takes): plain ms, 0 = "jobs are waiting"; null when it holds none. */
  readonly time: number | null;
  readonly entries: ReadonlyArray<{ readonly member: string; readonly score: string }>;
}

/** One queue found by its `meta` hash (BullMQ) or its `id` counter (Bull, bee-queue). */
export interface QueueRow {
  readonly prefix: string;
  readonly name: string;
  /** The delayed set's key, as bytes (opens with /api/members?key64= and /api/histogram?key64=). */
  readonly delayedKey: RedisName;
  readonly library: QueueLibrary;
  /** As `meta` says it ("6.7.0"); null for Bull and bee-queue, which write none. */
  readonly version: string | null;
  readonly scheme: ScoreScheme;
  /**
   * How the scheme was told: by the library (Bull, bee-queue), by BullMQ's meta version, by the
   * set's own scores (a BullMQ meta with no version: schemeFromScores), or assumed (`band`: no score told).
   */
  readonly schemeFrom: SchemeSource;
  /** ZCARD of the delayed set (0 when it does not exist). */
  readonly delayed: number;
  /** ZCOUNT delayed 0 dueBound(now): members due now. */
  readonly overdue: number;
  /** now minus the fire-time of the earliest due member; null when none is due. */
  readonly oldestOverdueMs: number | null;
  /** The head's fire-time (its score / 0x1000, floored; the score itself for bee-queue); null when empty. */
  readonly nextFireTime: number | null;
  /** The head as Redis holds it. */
  readonly head: { readonly member: RedisName; readonly score: string } | null;
  /** null when the queue has no marker key (Bull, bee-queue, or none written now). */
  readonly marker: MarkerReading | null;
  /**
   * null when the set is empty, or holds more than 10,000 members (a row is read at every refresh:
   * the detail asks for a larger set's band, /api/histogram?band=1).
   */
  readonly fullestBand: FullestBandReading | null;
  /** What decides whether its due jobs run (BullMQ only; null for Bull and bee-queue, absent from an older bridge). */
  readonly state?: QueueStateReading | null;
  readonly verdict: Verdict;
}

/** A queue the bridge found but whose row it cannot show: what was wrong, in words. */
export interface UnreadableQueue {
  readonly prefix: string;
  readonly name: string;
  /** `<prefix>:<name>` as bytes (reads it again with ?queue64=). */
  readonly queue: RedisName;
  readonly why: string;
}

/**
 * GET /api/queues: the queues this part of the walk found (or the ones named with ?queue= or
 * ?queue64=), with `now`. A reply holds at most 200 rows and stops starting rows once its command
 * budget is spent: the queues it found but did not read are named in `toRead` (`<prefix>:<name>`
 * as bytes: ask for them with ?queue64=). A queue whose row cannot be shown (a score of inf, a
 * reply of another shape) is in `unreadable` with why; the others are read. `complete` is false
 * when a cluster master could not be read (named in `unreadNodes`), the walk goes on (`cursor` is
 * not '0': ask again with ?cursor=), queues wait in `toRead`, or some were left out (`truncated`:
 * a SCAN reply past the bridge's bound, or more queues than `toRead` holds). A queue may come
 * back in two parts of one walk (SCAN returns each key at least once, not exactly once): the page
 * keeps the last row it read.
 */
export interface QueuesReply {
  readonly now: number;
  readonly queues: QueueRow[];
  readonly complete: boolean;
  readonly cursor: string;
  readonly truncated: boolean;
  readonly unreadNodes: string[];
  readonly unreadable: UnreadableQueue[];
  readonly toRead: RedisName[];
}

/** GET /api/histogram: jobs per window of fire-times, by ZCOUNT. */
export interface HistogramReply {
  readonly key: RedisName;
  readonly scheme: ScoreScheme;
  readonly now: number;
  /** The window holding `now` is where due jobs end: scores up to this are due. */
  readonly dueBound: string;
  readonly from: number;
  readonly to: number;
  /** Each window's width in ms. */
  readonly width: number;
  /** ZCARD of the set. */
  readonly total: number;
  /** Jobs before `from` and at or after the last window's end. */
  readonly before: number;
  readonly after: number;
  /**
   * The windows; the one holding `now` is cut at now + 1 (two windows narrower than `width`), so
   * each window's jobs are all due or all not yet due.
   */
  readonly buckets: ReadonlyArray<{ readonly from: number; readonly to: number; readonly jobs: number }>;
  /** Asked with band=1 only: the set's fullest band (bounded search for a large set; null when empty). */
  readonly fullestBand?: FullestBandReading | null;
}

/** One job of GET /api/jobs: its id, its score in the delayed set (null: not delayed now) and what its hash says. */
export interface JobRow {
  readonly id: RedisName;
  readonly score: string | null;
  /** null when the job is not in the delayed set. */
  readonly facts: JobFacts | null;
  /**
   * Asked with rank=1 only: how many members of the delayed set score lower (null: not in it).
   * Members of the very same score (past the ceiling) sort by bytes after these.
   */
  readonly lower?: number | null;
  /** Asked with state=1 only (Find): where the job is, in any state, and what its hash says. */
  readonly story?: JobStory;
  /** Why this job's key could not be read as a job (another job of the reply may be fine). */
  readonly unreadable?: string;
}

/** GET /api/jobs?queue=<prefix>:<name>&id=...: the jobs asked for, in the order asked. */
export interface JobsReply {
  readonly prefix: string;
  readonly name: string;
  readonly scheme: ScoreScheme;
  readonly jobs: JobRow[];
}
