/**
 * The enqueue path warmed at idle, so that the first big enqueue after load (a burst of 10,000
 * jobs in one millisecond) does not run the model's code in the interpreter: throwaway Sessions
 * with the store's own hooks (the same sets, command log and undo records, so the engine learns
 * the same shapes) take bursts of same-ms jobs whenever the browser is idle, then are dropped.
 * Nothing of them reaches the page's store, its URL or its history.
 *
 * The steps (src/store/enqueueWarmUp.ts): a first round of 10,000 jobs in one millisecond (past
 * 4,096 the band saturates) in small enqueues whose size follows the speed measured so far (a few
 * jobs while the code is cold, a few hundred once it is warm), then three rounds each sending one
 * enqueue of 10,000, as the page's burst does, stepped through Session.run (256 jobs a step, about
 * a millisecond once warm). Why not small enqueues all the way: measured in Node (`npm run
 * bench:warmup`, two runs: a fresh store's 10,000-job enqueue after each warm-up, ten times over),
 * three rounds of small enqueues left the engine's code tuned to them: the store's first burst took
 * 31-66 ms and the others 47-58 ms (median), more than with no warm-up once that had warmed itself
 * (38-50 ms, after 140-180 ms for the first); one small round then three of one enqueue each: 27-35
 * ms for the first, 36-37 ms after.
 *
 * It pays where a user feels it (docs/decisions.md, "Speed tuning that was measured"): the first
 * 10,000-job burst after load in Chromium took 97.7 ms of main-thread CPU with it and 129.9 ms
 * without (`npm run bench:ui -- --burst-only`, medians of 6 alternating runs, 2026-12-03).
 *
 * Each idle period gets slices of at most SLICE_MS, each slice a task of its own: even four times
 * slower (Lighthouse's simulated phone) a slice stays far from a 50 ms long task. It waits while
 * the user is acting (a click, a key, the wheel in the last QUIET_MS) or the page's store is
 * changing (a play: its frames stay the play's), and stops when the page's own store has taken a
 * few thousand jobs (its code is warm by then) or the page goes away.
 */
import type { AppStore } from '../store/appStore.ts';
import { warmUpSteps } from '../store/enqueueWarmUp.ts';
import { nextTask } from '../store/slices.ts';

/** The most one slice works, in ms (a step that starts inside it may end a little after). */
const SLICE_MS = 3;
/** Once the page's own store has taken this many jobs since the warm-up began, its code is warm: the warm-up stops. */
const WARM_BY_THE_PAGE = 2_000;

/** The warm-up waits while the user acts: until QUIET_MS after the last of these events. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const QUIET_MS = 500;

/**
 * Starts the warm-up beside the page's `store` (watched only to stop once it has taken
 * WARM_BY_THE_PAGE jobs); gives a function that stops it (what is done stays done). Does nothing
 * where the browser has no requestIdleCallback (jsdom in the unit tests).
 */
export function warmUpEnqueue(store: AppStore): () => void {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') return () => {};
  const work = warmUpSteps();
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
