import { useId } from 'react';
import { formatScore } from '../../model/redis/doubles.ts';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectPromoteSummary, selectPromotedSinceReset } from '../../store/promote.ts';
import type { PromotedListData, PromotedSinceResetList } from '../../store/promote.ts';
import type { AppState } from '../../store/appStore.ts';
import { AutoPromote } from './AutoPromote.tsx';
import { Timeline } from './Timeline.tsx';
import { VirtualList } from '../../ui/VirtualList.tsx';
import { isoTime } from '../../ui/isoTime.ts';
import styles from '../../ui/panel.module.css';
import { groupDigits } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';

function pairsText(pairs: number): string {
  return `${groupDigits(pairs)} pair${pairs === 1 ? '' : 's'} out of due order`;
}

/**
 * One set's promoted jobs: what the last promote took (summary), then every job promoted since the
 * last reset in the order they came out (auto-promote adds one millisecond per wake).
 */
function PromotedList({
  title,
  last,
  list,
  note,
  testId,
}: {
  title: string;
  last: PromotedListData;
  list: PromotedSinceResetList;
  note: string;
  testId: string;
}) {
  return (
    <div className={styles.card} data-testid={testId}>
      <h3>{title}</h3>
      <p className={styles.hint}>{note}</p>
      <p>
        Last promote:{' '}
        <span data-testid={`${testId}-summary`} data-number="promoted-summary">
          {groupDigits(last.jobs.length)} promoted in {last.calls} call{last.calls === 1 ? '' : 's'};{' '}
          <strong className={last.outOfOrderPairs > 0 ? styles.warnText : styles.okText}>
            {pairsText(last.outOfOrderPairs)}
          </strong>
        </span>
      </p>
      <p data-testid={`${testId}-total`} data-number="promoted-total">
        Since the last reset, in the order they came out: {groupDigits(list.jobs.length)}{' '}
        {list.jobs.length === 1 ? 'job' : 'jobs'};{' '}
        <strong className={list.outOfOrderPairs > 0 ? styles.warnText : styles.okText}>{pairsText(list.outOfOrderPairs)}</strong>
      </p>
      {list.jobs.length > 0 ? (
        <VirtualList
          count={list.jobs.length}
          rowHeight={40}
          label={`${title}: promoted since the last reset, in the order they came out`}
          testId={`${testId}-list`}
          renderRow={(index) => {
            const job = list.jobs[index];
            if (!job) return null;
            const outOfOrder = list.outOfOrder(index);
            return (
              <span className={`${styles.promotedRow} ${outOfOrder ? styles.warnText : ''}`}>
                <span className={styles.logMeta} data-number="promoted-index">
                  {index + 1}.
                </span>
                <span className="mono" data-number="promoted-member">
                  {printable(job.member)}
                </span>
                <span data-number="promoted-arrival">
                  {outOfOrder ? <span aria-hidden="true">⇅ </span> : null}
                  {outOfOrder ? <span className="visually-hidden">out of due order, </span> : null}
                  arrival {groupDigits(job.arrival)}
                  {job.at === undefined ? null : <span className={styles.logMeta}>, left at {isoTime(job.at).slice(11)}</span>}
                </span>
              </span>
            );
          }}
        />
      ) : null}
    </div>
  );
}

/** How far a promote in slices (more than SYNC_JOBS jobs) has got, or null when none runs. */
const selectPromoting = (s: AppState) => (s.loading?.action === 'promote' ? s.loading : null);

/** Promote due jobs from both sets at the clock's now, and show what came out, in order. */
export function PromotePanel() {
  const store = useAppStoreApi();
  const summary = useAppStore(selectPromoteSummary);
  const total = useAppStore(selectPromotedSinceReset);
  const promoting = useAppStore(selectPromoting);
  const headingId = useId();

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="promote-panel">
      <h2 id={headingId}>Promote</h2>
      <p className={styles.lede}>
        A worker moves due jobs out of the delayed set. Here one press runs every batch of 1,000 until nothing due is left:
        promoteDelayedJobs on the band set, and ZRANGEBYSCORE 0 now + ZREM on the textbook set, in its unit. Auto-promote does the
        same each time the band set's head falls due, as a worker does; each of its promotes is a step like a press (undo, the
        link and the export include it).
      </p>
      <div className={styles.row}>
        <button type="button" onClick={() => store.getState().promote()} disabled={promoting !== null}>
          Promote due jobs
        </button>
      </div>
      {/* a big promote runs in slices: its progress shows here, by the button, as well as in the scenario bar */}
      {promoting !== null ? (
        <p role="status" className={styles.hint} data-testid="promote-progress">
          <progress max={Math.max(promoting.totalJobs, 1)} value={promoting.jobs} aria-label="Jobs promoted" /> Promoting:{' '}
          {groupDigits(promoting.jobs)} of {groupDigits(promoting.totalJobs)} jobs taken out of the two sets.
        </p>
      ) : null}
      <AutoPromote />
      <Timeline />
      {summary === null ? (
        <p className={styles.hint}>Nothing promoted yet. Move the clock past the fire-times, then promote.</p>
      ) : (
        <>
          <p className={styles.readout} data-number="promoted-at">
            Promoted at now = <span className="mono">{summary.now}</span> ms ({isoTime(summary.now)}).
          </p>
          <div className={styles.cards}>
            <PromotedList
              title="Band set"
              last={summary.band}
              list={total.band}
              note="Swept up to (now + 1) × 0x1000 − 1: the top of the current millisecond."
              testId="promoted-band"
            />
            <PromotedList
              title="Textbook set"
              last={summary.textbook}
              list={total.textbook}
              note={`Swept up to ${formatScore(summary.textbook.bound)}, the clock in ${
                summary.textbook.unit === 's' ? 'whole seconds: a job can leave up to 999 ms before its fire-time' : 'ms'
              }.`}
              testId="promoted-textbook"
            />
          </div>
          <p data-testid="next-wake" data-number="next-wake">
            Next wake (getNextDelayedTimestamp):{' '}
            {summary.nextWake === null || summary.nextWakeMs === null ? (
              'none, the band set is empty'
            ) : (
              <>
                <span className="mono">{String(summary.nextWake)}</span>, so the worker wakes at{' '}
                <span className="mono">{summary.nextWakeMs}</span> ms ({isoTime(summary.nextWakeMs)})
              </>
            )}
          </p>
        </>
      )}
    </section>
  );
}
