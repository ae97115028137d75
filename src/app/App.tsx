import { Suspense, useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { createAppStore } from '../store/appStore.ts';
import type { AppStore } from '../store/appStore.ts';
import { ReadWhileVisible, StoreProvider } from '../store/StoreContext.tsx';
import { DelayControl } from '../features/story/DelayControl.tsx';
import { ClockControl } from '../features/story/ClockControl.tsx';
import { EnqueueControls } from '../features/story/EnqueueControls.tsx';
import { ResetButton } from '../features/story/ResetButton.tsx';
import { StageRecovery, StageScores } from '../features/story/StageScores.tsx';
import { useScenarioUrl } from '../features/scenario/useScenarioUrl.ts';
import { useUndoKeys } from '../features/scenario/useUndoKeys.ts';
import { Mounted, preloadInTasks, preloadable, useTurns } from './inTurn.tsx';
import { LaidOutLater } from '../ui/laidOutLater.ts';
import styles from './App.module.css';

/**
 * The stage's band grid, the two set views, the play controls and the scenario bar (with its
 * messages about a link) load in their own chunks just after the page and mount one at a time
 * (their slots on the stage keep their size meanwhile, so nothing shifts); the band panel, the
 * score bits, promote, the command log and the deeper views sit below the stage and follow, one
 * part at a time when the browser is idle (useTurns), so no long task holds the page while it
 * loads. The stage's parts arrived together and React revealed them in one commit, the load's
 * longest task after the start script's: mounted in turns, each commit holds one part. This
 * keeps the first load's JavaScript small.
 */
const { Part: SetsPanel, preload: loadSetsPanel } = preloadable(
  () => import('../features/sets/SetsPanel.tsx'),
  (module) => module.SetsPanel,
);
const { Part: StageBand, preload: loadStageBand } = preloadable(
  () => import('../features/story/StageBand.tsx'),
  (module) => module.StageBand,
);
const { Part: PlayControls, preload: loadPlayControls } = preloadable(
  () => import('../features/story/PlayControls.tsx'),
  (module) => module.PlayControls,
);
const { Part: ScenarioBar, preload: loadScenarioBar } = preloadable(
  () => import('../features/scenario/ScenarioBar.tsx'),
  (module) => module.ScenarioBar,
);
const { Part: ScorePanel, preload: loadScorePanel } = preloadable(
  () => import('../features/story/ScorePanel.tsx'),
  (module) => module.ScorePanel,
);
const { Part: BandPanel, preload: loadBandPanel } = preloadable(
  () => import('../features/band/BandPanel.tsx'),
  (module) => module.BandPanel,
);
const { Part: PromotePanel, preload: loadPromotePanel } = preloadable(
  () => import('../features/promote/PromotePanel.tsx'),
  (module) => module.PromotePanel,
);
const { Part: CommandLog, preload: loadCommandLog } = preloadable(
  () => import('../features/log/CommandLog.tsx'),
  (module) => module.CommandLog,
);
const { Part: Explorations, preload: loadExplorations } = preloadable(
  () => import('./Explorations.tsx'),
  (module) => module.Explorations,
);

/** The turns (useTurns) of the stage's own parts; the parts below the stage follow them. */
const TURN = { band: 1, sets: 2, play: 3, bandPanel: 4, promote: 5, explorations: 6 } as const;

/** The chunks of each turn below the stage, fetched one per task just before the turn renders (preloadInTasks says why). */
const BELOW_LOADS: Readonly<Record<number, ReadonlyArray<() => Promise<unknown>>>> = {
  [TURN.bandPanel]: [loadScorePanel, loadBandPanel],
  [TURN.promote]: [loadPromotePanel, loadCommandLog],
  [TURN.explorations]: [loadExplorations],
};
const loadBelow = (turn: number) => preloadInTasks(BELOW_LOADS[turn] ?? []);

/** How often the shown "now" follows a live clock (actions read the clock themselves). */
const DISPLAY_TICK_MS = 1000;

/**
 * The page: the stage (delay, clock, jobs; the scores and the band of the fire-time; the two sets)
 * on the first screen, then the intro, undo, the band panel, promote, the command log and the
 * deeper explorations.
 */
export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? createAppStore());
  const bandHeadingId = useId();
  const { turn, done } = useTurns(loadBelow);

  useEffect(() => {
    const timer = setInterval(() => store.getState().tick(), DISPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [store]);
  // the stage's chunks are fetched at once (each fetch started in a task of its own); their parts
  // still mount in turns
  useEffect(() => preloadInTasks([loadStageBand, loadSetsPanel, loadPlayControls, loadScenarioBar]), []);
  useScenarioUrl(store);
  useUndoKeys(store);
  useWarmUp(store, turn >= TURN.band);

  return (
    <StoreProvider store={store}>
      <a className={styles.skip} href="#sets">
        Skip to the sets
      </a>
      <main className="page">
        <header className="page-top">
          <h1>firetime</h1>
          <p className="page-tagline">
            The score is the fire-time: drag the delay, enqueue or play jobs, and watch where they land in both sets.
          </p>
          <div className="page-reset">
            <ResetButton />
          </div>
        </header>

        <div className={styles.stage} role="region" aria-label="The stage" data-testid="stage">
          <div className={styles.left}>
            <div className={styles.delay} data-testid="stage-delay">
              <DelayControl />
            </div>
            <div className={styles.scores}>
              <StageScores />
            </div>
            <div className={styles.recovery}>
              <StageRecovery />
            </div>
          </div>
          <div className={styles.middle}>
            <div className={styles.clock}>
              <ClockControl />
            </div>
            <section className={styles.band} aria-labelledby={bandHeadingId} data-testid="stage-band">
              <h2 id={bandHeadingId} className={styles.heading}>
                This fire-time's band: 4,096 slots
              </h2>
              <div className={styles.bandSlot}>
                <InTurn turn={TURN.band} current={turn} done={done} fallback={null}>
                  <StageBand />
                </InTurn>
              </div>
            </section>
          </div>
          <div className={styles.right}>
            <div className={styles.jobs}>
              <div className={styles.enqueue}>
                <EnqueueControls />
              </div>
              <div className={styles.play}>
                <InTurn turn={TURN.play} current={turn} done={done} fallback={<div className={styles.playSlot} />}>
                  <PlayControls />
                </InTurn>
              </div>
            </div>
            <section id="sets" className={styles.sets} aria-label="The two sets">
              <InTurn turn={TURN.sets} current={turn} done={done} fallback={null}>
                {/* the set views' rows until measured fill their first paint: measured after the browser's layout */}
                <LaidOutLater value={true}>
                  <SetsPanel />
                </LaidOutLater>
              </InTurn>
            </section>
          </div>
        </div>

        <section className={styles.intro} aria-label="About this page">
          <p>
            A delayed job waits in a Redis sorted set, scored by the moment it should run. The textbook stores that moment as is;
            BullMQ (and EchoMQ) multiply the millisecond by 0x1000, which leaves twelve spare low bits, so up to 4,096 jobs due in
            the same millisecond keep the order they came in. Every number on this page comes from a model of the Lua scripts
            running against an in-memory Redis.
          </p>
          {/* just below the stage: its step count would otherwise re-render every frame of a play */}
          <ReadWhileVisible>
            <InTurn turn={TURN.play} current={turn} done={done} fallback={null}>
              <ScenarioBar />
            </InTurn>
          </ReadWhileVisible>
        </section>

        {/* Below the stage: mounted in turns when idle; each part follows the store while near the viewport,
            and is laid out by the browser only once near it (content-visibility: auto; LaidOutLater). */}
        <LaidOutLater value={true}>
          <ReadWhileVisible className={styles.below}>
            <InTurn turn={TURN.bandPanel} current={turn} done={done} fallback={<Loading>Loading the band…</Loading>}>
              <ScorePanel />
              <BandPanel />
            </InTurn>
          </ReadWhileVisible>
          <ReadWhileVisible className={styles.below}>
            <InTurn
              turn={TURN.promote}
              current={turn}
              done={done}
              fallback={<Loading>Loading promote and the command log…</Loading>}
            >
              <PromotePanel />
              <CommandLog />
            </InTurn>
          </ReadWhileVisible>
          <ReadWhileVisible className={styles.below}>
            <InTurn turn={TURN.explorations} current={turn} done={done} fallback={<Loading>Loading the explorations…</Loading>}>
              <Explorations />
            </InTurn>
          </ReadWhileVisible>
        </LaidOutLater>
      </main>
    </StoreProvider>
  );
}

/**
 * Once the first screen is in (the turn of the stage's first part has begun), warms the enqueue
 * path at idle on throwaway sessions (warmUp.ts, its own chunk), so that the first big enqueue does
 * not run cold code. Its tasks are a few ms each, so the load's long tasks stay the load's own.
 */
function useWarmUp(store: AppStore, start: boolean) {
  useEffect(() => {
    if (!start) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('./warmUp.ts').then((module) => {
      if (!stopped) stop = module.warmUpEnqueue(store);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [store, start]);
}

/** A line saying a part below the stage is loading. */
function Loading({ children }: { children: ReactNode }) {
  return <p className={styles.loading}>{children}</p>;
}

/**
 * A part of the page that mounts in its turn: `fallback` (what holds its place) until its turn
 * comes and its chunk is in. Two parts may share a turn (each says it is done; the turn counts once).
 */
function InTurn({
  turn,
  current,
  done,
  fallback,
  children,
}: {
  turn: number;
  current: number;
  done: (turn: number) => void;
  fallback: ReactNode;
  children: ReactNode;
}) {
  if (current < turn) return fallback;
  return (
    <Suspense fallback={fallback}>
      {children}
      <Mounted turn={turn} done={done} />
    </Suspense>
  );
}
