/**
 * The page's one store (Zustand, vanilla): the controls, the two sets as MemoryRedis instances, the
 * arrival numbers, the command log, and the actions that drive the model. Instances are mutable;
 * `version` is bumped whenever a set, the arrivals or the log change, so readers know to re-read.
 */
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { MemoryRedis } from '../model/memoryRedis.ts';
import type { RedisLike } from '../model/memoryRedis.ts';
import { addDelayedJob, getNextDelayedTimestamp, promoteDelayedJobs } from '../model/delayed.ts';
import { textbookScore } from '../model/score.ts';
import { luaNumberArg } from '../model/doubles.ts';
import { CommandLog } from './commandLog.ts';
import { LoggingRedis } from './loggingRedis.ts';
import { ArrivalTracker } from './arrivalTracker.ts';
import { jobId, randomUUID as defaultRandomUUID } from './jobIds.ts';
import type { IdStyle } from './jobIds.ts';
import { MAX_BATCH, MAX_CLOCK_MS, MAX_DELAY_MS, MIN_BATCH, parseIdPrefix } from './input.ts';

/** The band set's key, as BullMQ names a queue's delayed set. */
export const BAND_KEY = 'bull:firetime:delayed';
/** The textbook set's key. */
export const TEXTBOOK_KEY = 'delayed_queue';
/** How many members one promote call (and one textbook sweep batch) moves: the scripts' LIMIT. */
export const PROMOTE_LIMIT = 1000;

export type ClockMode = 'live' | 'frozen';
export type TextbookUnit = 's' | 'ms';

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

export interface AppState {
  /** The delay in ms (always a valid value). */
  readonly delay: number;
  /** The unit of the textbook score: whole seconds (the classic examples) or ms. */
  readonly textbookUnit: TextbookUnit;
  readonly clockMode: ClockMode;
  /** The instant the frozen clock shows (ms). */
  readonly frozenAt: number;
  /** The clock's reading at the last action or display tick (ms). */
  readonly now: number;
  readonly idStyle: IdStyle;
  readonly idPrefix: string;
  /** N of "Enqueue N at the same millisecond". */
  readonly batchSize: number;
  /** The arrival number the next job gets (1-based). */
  readonly nextArrival: number;
  /** The textbook set: `ZADD key <fire-time> <member>`. */
  readonly textbook: MemoryRedis;
  /** The band set: addDelayedJob (score = fire-time * 0x1000, bumped). */
  readonly band: MemoryRedis;
  /** How far the textbook set is from arrival order (kept current by enqueue and promote). */
  readonly textbookOrder: ArrivalTracker;
  /** How far the band set is from arrival order. */
  readonly bandOrder: ArrivalTracker;
  /** member -> arrival number, for every job enqueued since the last reset. */
  readonly arrivals: Map<string, number>;
  readonly log: CommandLog;
  readonly lastEnqueue: EnqueueResult | null;
  readonly lastPromote: PromoteResult | null;
  /** The band shown in the grid; null follows the current fire-time. */
  readonly selectedFireTime: number | null;
  /** Why the last enqueue was refused, or null. */
  readonly enqueueError: string | null;
  /** Bumped on every change to the sets, the arrivals or the log. */
  readonly version: number;

  setDelay(delay: number): boolean;
  setTextbookUnit(unit: TextbookUnit): boolean;
  setClockLive(): void;
  freezeClock(at?: number): boolean;
  stepClock(ms: number): void;
  tick(): void;
  setIdStyle(style: IdStyle): void;
  setIdPrefix(prefix: string): boolean;
  setBatchSize(size: number): boolean;
  enqueue(count: number): boolean;
  promote(): void;
  selectBand(fireTime: number | null): void;
  reset(): void;
}

export interface AppStoreOptions {
  /** The real clock (Date.now by default). */
  readonly clock?: () => number;
  /** uuid source (crypto.randomUUID by default). */
  readonly randomUUID?: () => string;
  /** Start with the clock frozen at this instant. */
  readonly frozenAt?: number;
  readonly delay?: number;
  readonly textbookUnit?: TextbookUnit;
  readonly idStyle?: IdStyle;
}

export type AppStore = StoreApi<AppState>;

function isWholeInRange(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** Creates a store with empty sets. */
export function createAppStore(options: AppStoreOptions = {}): AppStore {
  const clock = options.clock ?? (() => Date.now());
  const randomUUID = options.randomUUID ?? defaultRandomUUID;

  return createStore<AppState>()((set, get) => {
    const log = new CommandLog();
    let loggedTextbook: RedisLike;
    let loggedBand: RedisLike;
    /** Fresh, empty sets, each wrapped so the model's commands land in the log. */
    const freshSets = () => {
      const textbook = new MemoryRedis();
      const band = new MemoryRedis();
      loggedTextbook = new LoggingRedis(textbook, log, 'textbook');
      loggedBand = new LoggingRedis(band, log, 'band');
      return { textbook, band, textbookOrder: new ArrivalTracker(), bandOrder: new ArrivalTracker() };
    };

    /** The clock's reading now: the real time when live, the set instant when frozen. */
    const readClock = (): number => (get().clockMode === 'live' ? clock() : get().frozenAt);

    const frozen = options.frozenAt;
    return {
      delay: options.delay ?? 5000,
      textbookUnit: options.textbookUnit ?? 's',
      clockMode: frozen === undefined ? 'live' : 'frozen',
      frozenAt: frozen ?? clock(),
      now: frozen ?? clock(),
      idStyle: options.idStyle ?? 'job:N',
      idPrefix: 'order-',
      batchSize: 3,
      nextArrival: 1,
      ...freshSets(),
      arrivals: new Map(),
      log,
      lastEnqueue: null,
      lastPromote: null,
      selectedFireTime: null,
      enqueueError: null,
      version: 0,

      setDelay(delay) {
        if (!isWholeInRange(delay, 0, MAX_DELAY_MS)) return false;
        set({ delay, now: readClock() });
        return true;
      },

      setTextbookUnit(unit) {
        // The textbook set holds scores in one unit: switching with jobs in it would mix them.
        if (get().textbook.call('ZCARD', TEXTBOOK_KEY) !== 0) return false;
        set({ textbookUnit: unit });
        return true;
      },

      setClockLive() {
        set({ clockMode: 'live', now: clock() });
      },

      freezeClock(at) {
        const instant = at ?? readClock();
        if (!isWholeInRange(instant, 0, MAX_CLOCK_MS)) return false;
        set({ clockMode: 'frozen', frozenAt: instant, now: instant });
        return true;
      },

      stepClock(ms) {
        const instant = Math.min(readClock() + ms, MAX_CLOCK_MS);
        set({ clockMode: 'frozen', frozenAt: instant, now: instant });
      },

      tick() {
        if (get().clockMode === 'live') set({ now: clock() });
      },

      setIdStyle(idStyle) {
        set({ idStyle, enqueueError: null });
      },

      setIdPrefix(prefix) {
        if (!parseIdPrefix(prefix).ok) return false;
        set({ idPrefix: prefix, enqueueError: null });
        return true;
      },

      setBatchSize(size) {
        if (!isWholeInRange(size, MIN_BATCH, MAX_BATCH)) return false;
        set({ batchSize: size });
        return true;
      },

      enqueue(count) {
        if (!isWholeInRange(count, 1, MAX_BATCH)) return false;
        const state = get();
        const timestamp = readClock();
        const members: string[] = [];
        const fresh = new Set<string>();
        for (let i = 0; i < count; i++) {
          const member = jobId(state.idStyle, state.nextArrival + i, state.idPrefix, randomUUID);
          if (state.arrivals.has(member) || fresh.has(member)) {
            set({ now: timestamp, enqueueError: `Job id "${member}" is already taken; pick another id style or prefix.` });
            return false;
          }
          fresh.add(member);
          members.push(member);
        }
        // The textbook client sends the score as text; every job of the batch shares it.
        const textbookScoreArg = luaNumberArg(textbookScore(timestamp, state.delay, state.textbookUnit));
        let last = { score: 0, delayedTimestamp: timestamp };
        let added = 0;
        let failure: string | null = null;
        try {
          for (const member of members) {
            const arrival = state.nextArrival + added;
            state.arrivals.set(member, arrival);
            loggedTextbook.call('ZADD', TEXTBOOK_KEY, textbookScoreArg, member);
            last = addDelayedJob(loggedBand, BAND_KEY, member, timestamp, state.delay);
            // Where each set put the job (a read for the page, not one of the model's commands).
            state.textbookOrder.add(arrival, Number(state.textbook.call('ZRANK', TEXTBOOK_KEY, member)));
            state.bandOrder.add(arrival, Number(state.band.call('ZRANK', BAND_KEY, member)));
            added++;
          }
        } catch (error) {
          // Not expected with the checked inputs; if the model refuses a job, say so and keep what was added.
          failure = `Redis refused job ${added + 1}: ${error instanceof Error ? error.message : String(error)}`;
        }
        set({
          now: timestamp,
          nextArrival: state.nextArrival + added + (failure === null ? 0 : 1),
          lastEnqueue: added > 0 ? { timestamp, fireTime: last.delayedTimestamp, lastScore: last.score, count: added } : state.lastEnqueue,
          selectedFireTime: added > 0 ? last.delayedTimestamp : state.selectedFireTime,
          enqueueError: failure,
          version: state.version + 1,
        });
        return failure === null;
      },

      promote() {
        const state = get();
        const now = readClock();
        const arrivalOf = (member: string): PromotedJob => ({ member, arrival: state.arrivals.get(member) ?? 0 });

        const bandJobs: PromotedJob[] = [];
        let bandCalls = 0;
        for (;;) {
          const batch = promoteDelayedJobs(loggedBand, BAND_KEY, now, PROMOTE_LIMIT);
          bandCalls++;
          for (const member of batch) {
            const job = arrivalOf(member);
            bandJobs.push(job);
            state.bandOrder.removeHead(job.arrival);
          }
          if (batch.length < PROMOTE_LIMIT) break;
        }

        // The textbook sweep: ZRANGEBYSCORE key 0 <now> LIMIT 0 1000, then ZREM that batch.
        const bound = textbookScore(now, 0, state.textbookUnit);
        const textbookJobs: PromotedJob[] = [];
        let textbookCalls = 0;
        for (;;) {
          const reply = loggedTextbook.call('ZRANGEBYSCORE', TEXTBOOK_KEY, 0, bound, 'LIMIT', 0, PROMOTE_LIMIT);
          textbookCalls++;
          const batch = Array.isArray(reply) ? reply.filter((m): m is string => typeof m === 'string') : [];
          if (batch.length > 0) loggedTextbook.call('ZREM', TEXTBOOK_KEY, ...batch);
          for (const member of batch) {
            const job = arrivalOf(member);
            textbookJobs.push(job);
            state.textbookOrder.removeHead(job.arrival);
          }
          if (batch.length < PROMOTE_LIMIT) break;
        }

        const nextWake = getNextDelayedTimestamp(loggedBand, BAND_KEY);
        set({
          now,
          lastPromote: {
            now,
            band: { jobs: bandJobs, calls: bandCalls },
            textbook: { jobs: textbookJobs, calls: textbookCalls, bound, unit: state.textbookUnit },
            nextWake,
          },
          version: state.version + 1,
        });
      },

      selectBand(fireTime) {
        set({ selectedFireTime: fireTime });
      },

      reset() {
        const state = get();
        log.clear();
        set({
          ...freshSets(),
          arrivals: new Map(),
          now: readClock(),
          nextArrival: 1,
          lastEnqueue: null,
          lastPromote: null,
          selectedFireTime: null,
          enqueueError: null,
          version: state.version + 1,
        });
      },
    };
  });
}
