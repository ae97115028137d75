/**
 * The model's state and the one place operations change it: two MemoryRedis sets driven by the
 * project's scripts (addDelayedJob, promoteDelayedJobs) and the textbook's plain ZADD / sweep,
 * with arrival numbers and what the last enqueue and promote did. `apply` reads no clock and no
 * randomness (both come in the operation or the seed), so replaying a scenario on a fresh
 * Session always rebuilds the same sets. Mutable on purpose; the store copies fields out.
 */
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import type { RedisLike } from '../model/redis/memoryRedis.ts';
import { addDelayedJob, getNextDelayedTimestamp, promoteAllDueJobs } from '../model/protocol/delayed.ts';
import { PROMOTE_BATCH, batchesTaken, sweepByScore } from '../model/protocol/sweep.ts';
import { textbookScore } from '../model/protocol/score.ts';
import { luaNumberArg } from '../model/redis/doubles.ts';
import { ArrivalTracker } from './arrivalTracker.ts';
import { jobId } from './jobIds.ts';
import type { SetName } from './commandLog.ts';
import { MAX_BATCH, MAX_CLOCK_MS, MAX_DELAY_MS, MIN_BATCH, parseIdPrefix } from './input.ts';
import type { Operation, Settings, TextbookUnit } from './operations.ts';

/** The band set's key, as BullMQ names a queue's delayed set. */
export const BAND_KEY = 'bull:firetime:delayed';
/** The textbook set's key. */
export const TEXTBOOK_KEY = 'delayed_queue';

/** A promoted job and the order it arrived in. */
export interface PromotedJob {
  readonly member: string;
  readonly arrival: number;
}

/** What one "Promote due jobs" did on each set. */
export interface PromoteResult {
  readonly now: number;
  readonly band: { readonly jobs: readonly PromotedJob[]; readonly calls: number };
  readonly textbook: { readonly jobs: readonly PromotedJob[]; readonly calls: number; readonly bound: number; readonly unit: TextbookUnit };
  /** getNextDelayedTimestamp after the promote: score / 0x1000 of the band set's head, or null when empty. */
  readonly nextWake: number | null;
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
}

function isWholeInRange(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** The two sets and everything the page shows about them; `apply` is the only writer. */
export class Session {
  settings: Settings;
  textbook!: MemoryRedis;
  band!: MemoryRedis;
  textbookOrder!: ArrivalTracker;
  bandOrder!: ArrivalTracker;
  /** member -> arrival number, for every job enqueued since the last reset. */
  arrivals!: Map<string, number>;
  /** Every enqueue since the last reset, in order: the page's own arrival stream. */
  enqueues!: EnqueueBatch[];
  /** The arrival number the next job gets (1-based). */
  nextArrival = 1;
  lastEnqueue: EnqueueResult | null = null;
  lastPromote: PromoteResult | null = null;
  /** The band shown in the grid; null follows the current fire-time. */
  selectedFireTime: number | null = null;
  /** Why the last enqueue was refused, or null. */
  enqueueError: string | null = null;
  /** The instant of the last enqueue or promote (what the page shows as now when frozen elsewhere). */
  lastInstant: number | null = null;
  /** How many uuid ids the scenario has drawn. */
  #uuidsDrawn = 0;
  #loggedTextbook!: RedisLike;
  #loggedBand!: RedisLike;

  constructor(
    initial: Settings,
    private readonly hooks: SessionHooks,
  ) {
    this.settings = initial;
    this.#emptySets();
  }

  #emptySets(): void {
    this.textbook = new MemoryRedis();
    this.band = new MemoryRedis();
    const wrap = this.hooks.wrap ?? ((redis: MemoryRedis) => redis);
    this.#loggedTextbook = wrap(this.textbook, 'textbook');
    this.#loggedBand = wrap(this.band, 'band');
    this.textbookOrder = new ArrivalTracker();
    this.bandOrder = new ArrivalTracker();
    this.arrivals = new Map();
    this.enqueues = [];
    this.nextArrival = 1;
    this.lastEnqueue = null;
    this.lastPromote = null;
    this.selectedFireTime = null;
    this.enqueueError = null;
  }

  /**
   * Performs one operation. Returns false, changing nothing that a replay could not rebuild, when
   * the operation is refused (a value out of range, a unit change with jobs in the textbook set,
   * a job id already taken); true when it was applied and belongs in the scenario.
   */
  apply(op: Operation): boolean {
    const s = this.settings;
    switch (op.kind) {
      case 'delay':
        if (!isWholeInRange(op.delay, 0, MAX_DELAY_MS)) return false;
        this.settings = { ...s, delay: op.delay };
        return true;
      case 'unit':
        // The textbook set holds scores in one unit: switching with jobs in it would mix them.
        if (op.unit !== 's' && op.unit !== 'ms') return false;
        if (this.textbook.call('ZCARD', TEXTBOOK_KEY) !== 0) return false;
        this.settings = { ...s, textbookUnit: op.unit };
        return true;
      case 'live':
        this.settings = { ...s, clockMode: 'live' };
        return true;
      case 'freeze':
        if (!isWholeInRange(op.at, 0, MAX_CLOCK_MS)) return false;
        this.settings = { ...s, clockMode: 'frozen', frozenAt: op.at };
        return true;
      case 'idStyle':
        this.settings = { ...s, idStyle: op.style };
        this.enqueueError = null;
        return true;
      case 'prefix':
        if (!parseIdPrefix(op.prefix).ok) return false;
        this.settings = { ...s, idPrefix: op.prefix };
        this.enqueueError = null;
        return true;
      case 'batch':
        if (!isWholeInRange(op.size, MIN_BATCH, MAX_BATCH)) return false;
        this.settings = { ...s, batchSize: op.size };
        return true;
      case 'enqueue':
        return this.#enqueue(op.count, op.at);
      case 'promote':
        if (!isWholeInRange(op.at, 0, MAX_CLOCK_MS)) return false;
        this.#promote(op.at);
        return true;
      case 'reset':
        this.hooks.onReset?.();
        this.#emptySets();
        return true;
    }
  }

  #enqueue(count: number, timestamp: number): boolean {
    if (!isWholeInRange(count, 1, MAX_BATCH) || !isWholeInRange(timestamp, 0, MAX_CLOCK_MS)) return false;
    const s = this.settings;
    this.lastInstant = timestamp;
    const members: string[] = [];
    const fresh = new Set<string>();
    for (let i = 0; i < count; i++) {
      const member = jobId(s.idStyle, this.nextArrival + i, s.idPrefix, () => this.hooks.uuid(this.#uuidsDrawn + i));
      if (this.arrivals.has(member) || fresh.has(member)) {
        this.enqueueError = `Job id "${member}" is already taken; pick another id style or prefix.`;
        return false;
      }
      fresh.add(member);
      members.push(member);
    }
    if (s.idStyle === 'uuid') this.#uuidsDrawn += count;
    // The textbook client sends the score as text; every job of the batch shares it.
    const textbookScoreArg = luaNumberArg(textbookScore(timestamp, s.delay, s.textbookUnit));
    let last = { score: 0, delayedTimestamp: timestamp };
    let added = 0;
    let failure: string | null = null;
    try {
      for (const member of members) {
        const arrival = this.nextArrival + added;
        this.arrivals.set(member, arrival);
        this.#loggedTextbook.call('ZADD', TEXTBOOK_KEY, textbookScoreArg, member);
        last = addDelayedJob(this.#loggedBand, BAND_KEY, member, timestamp, s.delay);
        // Where each set put the job (a read for the page, not one of the model's commands).
        this.textbookOrder.add(arrival, Number(this.textbook.call('ZRANK', TEXTBOOK_KEY, member)));
        this.bandOrder.add(arrival, Number(this.band.call('ZRANK', BAND_KEY, member)));
        added++;
      }
    } catch (error) {
      // Not expected with the checked inputs; if the model refuses a job, say so and keep what was added.
      failure = `Redis refused job ${added + 1}: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (added > 0) this.enqueues.push({ timestamp, delay: s.delay, firstArrival: this.nextArrival, members: added === members.length ? members : members.slice(0, added) });
    this.nextArrival += added + (failure === null ? 0 : 1);
    if (added > 0) {
      this.lastEnqueue = { timestamp, fireTime: last.delayedTimestamp, lastScore: last.score, count: added };
      this.selectedFireTime = last.delayedTimestamp;
    }
    this.enqueueError = failure;
    return added > 0 || failure !== null;
  }

  #promote(now: number): void {
    this.lastInstant = now;
    const arrivalOf = (member: string): PromotedJob => ({ member, arrival: this.arrivals.get(member) ?? 0 });

    const promoted = promoteAllDueJobs(this.#loggedBand, BAND_KEY, now);
    const bandJobs = promoted.map(arrivalOf);
    for (const job of bandJobs) this.bandOrder.removeHead(job.arrival);

    // The textbook sweep: ZRANGEBYSCORE key 0 <now> LIMIT 0 1000, then ZREM that batch.
    const unit = this.settings.textbookUnit;
    const bound = textbookScore(now, 0, unit);
    const swept = sweepByScore(this.#loggedTextbook, TEXTBOOK_KEY, bound);
    const textbookJobs = swept.map(arrivalOf);
    for (const job of textbookJobs) this.textbookOrder.removeHead(job.arrival);

    const nextWake = getNextDelayedTimestamp(this.#loggedBand, BAND_KEY);
    this.lastPromote = {
      now,
      band: { jobs: bandJobs, calls: batchesTaken(bandJobs.length, PROMOTE_BATCH) },
      textbook: { jobs: textbookJobs, calls: batchesTaken(textbookJobs.length, PROMOTE_BATCH), bound, unit },
      nextWake,
    };
  }
}

/** Replays a scenario's operations on a fresh Session; the index of the first refused one, or -1. */
export function replay(session: Session, operations: readonly Operation[]): number {
  for (let i = 0; i < operations.length; i++) {
    if (!session.apply(operations[i]!)) return i;
  }
  return -1;
}
