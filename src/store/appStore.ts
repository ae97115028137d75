/**
 * The page's one store (Zustand, vanilla): it holds no state of its own but what the page shows
 * about the share link. Every action is handed to the ScenarioSession (src/session), which owns
 * the scenario, the Session, the command log, undo / redo, and loads in slices; after every change
 * the session hands the store a fresh PageSnapshot, which the store publishes as its state.
 * (It imports no session module but scenarioSession.ts: Rolldown split a module the store shared
 * with later parts, such as input.ts, into a start file of its own.)
 */
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { ScenarioSession } from '../session/scenarioSession.ts';
import type { PageSnapshot, ScenarioSessionOptions, HistoryStep } from '../session/scenarioSession.ts';
import type { IdStyle } from '../session/jobIds.ts';
import type { TimeSlicer } from '../session/timeSlicer.ts';
import { defaultTimeSlicer } from './slices.ts';
import type { Scenario, TextbookUnit } from '../session/operations.ts';

export { BAND_KEY, TEXTBOOK_KEY } from '../session/session.ts';
export type { EnqueueBatch, EnqueueResult, PromoteResult, PromotedJob, PromotedSinceReset } from '../session/session.ts';
export type { ClockMode, TextbookUnit } from '../session/operations.ts';
export { SLICE_MS } from '../session/timeSlicer.ts';
export type { TimeSlicer } from '../session/timeSlicer.ts';
export { COALESCE_MS, SYNC_JOBS } from '../session/scenarioSession.ts';
export type { HistoryStep, LoadProgress, PageSnapshot } from '../session/scenarioSession.ts';

export interface AppState extends PageSnapshot {
  /** One object for every state of this store: what the selectors' memos key on (memo.ts). */
  readonly owner: object;
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
  /** Switches auto-promote off, saying why (the worker found nothing to do). */
  stopAutoPromote(note: string): void;
  selectBand(fireTime: number | null): void;
  reset(): void;
  /**
   * Takes back the last operation from the session's journal; a promote of more than SYNC_JOBS
   * jobs is put back in slices (`loading`). False when there is none, or while an undo or redo
   * runs in slices.
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
   * Opens a scenario from the address bar (a link, back / forward). A link past the page's scale
   * is refused before any work (the page keeps its state); a small change (at most SYNC_JOBS jobs
   * to undo and replay) is made at once; anything else loads in slices (loading), cancellable, with
   * `message` on a refused step as loadScenario. Gives what it did.
   */
  openScenario(scenario: Scenario, history: HistoryStep, message?: string): 'loaded' | 'refused' | 'loading';
  /** Refuses a link past the page's scale: the page keeps its state, the address bar goes back to it, `message` says why. */
  refuseLink(message: string): void;
  /** Stops a load in slices; the page keeps the state it had before the load, with a message. */
  cancelLoad(): void;
  /** Opens a clean default state and shows why (a URL that could not be read). */
  discardScenario(message: string): void;
  dismissScenarioError(): void;
  /** Says (or stops saying, with null) why the address bar does not hold the scenario. */
  setShareNotice(notice: string | null): void;
}

export interface AppStoreOptions extends Omit<ScenarioSessionOptions, 'slicer'> {
  /** How loads in slices take turns with the page (the browser's by default; tests pass a fake one). */
  readonly slicer?: TimeSlicer;
}

export type AppStore = StoreApi<AppState>;

/** Creates a store over a fresh ScenarioSession with empty sets. */
export function createAppStore(options: AppStoreOptions = {}): AppStore {
  const page = new ScenarioSession({ ...options, slicer: options.slicer ?? defaultTimeSlicer() });
  return createStore<AppState>()((set, get) => {
    page.subscribe((snapshot) => set(snapshot));
    return {
      ...page.snapshot,
      owner: page,
      shareNotice: null,

      setDelay: (delay) => page.perform({ kind: 'delay', delay }, true),
      setTextbookUnit: (unit) => page.perform({ kind: 'unit', unit }),
      setClockLive() {
        page.perform({ kind: 'live' });
      },
      freezeClock: (at) => page.perform({ kind: 'freeze', at: at ?? page.readClock() }, at !== undefined),
      stepClock: (ms) => page.stepClock(ms),
      tick: () => page.tick(),
      readClock: () => page.readClock(),
      setIdStyle(style) {
        page.perform({ kind: 'idStyle', style });
      },
      setIdPrefix: (prefix) => page.perform({ kind: 'prefix', prefix }, true),
      setBatchSize: (size) => page.perform({ kind: 'batch', size }, true),
      enqueue: (count) => page.enqueue(count),
      enqueueEach: (count) => page.enqueueEach(count),
      promote() {
        page.perform({ kind: 'promote', at: page.readClock() });
      },
      setAutoPromote: (on) => page.setAutoPromote(on),
      stopAutoPromote: (note) => page.setAutoPromote(false, note),
      selectBand: (fireTime) => page.selectBand(fireTime),
      reset() {
        page.perform({ kind: 'reset' });
      },
      undo: () => page.undo(),
      redo: () => page.redo(),
      loadScenario: (scenario, history, message) => page.loadScenario(scenario, history, message),
      openScenario: (scenario, history, message) => page.openScenario(scenario, history, message),
      refuseLink: (message) => page.refuseLink(message),
      cancelLoad: () => page.cancelLoad(),
      discardScenario: (message) => page.discardScenario(message),
      dismissScenarioError: () => page.dismissScenarioError(),
      setShareNotice(notice) {
        if (get().shareNotice !== notice) set({ shareNotice: notice });
      },
    };
  });
}
