/**
 * The enqueue path warmed at idle, so that the first big enqueue after load (a burst of 10,000
 * jobs in one millisecond) does not run the model's code in the interpreter: throwaway Sessions
 * with the store's own hooks (the same sets, command log and undo records, so the engine learns
 * the same shapes) take bursts of same-ms jobs whenever the browser is idle, then are dropped.
 * Nothing of them reaches the page's store, its URL or its history.
 *
 * The work goes in steps of a few ms: small enqueues first (while the code is cold, a step of 256
 * jobs would take too long), then whole bursts of 10,000 walked through Session.run, which stops
 * every 256 jobs. Each idle period gets slices of at most SLICE_MS, each slice a task of its own,
 * so the warm-up adds no long task; it waits while the user is acting (a click, a key, the wheel
 * in the last QUIET_MS), and stops when the page goes away.
 */
import { CommandLog } from '../session/commandLog.ts';
import { defaultSettings } from '../session/operations.ts';
import { Session } from '../session/session.ts';
import { BAND_KEY, TEXTBOOK_KEY, storeSessionHooks } from '../store/appStore.ts';
import { STRIP_RADIUS, bandViewOf, snapshotOf } from '../store/panelSelectors.ts';

/** The most one slice works, in ms (a step that starts inside it may end a little after). */
const SLICE_MS = 5;
/** Jobs enqueued a few at a time first, each step aiming at STEP_MS. */
const SMALL_JOBS = 3_000;
const STEP_MS = 1.5;
/** Meanwhile, the panels' reads of the sets every READ_EVERY jobs (while the band is small, so a read is short). */
const READ_EVERY = 500;
/** Then this many whole bursts of BURST jobs in one millisecond (past 4,096 the band saturates). */
const BURSTS = 3;
const BURST = 10_000;

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
  let session = throwawaySession();
  let step = 8;
  for (let done = 0; done < SMALL_JOBS;) {
    const before = performance.now();
    session.apply({ kind: 'enqueue', count: step, at: FROZEN_AT });
    const perJob = Math.max(performance.now() - before, 0.01) / step;
    const reads = Math.floor(done / READ_EVERY);
    done += step;
    // the next step's size from this one's speed, within half and twice this one
    step = Math.round(Math.min(256, Math.max(8, step / 2, Math.min(step * 2, STEP_MS / perJob))));
    yield;
    if (Math.floor(done / READ_EVERY) !== reads) {
      readAsThePanelsDo(session);
      yield;
    }
  }
  for (let burst = 0; burst < BURSTS; burst++) {
    session = throwawaySession();
    const run = session.run({ kind: 'enqueue', count: BURST, at: FROZEN_AT });
    while (run.next().done !== true) yield;
    yield;
    readAsThePanelsDo(session);
    yield;
  }
}

/**
 * Starts the warm-up; gives a function that stops it (what is done stays done). Does nothing where
 * the browser has no requestIdleCallback (jsdom in the unit tests).
 */
export function warmUpEnqueue(): () => void {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') return () => {};
  const work = steps();
  let cancel: (() => void) | null = null;
  let lastInput = Number.NEGATIVE_INFINITY;
  const onInput = () => {
    lastInput = performance.now();
  };
  const stop = () => {
    cancel?.();
    cancel = null;
    for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, true);
  };
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

/** Runs `run` soon in a task of its own (a message to itself: no timer clamping). */
function nextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}
