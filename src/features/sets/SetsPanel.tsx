import { useAppStore } from '../../store/StoreContext.tsx';
import { selectBandSet, selectTextbookSet } from '../../store/selectors.ts';
import { SetView } from '../../ui/SetView.tsx';
import styles from './SetsPanel.module.css';

/** The two sets side by side, fed the same arrivals: bare fire-time scores and banded scores. */
export function SetsPanel() {
  const textbook = useAppStore(selectTextbookSet);
  const band = useAppStore(selectBandSet);
  return (
    <div className={styles.sets}>
      <SetView
        title="Textbook set (score = fire-time)"
        description="ZADD with the bare fire-time. Jobs due in the same tick share one score, so Redis orders them by member bytes, whatever their arrival."
        size={textbook.size}
        outOfOrderPairs={textbook.outOfOrderPairs}
        readRows={textbook.readRows}
        version={textbook.version}
        testId="textbook-set"
      />
      <SetView
        title="Band set (score = fire-time × 0x1000, bumped)"
        description="addDelayedJob: each job in a millisecond takes one tick above the last, so arrival order holds until 4,096 jobs fill the band."
        size={band.size}
        outOfOrderPairs={band.outOfOrderPairs}
        readRows={band.readRows}
        version={band.version}
        testId="band-set"
      />
    </div>
  );
}
