import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import type { AppState } from '../../store/appStore.ts';
import styles from '../../ui/panel.module.css';

const selectSteps = (s: AppState) => s.scenario.operations.length;
const selectRedoCount = (s: AppState) => s.redoStack.length;
const selectScenarioError = (s: AppState) => s.scenarioError;

/** Undo / Redo of every operation (also Ctrl+Z / Ctrl+Shift+Z), and why a shared link could not open. */
export function ScenarioBar() {
  const store = useAppStoreApi();
  const steps = useAppStore(selectSteps);
  const redoCount = useAppStore(selectRedoCount);
  const error = useAppStore(selectScenarioError);
  return (
    <div className={styles.group} aria-label="Scenario" role="group">
      {error ? (
        <div role="alert" className={styles.error} data-testid="scenario-error">
          <p>{error}</p>
          <button type="button" className="secondary" onClick={() => store.getState().dismissScenarioError()}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div className={styles.row}>
        <button type="button" className="secondary" disabled={steps === 0} onClick={() => store.getState().undo()} aria-keyshortcuts="Control+Z Meta+Z">
          Undo
        </button>
        <button type="button" className="secondary" disabled={redoCount === 0} onClick={() => store.getState().redo()} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z">
          Redo
        </button>
        <span className={styles.hint} data-testid="scenario-steps">
          {steps.toLocaleString('en-US')} step{steps === 1 ? '' : 's'}
          {redoCount > 0 ? `, ${redoCount.toLocaleString('en-US')} to redo` : ''}. The address bar holds this scenario: share it, or use Back and Forward.
        </span>
      </div>
    </div>
  );
}
