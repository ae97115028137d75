import { useEffect, useRef, useState } from 'react';
import { useAppStoreApi } from '../../store/StoreContext.tsx';
import { SYNC_JOBS } from '../../store/appStore.ts';
import { defaultTimeSlicer, runInSlices } from '../../store/slices.ts';
import type { SlicedWork } from '../../store/slices.ts';
import { SCRIPT_FILE_NAME, sessionScriptSteps } from '../../session/sessionScript.ts';
import type { ScriptParts } from '../../session/sessionScript.ts';
import { drain } from '../../session/session.ts';
import { scenarioCost } from '../../session/scenarioCost.ts';
import styles from '../../ui/panel.module.css';
import { groupDigits } from '../../model/format.ts';

/**
 * Copy or download the session's writes as a redis-cli script (built from the whole scenario, not
 * the capped log): at once up to SYNC_JOBS jobs, else replayed in slices with progress and Cancel.
 */
export function ExportButtons() {
  const store = useAppStoreApi();
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [building, setBuilding] = useState<{ readonly jobs: number; readonly totalJobs: number } | null>(null);
  const work = useRef<SlicedWork | null>(null);
  useEffect(() => () => work.current?.cancel(), []);

  /** Builds the script of the scenario shown now, then hands it to `then`. */
  const build = (then: (script: ScriptParts) => void) => {
    work.current?.cancel();
    const scenario = store.getState().scenario;
    const totalJobs = scenarioCost(scenario).jobs;
    const steps = sessionScriptSteps(scenario);
    if (totalJobs <= SYNC_JOBS) {
      then(drain(steps));
      return;
    }
    setStatus(null);
    setBuilding({ jobs: 0, totalJobs });
    work.current = runInSlices(defaultTimeSlicer(), steps, {
      progress: (progress) => setBuilding({ jobs: progress.jobs, totalJobs }),
      done: (script) => {
        work.current = null;
        setBuilding(null);
        then(script);
      },
    });
  };

  const cancel = () => {
    work.current?.cancel();
    work.current = null;
    setBuilding(null);
    setStatus({ text: 'Building the script was cancelled.', failed: false });
  };

  const copy = async ({ parts, commands }: ScriptParts) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(parts.join(''));
      setStatus({ text: `Copied ${groupDigits(commands)} commands as a redis-cli script.`, failed: false });
    } catch {
      setStatus({
        text: `The browser did not allow copying to the clipboard. Use "Download ${SCRIPT_FILE_NAME}" instead.`,
        failed: true,
      });
    }
  };

  const download = ({ parts }: ScriptParts) => {
    // The parts are whole lines: the file holds the bytes of their joined text.
    const url = URL.createObjectURL(new Blob(parts as string[], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = SCRIPT_FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setStatus({ text: `Saved ${SCRIPT_FILE_NAME}. Run it with: redis-cli < ${SCRIPT_FILE_NAME}`, failed: false });
  };

  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <button type="button" className="secondary" disabled={building !== null} onClick={() => build((s) => void copy(s))}>
          Copy as redis-cli script
        </button>
        <button type="button" className="secondary" disabled={building !== null} onClick={() => build(download)}>
          Download {SCRIPT_FILE_NAME}
        </button>
      </div>
      {building ? (
        <div className={styles.row} data-testid="export-building">
          <progress max={Math.max(building.totalJobs, 1)} value={building.jobs} aria-label="Jobs replayed for the script" />
          <span>
            Building the script: {groupDigits(building.jobs)} of {groupDigits(building.totalJobs)} jobs replayed.
          </span>
          <button type="button" className="secondary" onClick={cancel}>
            Cancel
          </button>
        </div>
      ) : null}
      <p className={status?.failed ? styles.error : styles.hint} role="status" data-testid="export-status">
        {status?.text ??
          'Every write (ZADD, ZREM) since the last reset, in order: piped into redis-cli against an empty Redis it leaves the same two sets.'}
      </p>
    </div>
  );
}
