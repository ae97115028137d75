import { CliffExplorer } from './CliffExplorer.tsx';
import { LiveRedisPanel } from './LiveRedisPanel.tsx';
import { ScoreDecoder } from './ScoreDecoder.tsx';
import { StrategiesView } from './StrategiesView.tsx';

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
