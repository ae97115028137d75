/**
 * The page's one stateful thing: the scenario (starting settings and the operations performed),
 * the Session it builds, the command log its sets write to, undo / redo (the Session's one
 * journal), the grouping of quick changes into one step, the move to another scenario (one route,
 * routeBetween, decides both what it costs and how it is done), the load in slices and the link
 * budget. Framework-free: whoever shows it (the store) subscribes and is handed a fresh
 * PageSnapshot after every change.
 */
import type { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { CommandLog } from './commandLog.ts';
import type { CommandLogView } from './commandLog.ts';
import { LoggingRedis } from './loggingRedis.ts';
import type { DueOrder } from './dueOrderTracker.ts';
import type { SetReader } from './setReader.ts';
import { seededUuid } from '../model/uuid.ts';
import type { IdStyle } from './jobIds.ts';
import { MAX_BATCH, MAX_CLOCK_MS } from './input.ts';
import { Session, drain, replay, replaySteps, sameSettings } from './session.ts';
import type { EnqueueBatch, EnqueueResult, PromoteResult, PromotedSinceReset, ReplayProgress, SessionHooks } from './session.ts';
import { loadedSoFar } from './scenarioCost.ts';
import { SCALE_JOBS, SCALE_STEPS, scaleRefusal } from './scale.ts';
import { runInSlices } from './timeSlicer.ts';
import type { SlicedWork, TimeSlicer } from './timeSlicer.ts';
import { defaultSettings } from './operations.ts';
import type { Operation, PageDefaults, Scenario, Settings, TextbookUnit } from './operations.ts';
import { OperationLog } from './operationLog.ts';
import { jobsOf, routeBetween } from './route.ts';

/** Changes of one field within this long (a slider drag, typing) make one operation, one undo step. */
export const COALESCE_MS = 700;

/** An undo or redo moving more jobs than this (one of the largest batches: about 100 ms) runs in slices. */
export const SYNC_JOBS = MAX_BATCH;

/**
 * A scenario change (a link, back / forward) whose route is at most this much work (route.ts) and
 * SYNC_STEPS steps is done at once: the work of one enqueue of the largest batch, what a click
 * does at once. More is walked in slices (this page's own history) or loaded in slices.
 */
export const SYNC_WORK = MAX_BATCH + 1;
/** The most steps a route done at once takes: a promote that moves nothing still sends its commands. */
export const SYNC_STEPS = 1_000;

/** How the browser history should follow the last change of the scenario. */
export type HistoryStep = 'push' | 'replace' | 'none';

/**
 * Where work in slices has got: a load (jobs replayed, steps), or an undo / redo of a step that
 * moves more than SYNC_JOBS jobs (a big promote: jobs put back or taken out again, one step).
 */
export interface LoadProgress {
  readonly action: 'load' | 'undo' | 'redo' | 'promote' | 'walk';
  readonly jobs: number;
  readonly totalJobs: number;
  readonly operations: number;
  readonly totalOperations: number;
}

/** A change of the scenario: its serial, how the browser history follows it, and how many steps it appended at once. */
export interface ScenarioChange {
  readonly serial: number;
  readonly history: HistoryStep;
  /** Operations appended at once (enqueueEach), each its own history entry; absent: one. */
  readonly steps?: number;
}

/**
 * Everything the page shows, as it was after one change: a frozen object of values and read-only
 * views. The views (the sets' readers, their arrival order, the arrivals, the command log) read
 * the Session's current state and offer nothing that changes it; `version` says when what they
 * read moved, so a snapshot's reads hold until the next snapshot with another version. (Copying
 * sets of a million jobs at every change is what this avoids.) The sets themselves, MemoryRedis
 * instances, stay inside the Session.
 */
export interface PageSnapshot extends Settings {
  /** The clock's reading at the last action or display tick (ms). */
  readonly now: number;
  /** The arrival number the next job gets (1-based). */
  readonly nextArrival: number;
  /** The textbook set (`ZADD key <fire-time> <member>`), read through typed reads. */
  readonly textbookSet: SetReader;
  /** The band set (addDelayedJob: score = fire-time * 0x1000, bumped), read through typed reads. */
  readonly bandSet: SetReader;
  /** How far the textbook set is from due order (kept current by enqueue and promote). */
  readonly textbookOrder: DueOrder;
  /** How far the band set is from due order. */
  readonly bandOrder: DueOrder;
  /** member -> arrival number, for every job enqueued since the last reset. */
  readonly arrivals: ReadonlyMap<string, number>;
  /** Every enqueue since the last reset (grows in place; `version` says when). */
  readonly enqueues: readonly EnqueueBatch[];
  readonly log: CommandLogView;
  readonly lastEnqueue: EnqueueResult | null;
  readonly lastPromote: PromoteResult | null;
  /** Every job promoted since the last reset, per set, in order (grows in place; `promoted.changes` says when). */
  readonly promoted: PromotedSinceReset;
  /**
   * Auto-promote: a worker (src/store/autoPromoteWorker.ts) promotes each time the band set's head
   * falls due. A mode of the page, not a step of the scenario: its promotes are recorded, the switch is not.
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
  /** How many undone operations redo can apply again. */
  readonly redoable: number;
  /** Bumped at each change of the scenario, with how the browser history should follow it. */
  readonly scenarioChange: ScenarioChange;
  /** Why a shared scenario could not be opened (or its load was cancelled), or null. */
  readonly scenarioError: string | null;
  /** Work running in slices (a load, or an undo / redo of a big promote), or null. */
  readonly loading: LoadProgress | null;
}

export interface ScenarioSessionOptions {
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
  /**
   * What this page starts with over defaultSettings, and opens again when it starts afresh (a link
   * declined or unreadable): the app passes FRESH_PAGE_DEFAULTS. The options above win over it.
   */
  readonly pageDefaults?: PageDefaults;
  /** How loads in slices take turns with the page (the store passes the browser's, tests a fake one). */
  readonly slicer: TimeSlicer;
}

/** Whether `at` is an instant the Session takes (a promote at any other is refused at once). */
function isClockReading(at: number): boolean {
  return Number.isSafeInteger(at) && at >= 0 && at <= MAX_CLOCK_MS;
}

function randomSeed(): number {
  const [a, b, c, d] = crypto.getRandomValues(new Uint8Array(4));
  return ((a! << 24) | (b! << 16) | (c! << 8) | d!) >>> 0;
}

/**
 * What a page's Sessions are given: their sets write to `log` (which undo restores), uuids come
 * from `seed` (or `randomUUID` when given).
 */
export function pageSessionHooks(seed: number, log: CommandLog, randomUUID?: () => string): SessionHooks {
  return {
    wrap: (redis: MemoryRedis, name: 'band' | 'textbook') => new LoggingRedis(redis, log, name),
    onReset: () => log.clear(),
    uuid: randomUUID ? () => randomUUID() : (index: number) => seededUuid(seed, index),
    undo: { log },
  };
}

/** Work in slices under way: a load (cancelled by cancelLoad), or an undo / redo (`travel`, finished first by any other change). */
type Running = SlicedWork & { readonly travel: boolean };

const DEFAULT_MESSAGE = 'This scenario could not be replayed';

/** What a refusal at the scale suggests. */
const GO_ON = ' Undo some steps, or open a new page, to go on.';

/** Why a scenario is past the page's scale (scale.ts), counted from its steps before any replay; or null. */
function pastScale(scenario: Scenario): string | null {
  const operations = scenario.operations;
  if (operations.length > SCALE_STEPS) return scaleRefusal('This link', 0, operations.length);
  let jobs = 0;
  for (const op of operations) if (op.kind === 'enqueue') jobs += op.count;
  return jobs > SCALE_JOBS ? scaleRefusal('This link', jobs, operations.length) : null;
}

/** The scenario, its Session and its history; every method that changes something tells the subscribers. */
export class ScenarioSession {
  readonly #clock: () => number;
  readonly #wallClock: () => number;
  readonly #randomUUID: (() => string) | undefined;
  readonly #slicer: TimeSlicer;
  readonly #pageDefaults: PageDefaults;
  readonly #listeners = new Set<(snapshot: PageSnapshot) => void>();
  #log = new CommandLog();
  #session: Session;
  #scenario: { readonly seed: number; readonly initial: Settings; readonly operations: OperationLog };
  #running: Running | null = null;
  /** When the last operation was recorded (wall clock), for grouping a drag into one operation. */
  #lastRecordedAt = Number.NEGATIVE_INFINITY;
  #now: number;
  #version = 0;
  #scenarioChange: ScenarioChange = { serial: 0, history: 'none' };
  #scenarioError: string | null = null;
  #loading: LoadProgress | null = null;
  #autoPromote = false;
  #autoPromoteNote: string | null = null;
  #snapshot: PageSnapshot;
  constructor(options: ScenarioSessionOptions) {
    this.#clock = options.clock ?? (() => Date.now());
    this.#wallClock = options.wallClock ?? (() => Date.now());
    this.#randomUUID = options.randomUUID;
    this.#slicer = options.slicer;
    this.#pageDefaults = options.pageDefaults ?? {};
    const first: Settings = {
      ...defaultSettings(options.frozenAt ?? this.#clock(), options.frozenAt === undefined ? 'live' : 'frozen'),
      ...this.#pageDefaults,
      ...(options.delay === undefined ? {} : { delay: options.delay }),
      ...(options.textbookUnit === undefined ? {} : { textbookUnit: options.textbookUnit }),
      ...(options.idStyle === undefined ? {} : { idStyle: options.idStyle }),
    };
    const seed = options.seed ?? randomSeed();
    this.#scenario = { seed, initial: first, operations: OperationLog.empty() };
    this.#session = this.#freshSession(seed, first, this.#log);
    this.#now = this.readClock();
    this.#snapshot = this.#take();
  }

  /** The page as it is now (the same object until the next change). */
  get snapshot(): PageSnapshot {
    return this.#snapshot;
  }

  /** Calls `listener` with the new snapshot after every change; gives the function that stops it. */
  subscribe(listener: (snapshot: PageSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The clock's reading now (the real time when live, the set instant when frozen); changes nothing. */
  readClock(): number {
    const settings = this.#session.settings;
    return settings.clockMode === 'live' ? this.#clock() : settings.frozenAt;
  }

  // --- Operations ---------------------------------------------------------------------------

  /**
   * Applies one operation; when it changed something, appends it to the scenario (or, with
   * `coalesce`, folds it into the last one when that was the same kind, recorded within
   * COALESCE_MS, with nothing to redo) and forgets what could be redone. False when refused.
   */
  perform(op: Operation, coalesce = false): boolean {
    this.#settle();
    if (this.#refusedByScale(op.kind === 'enqueue' ? op.count : 0, op.kind === 'enqueue' ? 'This enqueue' : 'This step'))
      return false;
    if (op.kind === 'promote' && this.#running === null && isClockReading(op.at) && this.#session.dueJobs(op.at) > SYNC_JOBS) {
      this.#promoteInSlices(op);
      return true;
    }
    const session = this.#session;
    const before = session.settings;
    const undoable = session.undoable;
    const couldRedo = session.redoable > 0;
    const applied = session.apply(op);
    const now = op.kind === 'enqueue' || op.kind === 'promote' ? op.at : this.readClock();
    const settingOnly = !(op.kind === 'enqueue' || op.kind === 'promote' || op.kind === 'reset');
    if (!applied || (settingOnly && sameSettings(before, session.settings))) {
      if (applied && session.undoable > undoable) session.forgetLast();
      this.#now = now;
      this.#emit();
      return applied;
    }
    const operations = this.#scenario.operations;
    const wall = this.#wallClock();
    const last = operations.at(-1);
    const merge = coalesce && last?.kind === op.kind && wall - this.#lastRecordedAt < COALESCE_MS && !couldRedo;
    if (merge) session.mergeLast();
    this.#lastRecordedAt = wall;
    const next = merge ? operations.prefix(operations.length - 1).append(op) : operations.append(op);
    this.#publish({ ...this.#scenario, operations: next }, merge ? 'replace' : 'push', now, !settingOnly);
    return true;
  }

  /** Enqueues `count` jobs at the clock's reading; true when all went in. */
  enqueue(count: number): boolean {
    return this.perform({ kind: 'enqueue', count, at: this.readClock() }) && this.#session.enqueueError === null;
  }

  /**
   * Enqueues `count` jobs one at a time, each one ordinary enqueue(1) operation with its own clock
   * reading, and tells the subscribers once. Stops at a refused one; gives how many were enqueued.
   */
  enqueueEach(count: number): number {
    this.#settle();
    const session = this.#session;
    let operations = this.#scenario.operations;
    let done = 0;
    let past: string | null = null;
    for (; done < count; done++) {
      past = scaleRefusal('This enqueue', operations.jobs + 1, operations.length + 1);
      if (past !== null) {
        session.enqueueError = `${past}${GO_ON}`;
        break;
      }
      const op: Operation = { kind: 'enqueue', count: 1, at: this.readClock() };
      if (!session.apply(op)) break;
      operations = operations.append(op);
      if (session.enqueueError !== null) {
        done++;
        break;
      }
    }
    if (done === 0) {
      this.#now = this.readClock();
      this.#emit();
      return 0;
    }
    this.#lastRecordedAt = this.#wallClock();
    const last = operations.at(-1) as Extract<Operation, { kind: 'enqueue' }>;
    this.#publish({ ...this.#scenario, operations }, 'push', last.at, true, done);
    return session.enqueueError === null || past !== null ? done : done - 1;
  }

  /** Freezes the clock `ms` after its reading now (at most MAX_CLOCK_MS). */
  stepClock(ms: number): void {
    this.perform({ kind: 'freeze', at: Math.min(this.readClock() + ms, MAX_CLOCK_MS) });
  }

  /** Moves the display clock on (a live clock only). */
  tick(): void {
    if (this.#session.settings.clockMode !== 'live') return;
    this.#now = this.#clock();
    this.#emit();
  }

  /** Picks the band the grid shows (null: follow the current fire-time); not a step of the scenario. */
  selectBand(fireTime: number | null): void {
    this.#session.selectedFireTime = fireTime;
    this.#emit();
  }

  /** Turns auto-promote on or off, saying why it stopped (`note`) or clearing that. */
  setAutoPromote(on: boolean, note: string | null = null): void {
    this.#autoPromote = on;
    this.#autoPromoteNote = note;
    this.#emit();
  }

  // --- Undo and redo ------------------------------------------------------------------------

  /**
   * Takes back the last operation from the Session's journal; a step moving more than SYNC_JOBS
   * jobs is taken back in slices (`loading`). False when there is none, or while an undo or redo
   * runs in slices.
   */
  undo(): boolean {
    const operations = this.#scenario.operations;
    if (operations.length === 0 || this.#running?.travel === true || this.#session.undoable === 0) return false;
    const previous = { ...this.#scenario, operations: operations.prefix(operations.length - 1) };
    this.#travel('undo', this.#session.undoSteps(), this.#session.undoJobs, () =>
      this.#publish(previous, 'push', this.readClock()),
    );
    return true;
  }

  /** Applies again the last undone operation (in slices past SYNC_JOBS jobs, as undo); false when there is none. */
  redo(): boolean {
    const op = this.#session.nextRedo;
    if (op === undefined || this.#running?.travel === true) return false;
    const scenario = this.#scenario;
    this.#travel('redo', this.#session.redoSteps(), this.#session.redoJobs, () =>
      this.#publish({ ...scenario, operations: scenario.operations.append(op) }, 'push', this.readClock()),
    );
    return true;
  }

  // --- Other scenarios ----------------------------------------------------------------------

  /**
   * Rebuilds the state from a scenario at once (by its route: undo to the shared steps and apply
   * the rest, or replay on a fresh Session). When one of its operations is refused, opens the
   * default state instead with `message` plus the reason, and returns false.
   */
  loadScenario(scenario: Scenario, history: HistoryStep, message = DEFAULT_MESSAGE): boolean {
    const past = pastScale(scenario);
    if (past !== null) {
      this.refuseLink(past);
      return false;
    }
    this.#pauseWorker('Going to another scenario (Back, Forward or a link)');
    this.#stopLoad();
    return this.#finishLoad(scenario, history, message, this.#moveTo(scenario));
  }

  /**
   * Opens a scenario from the address bar. A route of at most SYNC_WORK and SYNC_STEPS is taken at once; a longer
   * walk (Back / Forward over a big step of this page's own history) is walked in slices; a link
   * whose replay is over the budget asks first (pendingLink); anything else loads in slices.
   */
  openScenario(scenario: Scenario, history: HistoryStep, message = DEFAULT_MESSAGE): 'loaded' | 'refused' | 'loading' {
    const past = pastScale(scenario);
    if (past !== null) {
      this.refuseLink(past);
      return 'refused';
    }
    if (this.#finishedFirst()) return 'loaded';
    this.#stopLoad();
    const route = this.#routeTo(scenario);
    if (route.work <= SYNC_WORK && route.steps <= SYNC_STEPS)
      return this.loadScenario(scenario, history, message) ? 'loaded' : 'refused';
    if (route.kind === 'walk') {
      this.#walkInSlices(scenario, route.shared, history, message);
      return 'loading';
    }
    this.#loadInSlices(scenario, history, message);
    return 'loading';
  }

  /**
   * Refuses a link past the page's scale before any work: the page keeps what it shows, the address
   * bar goes back to it (its entry replaced), and the scenario bar says why.
   */
  refuseLink(message: string): void {
    this.#scenarioError = message;
    this.#scenarioChange = { serial: this.#scenarioChange.serial + 1, history: 'replace' };
    this.#emit();
  }

  /** Stops a load in slices; the page keeps the state it had before the load, with a message. */
  cancelLoad(): void {
    const running = this.#running;
    if (running === null || running.travel) return;
    running.cancel();
    this.#running = null;
    const loading = this.#loading;
    const done = loading === null ? '' : loadedSoFar(loading.jobs, loading.totalJobs);
    this.#loading = null;
    this.#scenarioError = `Loading the scenario was cancelled${done}; the page is as it was before.`;
    // The address bar goes back to the scenario the page still shows.
    this.#scenarioChange = { serial: this.#scenarioChange.serial + 1, history: 'replace' };
    this.#emit();
  }

  /** Opens a clean default state and shows why (a URL that could not be read). */
  discardScenario(message: string): void {
    this.#settle();
    const fresh = this.#emptyScenario();
    this.#rebuild(fresh);
    this.#lastRecordedAt = Number.NEGATIVE_INFINITY;
    this.#scenarioError = message;
    this.#publish(fresh, 'none', this.readClock());
  }

  dismissScenarioError(): void {
    this.#scenarioError = null;
    this.#emit();
  }

  // --- Inside -------------------------------------------------------------------------------

  /**
   * Whether one more step enqueueing `jobs` would take the scenario past the scale: then nothing
   * runs, and the refusal shows where it was asked for (an enqueue under the enqueue buttons, any
   * other step in the scenario bar).
   */
  #refusedByScale(jobs: number, what: string): boolean {
    const operations = this.#scenario.operations;
    const past = scaleRefusal(what, operations.jobs + jobs, operations.length + 1);
    if (past === null) return false;
    if (jobs > 0) this.#session.enqueueError = `${past}${GO_ON}`;
    else this.#scenarioError = `${past}${GO_ON}`;
    this.#emit();
    return true;
  }

  #freshSession(seed: number, initial: Settings, log: CommandLog): Session {
    return new Session(initial, pageSessionHooks(seed, log, this.#randomUUID));
  }

  #take(): PageSnapshot {
    const s = this.#session;
    return Object.freeze({
      ...s.settings,
      now: this.#now,
      textbookSet: s.textbookReader,
      bandSet: s.bandReader,
      textbookOrder: s.textbookOrder,
      bandOrder: s.bandOrder,
      arrivals: s.arrivals,
      enqueues: s.enqueues,
      nextArrival: s.nextArrival,
      lastEnqueue: s.lastEnqueue,
      lastPromote: s.lastPromote,
      promoted: s.promoted,
      selectedFireTime: s.selectedFireTime,
      enqueueError: s.enqueueError,
      log: this.#log,
      version: this.#version,
      scenario: this.#scenario,
      redoable: s.redoable,
      scenarioChange: this.#scenarioChange,
      scenarioError: this.#scenarioError,
      loading: this.#loading,
      autoPromote: this.#autoPromote,
      autoPromoteNote: this.#autoPromoteNote,
    });
  }

  #emit(): void {
    this.#snapshot = this.#take();
    for (const listener of [...this.#listeners]) listener(this.#snapshot);
  }

  /**
   * Takes `scenario` as the one shown, with how the browser history follows it ('none': it does
   * not). `setsChanged` false (a setting moved, nothing was written) keeps `version`, so the views
   * over the sets do not re-read them on every step of a slider drag.
   */
  #publish(scenario: Scenario, history: HistoryStep, now: number, setsChanged = true, steps = 1): void {
    this.#scenario = { ...scenario, operations: OperationLog.from(scenario.operations) };
    this.#now = now;
    if (setsChanged) this.#version++;
    if (history !== 'none')
      this.#scenarioChange = { serial: this.#scenarioChange.serial + 1, history, ...(steps === 1 ? {} : { steps }) };
    this.#emit();
  }

  #emptyScenario(): Scenario {
    return {
      seed: randomSeed(),
      initial: { ...defaultSettings(this.#clock()), ...this.#pageDefaults },
      operations: OperationLog.empty(),
    };
  }

  /** A fresh Session with the scenario's operations replayed; the index of a refused one, or -1. */
  #rebuild(scenario: Scenario): number {
    this.#log.clear();
    this.#session = this.#freshSession(scenario.seed, scenario.initial, this.#log);
    return replay(this.#session, scenario.operations);
  }

  #routeTo(scenario: Scenario) {
    return routeBetween(this.#scenario, scenario, this.#session.undoable);
  }

  /** Brings the session to `scenario` by its route; the index of a refused step, or -1. */
  #moveTo(scenario: Scenario): number {
    const route = this.#routeTo(scenario);
    if (route.kind === 'rebuild') return this.#rebuild(scenario);
    const session = this.#session;
    for (let k = this.#scenario.operations.length; k > route.shared; k--) session.undo();
    // Another scenario: what those undos took back is not a redo of it.
    session.clearRedo();
    for (let i = route.shared; i < scenario.operations.length; i++) if (!session.apply(scenario.operations.at(i)!)) return i;
    return -1;
  }

  /**
   * Time travel switches auto-promote off: a worker left running would at once promote again
   * the jobs an undo just put back (and a new step would clear what could be redone).
   */
  #pauseWorker(what: string): void {
    if (!this.#autoPromote) return;
    this.#autoPromote = false;
    this.#autoPromoteNote = `${what} switched auto-promote off, so the worker does not promote again what you took back. Switch it on to go on.`;
  }

  /** Stops a load in slices without a word (another load replaces it); an undo or redo in slices is finished at once instead. */
  #stopLoad(): void {
    const work = this.#running;
    if (work === null) return;
    this.#running = null;
    if (work.travel) work.finish();
    else work.cancel();
    this.#loading = null;
  }

  /**
   * Before a move to another scenario from the address bar (Back, Forward, a link): work in slices
   * on the page's own Session (a big promote, an undo or a redo) is finished first and kept as the
   * step it is. Finishing it writes its own history entry, which the address bar then holds, so
   * the move that came meanwhile is dropped and the page says so: the page and the address bar
   * show the same scenario, and the work is not lost. True when that happened.
   */
  #finishedFirst(): boolean {
    if (this.#running?.travel !== true) return false;
    const action = this.#loading?.action;
    const serial = this.#scenarioChange.serial;
    this.#settle();
    if (this.#scenarioChange.serial === serial || this.#scenarioChange.history !== 'push') return false;
    const what = action === 'undo' ? 'An undo' : action === 'redo' ? 'A redo' : 'A promote';
    this.#scenarioError = `${what} was still running when Back, Forward or a link asked for another scenario: it finished and is kept as the newest step, which the address bar now holds. Use Back to go back from it.`;
    this.#emit();
    return true;
  }

  /** An undo or redo in slices is finished at once before anything else changes the session. */
  #settle(): void {
    if (this.#running?.travel === true) this.#running.finish();
  }

  /** Shows the outcome of a load: the scenario, or (a refused step) a clean state with the reason. */
  #finishLoad(scenario: Scenario, history: HistoryStep, message: string, refused: number): boolean {
    this.#lastRecordedAt = Number.NEGATIVE_INFINITY;
    this.#loading = null;
    if (refused < 0) {
      this.#scenarioError = null;
      this.#publish(scenario, history, this.readClock());
      return true;
    }
    this.discardScenario(
      `${message}: step ${refused + 1} (${scenario.operations.at(refused)!.kind}) is refused by the page. A clean default state is shown instead.`,
    );
    return false;
  }

  /**
   * Replays `scenario` on a fresh Session in slices, telling the progress after each; the page
   * keeps showing (and changing) the current session until the last slice swaps it in.
   */
  #loadInSlices(scenario: Scenario, history: HistoryStep, message: string): void {
    this.#pauseWorker('Going to another scenario (Back, Forward or a link)');
    this.#stopLoad();
    const nextLog = new CommandLog();
    const next = this.#freshSession(scenario.seed, scenario.initial, nextLog);
    const totals = {
      action: 'load' as const,
      totalJobs: jobsOf(scenario.operations),
      totalOperations: scenario.operations.length,
    };
    const work = runInSlices(this.#slicer, replaySteps(next, scenario.operations), {
      progress: (progress: ReplayProgress) => {
        this.#loading = { ...progress, ...totals };
        this.#emit();
      },
      done: (refused) => {
        this.#running = null;
        this.#log = nextLog;
        this.#session = next;
        this.#finishLoad(scenario, history, message, refused);
      },
    });
    this.#running = { ...work, travel: false };
    this.#loading = { operations: 0, jobs: 0, ...totals };
    this.#emit();
  }

  /**
   * Walks to `scenario` in slices: undoes the current steps after the `shared` leading ones (a big
   * promote's jobs put back a chunk at a time, as Undo does), then applies the target's steps after
   * them; `loading` counts the jobs moved (put back, taken out, written) of those the undos move
   * and the enqueues write. Like an undo in slices it is not cancelled but finished at once by any
   * other change: half-way, the page holds half a step.
   */
  #walkInSlices(scenario: Scenario, shared: number, history: HistoryStep, message: string): void {
    this.#pauseWorker('Going to another scenario (Back, Forward or a link)');
    const session = this.#session;
    const from = this.#scenario.operations.length;
    const jobs = session.jobsToUndo(from - shared) + jobsOf(scenario.operations.slice(shared));
    let refused = -1;
    function* steps(): Generator<number, boolean, void> {
      let moved = 0;
      for (let k = from; k > shared; k--) {
        const undo = session.undoSteps();
        let last = 0;
        for (let next = undo.next(); next.done !== true; next = undo.next()) yield moved + (last = next.value);
        moved += last;
        yield moved; // after every step: a run of small steps (resets, empty promotes) takes turns too
      }
      // another scenario: what those undos took back is not a redo of it
      session.clearRedo();
      for (let i = shared; i < scenario.operations.length; i++) {
        const run = session.run(scenario.operations.at(i)!);
        let next = run.next();
        for (; next.done !== true; next = run.next()) yield (moved += next.value);
        if (!next.value) {
          refused = i;
          return false;
        }
        yield moved;
      }
      return true;
    }
    // the route was weighed over SYNC_WORK already: in slices even when few jobs move
    this.#travel('walk', steps(), jobs, () => this.#finishLoad(scenario, history, message, refused), false);
  }

  /**
   * A promote taking more than SYNC_JOBS jobs out, run in slices with its progress in `loading`
   * (as an undo of it is): at 1,000,000 jobs it is seconds of work, which as one task would hold
   * the page. Like an undo in slices, any other change finishes it first. Its progress is the jobs
   * no longer due, read from the sets between the sweep's batches.
   */
  #promoteInSlices(op: Extract<Operation, { kind: 'promote' }>): void {
    const session = this.#session;
    const due = session.dueJobs(op.at);
    function* steps(): Generator<number, boolean, void> {
      const run = session.run(op);
      for (;;) {
        const next = run.next();
        if (next.done === true) return next.value;
        yield due - session.dueJobs(op.at);
      }
    }
    const scenario = this.#scenario;
    this.#travel('promote', steps(), due, () =>
      this.#publish({ ...scenario, operations: scenario.operations.append(op) }, 'push', op.at),
    );
  }

  /**
   * Ends work on the page's own Session that is not cancelled (an undo, a redo, a big promote, a
   * walk back or forward; `steps`, moving `jobs` jobs): at once when `atOnce` (by default: at most
   * SYNC_JOBS) or while a load runs, else in slices with its progress in `loading`; then `done`
   * publishes the outcome. One at a time: undo and redo wait for it.
   */
  #travel(
    action: 'undo' | 'redo' | 'promote' | 'walk',
    steps: Generator<number, boolean, void>,
    jobs: number,
    done: () => void,
    atOnce = jobs <= SYNC_JOBS,
  ): void {
    this.#lastRecordedAt = Number.NEGATIVE_INFINITY;
    // a promote is a step forward like any other: the worker that may have asked for it stays on
    if (action === 'undo' || action === 'redo') this.#pauseWorker(action === 'undo' ? 'Undo' : 'Redo');
    // During a load the page's state is replaced when it ends: a step taken meanwhile is done at once.
    if (atOnce || this.#running !== null) {
      drain(steps);
      done();
      return;
    }
    const progress = (moved: number) => {
      this.#loading = { action, jobs: moved, totalJobs: jobs, operations: 0, totalOperations: 1 };
      this.#emit();
    };
    const work = runInSlices(this.#slicer, steps, {
      progress,
      done: () => {
        this.#running = null;
        this.#loading = null;
        done();
      },
    });
    this.#running = { ...work, travel: true };
    progress(0);
  }
}
