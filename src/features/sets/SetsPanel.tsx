import { useAppStore } from '../../store/StoreContext.tsx';
import type { AppState } from '../../store/appStore.ts';
import { selectBandSet, selectTextbookSet, type SetSnapshot } from '../../store/sets.ts';
import { queueLibraryFrom, queueNames } from '../../session/view/names.ts';
import { SetView } from '../../ui/SetView.tsx';
import styles from './SetsPanel.module.css';

/**
 * The two sets side by side, fed the same arrivals: bare fire-time scores and banded scores. On
 * the stage each list fills the height it is given; rows slide to their new place as jobs land.
 */
export function SetsPanel() {
  // `?names=echomq` names the band set's key and script as EchoMQ does.
  const names = queueNames(queueLibraryFrom(typeof window === 'undefined' ? '' : window.location.search));
  const bandSource = names.library === 'BullMQ' ? names.addScript : `${names.delayedKey}, ${names.addScript}`;
  return (
    <div className={styles.sets}>
      <StageSet
        select={selectTextbookSet}
        title="Textbook set (score = fire-time)"
        description="ZADD with the bare fire-time: jobs in the same tick share a score, so Redis orders them by member bytes."
        testId="textbook-set"
      />
      <StageSet
        select={selectBandSet}
        title="Band set (score = fire-time × 0x1000, bumped)"
        description={`${bandSource}: each job in a millisecond takes one tick above the last, so arrival order holds.`}
        testId="band-set"
      />
    </div>
  );
}

interface StageSetProps {
  select: (state: AppState) => SetSnapshot;
  title: string;
  description: string;
  testId: string;
}

/** One of the stage's sets: it fills its cell and its rows slide as jobs land. */
function StageSet({ select, title, description, testId }: StageSetProps) {
  const set = useAppStore(select);
  return <SetView {...set} title={title} description={description} testId={testId} animate fill />;
}
