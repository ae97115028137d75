import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import type { AppState } from '../../store/appStore.ts';
import styles from '../../ui/panel.module.css';
import floating from './LoadProgress.module.css';
import { groupDigits } from '../../model/format.ts';

const selectLoading = (s: AppState) => s.loading;

const count = (n: number) => groupDigits(n);

/** How work in slices that is not a load is named: an undo or redo of a big step, or a big promote. */
const TRAVEL_TEXT = {
  undo: { doing: 'Undoing the promote', moved: 'put back' },
  redo: { doing: 'Redoing the promote', moved: 'taken out again' },
  promote: { doing: 'Promoting', moved: 'taken out of the two sets' },
  walk: { doing: 'Going to that step (Back or Forward)', moved: 'moved' },
} as const;

/**
 * A long load's progress with Cancel; an undo or redo of a big promote, and a big promote itself,
 * show their progress too. It is part of the page's first render, not of the deferred scenario
 * bar: a link at the page's scale starts loading at once and keeps the page busy, so a part
 * waiting for an idle moment would come only after the load it should report. It floats at the
 * window's foot (LoadProgress.module.css), in view from the first screen.
 */
export function LoadProgress() {
  const store = useAppStoreApi();
  const loading = useAppStore(selectLoading);
  if (loading === null) return null;
  return loading.action === 'load' ? (
    <div role="status" className={`${styles.row} ${floating.floating}`} data-testid="scenario-loading">
      {/* a link of steps that enqueue nothing (resets, promotes) shows its steps instead */}
      {loading.totalJobs > 0 ? (
        <progress max={loading.totalJobs} value={loading.jobs} aria-label="Jobs replayed" />
      ) : (
        <progress max={Math.max(loading.totalOperations, 1)} value={loading.operations} aria-label="Steps replayed" />
      )}
      <span>
        Loading the scenario: {count(loading.jobs)} of {count(loading.totalJobs)} jobs replayed ({count(loading.operations)} of{' '}
        {count(loading.totalOperations)} steps). The page still answers; what you change now is replaced when the load ends.
      </span>
      <button type="button" className="secondary" onClick={() => store.getState().cancelLoad()}>
        Cancel
      </button>
    </div>
  ) : (
    <div role="status" className={`${styles.row} ${floating.floating}`} data-testid="scenario-loading">
      <progress max={Math.max(loading.totalJobs, 1)} value={loading.jobs} aria-label="Jobs moved" />
      <span>
        {TRAVEL_TEXT[loading.action].doing}: {count(loading.jobs)} of {count(loading.totalJobs)} jobs{' '}
        {TRAVEL_TEXT[loading.action].moved}. A change you make now finishes it first.
      </span>
    </div>
  );
}
