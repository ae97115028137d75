/**
 * The page's one stateful thing: the scenario (starting settings and the operations performed),
 * the Session it builds, the command log its sets write to, undo / redo (the Session's one
 * journal), the grouping of quick changes into one step, the move to another scenario (one route,
 * routeBetween, decides both what it costs and how it is done) and the page's scale. What it
 * stands on (the scenario shown, its Session, the telling of changes) is PageCore (pageCore.ts);
 * work in slices is PageWork (pageWork.ts). Framework-free: whoever shows it (the store)
 * subscribes and is handed a fresh PageSnapshot after every change.
 */
import { CommandLog } from './commandLog.ts';
import { MAX_BATCH, MAX_CLOCK_MS } from './input.ts';
import { replaySteps, sameSettings } from './session.ts';
import { scaleRefusal } from './scale.ts';
import type { Operation, Scenario } from './operations.ts';
import { jobsOf, routeBetween } from './route.ts';
import type { HistoryStep } from './pageSnapshot.ts';
import { promoteSteps, walkSteps } from './pageWork.ts';
import type { TravelAction } from './pageWork.ts';
import { kindOf } from './operations/registry.ts';
import { DEFAULT_MESSAGE, GO_ON, PageCore, isClockReading, pastScale } from './pageCore.ts';

export type { HistoryStep, LoadProgress, PageSnapshot, ScenarioChange } from './pageSnapshot.ts';
export { pageSessionHooks } from './pageCore.ts';
export type { ScenarioSessionOptions } from './pageCore.ts';

/** Changes of one field within this long (a slider drag, typing) make one operation, one undo step. */
export const COALESCE_MS = 700;

/** An undo or redo moving more jobs than one of the largest batches runs in slices: as much as one click may do at once. */
export const SYNC_JOBS = MAX_BATCH;

/**
 * A scenario change (a link, back / forward) whose route is at most this much work (route.ts) and
 * SYNC_STEPS steps is done at once: the work of one enqueue of the largest batch, what a click
 * does at once. More is walked in slices (this page's own history) or loaded in slices.
 */
export const SYNC_WORK = MAX_BATCH + 1;
/** The most steps a route done at once takes: a promote that moves nothing still sends its commands. */
export const SYNC_STEPS = 1_000;

/** The scenario, its Session and its history; every method that changes something tells the subscribers. */
export class ScenarioSession extends PageCore {
  // --- Operations ---------------------------------------------------------------------------

  /**
   * Applies one operation; when it changed something, appends it to the scenario (or, with
   * `coalesce`, folds it into the last one when that was the same kind, recorded within
   * COALESCE_MS, with nothing to redo) and forgets what could be redone. False when refused.
   */
  perform(op: Operation, coalesce = false): boolean {
    this.work.settle();
    const kind = kindOf(op);
    if (this.refusedByScale(kind.jobs(op), op.kind === 'enqueue' ? 'This enqueue' : 'This step')) return false;
    if (op.kind === 'promote' && !this.work.busy && isClockReading(op.at) && this.session.dueJobs(op.at) > SYNC_JOBS) {
      this.#promoteInSlices(op);
      return true;
    }
    const session = this.session;
    const before = session.settings;
    const undoable = session.undoable;
    const couldRedo = session.redoable > 0;
    const applied = session.apply(op);
    const now = kind.instant(op) ?? this.readClock();
    const settingOnly = kind.setting;
    if (!applied || (settingOnly && sameSettings(before, session.settings))) {
      if (applied && session.undoable > undoable) session.forgetLast();
      this.now = now;
      this.emit();
      return applied;
    }
    const operations = this.scenario.operations;
    const wall = this.wallClock();
    const last = operations.at(-1);
    const merge = coalesce && last?.kind === op.kind && wall - this.lastRecordedAt < COALESCE_MS && !couldRedo;
    if (merge) session.mergeLast();
    this.lastRecordedAt = wall;
    const next = merge ? operations.prefix(operations.length - 1).append(op) : operations.append(op);
    this.publish({ ...this.scenario, operations: next }, merge ? 'replace' : 'push', now, !settingOnly);
    return true;
  }

  /** Enqueues `count` jobs at the clock's reading; true when all went in. */
  enqueue(count: number): boolean {
    return this.perform({ kind: 'enqueue', count, at: this.readClock() }) && this.session.enqueueError === null;
  }

  /**
   * Enqueues `count` jobs one at a time, each one ordinary enqueue(1) operation with its own clock
   * reading, and tells the subscribers once. Stops at a refused one; gives how many were enqueued.
   */
  enqueueEach(count: number): number {
    this.work.settle();
    const session = this.session;
    let operations = this.scenario.operations;
    let done = 0;
    let past: string | null = null;
    let lastAt = 0;
    for (; done < count; done++) {
      past = scaleRefusal('This enqueue', operations.jobs + 1, operations.length + 1);
      if (past !== null) {
        session.enqueueError = `${past}${GO_ON}`;
        break;
      }
      const at = this.readClock();
      const op: Operation = { kind: 'enqueue', count: 1, at };
      if (!session.apply(op)) break;
      operations = operations.append(op);
      lastAt = at;
      if (session.enqueueError !== null) {
        done++;
        break;
      }
    }
    if (done === 0) {
      this.now = this.readClock();
      this.emit();
      return 0;
    }
    this.lastRecordedAt = this.wallClock();
    this.publish({ ...this.scenario, operations }, 'push', lastAt, true, done);
    return session.enqueueError === null || past !== null ? done : done - 1;
  }

  /** Freezes the clock `ms` after its reading now (at most MAX_CLOCK_MS). */
  stepClock(ms: number): void {
    this.perform({ kind: 'freeze', at: Math.min(this.readClock() + ms, MAX_CLOCK_MS) });
  }

  /** Moves the display clock on (a live clock only). */
  tick(): void {
    if (this.session.settings.clockMode !== 'live') return;
    this.now = this.clock();
    this.emit();
  }

  /** Picks the band the grid shows (null: follow the current fire-time); not a step of the scenario. */
  selectBand(fireTime: number | null): void {
    this.session.selectedFireTime = fireTime;
    this.emit();
  }

  /** Turns auto-promote on or off, saying why it stopped (`note`) or clearing that. */
  setAutoPromote(on: boolean, note: string | null = null): void {
    this.autoPromote = on;
    this.autoPromoteNote = note;
    this.emit();
  }

  // --- Undo and redo ------------------------------------------------------------------------

  /**
   * Takes back the last operation from the Session's journal; a step moving more than SYNC_JOBS
   * jobs is taken back in slices (`loading`). False when there is none, or while an undo or redo
   * runs in slices.
   */
  undo(): boolean {
    const operations = this.scenario.operations;
    if (operations.length === 0 || this.work.travelling || this.session.undoable === 0) return false;
    const previous = { ...this.scenario, operations: operations.prefix(operations.length - 1) };
    this.#travel('undo', this.session.undoSteps(), this.session.undoJobs, () => this.publish(previous, 'push', this.readClock()));
    return true;
  }

  /** Applies again the last undone operation (in slices past SYNC_JOBS jobs, as undo); false when there is none. */
  redo(): boolean {
    const op = this.session.nextRedo;
    if (op === undefined || this.work.travelling) return false;
    const scenario = this.scenario;
    this.#travel('redo', this.session.redoSteps(), this.session.redoJobs, () =>
      this.publish({ ...scenario, operations: scenario.operations.append(op) }, 'push', this.readClock()),
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
    this.pauseWorker('Going to another scenario (Back, Forward or a link)');
    this.work.stop();
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
    this.work.stop();
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
    this.scenarioError = message;
    this.scenarioChange = { serial: this.scenarioChange.serial + 1, history: 'replace' };
    this.emit();
  }

  /** Stops a load in slices; the page keeps the state it had before the load, with a message. */
  cancelLoad(): void {
    const done = this.work.cancelLoad();
    if (done === null) return;
    this.scenarioError = `Loading the scenario was cancelled${done}; the page is as it was before.`;
    // The address bar goes back to the scenario the page still shows.
    this.scenarioChange = { serial: this.scenarioChange.serial + 1, history: 'replace' };
    this.emit();
  }

  /** Opens a clean default state and shows why (a URL that could not be read). */
  discardScenario(message: string): void {
    this.work.settle();
    const fresh = this.emptyScenario();
    this.rebuild(fresh);
    this.lastRecordedAt = Number.NEGATIVE_INFINITY;
    this.scenarioError = message;
    this.publish(fresh, 'none', this.readClock());
  }

  dismissScenarioError(): void {
    this.scenarioError = null;
    this.emit();
  }

  // --- Inside -------------------------------------------------------------------------------

  #routeTo(scenario: Scenario) {
    return routeBetween(this.scenario, scenario, this.session.undoable);
  }

  /** Brings the session to `scenario` by its route; the index of a refused step, or -1. */
  #moveTo(scenario: Scenario): number {
    const route = this.#routeTo(scenario);
    if (route.kind === 'rebuild') return this.rebuild(scenario);
    const session = this.session;
    for (let k = this.scenario.operations.length; k > route.shared; k--) session.undo();
    // Another scenario: what those undos took back is not a redo of it.
    session.clearRedo();
    for (let i = route.shared; i < scenario.operations.length; i++) if (!session.apply(scenario.operations.at(i)!)) return i;
    return -1;
  }

  /**
   * Before a move to another scenario from the address bar (Back, Forward, a link): work in slices
   * on the page's own Session (a big promote, an undo or a redo) is finished first and kept as the
   * step it is. Finishing it writes its own history entry, which the address bar then holds, so
   * the move that came meanwhile is dropped and the page says so: the page and the address bar
   * show the same scenario, and the work is not lost. True when that happened.
   */
  #finishedFirst(): boolean {
    if (!this.work.travelling) return false;
    const action = this.work.loading?.action;
    const serial = this.scenarioChange.serial;
    this.work.settle();
    if (this.scenarioChange.serial === serial || this.scenarioChange.history !== 'push') return false;
    const what = action === 'undo' ? 'An undo' : action === 'redo' ? 'A redo' : 'A promote';
    this.scenarioError = `${what} was still running when Back, Forward or a link asked for another scenario: it finished and is kept as the newest step, which the address bar now holds. Use Back to go back from it.`;
    this.emit();
    return true;
  }

  /** Shows the outcome of a load: the scenario, or (a refused step) a clean state with the reason. */
  #finishLoad(scenario: Scenario, history: HistoryStep, message: string, refused: number): boolean {
    this.lastRecordedAt = Number.NEGATIVE_INFINITY;
    this.work.loading = null;
    if (refused < 0) {
      this.scenarioError = null;
      this.publish(scenario, history, this.readClock());
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
    this.pauseWorker('Going to another scenario (Back, Forward or a link)');
    this.work.stop();
    const nextLog = new CommandLog();
    const next = this.freshSession(scenario.seed, scenario.initial, nextLog);
    const totals = { totalJobs: jobsOf(scenario.operations), totalOperations: scenario.operations.length };
    this.work.load(replaySteps(next, scenario.operations), totals, (refused) => {
      this.log = nextLog;
      this.session = next;
      this.#finishLoad(scenario, history, message, refused);
    });
  }

  /**
   * Walks to `scenario` in slices: undoes the current steps after the `shared` leading ones (a big
   * promote's jobs put back a chunk at a time, as Undo does), then applies the target's steps after
   * them; `loading` counts the jobs moved (put back, taken out, written) of those the undos move
   * and the enqueues write. Like an undo in slices it is not cancelled but finished at once by any
   * other change: half-way, the page holds half a step.
   */
  #walkInSlices(scenario: Scenario, shared: number, history: HistoryStep, message: string): void {
    this.pauseWorker('Going to another scenario (Back, Forward or a link)');
    const session = this.session;
    const from = this.scenario.operations.length;
    const jobs = session.jobsToUndo(from - shared) + jobsOf(scenario.operations.slice(shared));
    let refused = -1;
    const steps = walkSteps(session, from, shared, scenario.operations, (index) => (refused = index));
    // the route was weighed over SYNC_WORK already: in slices even when few jobs move
    this.#travel('walk', steps, jobs, () => this.#finishLoad(scenario, history, message, refused), false);
  }

  /**
   * A promote taking more than SYNC_JOBS jobs out, run in slices with its progress in `loading`
   * (as an undo of it is): at 1,000,000 jobs it is seconds of work, which as one task would hold
   * the page. Like an undo in slices, any other change finishes it first. Its progress is the jobs
   * no longer due, read from the sets between the sweep's batches.
   */
  #promoteInSlices(op: Extract<Operation, { kind: 'promote' }>): void {
    const session = this.session;
    const due = session.dueJobs(op.at);
    const scenario = this.scenario;
    this.#travel('promote', promoteSteps(session, op, op.at, due), due, () =>
      this.publish({ ...scenario, operations: scenario.operations.append(op) }, 'push', op.at),
    );
  }

  /**
   * Ends work on the page's own Session that is not cancelled (an undo, a redo, a big promote, a
   * walk back or forward; `steps`, moving `jobs` jobs): at once when `atOnce` (by default: at most
   * SYNC_JOBS) or while a load runs, else in slices with its progress in `loading`; then `done`
   * publishes the outcome. One at a time: undo and redo wait for it.
   */
  #travel(
    action: TravelAction,
    steps: Generator<number, boolean, void>,
    jobs: number,
    done: () => void,
    atOnce = jobs <= SYNC_JOBS,
  ): void {
    this.lastRecordedAt = Number.NEGATIVE_INFINITY;
    // a promote is a step forward like any other: the worker that may have asked for it stays on
    if (action === 'undo' || action === 'redo') this.pauseWorker(action === 'undo' ? 'Undo' : 'Redo');
    this.work.travel(action, steps, jobs, done, atOnce);
  }
}
