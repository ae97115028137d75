import { useAppStore } from '../../store/StoreContext.tsx';
import { selectBandSet, selectTextbookSet } from '../../store/sets.ts';
import { SetView } from '../../ui/SetView.tsx';
import styles from './SetsPanel.module.css';

/**
 * The two sets side by side, fed the same arrivals: bare fire-time scores and banded scores. On
 * the stage each list fills the height it is given; rows slide to their new place as jobs land.
 */
export function SetsPanel() {
  const textbook = useAppStore(selectTextbookSet);
  const band = useAppStore(selectBandSet);
  return (
    <div className={styles.sets}>
      <SetView
        title="Textbook set (score = fire-time)"
        description="ZADD with the bare fire-time: jobs in the same tick share a score, so Redis orders them by member bytes."
        size={textbook.size}
        outOfOrderPairs={textbook.outOfOrderPairs}
        readRows={textbook.readRows}
        positionOf={textbook.positionOf}
        version={textbook.version}
        testId="textbook-set"
        animate
        fill
      />
      <SetView
        title="Band set (score = fire-time × 0x1000, bumped)"
        description="addDelayedJob: each job in a millisecond takes one tick above the last, so arrival order holds."
        size={band.size}
        outOfOrderPairs={band.outOfOrderPairs}
        readRows={band.readRows}
        positionOf={band.positionOf}
        version={band.version}
        testId="band-set"
        animate
        fill
      />
    </div>
  );
}
