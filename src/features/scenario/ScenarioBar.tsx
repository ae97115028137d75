import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import type { AppState } from '../../store/appStore.ts';
import styles from '../../ui/panel.module.css';
import { groupDigits } from '../../model/format.ts';

const selectSteps = (s: AppState) => s.scenario.operations.length;
const selectRedoCount = (s: AppState) => s.redoable;
const selectScenarioError = (s: AppState) => s.scenarioError;
const selectLoading = (s: AppState) => s.loading;
const selectShareNotice = (s: AppState) => s.shareNotice;

const count = (n: number) => groupDigits(n);

/** How the bar names work in slices that is not a load: an undo or redo of a big step, or a big promote. */
const TRAVEL_TEXT = {
  undo: { doing: 'Undoing the promote', moved: 'put back' },
  redo: { doing: 'Redoing the promote', moved: 'taken out again' },
  promote: { doing: 'Promoting', moved: 'taken out of the two sets' },
  walk: { doing: 'Going to that step (Back or Forward)', moved: 'moved' },
} as const;

/**
 * Undo / Redo of every operation (also Ctrl+Z / Ctrl+Shift+Z), why a shared link could not open,
 * a long load's progress with Cancel (an undo or redo of a
 * big promote, and a big promote itself, show their progress too), and why the address bar stopped
 * following (a scenario too long for a link).
 */
export function ScenarioBar() {
  const store = useAppStoreApi();
  const steps = useAppStore(selectSteps);
  const redoCount = useAppStore(selectRedoCount);
  const error = useAppStore(selectScenarioError);
  const loading = useAppStore(selectLoading);
  const shareNotice = useAppStore(selectShareNotice);
  // An undo or redo in slices runs to its end before the next one.
  const travelling = loading !== null && loading.action !== 'load';
  return (
    <div className={styles.group} aria-label="Scenario" role="group">
      {loading?.action === 'load' ? (
        <div role="status" className={styles.row} data-testid="scenario-loading">
          {/* a link of steps that enqueue nothing (resets, promotes) shows its steps instead */}
          {loading.totalJobs > 0 ? (
            <progress max={loading.totalJobs} value={loading.jobs} aria-label="Jobs replayed" />
          ) : (
            <progress max={Math.max(loading.totalOperations, 1)} value={loading.operations} aria-label="Steps replayed" />
          )}
          <span>
            Loading the scenario: {count(loading.jobs)} of {count(loading.totalJobs)} jobs replayed ({count(loading.operations)}{' '}
            of {count(loading.totalOperations)} steps). The page still answers; what you change now is replaced when the load
            ends.
          </span>
          <button type="button" className="secondary" onClick={() => store.getState().cancelLoad()}>
            Cancel
          </button>
        </div>
      ) : loading ? (
        <div role="status" className={styles.row} data-testid="scenario-loading">
          <progress max={Math.max(loading.totalJobs, 1)} value={loading.jobs} aria-label="Jobs moved" />
          <span>
            {TRAVEL_TEXT[loading.action].doing}: {count(loading.jobs)} of {count(loading.totalJobs)} jobs{' '}
            {TRAVEL_TEXT[loading.action].moved}. A change you make now finishes it first.
          </span>
        </div>
      ) : null}
      {shareNotice ? (
        <p className={styles.hint} role="status" data-testid="share-notice">
          {shareNotice}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className={styles.error} data-testid="scenario-error">
          <p>{error}</p>
          <button type="button" className="secondary" onClick={() => store.getState().dismissScenarioError()}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div className={styles.row}>
        <button
          type="button"
          className="secondary"
          disabled={steps === 0 || travelling}
          onClick={() => store.getState().undo()}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          Undo
        </button>
        <button
          type="button"
          className="secondary"
          disabled={redoCount === 0 || travelling}
          onClick={() => store.getState().redo()}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
        >
          Redo
        </button>
        <span className={styles.hint} data-testid="scenario-steps">
          {count(steps)} step{steps === 1 ? '' : 's'}
          {redoCount > 0 ? `, ${count(redoCount)} to redo (not in the link: a reload forgets them)` : ''}.{' '}
          {shareNotice
            ? 'The address bar does not hold this scenario (see above).'
            : 'The address bar holds this scenario: share it, or use Back and Forward.'}
        </span>
      </div>
    </div>
  );
}
