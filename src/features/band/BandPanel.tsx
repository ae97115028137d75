import { useDeferredValue, useId } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectBandView } from '../../store/band.ts';
import { BandStrip } from '../../ui/BandStrip.tsx';
import { BandGrid } from '../../ui/bandGrid/BandGrid.tsx';
import { isoTime } from '../../ui/isoTime.ts';
import styles from '../../ui/panel.module.css';

/** One millisecond's 4096 slots, and a strip of the milliseconds around it (loaded in its own chunk, below the fold). */
export function BandPanel() {
  const store = useAppStoreApi();
  const picked = useAppStore((s) => s.selectedFireTime);
  const following = picked === null;
  const current = useAppStore(selectBandView);
  // While the band follows the fire-time and the fire-time moves (the slider, the clock) it may lag
  // by a frame (React draws the scores first); new contents of the same millisecond (an enqueue, a
  // promote) and a millisecond picked in the strip are drawn at once, in the same frame as the sets.
  const deferred = useDeferredValue(current);
  const view = following && deferred.fireTime !== current.fireTime ? deferred : current;
  const headingId = useId();

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="band-panel">
      <h2 id={headingId}>One millisecond, 4,096 slots</h2>
      <p className={styles.lede}>
        Each square is one score of the band: row by row from minScore to maxScore. Pick a millisecond in the strip to see how its
        slots fill; the newest bump is outlined.
      </p>
      <p className={styles.readout} data-testid="band-choice">
        {following ? (
          <>
            <strong>Following the fire-time:</strong> <span className="mono">{view.fireTime}</span> ms ({isoTime(view.fireTime)}),
            now + delay; it moves with the delay and the clock.
          </>
        ) : (
          <>
            <strong>Picked:</strong> <span className="mono">{picked}</span> ms ({isoTime(picked)}), kept while the delay and the
            clock change.{' '}
            <button type="button" className="secondary" onClick={() => store.getState().selectBand(null)}>
              Follow the fire-time again
            </button>
          </>
        )}
      </p>
      <div className={styles.clip}>
        <BandStrip bands={view.strip} selected={view.fireTime} onSelect={(fireTime) => store.getState().selectBand(fireTime)} />
      </div>
      <BandGrid {...view} />
    </section>
  );
}
