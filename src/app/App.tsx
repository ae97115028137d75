import { Suspense, lazy, useEffect, useState } from 'react';
import { createAppStore } from '../store/appStore.ts';
import type { AppStore } from '../store/appStore.ts';
import { StoreProvider } from '../store/StoreContext.tsx';
import { DelayControl } from '../features/story/DelayControl.tsx';
import { ClockControl } from '../features/story/ClockControl.tsx';
import { EnqueueControls } from '../features/story/EnqueueControls.tsx';
import { ResetButton } from '../features/story/ResetButton.tsx';
import { ScorePanel } from '../features/story/ScorePanel.tsx';
import { SetsPanel } from '../features/sets/SetsPanel.tsx';
import { ScenarioBar } from '../features/scenario/ScenarioBar.tsx';
import { useScenarioUrl } from '../features/scenario/useScenarioUrl.ts';
import { useUndoKeys } from '../features/scenario/useUndoKeys.ts';
import styles from './App.module.css';
import panelStyles from '../ui/panel.module.css';

/**
 * The band panel, promote and the command log sit below the sets, and the deeper views below
 * the story: they load in their own chunks just after the page, which keeps the first load's
 * JavaScript under 90 KB gzip.
 */
const BandPanel = lazy(() => import('../features/band/BandPanel.tsx').then((module) => ({ default: module.BandPanel })));
const PromotePanel = lazy(() => import('../features/promote/PromotePanel.tsx').then((module) => ({ default: module.PromotePanel })));
const CommandLog = lazy(() => import('../features/log/CommandLog.tsx').then((module) => ({ default: module.CommandLog })));
const Explorations = lazy(() => import('./Explorations.tsx').then((module) => ({ default: module.Explorations })));

/** How often the shown "now" follows a live clock (actions read the clock themselves). */
const DISPLAY_TICK_MS = 1000;

/** The page: intro, controls, scores, the two sets, the band, promote, the command log, then the deeper explorations. */
export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? createAppStore());

  useEffect(() => {
    const timer = setInterval(() => store.getState().tick(), DISPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [store]);
  useScenarioUrl(store);
  useUndoKeys(store);

  return (
    <StoreProvider store={store}>
      <a className={styles.skip} href="#sets">
        Skip to the sets
      </a>
      <main className={styles.page}>
        <header className={styles.intro}>
          <h1>firetime</h1>
          <p>
            A delayed job waits in a Redis sorted set, scored by the moment it should run. The textbook stores that
            moment as is; BullMQ (and EchoMQ) multiply the millisecond by 0x1000, which leaves twelve spare low bits, so
            up to 4,096 jobs due in the same millisecond keep the order they came in.
          </p>
          <p>
            Set a delay, enqueue jobs, and watch both sets side by side. Every number on this page comes from a model of
            the Lua scripts running against an in-memory Redis.
          </p>
        </header>

        <ScenarioBar />

        <section className={styles.controls} aria-label="Controls">
          <DelayControl />
          <ClockControl />
          <EnqueueControls />
          <div className={styles.reset}>
            <ResetButton />
            <p>Reset empties both sets and the log; the controls keep their values.</p>
          </div>
        </section>

        <ScorePanel />

        <section id="sets" className={panelStyles.panel} aria-label="The two sets">
          <SetsPanel />
        </section>

        <Suspense fallback={<p className={styles.loading}>Loading the band…</p>}>
          <BandPanel />
        </Suspense>
        <Suspense fallback={<p className={styles.loading}>Loading promote and the command log…</p>}>
          <PromotePanel />
          <CommandLog />
        </Suspense>
        <Suspense fallback={<p className={styles.loading}>Loading the explorations…</p>}>
          <Explorations />
        </Suspense>
      </main>
    </StoreProvider>
  );
}
