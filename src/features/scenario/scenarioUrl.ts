import type { AppState, AppStore, HistoryStep } from '../../store/appStore.ts';
import type { Scenario } from '../../session/operations.ts';
import { OperationLog } from '../../session/operationLog.ts';
import { HASH_KEY, ScenarioEncoder, decodeScenario, scenarioText } from '../../session/scenarioCodec.ts';

/** How long a history write may wait when no frame comes (a hidden tab has none). */
const LATEST_WRITE_MS = 250;
/** More changes than this waiting at once (jobs played at a high rate) fold into one history entry. */
const FOLD_ABOVE = 4;
/** The shortest gap between two folded writes. */
const MIN_WRITE_GAP_MS = 100;
/**
 * Folded writes keep at least this many times their own cost apart: a long scenario's pushState
 * then takes at most 2% of the main thread. It pays once a link is long: a pushState's cost, and
 * encoding a scenario whole (a drag's replace), grow with the link (docs/decisions.md), so at a
 * fixed rate of writes a long link would take a large share of the main thread.
 */
const WRITE_COST_SHARE = 50;
/**
 * A write's cost is read as the least of the last this many writes: a long link makes every write
 * costly, while one slow write is a garbage collection or a page still loading. (Read from one
 * write, a slow one while the page loaded held the next writes back, and a user's quick steps
 * folded into one history entry: Back skipped them.)
 */
const COST_WRITES = 3;
/**
 * While one field keeps changing (a slider drag), its entry is written this often at most; so is
 * a stream of steps that fold (jobs played at a high rate): each pushState of a long link is a
 * task of several ms between two frames, and four a second made frames of a play late.
 */
const STREAM_WRITE_MS = 1000;

/**
 * Keeps the URL's `#s=` and the store's scenario together: opens the scenario a URL holds (or says
 * why it cannot), writes each operation as a history entry (pushState; a drag of one field replaces
 * its entry), and replays the entry back / forward lands on (popstate).
 *
 * A scenario a link could not hold (over the decoder's limits, scenarioLimitError) is not written:
 * the address bar keeps the last one that fit and the page says why (shareNotice).
 *
 * The history writes wait for the frame after the change: a pushState costs Chromium ~5 ms, which
 * would otherwise sit between a click and its first paint. Writes that pile up meanwhile are made
 * in order; a replace folds into the write before it (one entry either way). Several jobs enqueued
 * at once (enqueueEach: the jobs one frame of Play owes) are several entries, as if clicked.
 * A stream of replaces (a slider drag: one per frame) is written when it rests for MIN_WRITE_GAP_MS,
 * and once every STREAM_WRITE_MS while it goes on: a replaceState per frame made every other frame
 * of a drag late once the link was long (1,000,000 jobs in 100 clicks).
 *
 * The text is made by one ScenarioEncoder, which encodes only the operations appended since the
 * last write: while jobs are played, a write costs the new jobs' tokens, not the whole scenario.
 *
 * useScenarioUrl (useScenarioUrl.ts) calls it once this module, with the codec, has loaded after
 * the first screen: `opened` is the scenario the page had when it mounted, `early` the store's
 * changes since (each as the subscriber got it), which are written as if heard when made. Gives
 * the function that stops it (writing what still waits).
 */
export function followScenarioUrl(
  store: AppStore,
  opened: Scenario,
  early: ReadonlyArray<readonly [AppState, AppState]>,
): () => void {
  let shown: string | null = null;
  const urlFor = (text: string) => `${window.location.pathname}${window.location.search}#${HASH_KEY}=${text}`;
  const encoder = new ScenarioEncoder();
  let pending: Array<{ step: Exclude<HistoryStep, 'none'>; scenario: Scenario }> = [];
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const cancelWrite = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = timer = null;
  };
  let lastWrite = Number.NEGATIVE_INFINITY;
  let writeGap = MIN_WRITE_GAP_MS;
  /** The cost (ms) of the last COST_WRITES writes. */
  const costs: number[] = [];
  /** When the scenario last changed, and the time before that. `write(true)` (leaving) writes what waits at once. */
  let lastChange = Number.NEGATIVE_INFINITY;
  let changeBefore = Number.NEGATIVE_INFINITY;
  const write = (flush = true) => {
    // Playing many jobs a second: one write per STREAM_WRITE_MS (or 50 times a costly write's
    // cost) at most, the changes meanwhile folded into it (Chromium ignores pushState past ~200
    // per 10 s, and each costs ~5 ms); a lone step waits writeGap at most.
    const at = performance.now();
    const folding = pending.length > FOLD_ABOVE;
    const wait = lastWrite + (folding ? Math.max(writeGap, STREAM_WRITE_MS) : writeGap) - at;
    // a costly write (a long scenario, re-encoded whole after a replace such as a drag step) waits its turn too
    if (!flush && wait > 0 && (folding || writeGap > MIN_WRITE_GAP_MS)) {
      cancelWrite();
      timer = setTimeout(() => write(false), wait);
      return;
    }
    const streaming =
      pending.every((entry) => entry.step === 'replace') &&
      lastChange - changeBefore < MIN_WRITE_GAP_MS &&
      at - lastWrite < STREAM_WRITE_MS;
    if (!flush && streaming && at - lastChange < MIN_WRITE_GAP_MS) {
      cancelWrite();
      timer = setTimeout(() => write(false), lastChange + MIN_WRITE_GAP_MS - at);
      return;
    }
    cancelWrite();
    if (pending.length > FOLD_ABOVE) {
      const last = pending[pending.length - 1]!;
      pending = [{ step: pending.some((entry) => entry.step === 'push') ? 'push' : last.step, scenario: last.scenario }];
    }
    for (const { step, scenario } of pending) {
      const shareable = encoder.shareable(scenario);
      if (!shareable.ok) {
        store
          .getState()
          .setShareNotice(
            `${shareable.message} The scenario is too long to share as a link; use Download. The address bar keeps the last scenario that fit.`,
          );
        continue;
      }
      store.getState().setShareNotice(null);
      shown = shareable.text;
      if (step === 'push') window.history.pushState(null, '', urlFor(shown));
      else window.history.replaceState(window.history.state, '', urlFor(shown));
    }
    if (pending.length > 0) {
      lastWrite = performance.now();
      costs.push(lastWrite - at);
      if (costs.length > COST_WRITES) costs.shift();
      const cost = costs.length < COST_WRITES ? 0 : Math.min(...costs);
      writeGap = Math.max(MIN_WRITE_GAP_MS, WRITE_COST_SHARE * cost);
    }
    pending = [];
  };

  /** Opens the scenario in the URL; false when the URL holds none (another fragment, e.g. #sets). */
  const openFromUrl = (): boolean => {
    const text = scenarioText(window.location.hash);
    if (text === null) return false;
    if (text === shown) return true;
    shown = text;
    const decoded = decodeScenario(text);
    if (!decoded.ok && decoded.pastScale === true) {
      // readable but past the page's scale: refused before any work, and the page keeps what it
      // shows; the address bar goes back to it at once (a link opened on arrival has no listener yet)
      store.getState().refuseLink(decoded.message);
      shown = encoder.encode(store.getState().scenario);
      window.history.replaceState(window.history.state, '', urlFor(shown));
    } else if (!decoded.ok) {
      store
        .getState()
        .discardScenario(`This link's scenario could not be read: ${decoded.message} A clean default state is shown instead.`);
    } else {
      // Small changes at once; long replays in slices (cancellable).
      store.getState().openScenario(decoded.scenario, 'none', "This link's scenario could not be replayed");
    }
    return true;
  };

  const linked = openFromUrl();
  if (!linked) {
    // The entry the page opened on gets the empty scenario, so going back to it empties the sets.
    shown = encoder.encode(opened);
    window.history.replaceState(window.history.state, '', urlFor(shown));
  }

  const onChange = (state: AppState, previous: AppState) => {
    if (state.scenarioChange === previous.scenarioChange) return;
    const step = state.scenarioChange.history;
    if (step === 'none') return;
    changeBefore = lastChange;
    lastChange = performance.now();
    const last = pending[pending.length - 1];
    if (step === 'replace' && last !== undefined) pending[pending.length - 1] = { step: last.step, scenario: state.scenario };
    else {
      // Operations appended at once (a frame of Play): an entry each, the scenario up to it; past
      // FOLD_ABOVE they fold into one anyway, so FOLD_ABOVE + 1 entries stand for them.
      const operations = OperationLog.from(state.scenario.operations);
      for (let k = Math.min(state.scenarioChange.steps ?? 1, FOLD_ABOVE + 1) - 1; k >= 0; k--)
        pending.push({ step, scenario: { ...state.scenario, operations: operations.prefix(operations.length - k) } });
    }
    // A write already waiting its turn (a timer: the gap after the last write, or a drag's rest)
    // takes this change along: no frame is asked for, so a play does not re-arm timers every frame.
    if (frame === null && timer === null) frame = requestAnimationFrame(() => setTimeout(() => write(false), 0));
    if (timer === null) timer = setTimeout(() => write(false), LATEST_WRITE_MS);
  };
  // A link opened replaces what was done before it came in; else those steps get their entries.
  if (!linked) for (const [state, previous] of early) onChange(state, previous);
  const unsubscribe = store.subscribe(onChange);
  const onPopState = () => {
    // The browser moved to another entry: writes still waiting belonged to the entry it left.
    cancelWrite();
    pending = [];
    openFromUrl();
  };
  window.addEventListener('popstate', onPopState);
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onPopState);
    write(true);
  };
}
