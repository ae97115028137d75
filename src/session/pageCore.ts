/**
 * What the page's ScenarioSession stands on: its options and first settings, the scenario it
 * shows with the Session that scenario built and the command log, and how every change reaches
 * the subscribers (a fresh PageSnapshot, and how the browser history follows it).
 */
import type { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { seededUuid } from '../model/uuid.ts';
import { CommandLog } from './commandLog.ts';
import { LoggingRedis } from './loggingRedis.ts';
import type { IdStyle } from './jobIds.ts';
import { MAX_CLOCK_MS } from './input.ts';
import { Session, replay } from './session.ts';
import type { SessionHooks } from './session.ts';
import { SCALE_JOBS, SCALE_STEPS, scaleRefusal } from './scale.ts';
import type { TimeSlicer } from './timeSlicer.ts';
import { defaultSettings } from './operations.ts';
import type { PageDefaults, Scenario, Settings, TextbookUnit } from './operations.ts';
import { OperationLog } from './operationLog.ts';
import { snapshotOf } from './pageSnapshot.ts';
import type { HistoryStep, PageSnapshot, ScenarioChange } from './pageSnapshot.ts';
import { PageWork } from './pageWork.ts';
import { kindOf } from './operations/registry.ts';

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
export function isClockReading(at: number): boolean {
  return Number.isSafeInteger(at) && at >= 0 && at <= MAX_CLOCK_MS;
}

export function randomSeed(): number {
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

export const DEFAULT_MESSAGE = 'This scenario could not be replayed';

/** What a refusal at the scale suggests. */
export const GO_ON = ' Undo some steps, or open a new page, to go on.';

/** Why a scenario is past the page's scale (scale.ts), counted from its steps before any replay; or null. */
export function pastScale(scenario: Scenario): string | null {
  const operations = scenario.operations;
  if (operations.length > SCALE_STEPS) return scaleRefusal('This link', 0, operations.length);
  let jobs = 0;
  for (const op of operations) jobs += kindOf(op).jobs(op);
  return jobs > SCALE_JOBS ? scaleRefusal('This link', jobs, operations.length) : null;
}

/** The scenario shown, its Session, and the telling of every change; ScenarioSession changes them. */
export class PageCore {
  protected readonly clock: () => number;
  protected readonly wallClock: () => number;
  protected readonly randomUUID: (() => string) | undefined;
  protected readonly pageDefaults: PageDefaults;
  readonly #listeners = new Set<(snapshot: PageSnapshot) => void>();
  protected log = new CommandLog();
  protected session: Session;
  protected scenario: { readonly seed: number; readonly initial: Settings; readonly operations: OperationLog };
  protected readonly work: PageWork;
  /** When the last operation was recorded (wall clock), for grouping a drag into one operation. */
  protected lastRecordedAt = Number.NEGATIVE_INFINITY;
  protected now: number;
  protected version = 0;
  protected scenarioChange: ScenarioChange = { serial: 0, history: 'none' };
  protected scenarioError: string | null = null;
  protected autoPromote = false;
  protected autoPromoteNote: string | null = null;
  #snapshot: PageSnapshot;
  constructor(options: ScenarioSessionOptions) {
    this.clock = options.clock ?? (() => Date.now());
    this.wallClock = options.wallClock ?? (() => Date.now());
    this.randomUUID = options.randomUUID;
    this.work = new PageWork(options.slicer, () => this.emit());
    this.pageDefaults = options.pageDefaults ?? {};
    const first: Settings = {
      ...defaultSettings(options.frozenAt ?? this.clock(), options.frozenAt === undefined ? 'live' : 'frozen'),
      ...this.pageDefaults,
      ...(options.delay === undefined ? {} : { delay: options.delay }),
      ...(options.textbookUnit === undefined ? {} : { textbookUnit: options.textbookUnit }),
      ...(options.idStyle === undefined ? {} : { idStyle: options.idStyle }),
    };
    const seed = options.seed ?? randomSeed();
    this.scenario = { seed, initial: first, operations: OperationLog.empty() };
    this.session = this.freshSession(seed, first, this.log);
    this.now = this.readClock();
    this.#snapshot = this.take();
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
    const settings = this.session.settings;
    return settings.clockMode === 'live' ? this.clock() : settings.frozenAt;
  }
  /**
   * Whether one more step enqueueing `jobs` would take the scenario past the scale: then nothing
   * runs, and the refusal shows where it was asked for (an enqueue under the enqueue buttons, any
   * other step in the scenario bar).
   */
  protected refusedByScale(jobs: number, what: string): boolean {
    const operations = this.scenario.operations;
    const past = scaleRefusal(what, operations.jobs + jobs, operations.length + 1);
    if (past === null) return false;
    if (jobs > 0) this.session.enqueueError = `${past}${GO_ON}`;
    else this.scenarioError = `${past}${GO_ON}`;
    this.emit();
    return true;
  }
  protected freshSession(seed: number, initial: Settings, log: CommandLog): Session {
    return new Session(initial, pageSessionHooks(seed, log, this.randomUUID));
  }
  protected take(): PageSnapshot {
    return snapshotOf(this.session, {
      now: this.now,
      log: this.log,
      version: this.version,
      scenario: this.scenario,
      scenarioChange: this.scenarioChange,
      scenarioError: this.scenarioError,
      loading: this.work.loading,
      autoPromote: this.autoPromote,
      autoPromoteNote: this.autoPromoteNote,
    });
  }
  protected emit(): void {
    this.#snapshot = this.take();
    for (const listener of [...this.#listeners]) listener(this.#snapshot);
  }
  /**
   * Takes `scenario` as the one shown, with how the browser history follows it ('none': it does
   * not). `setsChanged` false (a setting moved, nothing was written) keeps `version`, so the views
   * over the sets do not re-read them on every step of a slider drag.
   */
  protected publish(scenario: Scenario, history: HistoryStep, now: number, setsChanged = true, steps = 1): void {
    this.scenario = { ...scenario, operations: OperationLog.from(scenario.operations) };
    this.now = now;
    if (setsChanged) this.version++;
    if (history !== 'none')
      this.scenarioChange = { serial: this.scenarioChange.serial + 1, history, ...(steps === 1 ? {} : { steps }) };
    this.emit();
  }
  protected emptyScenario(): Scenario {
    return {
      seed: randomSeed(),
      initial: { ...defaultSettings(this.clock()), ...this.pageDefaults },
      operations: OperationLog.empty(),
    };
  }
  /** A fresh Session with the scenario's operations replayed; the index of a refused one, or -1. */
  protected rebuild(scenario: Scenario): number {
    this.log.clear();
    this.session = this.freshSession(scenario.seed, scenario.initial, this.log);
    return replay(this.session, scenario.operations);
  }
  /**
   * Time travel switches auto-promote off: a worker left running would at once promote again
   * the jobs an undo just put back (and a new step would clear what could be redone).
   */
  protected pauseWorker(what: string): void {
    if (!this.autoPromote) return;
    this.autoPromote = false;
    this.autoPromoteNote = `${what} switched auto-promote off, so the worker does not promote again what you took back. Switch it on to go on.`;
  }
}
