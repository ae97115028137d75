import { CliffExplorer } from '../features/cliff/CliffExplorer.tsx';
import { LiveRedisPanel } from '../features/live/LiveRedisPanel.tsx';
import { ScoreDecoder } from '../features/decoder/ScoreDecoder.tsx';
import { StrategiesView } from '../features/strategies/StrategiesView.tsx';

/**
 * The page's deeper views, below the main story: each section is its own component and reads the
 * same store and model as the rest of the page.
 */
export function Explorations() {
  return (
    <>
      <CliffExplorer />
      <StrategiesView />
      <ScoreDecoder />
      <LiveRedisPanel />
    </>
  );
}
