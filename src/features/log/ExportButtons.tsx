import { useState } from 'react';
import { useAppStoreApi } from '../../store/StoreContext.tsx';
import { SCRIPT_FILE_NAME, sessionScript, sessionWrites } from '../../session/sessionScript.ts';
import { redisCliScript } from '../../session/redisCliScript.ts';
import styles from '../../ui/panel.module.css';
import { grouped } from '../../model/format.ts';

/** Copy or download the session's writes as a redis-cli script (built from the whole scenario, not the capped log). */
export function ExportButtons() {
  const store = useAppStoreApi();
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);

  const copy = async () => {
    const writes = sessionWrites(store.getState().scenario);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(redisCliScript(writes));
      setStatus({ text: `Copied ${grouped.format(writes.length)} commands as a redis-cli script.`, failed: false });
    } catch {
      setStatus({
        text: `The browser did not allow copying to the clipboard. Use "Download ${SCRIPT_FILE_NAME}" instead.`,
        failed: true,
      });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([sessionScript(store.getState().scenario)], { type: 'text/plain' }));
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
        <button type="button" className="secondary" onClick={() => void copy()}>
          Copy as redis-cli script
        </button>
        <button type="button" className="secondary" onClick={download}>
          Download {SCRIPT_FILE_NAME}
        </button>
      </div>
      <p className={status?.failed ? styles.error : styles.hint} role="status" data-testid="export-status">
        {status?.text ??
          'Every write (ZADD, ZREM) since the last reset, in order: piped into redis-cli against an empty Redis it leaves the same two sets.'}
      </p>
    </div>
  );
}
