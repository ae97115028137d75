/**
 * What the page is shown: a PageSnapshot after every change of the ScenarioSession, with the
 * progress of work in slices and how the browser history follows the scenario.
 */
import type { CommandLogView } from './commandLog.ts';
import type { DueOrder } from './dueOrderTracker.ts';
import type { Scenario, Settings } from './operations.ts';
import type { SetReader } from './setReader.ts';
import type { EnqueueBatch, EnqueueResult, PromoteResult, PromotedSinceReset } from './sessionState.ts';
import type { Session } from './session.ts';

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

/** What a snapshot holds besides the Session's own fields. */
export type PageFields = Pick<
  PageSnapshot,
  'now' | 'log' | 'version' | 'scenario' | 'scenarioChange' | 'scenarioError' | 'loading' | 'autoPromote' | 'autoPromoteNote'
>;

/** The page as `session` and `page` hold it now, frozen. */
export function snapshotOf(s: Session, page: PageFields): PageSnapshot {
  return Object.freeze({
    ...s.settings,
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
    redoable: s.redoable,
    ...page,
  });
}
