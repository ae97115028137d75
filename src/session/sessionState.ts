/**
 * What a Session holds: the two MemoryRedis sets, the readers and due-order trackers over them,
 * the arrivals, and the scalars the page shows (what the last enqueue and promote did). The
 * operation kinds (operations/) change it; the Session (session.ts) keeps their undo records.
 * Mutable on purpose; the store copies fields out.
 */
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import type { RedisLike } from '../model/redis/memoryRedis.ts';
import { DueOrderTracker } from './dueOrderTracker.ts';
import { SetReader } from './setReader.ts';
import { PromotedOrder } from './promotedOrder.ts';
import type { CommandLog, SetName } from './commandLog.ts';
import type { Settings, TextbookUnit } from './operations.ts';

/** The band set's key, as BullMQ names a queue's delayed set. */
export const BAND_KEY = 'bull:firetime:delayed';
/** The textbook set's key. */
export const TEXTBOOK_KEY = 'delayed_queue';
/** Session.run yields after about this many jobs (a short stretch of work), so a long replay can pause between slices. */
export const REPLAY_CHUNK = 256;

/** A promoted job, the order it arrived in, and its fire-time as its set's score says it (ms). */
export interface PromotedJob {
  readonly member: string;
  readonly arrival: number;
  readonly fireTime: number;
}

/** What one promote took out of one set: its jobs in order, its calls, and its pairs out of due order. */
export interface PromotedBatch {
  readonly jobs: readonly PromotedJob[];
  readonly calls: number;
  /** Pairs of these jobs that came out in the opposite order to the one they fall due in. */
  readonly outOfOrderPairs: number;
}

/** What one "Promote due jobs" did on each set. */
export interface PromoteResult {
  readonly now: number;
  readonly band: PromotedBatch;
  readonly textbook: PromotedBatch & {
    readonly bound: number;
    readonly unit: TextbookUnit;
  };
  /** getNextDelayedTimestamp after the promote: score / 0x1000 of the band set's head, or null when empty. */
  readonly nextWake: number | null;
}

/** A promoted job and the instant of the promote that took it. */
export interface PromotedAt extends PromotedJob {
  readonly at: number;
}

/** Every job promoted since the last reset, per set, in the order they came out, and how many promotes ran. */
export interface PromotedSinceReset {
  readonly band: PromotedAt[];
  readonly textbook: PromotedAt[];
  /** How far each list is from due order, kept as promotes append to it and undo takes back. */
  readonly bandOrder: PromotedOrder;
  readonly textbookOrder: PromotedOrder;
  promotes: number;
  /** Bumped at every change of the lists (a promote, its undo), for readers to know to re-read. */
  changes: number;
}

/** The last enqueue: its shared timestamp, the fire-time, and the band score of its last job. */
export interface EnqueueResult {
  readonly timestamp: number;
  readonly fireTime: number;
  readonly lastScore: number;
  readonly count: number;
}

/** One enqueue since the last reset: the clock reading and delay it used, and the ids it wrote in arrival order. */
export interface EnqueueBatch {
  readonly timestamp: number;
  readonly delay: number;
  /** The arrival number of members[0]; the others follow one by one. */
  readonly firstArrival: number;
  readonly members: readonly string[];
}

/** How the session reaches its sets: each command can be wrapped (logged, recorded). */
export interface SessionHooks {
  /** Wraps a fresh set; the model's commands go through the wrapper. */
  readonly wrap?: (redis: MemoryRedis, set: SetName) => RedisLike;
  /** Called when a reset empties both sets. */
  readonly onReset?: () => void;
  /** The member for the `index`-th uuid id of this session (0-based, counted over the whole scenario). */
  readonly uuid: (index: number) => string;
  /**
   * Keep what undo() needs to take each applied operation back, with the command log the wrapped
   * sets write to (undo restores it too). Without it (an export's replay) nothing is kept.
   */
  readonly undo?: { readonly log: CommandLog };
}

/** The scalar fields of a Session, as they were before an operation. */
export interface Scalars {
  readonly settings: Settings;
  readonly nextArrival: number;
  readonly lastEnqueue: EnqueueResult | null;
  readonly lastPromote: PromoteResult | null;
  readonly selectedFireTime: number | null;
  readonly enqueueError: string | null;
  readonly lastInstant: number | null;
  readonly uuidsDrawn: number;
}

/** The sets and what tracks them: what a reset replaces (kept whole by its undo). */
export interface Sets {
  readonly textbook: MemoryRedis;
  readonly band: MemoryRedis;
  readonly textbookReader: SetReader;
  readonly bandReader: SetReader;
  readonly textbookOrder: DueOrderTracker;
  readonly bandOrder: DueOrderTracker;
  readonly arrivals: Map<string, number>;
  readonly enqueues: EnqueueBatch[];
  readonly promoted: PromotedSinceReset;
  readonly loggedTextbook: RedisLike;
  readonly loggedBand: RedisLike;
}

/** The two sets and everything the page shows about them. */
export class SessionState {
  settings: Settings;
  textbook!: MemoryRedis;
  band!: MemoryRedis;
  /** Typed reads of the textbook set (what the page reads it through). */
  textbookReader!: SetReader;
  /** Typed reads of the band set. */
  bandReader!: SetReader;
  textbookOrder!: DueOrderTracker;
  bandOrder!: DueOrderTracker;
  /** member -> arrival number, for every job enqueued since the last reset. */
  arrivals!: Map<string, number>;
  /** Every enqueue since the last reset, in order: the page's own arrival stream. */
  enqueues!: EnqueueBatch[];
  /** The arrival number the next job gets (1-based). */
  nextArrival = 1;
  lastEnqueue: EnqueueResult | null = null;
  lastPromote: PromoteResult | null = null;
  /** Every job promoted from each set since the last reset, in the order they came out (grows in place). */
  promoted!: PromotedSinceReset;
  /** The band shown in the grid: a millisecond the user picked, or null to follow the current fire-time. */
  selectedFireTime: number | null = null;
  /** Why the last enqueue was refused, or null. */
  enqueueError: string | null = null;
  /** The instant of the last enqueue or promote (what the page shows as now when frozen elsewhere). */
  lastInstant: number | null = null;
  /** How many uuid ids the scenario has drawn (for the operations: not part of what the page shows). */
  uuidsDrawn = 0;
  /** The textbook set as the model's commands reach it (through the hooks' wrapper). */
  loggedTextbook!: RedisLike;
  /** The band set as the model's commands reach it. */
  loggedBand!: RedisLike;

  constructor(
    initial: Settings,
    readonly hooks: SessionHooks,
  ) {
    this.settings = initial;
    this.emptySets();
  }

  /** Fresh empty sets, trackers and lists, as a reset leaves them. */
  emptySets(): void {
    this.textbook = new MemoryRedis();
    this.band = new MemoryRedis();
    this.textbookReader = new SetReader(this.textbook, TEXTBOOK_KEY);
    this.bandReader = new SetReader(this.band, BAND_KEY);
    const wrap = this.hooks.wrap ?? ((redis: MemoryRedis) => redis);
    this.loggedTextbook = wrap(this.textbook, 'textbook');
    this.loggedBand = wrap(this.band, 'band');
    this.textbookOrder = new DueOrderTracker();
    this.bandOrder = new DueOrderTracker();
    this.arrivals = new Map();
    this.enqueues = [];
    this.nextArrival = 1;
    this.lastEnqueue = null;
    this.lastPromote = null;
    this.promoted = {
      band: [],
      textbook: [],
      bandOrder: new PromotedOrder(),
      textbookOrder: new PromotedOrder(),
      promotes: 0,
      changes: 0,
    };
    this.selectedFireTime = null;
    this.enqueueError = null;
  }

  /** Whether nothing was enqueued or promoted since the last reset (the sets, arrivals and lists are as a reset leaves them). */
  holdsNoJob(): boolean {
    return this.arrivals.size === 0 && this.enqueues.length === 0 && this.promoted.promotes === 0 && this.nextArrival === 1;
  }

  scalars(): Scalars {
    return {
      settings: this.settings,
      nextArrival: this.nextArrival,
      lastEnqueue: this.lastEnqueue,
      lastPromote: this.lastPromote,
      selectedFireTime: this.selectedFireTime,
      enqueueError: this.enqueueError,
      lastInstant: this.lastInstant,
      uuidsDrawn: this.uuidsDrawn,
    };
  }

  useScalars(b: Scalars): void {
    this.settings = b.settings;
    this.nextArrival = b.nextArrival;
    this.lastEnqueue = b.lastEnqueue;
    this.lastPromote = b.lastPromote;
    this.selectedFireTime = b.selectedFireTime;
    this.enqueueError = b.enqueueError;
    this.lastInstant = b.lastInstant;
    this.uuidsDrawn = b.uuidsDrawn;
  }

  sets(): Sets {
    return {
      textbook: this.textbook,
      band: this.band,
      textbookReader: this.textbookReader,
      bandReader: this.bandReader,
      textbookOrder: this.textbookOrder,
      bandOrder: this.bandOrder,
      arrivals: this.arrivals,
      enqueues: this.enqueues,
      promoted: this.promoted,
      loggedTextbook: this.loggedTextbook,
      loggedBand: this.loggedBand,
    };
  }

  useSets(sets: Sets): void {
    this.textbook = sets.textbook;
    this.band = sets.band;
    this.textbookReader = sets.textbookReader;
    this.bandReader = sets.bandReader;
    this.textbookOrder = sets.textbookOrder;
    this.bandOrder = sets.bandOrder;
    this.arrivals = sets.arrivals;
    this.enqueues = sets.enqueues;
    this.promoted = sets.promoted;
    this.loggedTextbook = sets.loggedTextbook;
    this.loggedBand = sets.loggedBand;
  }
}
