import { useAppStore } from '../../store/StoreContext.tsx';
import { selectLastEnqueue } from '../../store/scores.ts';
import { selectFireTimeBand } from '../../store/band.ts';
import { BandGrid } from '../../ui/bandGrid/BandGrid.tsx';

/**
 * The stage's band: the 4,096 slots of the current fire-time's millisecond (it follows the slider
 * and the clock), where each new job travels into its slot. Loaded in its own chunk with the grid.
 */
export function StageBand() {
  const view = useAppStore(selectFireTimeBand);
  const lastEnqueue = useAppStore(selectLastEnqueue);
  return <BandGrid {...view} compact landingKey={lastEnqueue} />;
}
