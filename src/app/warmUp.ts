/**
 * The enqueue path warmed at idle, so that the first big enqueue after load (a burst of 10,000
 * jobs in one millisecond) does not run the model's code in the interpreter: throwaway Sessions
 * with the store's own hooks (the same sets, command log and undo records, so the engine learns
 * the same shapes) take bursts of same-ms jobs whenever the browser is idle, then are dropped.
 * Nothing of them reaches the page's store, its URL or its history.
 *
 * The work goes in small enqueues whose size follows the speed measured so far, aiming at STEP_MS
 * each (a few jobs while the code is cold, a few hundred once it is warm), three rounds of 10,000
 * jobs in one millisecond (past 4,096 the band saturates), each round on a fresh session. Each
 * idle period gets slices of at most SLICE_MS, each slice a task of its own: even four times
 * slower (Lighthouse's simulated phone) a slice stays far from a 50 ms long task. It waits while
 * the user is acting (a click, a key, the wheel in the last QUIET_MS) or the page's store is
 * changing (a play: its frames stay the play's), and stops when the page's own store has taken a
 * few thousand jobs (its code is warm by then) or the page goes away.
 */
import { CommandLog } from '../session/commandLog.ts';
import { defaultSettings } from '../session/operations.ts';
import { Session } from '../session/session.ts';
import { BAND_KEY, TEXTBOOK_KEY, storeSessionHooks } from '../store/appStore.ts';
import type { AppStore } from '../store/appStore.ts';
import { STRIP_RADIUS, bandViewOf, snapshotOf } from '../store/panelSelectors.ts';
import { nextTask } from '../store/slices.ts';

/** The most one slice works, in ms (a step that starts inside it may end a little after). */
const SLICE_MS = 3;
/** What one step (one enqueue) aims to take, in ms, and the bounds of its job count. */
const STEP_MS = 0.75;
const MIN_STEP = 4;
const MAX_STEP = 512;
/** Rounds of ROUND_JOBS jobs in one millisecond. */
const ROUNDS = 3;
const ROUND_JOBS = 10_000;
/** Meanwhile, the panels' reads of the sets every READ_EVERY jobs while a round has at most READ_UNTIL (a read stays short). */
const READ_EVERY = 500;
const READ_UNTIL = 1_000;

/** Once the page's own store has taken this many jobs since the warm-up began, its code is warm: the warm-up stops. */
const WARM_BY_THE_PAGE = 2_000;

/** The warm-up waits while the user acts: until QUIET_MS after the last of these events. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const QUIET_MS = 500;

/** The instant the throwaway sessions' clock is frozen at (any fixed time works). */
const FROZEN_AT = Date.UTC(2026, 0, 1);

function throwawaySession(): Session {
  return new Session(defaultSettings(FROZEN_AT, 'frozen'), storeSessionHooks(1, new CommandLog()));
}

/**
 * What the panels read after an enqueue, read from a throwaway session (through the selectors'
 * own functions, not the memoized selectors, whose one cached result belongs to the page's store).
 */
function readAsThePanelsDo(session: Session): void {
  const fireTime = session.lastEnqueue?.fireTime ?? FROZEN_AT;
  bandViewOf(session.band, session.arrivals, fireTime, session.lastEnqueue, STRIP_RADIUS);
  snapshotOf(session.textbook, TEXTBOOK_KEY, session.arrivals, session.textbookOrder, 0).readRows(0, 40);
  snapshotOf(session.band, BAND_KEY, session.arrivals, session.bandOrder, 0).readRows(0, 40);
}

/** The warm-up's steps: each yield is a place where it may stop until the next slice. */
function* steps(): Generator<void, void, void> {
  let step = MIN_STEP;
  for (let round = 0; round < ROUNDS; round++) {
    const session = throwawaySession();
    for (let done = 0; done < ROUND_JOBS;) {
      const count = Math.min(step, ROUND_JOBS - done);
      const before = performance.now();
      session.apply({ kind: 'enqueue', count, at: FROZEN_AT });
      const perJob = Math.max(performance.now() - before, 0.001) / count;
      const reads = Math.floor(done / READ_EVERY);
      done += count;
      // the next step's size from this one's speed, within half and twice this one
      step = Math.round(Math.min(MAX_STEP, Math.max(MIN_STEP, step / 2, Math.min(step * 2, STEP_MS / perJob))));
      yield;
      if (done <= READ_UNTIL && Math.floor(done / READ_EVERY) !== reads) {
        readAsThePanelsDo(session);
        yield;
      }
    }
  }
}

/**
 * Starts the warm-up beside the page's `store` (watched only to stop once it has taken
 * WARM_BY_THE_PAGE jobs); gives a function that stops it (what is done stays done). Does nothing
 * where the browser has no requestIdleCallback (jsdom in the unit tests).
 */
export function warmUpEnqueue(store: AppStore): () => void {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') return () => {};
  const work = steps();
  let cancel: (() => void) | null = null;
  const firstArrival = store.getState().nextArrival;
  let lastInput = Number.NEGATIVE_INFINITY;
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.nextArrival - firstArrival >= WARM_BY_THE_PAGE) stop();
    // the page's own jobs (a play, a burst) wait for nobody: the warm-up keeps out of their frames
    else if (state.version !== previous.version) lastInput = performance.now();
  });
  const onInput = () => {
    lastInput = performance.now();
  };
  function stop(): void {
    unsubscribe();
    cancel?.();
    cancel = null;
    for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, true);
  }
  /** One slice; gives false once the warm-up is over. */
  const runSlice = (budget: number): boolean => {
    const start = performance.now();
    do {
      if (work.next().done === true) return false;
    } while (performance.now() - start < budget);
    return true;
  };
  /**
   * An idle period: slices, each a task of its own, while it lasts; then the next idle period.
   * Within QUIET_MS of the user's last input it waits instead (what the user does next comes first).
   */
  const slice = (deadline: IdleDeadline) => {
    cancel = null;
    const sinceInput = performance.now() - lastInput;
    if (sinceInput < QUIET_MS) {
      const timer = setTimeout(() => (cancel = whenIdle(slice)), QUIET_MS - sinceInput);
      cancel = () => clearTimeout(timer);
      return;
    }
    if (deadline.timeRemaining() < 1) {
      cancel = whenIdle(slice);
      return;
    }
    if (!runSlice(Math.min(SLICE_MS, deadline.timeRemaining()))) {
      stop();
      return;
    }
    cancel = deadline.timeRemaining() > SLICE_MS ? nextTask(() => slice(deadline)) : whenIdle(slice);
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  cancel = whenIdle(slice);
  return stop;
}

/** requestIdleCallback, giving a way to cancel it. */
function whenIdle(run: (deadline: IdleDeadline) => void): () => void {
  const handle = window.requestIdleCallback(run, { timeout: 2000 });
  return () => window.cancelIdleCallback(handle);
}
