/**
 * The page's one store (Zustand, vanilla): the scenario (starting settings and the operations
 * performed), the Session it builds (two MemoryRedis sets, arrivals, last enqueue and promote), the
 * command log, and undo / redo. Every action that changes the model becomes an Operation carrying
 * what it read (the clock's instant), is applied to the Session, and is appended to the scenario;
 * undo and redo use the Session's records (Session.undo, Session.redo). Instances are mutable;
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
import { Session, drain, replay, replaySteps } from '../session/session.ts';
import type {
  EnqueueBatch,
  EnqueueResult,
  PromoteResult,
  PromotedSinceReset,
  ReplayProgress,
  SessionHooks,
} from '../session/session.ts';
import { MAX_BATCH } from '../session/input.ts';
import { linkBudgetQuestion, loadedSoFar, overLinkBudget, scenarioCost } from '../session/scenarioCost.ts';
import { defaultScheduler, runInSlices } from './slices.ts';
import type { Scheduler, SlicedWork } from './slices.ts';
import type { ScenarioCost } from '../session/scenarioCost.ts';
import { defaultSettings } from '../session/operations.ts';
import type { Operation, OperationList, Scenario, Settings, TextbookUnit } from '../session/operations.ts';
import { OperationLog } from '../session/operationLog.ts';

export { BAND_KEY, TEXTBOOK_KEY } from '../session/session.ts';
export type { EnqueueBatch, EnqueueResult, PromoteResult, PromotedJob, PromotedSinceReset } from '../session/session.ts';
export type { ClockMode, TextbookUnit } from '../session/operations.ts';
export { SLICE_MS } from './slices.ts';
export type { Scheduler } from './slices.ts';

/** Changes of one field within this long (a slider drag, typing) make one operation, one undo step. */
export const COALESCE_MS = 700;

/** How the browser history should follow the last change of the scenario. */
export type HistoryStep = 'push' | 'replace' | 'none';

/**
 * A scenario change (a link, back / forward) that undoes and replays at most this many jobs is done
 * at once (one of the largest batches: about 100 ms); more runs in slices from a fresh Session.
 */
export const SYNC_JOBS = MAX_BATCH;

/**
 * Where work in slices has got: a load (jobs replayed, steps), or an undo / redo of a step that
 * moves more than SYNC_JOBS jobs (a big promote: jobs put back or taken out again, one step).
 */
export interface LoadProgress {
  readonly action: 'load' | 'undo' | 'redo';
  readonly jobs: number;
  readonly totalJobs: number;
  readonly operations: number;
  readonly totalOperations: number;
}

/** A link over the budget (LINK_BUDGET_*), waiting for the reader to load it or open an empty page. */
export interface PendingLink {
  readonly scenario: Scenario;
  readonly cost: ScenarioCost;
  /** "This link enqueues 1,000,000 jobs (about 11 MB of ids); load it?" */
  readonly question: string;
  readonly history: HistoryStep;
  readonly message: string;
}

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
  /** Every job promoted since the last reset, per set, in order (grows in place; `version` says when). */
  readonly promoted: PromotedSinceReset;
  /**
   * Auto-promote: a worker (src/store/scheduler.ts) promotes each time the band set's head falls
   * due. A mode of the page, not a step of the scenario: its promotes are recorded, the switch is not.
   */
  readonly autoPromote: boolean;
  /** Why auto-promote switched itself off (undo, redo, another scenario), or null. */
  readonly autoPromoteNote: string | null;
  /** The band shown in the grid: a millisecond the user picked, or null to follow the current fire-time. */
  readonly selectedFireTime: number | null;
  /** Why the last enqueue was refused, or null. */
  readonly enqueueError: string | null;
  /** Bumped on every change to the sets, the arrivals or the log. */
  readonly version: number;
  /** The scenario that rebuilds the current state (the operations applied so far). */
  readonly scenario: Scenario;
  /** Operations undone and not yet redone (the next redo is the last). */
  readonly redoStack: readonly Operation[];
  /**
   * Bumped at each change of the scenario, with how the browser history should follow it; `steps`
   * operations were appended at once (enqueueEach), each its own history entry; absent: one.
   */
  readonly scenarioChange: { readonly serial: number; readonly history: HistoryStep; readonly steps?: number };
  /** Why a shared scenario could not be opened (or its load was cancelled), or null. */
  readonly scenarioError: string | null;
  /** A link over the budget, asking before it loads; null otherwise. */
  readonly pendingLink: PendingLink | null;
  /** Work running in slices (a load: jobs replayed / total; an undo or redo of a big promote: jobs moved / total), or null. */
  readonly loading: LoadProgress | null;
  /** Why the address bar no longer follows the scenario (too long for a link), or null. */
  readonly shareNotice: string | null;

  setDelay(delay: number): boolean;
  setTextbookUnit(unit: TextbookUnit): boolean;
  setClockLive(): void;
  freezeClock(at?: number): boolean;
  stepClock(ms: number): void;
  tick(): void;
  /** The clock's reading now (the real time when live, the set instant when frozen); changes nothing. */
  readClock(): number;
  setIdStyle(style: IdStyle): void;
  setIdPrefix(prefix: string): boolean;
  setBatchSize(size: number): boolean;
  enqueue(count: number): boolean;
  /**
   * Enqueues `count` jobs one at a time, each one ordinary enqueue(1) operation with its own clock
   * reading (so the scenario, undo and the export hold them as `count` clicks), and publishes them
   * together: the views and the URL hear of them once. Stops at a refused one. Gives how many were
   * enqueued. The player uses it for the jobs one frame owes.
   */
  enqueueEach(count: number): number;
  promote(): void;
  /** Turns auto-promote on or off (clears the note saying why it last stopped). */
  setAutoPromote(on: boolean): void;
  selectBand(fireTime: number | null): void;
  reset(): void;
  /**
   * Takes back the last operation from its undo record (a replay of the rest only when there is
   * none); a promote of more than SYNC_JOBS jobs is put back in slices (`loading`). False when
   * there is none, or while an undo or redo runs in slices.
   */
  undo(): boolean;
  /**
   * Applies the last undone operation again from what its undo kept (in slices past SYNC_JOBS
   * jobs, as undo); false when there is none, or while an undo or redo runs in slices.
   */
  redo(): boolean;
  /**
   * Rebuilds the state from a scenario (a shared URL, back / forward). When one of its operations
   * is refused, opens the default state instead with `message` plus the reason, and returns false.
   */
  loadScenario(scenario: Scenario, history: HistoryStep, message?: string): boolean;
  /**
   * Opens a scenario from the address bar (a link, back / forward). A small change (at most
   * SYNC_JOBS jobs to undo and replay) is made at once; a link whose replay is over the budget
   * asks first (pendingLink); anything else loads in slices (loading), cancellable, with `message`
   * on a refused step as loadScenario. Gives what it did.
   */
  openScenario(scenario: Scenario, history: HistoryStep, message?: string): 'loaded' | 'refused' | 'asking' | 'loading';
  /** The reader's answer to pendingLink: load it (in slices), or open an empty page. */
  answerLink(load: boolean): void;
  /** Stops a load in slices; the page keeps the state it had before the load, with a message. */
  cancelLoad(): void;
  /** Opens a clean default state and shows why (a URL that could not be read). */
  discardScenario(message: string): void;
  dismissScenarioError(): void;
  /** Says (or stops saying, with null) why the address bar does not hold the scenario. */
  setShareNotice(notice: string | null): void;
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
  /** How loads in slices take turns with the page (tests pass a fake one). */
  readonly scheduler?: Scheduler;
}

export type AppStore = StoreApi<AppState>;

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

function sameSettings(a: Settings, b: Settings): boolean {
  return (Object.keys(a) as Array<keyof Settings>).every((key) => a[key] === b[key]);
}

const SETTING_KINDS: ReadonlySet<Operation['kind']> = new Set(['delay', 'unit', 'live', 'freeze', 'idStyle', 'prefix', 'batch']);

function sameOperation(a: Operation, b: Operation): boolean {
  return a.kind === b.kind && (Object.keys(a) as Array<keyof Operation>).every((key) => a[key] === b[key]);
}

/** How many leading operations two scenarios share (0 when their seed or starting settings differ). */
function sharedSteps(a: Scenario, b: Scenario): number {
  if (a.seed !== b.seed || !sameSettings(a.initial, b.initial)) return 0;
  const limit = Math.min(a.operations.length, b.operations.length);
  let i = 0;
  while (i < limit && sameOperation(a.operations.at(i)!, b.operations.at(i)!)) i++;
  return i;
}

/** The store's operations: always an OperationLog (appended to in place), whatever list a scenario came with. */
function logOf(scenario: Scenario): OperationLog {
  return OperationLog.from(scenario.operations);
}

/** Jobs enqueued by some operations. */
function jobsOf(operations: OperationList): number {
  return scenarioCost({ seed: 0, initial: defaultSettings(0), operations }).jobs;
}

/**
 * What the store's Sessions are given: their sets write to `log` (which undo restores), uuids come
 * from `seed` (or `randomUUID` when given). Exported for a throwaway Session that must run the
 * page's code paths (the enqueue warm-up at idle).
 */
export function storeSessionHooks(seed: number, log: CommandLog, randomUUID?: () => string): SessionHooks {
  return {
    wrap: (redis: MemoryRedis, name: 'band' | 'textbook') => new LoggingRedis(redis, log, name),
    onReset: () => log.clear(),
    uuid: randomUUID ? () => randomUUID() : (index: number) => seededUuid(seed, index),
    undo: { log },
  };
}

/** Creates a store with empty sets. */
export function createAppStore(options: AppStoreOptions = {}): AppStore {
  const clock = options.clock ?? (() => Date.now());
  const wallClock = options.wallClock ?? (() => Date.now());
  const given = options.randomUUID;
  const scheduler = options.scheduler ?? defaultScheduler();

  return createStore<AppState>()((set, get) => {
    const seed = options.seed ?? randomSeed();
    /** What a Session of this seed needs: its sets write to `log`, which undo restores. */
    const hooks = (seedOf: number, sessionLog: CommandLog): SessionHooks => storeSessionHooks(seedOf, sessionLog, given);
    let log = new CommandLog();
    const first: Settings = {
      ...defaultSettings(options.frozenAt ?? clock(), options.frozenAt === undefined ? 'live' : 'frozen'),
      ...(options.delay === undefined ? {} : { delay: options.delay }),
      ...(options.textbookUnit === undefined ? {} : { textbookUnit: options.textbookUnit }),
      ...(options.idStyle === undefined ? {} : { idStyle: options.idStyle }),
    };
    let session = new Session(first, hooks(seed, log));
    /** The work in slices running now: a load (cancelled by cancelLoad), or an undo / redo (`travel`, finished first by any other change). */
    let running: (SlicedWork & { readonly travel: boolean }) | null = null;
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
      promoted: session.promoted,
      selectedFireTime: session.selectedFireTime,
      enqueueError: session.enqueueError,
      log,
    });

    /**
     * Copies the session out and publishes it with the scenario it came from; `history` tells the
     * URL how to follow ('none': only the error changed). `setsChanged` false (a setting such as
     * the delay moved, nothing was written) keeps `version`, so the views over the sets do not
     * re-read them on every step of a slider drag.
     */
    const publish = (
      scenario: Scenario,
      redoStack: readonly Operation[],
      history: HistoryStep,
      now: number,
      setsChanged = true,
      steps = 1,
    ) => {
      const state = get();
      const operations = logOf(scenario);
      set({
        ...sessionFields(),
        now,
        scenario: operations === scenario.operations ? scenario : { ...scenario, operations },
        redoStack,
        version: setsChanged ? state.version + 1 : state.version,
        scenarioChange:
          history === 'none'
            ? state.scenarioChange
            : { serial: state.scenarioChange.serial + 1, history, ...(steps === 1 ? {} : { steps }) },
      });
    };

    /**
     * Applies one operation; when applied, appends it to the scenario (or replaces the last one,
     * for quick changes of the same field) and clears the redo stack.
     */
    const perform = (op: Operation, options: { coalesce?: boolean } = {}): boolean => {
      settle();
      const before = session.settings;
      const applied = session.apply(op);
      const state = get();
      const now = op.kind === 'enqueue' || op.kind === 'promote' ? op.at : readClock();
      if (!applied || (SETTING_KINDS.has(op.kind) && sameSettings(before, session.settings))) {
        if (applied) session.forgetLast();
        set({ ...sessionFields(), now });
        return applied;
      }
      const operations = logOf(state.scenario);
      const wall = wallClock();
      const last = operations.at(-1);
      const merge =
        options.coalesce === true &&
        last?.kind === op.kind &&
        wall - lastRecordedAt < COALESCE_MS &&
        state.redoStack.length === 0;
      // The merged operation is undone to the state before the first of the run: keep that one's record.
      if (merge) session.forgetLast();
      lastRecordedAt = wall;
      const next = merge ? operations.prefix(operations.length - 1).append(op) : operations.append(op);
      publish({ ...state.scenario, operations: next }, [], merge ? 'replace' : 'push', now, !SETTING_KINDS.has(op.kind));
      return true;
    };

    /** A fresh Session with the scenario's operations replayed; the index of a refused one, or -1. */
    const rebuild = (scenario: Scenario): number => {
      log.clear();
      session = new Session(scenario.initial, hooks(scenario.seed, log));
      return replay(session, scenario.operations);
    };

    /**
     * Time travel switches auto-promote off: a worker left running would at once promote again
     * the jobs an undo just put back (and a new step would clear the redo stack).
     */
    const pauseWorker = (what: string) => {
      if (get().autoPromote)
        set({
          autoPromote: false,
          autoPromoteNote: `${what} switched auto-promote off, so the worker does not promote again what you took back. Switch it on to go on.`,
        });
    };

    /**
     * Brings the session to `scenario` the short way when it shares its first steps with the current
     * one: undoes the current steps after them, applies the new ones. Falls back to rebuild when
     * undoing would cost more than replaying the shared steps. The index of a refused step, or -1.
     */
    const moveTo = (scenario: Scenario): number => {
      const current = get().scenario;
      const shared = sharedSteps(current, scenario);
      const undoJobs = jobsOf(current.operations.slice(shared));
      const sameStart = current.seed === scenario.seed && sameSettings(current.initial, scenario.initial);
      if (
        !sameStart ||
        session.undoable !== current.operations.length ||
        (shared < current.operations.length && undoJobs > jobsOf(scenario.operations.slice(0, shared)))
      ) {
        return rebuild(scenario);
      }
      for (let k = current.operations.length; k > shared; k--) session.undo();
      for (let i = shared; i < scenario.operations.length; i++) if (!session.apply(scenario.operations.at(i)!)) return i;
      return -1;
    };

    /** Jobs moveTo would undo and replay to reach `scenario` the short way. */
    const moveCost = (scenario: Scenario): number => {
      const current = get().scenario;
      const shared = sharedSteps(current, scenario);
      const sameStart = current.seed === scenario.seed && sameSettings(current.initial, scenario.initial);
      if (!sameStart || session.undoable !== current.operations.length) return jobsOf(scenario.operations);
      return jobsOf(current.operations.slice(shared)) + jobsOf(scenario.operations.slice(shared));
    };

    /**
     * Stops a load in slices without a word (another load replaces it); an undo or redo in slices is
     * finished at once instead, so what comes next starts from a whole step.
     */
    const stopLoad = () => {
      if (running === null) return;
      const work = running;
      running = null;
      if (work.travel) work.finish();
      else work.cancel();
      set({ loading: null });
    };

    /** Shows the outcome of a load: the scenario, or (a refused step) a clean state with the reason. */
    const finishLoad = (scenario: Scenario, history: HistoryStep, message: string, refused: number): boolean => {
      lastRecordedAt = Number.NEGATIVE_INFINITY;
      if (refused < 0) {
        publish(scenario, [], history, readClock());
        set({ scenarioError: null, loading: null, pendingLink: null });
        return true;
      }
      get().discardScenario(
        `${message}: step ${refused + 1} (${scenario.operations.at(refused)!.kind}) is refused by the page. A clean default state is shown instead.`,
      );
      return false;
    };

    /**
     * Replays `scenario` on a fresh Session in slices of SLICE_MS, publishing the progress after each;
     * the page keeps showing (and changing) the current session until the last slice swaps it in.
     */
    const loadInSlices = (scenario: Scenario, history: HistoryStep, message: string) => {
      pauseWorker('Going to another scenario (Back, Forward or a link)');
      stopLoad();
      const nextLog = new CommandLog();
      const next = new Session(scenario.initial, hooks(scenario.seed, nextLog));
      const totals = {
        action: 'load' as const,
        totalJobs: jobsOf(scenario.operations),
        totalOperations: scenario.operations.length,
      };
      const work = runInSlices(scheduler, replaySteps(next, scenario.operations), {
        progress: (progress: ReplayProgress) => set({ loading: { ...progress, ...totals } }),
        done: (refused) => {
          running = null;
          log = nextLog;
          session = next;
          finishLoad(scenario, history, message, refused);
        },
      });
      running = { ...work, travel: false };
      set({ loading: { operations: 0, jobs: 0, ...totals }, pendingLink: null });
    };

    /**
     * Ends an undo or redo (`steps` of the session, moving `jobs` jobs; null when the caller did it):
     * at once when at most SYNC_JOBS (or while a load runs), else in slices with its progress in
     * `loading`; then `done` publishes the outcome. One step at a time: undo and redo wait for it.
     */
    const travel = (action: 'undo' | 'redo', steps: Generator<number, boolean, void> | null, jobs: number, done: () => void) => {
      lastRecordedAt = Number.NEGATIVE_INFINITY;
      pauseWorker(action === 'undo' ? 'Undo' : 'Redo');
      // During a load the page's state is replaced when it ends: a step taken meanwhile is done at once.
      if (steps === null || jobs <= SYNC_JOBS || running !== null) {
        if (steps !== null) drain(steps);
        done();
        return;
      }
      const progress = (moved: number) =>
        set({ loading: { action, jobs: moved, totalJobs: jobs, operations: 0, totalOperations: 1 } });
      const work = runInSlices(scheduler, steps, {
        progress,
        done: () => {
          running = null;
          set({ loading: null });
          done();
        },
      });
      running = { ...work, travel: true };
      progress(0);
    };

    /** An undo or redo in slices is finished at once before anything else changes the session. */
    const settle = () => {
      if (running?.travel === true) running.finish();
    };

    const emptyScenario = (): Scenario => ({
      seed: randomSeed(),
      initial: defaultSettings(clock()),
      operations: OperationLog.empty(),
    });

    return {
      ...sessionFields(),
      now: readClock(),
      log,
      version: 0,
      scenario: { seed, initial: first, operations: OperationLog.empty() },
      redoStack: [],
      scenarioChange: { serial: 0, history: 'none' },
      scenarioError: null,
      autoPromote: false,
      autoPromoteNote: null,
      pendingLink: null,
      loading: null,
      shareNotice: null,

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
      readClock,
      setIdStyle(style) {
        perform({ kind: 'idStyle', style });
      },
      setIdPrefix: (prefix) => perform({ kind: 'prefix', prefix }, { coalesce: true }),
      setBatchSize: (size) => perform({ kind: 'batch', size }, { coalesce: true }),
      enqueue(count) {
        const applied = perform({ kind: 'enqueue', count, at: readClock() });
        return applied && session.enqueueError === null;
      },
      enqueueEach(count) {
        settle();
        const state = get();
        let operations = logOf(state.scenario);
        let done = 0;
        for (; done < count; done++) {
          const op: Operation = { kind: 'enqueue', count: 1, at: readClock() };
          if (!session.apply(op)) break;
          operations = operations.append(op);
          if (session.enqueueError !== null) {
            done++;
            break;
          }
        }
        if (done === 0) {
          set({ ...sessionFields(), now: readClock() });
          return 0;
        }
        lastRecordedAt = wallClock();
        const last = operations.at(-1) as Extract<Operation, { kind: 'enqueue' }>;
        publish({ ...state.scenario, operations }, [], 'push', last.at, true, done);
        return session.enqueueError === null ? done : done - 1;
      },
      promote() {
        perform({ kind: 'promote', at: readClock() });
      },
      setAutoPromote(on) {
        set({ autoPromote: on, autoPromoteNote: null });
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
        const operations = logOf(scenario);
        const last = operations.at(-1);
        if (last === undefined || running?.travel === true) return false;
        const previous = { ...scenario, operations: operations.prefix(operations.length - 1) };
        // The session's undo record takes the operation back in what it cost; a replay only if there is none.
        const recorded = session.undoable === scenario.operations.length;
        if (!recorded) rebuild(previous);
        travel('undo', recorded ? session.undoSteps(last) : null, session.undoJobs, () =>
          publish(previous, [...redoStack, last], 'push', readClock()),
        );
        return true;
      },

      redo() {
        const { scenario, redoStack } = get();
        const op = redoStack.at(-1);
        if (op === undefined || running?.travel === true) return false;
        // What the undo kept puts the step back without running it; without it (after a rebuild), apply it.
        const jobs = session.redoJobs(op);
        if (jobs < 0) session.apply(op);
        travel('redo', jobs < 0 ? null : session.redoSteps(op), jobs, () =>
          publish({ ...scenario, operations: logOf(scenario).append(op) }, redoStack.slice(0, -1), 'push', readClock()),
        );
        return true;
      },

      loadScenario(scenario, history, message = 'This scenario could not be replayed') {
        pauseWorker('Going to another scenario (Back, Forward or a link)');
        stopLoad();
        return finishLoad(scenario, history, message, moveTo(scenario));
      },

      openScenario(scenario, history, message = 'This scenario could not be replayed') {
        stopLoad();
        if (moveCost(scenario) <= SYNC_JOBS) return get().loadScenario(scenario, history, message) ? 'loaded' : 'refused';
        const cost = scenarioCost(scenario);
        if (overLinkBudget(cost)) {
          set({ pendingLink: { scenario, cost, question: linkBudgetQuestion(cost), history, message } });
          return 'asking';
        }
        loadInSlices(scenario, history, message);
        return 'loading';
      },

      answerLink(load) {
        const pending = get().pendingLink;
        if (pending === null) return;
        settle();
        set({ pendingLink: null });
        if (load) loadInSlices(pending.scenario, pending.history, pending.message);
        else {
          // The address bar follows the page: the empty scenario replaces the link's entry.
          const fresh = emptyScenario();
          rebuild(fresh);
          lastRecordedAt = Number.NEGATIVE_INFINITY;
          publish(fresh, [], 'replace', readClock());
        }
      },

      cancelLoad() {
        if (running === null || running.travel) return;
        running.cancel();
        running = null;
        const { loading } = get();
        const done = loading === null ? '' : loadedSoFar(loading.jobs, loading.totalJobs);
        // The address bar goes back to the scenario the page still shows.
        set({
          loading: null,
          scenarioError: `Loading the scenario was cancelled${done}; the page is as it was before.`,
          scenarioChange: { serial: get().scenarioChange.serial + 1, history: 'replace' },
        });
      },

      discardScenario(text) {
        settle();
        const fresh = emptyScenario();
        rebuild(fresh);
        lastRecordedAt = Number.NEGATIVE_INFINITY;
        publish(fresh, [], 'none', readClock());
        set({ scenarioError: text });
      },

      dismissScenarioError() {
        set({ scenarioError: null });
      },

      setShareNotice(notice) {
        if (get().shareNotice !== notice) set({ shareNotice: notice });
      },
    };
  });
}
