/**
 * The page's one store (Zustand, vanilla): the scenario (starting settings and the operations
 * performed), the Session it builds (two MemoryRedis sets, arrivals, last enqueue and promote), the
 * command log, and undo / redo. Every action that changes the model becomes an Operation carrying
 * what it read (the clock's instant), is applied to the Session, and is appended to the scenario;
 * undo replays the scenario without its last operation on fresh sets. Instances are mutable;
 * `version` is bumped whenever a set, the arrivals or the log change, so readers know to re-read.
 */
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { CommandLog } from '../session/commandLog.ts';
import { LoggingRedis } from '../session/loggingRedis.ts';
import type { ArrivalTracker } from '../session/arrivalTracker.ts';
import { seededUuid } from '../session/jobIds.ts';
import type { IdStyle } from '../session/jobIds.ts';
import { MAX_CLOCK_MS } from '../session/input.ts';
import { Session, replay } from '../session/session.ts';
import type { EnqueueBatch, EnqueueResult, PromoteResult } from '../session/session.ts';
import { defaultSettings } from '../session/operations.ts';
import type { Operation, Scenario, Settings, TextbookUnit } from '../session/operations.ts';

export { BAND_KEY, TEXTBOOK_KEY } from '../session/session.ts';
export type { EnqueueBatch, EnqueueResult, PromoteResult, PromotedJob } from '../session/session.ts';
export type { ClockMode, TextbookUnit } from '../session/operations.ts';

/** Changes of one field within this long (a slider drag, typing) make one operation, one undo step. */
export const COALESCE_MS = 700;

/** How the browser history should follow the last change of the scenario. */
export type HistoryStep = 'push' | 'replace' | 'none';

export interface AppState extends Settings {
  /** The clock's reading at the last action or display tick (ms). */
  readonly now: number;
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
  /** Every enqueue since the last reset (grows in place; `version` says when). */
  readonly enqueues: readonly EnqueueBatch[];
  readonly log: CommandLog;
  readonly lastEnqueue: EnqueueResult | null;
  readonly lastPromote: PromoteResult | null;
  /** The band shown in the grid; null follows the current fire-time. */
  readonly selectedFireTime: number | null;
  /** Why the last enqueue was refused, or null. */
  readonly enqueueError: string | null;
  /** Bumped on every change to the sets, the arrivals or the log. */
  readonly version: number;
  /** The scenario that rebuilds the current state (the operations applied so far). */
  readonly scenario: Scenario;
  /** Operations undone and not yet redone (the next redo is the last). */
  readonly redoStack: readonly Operation[];
  /** Bumped at each change of the scenario, with how the browser history should follow it. */
  readonly scenarioChange: { readonly serial: number; readonly history: HistoryStep };
  /** Why a shared scenario could not be opened, or null. */
  readonly scenarioError: string | null;

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
  /** Takes back the last operation (replays the rest on fresh sets); false when there is none. */
  undo(): boolean;
  /** Applies the last undone operation again; false when there is none. */
  redo(): boolean;
  /**
   * Rebuilds the state from a scenario (a shared URL, back / forward). When one of its operations
   * is refused, opens the default state instead with `message` plus the reason, and returns false.
   */
  loadScenario(scenario: Scenario, history: HistoryStep, message?: string): boolean;
  /** Opens a clean default state and shows why (a URL that could not be read). */
  discardScenario(message: string): void;
  dismissScenarioError(): void;
}

export interface AppStoreOptions {
  /** The real clock (Date.now by default). */
  readonly clock?: () => number;
  /** The wall clock that groups quick changes of one field into one operation (Date.now by default). */
  readonly wallClock?: () => number;
  /** uuid source for tests; by default uuids come from the scenario's seed, so replays rebuild them. */
  readonly randomUUID?: () => string;
  /** The seed of the uuid ids (random by default). */
  readonly seed?: number;
  /** Start with the clock frozen at this instant. */
  readonly frozenAt?: number;
  readonly delay?: number;
  readonly textbookUnit?: TextbookUnit;
  readonly idStyle?: IdStyle;
}

export type AppStore = StoreApi<AppState>;

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

function sameSettings(a: Settings, b: Settings): boolean {
  return (Object.keys(a) as Array<keyof Settings>).every((key) => a[key] === b[key]);
}

const SETTING_KINDS: ReadonlySet<Operation['kind']> = new Set(['delay', 'unit', 'live', 'freeze', 'idStyle', 'prefix', 'batch']);

/** Creates a store with empty sets. */
export function createAppStore(options: AppStoreOptions = {}): AppStore {
  const clock = options.clock ?? (() => Date.now());
  const wallClock = options.wallClock ?? (() => Date.now());
  const given = options.randomUUID;
  const log = new CommandLog();

  return createStore<AppState>()((set, get) => {
    let seed = options.seed ?? randomSeed();
    const hooks = () => ({
      wrap: (redis: MemoryRedis, name: 'band' | 'textbook') => new LoggingRedis(redis, log, name),
      onReset: () => log.clear(),
      uuid: given ? () => given() : (index: number) => seededUuid(seed, index),
    });
    const first: Settings = {
      ...defaultSettings(options.frozenAt ?? clock(), options.frozenAt === undefined ? 'live' : 'frozen'),
      ...(options.delay === undefined ? {} : { delay: options.delay }),
      ...(options.textbookUnit === undefined ? {} : { textbookUnit: options.textbookUnit }),
      ...(options.idStyle === undefined ? {} : { idStyle: options.idStyle }),
    };
    let session = new Session(first, hooks());
    /** When the last operation was recorded (wall clock), for grouping a drag into one operation. */
    let lastRecordedAt = Number.NEGATIVE_INFINITY;

    /** The clock's reading now: the real time when live, the set instant when frozen. */
    const readClock = (): number => (session.settings.clockMode === 'live' ? clock() : session.settings.frozenAt);

    /** The state fields a Session holds. */
    const sessionFields = () => ({
      ...session.settings,
      textbook: session.textbook,
      band: session.band,
      textbookOrder: session.textbookOrder,
      bandOrder: session.bandOrder,
      arrivals: session.arrivals,
      enqueues: session.enqueues,
      nextArrival: session.nextArrival,
      lastEnqueue: session.lastEnqueue,
      lastPromote: session.lastPromote,
      selectedFireTime: session.selectedFireTime,
      enqueueError: session.enqueueError,
    });

    /**
     * Copies the session out and publishes it with the scenario it came from; `history` tells the
     * URL how to follow ('none': only the error changed). `setsChanged` false (a setting such as
     * the delay moved, nothing was written) keeps `version`, so the views over the sets do not
     * re-read them on every step of a slider drag.
     */
    const publish = (scenario: Scenario, redoStack: readonly Operation[], history: HistoryStep, now: number, setsChanged = true) => {
      const state = get();
      set({
        ...sessionFields(),
        now,
        scenario,
        redoStack,
        version: setsChanged ? state.version + 1 : state.version,
        scenarioChange: history === 'none' ? state.scenarioChange : { serial: state.scenarioChange.serial + 1, history },
      });
    };

    /**
     * Applies one operation; when applied, appends it to the scenario (or replaces the last one,
     * for quick changes of the same field) and clears the redo stack.
     */
    const perform = (op: Operation, options: { coalesce?: boolean } = {}): boolean => {
      const before = session.settings;
      const applied = session.apply(op);
      const state = get();
      const now = op.kind === 'enqueue' || op.kind === 'promote' ? op.at : readClock();
      if (!applied || (SETTING_KINDS.has(op.kind) && sameSettings(before, session.settings))) {
        set({ ...sessionFields(), now });
        return applied;
      }
      const operations = state.scenario.operations;
      const wall = wallClock();
      const last = operations[operations.length - 1];
      const merge = options.coalesce === true && last?.kind === op.kind && wall - lastRecordedAt < COALESCE_MS && state.redoStack.length === 0;
      lastRecordedAt = wall;
      const next = merge ? [...operations.slice(0, -1), op] : [...operations, op];
      publish({ ...state.scenario, operations: next }, [], merge ? 'replace' : 'push', now, !SETTING_KINDS.has(op.kind));
      return true;
    };

    /** A fresh Session with the scenario's operations replayed; the index of a refused one, or -1. */
    const rebuild = (scenario: Scenario): number => {
      seed = scenario.seed;
      log.clear();
      session = new Session(scenario.initial, hooks());
      return replay(session, scenario.operations);
    };

    const emptyScenario = (): Scenario => ({ seed: randomSeed(), initial: defaultSettings(clock()), operations: [] });

    return {
      ...sessionFields(),
      now: readClock(),
      log,
      version: 0,
      scenario: { seed, initial: first, operations: [] },
      redoStack: [],
      scenarioChange: { serial: 0, history: 'none' },
      scenarioError: null,

      setDelay: (delay) => perform({ kind: 'delay', delay }, { coalesce: true }),
      setTextbookUnit: (unit) => perform({ kind: 'unit', unit }),
      setClockLive() {
        perform({ kind: 'live' });
      },
      freezeClock: (at) => perform({ kind: 'freeze', at: at ?? readClock() }, { coalesce: at !== undefined }),
      stepClock(ms) {
        perform({ kind: 'freeze', at: Math.min(readClock() + ms, MAX_CLOCK_MS) });
      },
      tick() {
        if (session.settings.clockMode === 'live') set({ now: clock() });
      },
      setIdStyle(style) {
        perform({ kind: 'idStyle', style });
      },
      setIdPrefix: (prefix) => perform({ kind: 'prefix', prefix }, { coalesce: true }),
      setBatchSize: (size) => perform({ kind: 'batch', size }, { coalesce: true }),
      enqueue(count) {
        const applied = perform({ kind: 'enqueue', count, at: readClock() });
        return applied && session.enqueueError === null;
      },
      promote() {
        perform({ kind: 'promote', at: readClock() });
      },
      selectBand(fireTime) {
        session.selectedFireTime = fireTime;
        set({ selectedFireTime: fireTime });
      },
      reset() {
        perform({ kind: 'reset' });
      },

      undo() {
        const { scenario, redoStack } = get();
        const last = scenario.operations[scenario.operations.length - 1];
        if (last === undefined) return false;
        const previous = { ...scenario, operations: scenario.operations.slice(0, -1) };
        rebuild(previous);
        lastRecordedAt = Number.NEGATIVE_INFINITY;
        publish(previous, [...redoStack, last], 'push', readClock());
        return true;
      },

      redo() {
        const { scenario, redoStack } = get();
        const op = redoStack[redoStack.length - 1];
        if (op === undefined) return false;
        session.apply(op);
        lastRecordedAt = Number.NEGATIVE_INFINITY;
        publish({ ...scenario, operations: [...scenario.operations, op] }, redoStack.slice(0, -1), 'push', readClock());
        return true;
      },

      loadScenario(scenario, history, message = 'This scenario could not be replayed') {
        const refused = rebuild(scenario);
        lastRecordedAt = Number.NEGATIVE_INFINITY;
        if (refused < 0) {
          publish(scenario, [], history, readClock());
          set({ scenarioError: null });
          return true;
        }
        get().discardScenario(`${message}: step ${refused + 1} (${scenario.operations[refused]!.kind}) is refused by the page. A clean default state is shown instead.`);
        return false;
      },

      discardScenario(text) {
        const fresh = emptyScenario();
        rebuild(fresh);
        lastRecordedAt = Number.NEGATIVE_INFINITY;
        publish(fresh, [], 'none', readClock());
        set({ scenarioError: text });
      },

      dismissScenarioError() {
        set({ scenarioError: null });
      },
    };
  });
}
