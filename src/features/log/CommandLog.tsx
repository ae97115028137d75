import { useId } from 'react';
import { useAppStore } from '../../store/StoreContext.tsx';
import { selectLog, selectVersion } from '../../store/selectors.ts';
import { commandText, replyText } from '../../session/logFormat.ts';
import type { CommandLog as Log } from '../../session/commandLog.ts';
import { VirtualList } from '../../ui/VirtualList.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import styles from '../../ui/panel.module.css';

const ROW_HEIGHT = 44;

function LogRow({ log, index }: { log: Log; index: number }) {
  const entry = log.newest(index);
  if (!entry) return null;
  return (
    <div className={styles.logRow}>
      <span className={styles.logMeta}>
        #{entry.seq} {entry.set}
      </span>
      <span className={`mono ${styles.logCommand}`} title={commandText(entry)}>
        {commandText(entry)}
      </span>
      <span className={`mono ${styles.logReply} ${entry.error ? styles.logError : ''}`}>{replyText(entry)}</span>
    </div>
  );
}

/** Every command the model sent to the two sets, newest first, with Redis's reply. */
export function CommandLog() {
  const log = useAppStore(selectLog);
  useAppStore(selectVersion); // re-render when commands are recorded
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Command log</h2>
      <p className={styles.lede}>
        The commands the scripts sent to Redis, newest first: the band set's ZREVRANGEBYSCORE look-up before each ZADD,
        and the sweeps. Only the latest {log.capacity.toLocaleString('en-US')} are kept ({log.total.toLocaleString('en-US')} issued
        since the last reset); the read-only previews the page draws from are not listed.
      </p>
      <ExportButtons />
      {log.size === 0 ? (
        <p className={styles.hint}>No commands yet.</p>
      ) : (
        <VirtualList count={log.size} rowHeight={ROW_HEIGHT} label="Commands, newest first" renderRow={(index) => <LogRow log={log} index={index} />} testId="command-log" />
      )}
    </section>
  );
}
