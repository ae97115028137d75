/**
 * Auto-promote: the page's worker. Like a BullMQ worker it sleeps until the band set's head falls
 * due, getNextDelayedTimestamp (`score / 0x1000`, which the script's integer reply truncates to
 * the whole millisecond T), then sweeps with promoteDelayedJobs at the clock's now (the store's
 * own promote action: batches of 1,000 until nothing due is left, recorded as a `p@<ms>` step
 * like a user's press). One promote per wake, then it sleeps on the new head.
 *
 * One timer: a setTimeout to the next wake, armed again whenever the set or the clock changes
 * (an enqueue that lands earlier, the clock frozen, stepped or made live, auto-promote switched)
 * and cleared when stopped. With a frozen clock time stands still: the worker promotes what is
 * due at the frozen now, then waits for the clock to move (a step, a new instant, live).
 */
import type { AppState, AppStore, ClockMode } from './appStore.ts';
import { selectBandHead } from './promote.ts';
import type { BandHead } from './promote.ts';

/** The timer functions the worker uses (the global ones by default; tests pass fake ones). */
export interface WorkerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The longest delay setTimeout honours (2^31 - 1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the worker is doing, for the panel to say. */
export type WorkerPlan =
  | { readonly kind: 'off' }
  | { readonly kind: 'empty' }
  /** The head is due now: the worker promotes at once. */
  | { readonly kind: 'due'; readonly wakeAt: number }
  /** Live clock: asleep until wakeAt. */
  | { readonly kind: 'sleeping'; readonly wakeAt: number; readonly nextTimestamp: number }
  /** Frozen clock before the head's millisecond: nothing falls due until the clock moves. */
  | { readonly kind: 'frozen'; readonly wakeAt: number; readonly nextTimestamp: number };

/** What the worker does next with auto-promote `on`, this clock mode and band-set head, at clock reading `now`. */
export function planOf(
  on: boolean,
  clockMode: ClockMode,
  head: Pick<BandHead, 'wakeAt' | 'nextTimestamp'>,
  now: number,
): WorkerPlan {
  if (!on) return { kind: 'off' };
  const { wakeAt, nextTimestamp } = head;
  if (wakeAt === null || nextTimestamp === null) return { kind: 'empty' };
  if (now >= wakeAt) return { kind: 'due', wakeAt };
  return clockMode === 'live' ? { kind: 'sleeping', wakeAt, nextTimestamp } : { kind: 'frozen', wakeAt, nextTimestamp };
}

/** What the worker does next for this state, with the clock reading `now`. */
export function workerPlan(state: AppState, now: number): WorkerPlan {
  return planOf(state.autoPromote, state.clockMode, selectBandHead(state), now);
}

const globalTimers: WorkerTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * Runs the worker over a store while `autoPromote` is on; returns the function that stops it
 * (clears the timer, stops listening). Keeps at most one timer armed at any time.
 */
export function startAutoPromoteWorker(store: AppStore, timers: WorkerTimers = globalTimers): () => void {
  let timer: unknown = null;

  const disarm = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  const arm = () => {
    disarm();
    const state = store.getState();
    const now = state.readClock();
    const plan = workerPlan(state, now);
    if (plan.kind === 'due') timer = timers.setTimeout(wake, 0);
    // A long sleep is taken in pieces: setTimeout would fire a delay past 2^31 - 1 ms at once.
    else if (plan.kind === 'sleeping') timer = timers.setTimeout(wake, Math.min(plan.wakeAt - now, MAX_TIMER_MS));
  };

  const wake = () => {
    timer = null;
    const state = store.getState();
    // work in slices (a big promote) is still running: its end publishes, and the listener arms again
    if (state.loading !== null) return;
    if (workerPlan(state, state.readClock()).kind !== 'due') {
      arm(); // woke early (a piece of a long sleep, a clock that moved back): sleep again
      return;
    }
    state.promote(); // the store publishes the emptier set, and the listener below arms the next wake
    const after = store.getState();
    if (after.lastPromote !== null && after.lastPromote.band.jobs.length === 0) {
      // Never expected (the head is due, so the sweep takes it); stop rather than spin.
      after.stopAutoPromote(
        `The sweep at ${after.lastPromote.now} took nothing although the head was due, so auto-promote stopped.`,
      );
    }
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (
      state.autoPromote !== previous.autoPromote ||
      state.version !== previous.version ||
      state.bandSet !== previous.bandSet ||
      state.clockMode !== previous.clockMode ||
      state.frozenAt !== previous.frozenAt
    ) {
      arm();
    }
  });
  arm();

  return () => {
    unsubscribe();
    disarm();
  };
}
