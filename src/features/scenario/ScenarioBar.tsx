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

/**
 * Undo / Redo of every operation (also Ctrl+Z / Ctrl+Shift+Z), why a shared link could not open,
 * and why the address bar stopped following (a scenario too long for a link). Work in slices shows
 * its progress in LoadProgress, which is on the page from the first render.
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
