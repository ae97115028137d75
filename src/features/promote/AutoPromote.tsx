import { useEffect, useId } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectNow } from '../../store/scores.ts';
import { selectBandHead } from '../../store/promote.ts';
import { planOf, startAutoPromoteWorker } from '../../store/autoPromoteWorker.ts';
import type { WorkerPlan } from '../../store/autoPromoteWorker.ts';
import { isoTime } from '../../ui/isoTime.ts';
import styles from '../../ui/panel.module.css';

/** What the worker is doing, in words (no countdown: the status line is read out when it changes). */
function PlanText({ plan, now, note }: { plan: WorkerPlan; now: number; note: string | null }) {
  switch (plan.kind) {
    case 'off':
      return (
        <>
          Off. Switch it on and a worker promotes each job as its millisecond comes, the way a BullMQ worker does.
          {note === null ? null : <strong className={styles.warnText}> {note}</strong>}
        </>
      );
    case 'empty':
      return <>On: the band set is empty, so the worker sleeps until a job is enqueued.</>;
    case 'due':
      return <>On: the head is due at {plan.wakeAt} ms; promoting.</>;
    case 'sleeping':
      return (
        <>
          On: getNextDelayedTimestamp gives <span className="mono">{String(plan.nextTimestamp)}</span>, so the worker sleeps until{' '}
          <span className="mono">{plan.wakeAt}</span> ms ({isoTime(plan.wakeAt)}), the head's whole millisecond, then runs
          promoteDelayedJobs.
        </>
      );
    case 'frozen':
      return (
        <>
          On, with the clock frozen at <span className="mono">{now}</span> ms: the worker promoted what was due at that instant.
          The head falls due at <span className="mono">{plan.wakeAt}</span> ms, and a frozen clock never gets there: step the
          clock or make it live, and the worker promotes as it passes.
        </>
      );
  }
}

/**
 * The Auto-promote switch and what the worker is doing. While on, it runs the worker
 * (startAutoPromoteWorker: one timer to the next wake); switching off or unmounting stops it.
 */
export function AutoPromote() {
  const store = useAppStoreApi();
  const on = useAppStore((s) => s.autoPromote);
  const note = useAppStore((s) => s.autoPromoteNote);
  const clockMode = useAppStore((s) => s.clockMode);
  const head = useAppStore(selectBandHead);
  const now = useAppStore(selectNow);
  const id = useId();

  useEffect(() => (on ? startAutoPromoteWorker(store) : undefined), [store, on]);

  // The shown "now" follows a live clock once a second; the worker reads the clock itself.
  const plan = planOf(on, clockMode, head, now);
  return (
    <div className={styles.field} data-testid="auto-promote">
      <div className={styles.row}>
        <input id={id} type="checkbox" checked={on} onChange={(event) => store.getState().setAutoPromote(event.target.checked)} />
        <label htmlFor={id}>Auto-promote (run a worker)</label>
      </div>
      <p className={styles.hint} role="status" data-testid="auto-promote-status">
        <PlanText plan={plan} now={now} note={note} />
      </p>
    </div>
  );
}
