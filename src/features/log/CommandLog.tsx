import { useId, useState } from 'react';
import { useAppStore } from '../../store/StoreContext.tsx';
import { selectLog, selectVersion } from '../../store/scores.ts';
import { commandText, replyText } from '../../session/logFormat.ts';
import type { CommandLogView as Log } from '../../session/commandLog.ts';
import { VirtualList } from '../../ui/VirtualList.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import styles from '../../ui/panel.module.css';
import { groupDigits } from '../../model/format.ts';

const ROW_HEIGHT = 44;

/** The two orders the log can be read in. */
export type LogOrder = 'newest' | 'oldest';

function LogRow({ log, index, order }: { log: Log; index: number; order: LogOrder }) {
  const entry = order === 'newest' ? log.newest(index) : log.oldest(index);
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

/**
 * Every command the model sent to the two sets, with Redis's reply. Newest first by default, so
 * the latest commands are on top while you work; a switch reads them oldest first, the order Redis
 * received them, which is the order of the redis-cli export.
 */
export function CommandLog() {
  const log = useAppStore(selectLog);
  useAppStore(selectVersion); // re-render when commands are recorded
  const [order, setOrder] = useState<LogOrder>('newest');
  const headingId = useId();
  const orderName = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Command log</h2>
      <p className={styles.lede}>
        The commands the scripts sent to Redis: the band set's ZREVRANGEBYSCORE look-up before each ZADD, and the sweeps. Only the
        latest {groupDigits(log.capacity)} are kept ({groupDigits(log.total)} issued since the last reset); the read-only previews
        the page draws from are not listed.
      </p>
      <ExportButtons />
      <div className={styles.segmented} role="radiogroup" aria-label="Command log order" data-testid="log-order">
        <label>
          <input type="radio" name={orderName} checked={order === 'newest'} onChange={() => setOrder('newest')} /> Newest first
        </label>
        <label>
          <input type="radio" name={orderName} checked={order === 'oldest'} onChange={() => setOrder('oldest')} /> Oldest first,
          as sent
        </label>
      </div>
      <p className={styles.hint}>
        Newest first (the default) keeps the latest command on top as you work. Oldest first is the order Redis received them, the
        order of the redis-cli export above. Commands are numbered from the last reset.
      </p>
      {log.size === 0 ? (
        <p className={styles.hint}>No commands yet.</p>
      ) : (
        <VirtualList
          count={log.size}
          rowHeight={ROW_HEIGHT}
          label={order === 'newest' ? 'Commands, newest first' : 'Commands, oldest first'}
          renderRow={(index) => <LogRow log={log} index={index} order={order} />}
          testId="command-log"
        />
      )}
    </section>
  );
}
