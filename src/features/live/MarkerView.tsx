/**
 * A queue's `<prefix>:<queue>:marker` as what it is: not a delayed set but the wake-up note BullMQ 5+
 * leaves its workers, a sorted set whose lowest score is when a worker blocked on it wakes next,
 * in plain ms (not x 0x1000), 0 meaning jobs are waiting now. Everything from Redis is text only.
 */
import { useEffect, useState } from 'react';
import type { LiveSet } from './live.ts';
import { durationText, instantText } from '../../model/doctor/words.ts';
import { printable } from '../../model/printable.ts';
import { plural } from '../../model/format.ts';
import panel from '../../ui/panel.module.css';
import styles from './MarkerView.module.css';

/** Entries listed at most (a marker holds one). */
const MAX_SHOWN = 10;

/** The marker's wake in words: "the worker's next wake: 05:55:50.444 UTC (in 4 min 12 s)", or why there is none. */
export function markerWakeText(score: number | null, now: number): string {
  if (score === null || !Number.isFinite(score)) return 'The marker holds no readable wake time.';
  if (score === 0) return 'Jobs are waiting now (score 0): a worker takes them at once.';
  const when = score > now ? `in ${durationText(score - now)}` : score === now ? 'now' : `${durationText(now - score)} ago`;
  return `The worker’s next wake: ${instantText(score, now)} (${when}).`;
}

/** How often (ms) the words "in 4 min 12 s" are brought up to date. */
const TICK_MS = 1000;

/**
 * `clockOffset`: the server's TIME minus this page's clock (from the queue's row), so the wake is
 * told against the server's now; null: against this page's clock.
 */
export function MarkerView({ set, clockOffset }: { set: LiveSet; clockOffset: number | null }) {
  const [pageNow, setPageNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setPageNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const now = pageNow + (clockOffset ?? 0);
  const serverClock = clockOffset !== null;
  // a sorted set: the first row holds the lowest score, the one a worker's BZPOPMIN takes
  const head = set.rows[0] ?? null;
  return (
    <div className={styles.marker} data-testid="live-marker">
      <h3>{printable(set.key)}: a queue’s marker, not a delayed set</h3>
      <p className={styles.wake} data-testid="live-marker-wake">
        {head === null ? 'The marker is empty: no wake is set.' : markerWakeText(head.score, now)}
      </p>
      <p className={panel.hint}>
        BullMQ 5 and later keep <code>&lt;queue&gt;:marker</code> beside the delayed set: its lowest score is when a worker
        waiting on it wakes next, the next job’s fire-time in plain milliseconds (not fire-time x 0x1000), or 0 when jobs are
        waiting. A wake long past while jobs are due means no worker is reading it. Times by{' '}
        {serverClock ? 'the server’s clock (TIME, from the queue’s row)' : 'this page’s clock'}.
      </p>
      <ul className={styles.entries} aria-label="Marker entries">
        {set.rows.slice(0, MAX_SHOWN).map((row) => (
          <li key={row.position}>
            member {printable(row.member, '(empty member)')} · score {row.scoreText}
          </li>
        ))}
      </ul>
      {set.size > MAX_SHOWN ? (
        <p className={panel.hint}>
          {plural(set.size, 'entry', 'entries')} (ZCARD); the first {MAX_SHOWN} shown.
        </p>
      ) : null}
    </div>
  );
}
