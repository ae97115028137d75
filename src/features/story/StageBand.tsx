import { useAppStore } from '../../store/StoreContext.tsx';
import { selectLastEnqueue } from '../../store/scores.ts';
import { selectFireTimeBand } from '../../store/band.ts';
import { BandGrid } from '../../ui/bandGrid/BandGrid.tsx';

/**
 * The stage's band: the 4,096 slots of one millisecond (stageFireTime: the current fire-time's, or
 * under a live clock the one the last enqueue wrote until the delay changes), where each new job
 * travels into its slot. Loaded in its own chunk with the grid. `fit`: the lesson's overview, which
 * need not keep still as the band fills (BandGrid's fit).
 */
export function StageBand({ fit = false }: { fit?: boolean }) {
  const view = useAppStore(selectFireTimeBand);
  const lastEnqueue = useAppStore(selectLastEnqueue);
  return <BandGrid {...view} compact fit={fit} landingKey={lastEnqueue} />;
}
