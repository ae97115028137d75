import { useDeferredValue, useId } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectBandView } from '../../store/selectors.ts';
import { BandStrip } from '../../ui/BandStrip.tsx';
import { BandGrid } from '../../ui/BandGrid.tsx';
import { isoTime } from '../../ui/isoTime.ts';
import styles from '../../ui/panel.module.css';


/** One millisecond's 4096 slots, and a strip of the milliseconds around it (loaded in its own chunk, below the fold). */
export function BandPanel() {
  const store = useAppStoreApi();
  const following = useAppStore((s) => s.selectedFireTime === null);
  const current = useAppStore(selectBandView);
  // While the band follows the slider it may lag by a frame (React draws the scores first);
  // a chosen band (after an enqueue, or a click in the strip) is drawn at once.
  const deferred = useDeferredValue(current);
  const view = following ? deferred : current;
  const headingId = useId();

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="band-panel">
      <h2 id={headingId}>One millisecond, 4,096 slots</h2>
      <p className={styles.lede}>
        Each square is one score of the band: row by row from minScore to maxScore. Pick a millisecond in the strip to
        see how its slots fill; the newest bump is outlined.
      </p>
      <p className={styles.readout}>
        {isoTime(view.fireTime)}
        {following ? ' (following the current fire-time)' : ' (chosen)'}{' '}
        {following ? null : (
          <button type="button" className="secondary" onClick={() => store.getState().selectBand(null)}>
            Follow the fire-time
          </button>
        )}
      </p>
      <div className={styles.clip}>
        <BandStrip bands={view.strip} selected={view.fireTime} onSelect={(fireTime) => store.getState().selectBand(fireTime)} />
      </div>
      <BandGrid
        fireTime={view.fireTime}
        slots={view.slots}
        jobs={view.jobs}
        ceilingMembers={view.ceilingMembers}
        newestSlot={view.newestSlot}
        pastCliff={view.pastCliff}
      />
    </section>
  );
}
