import { useEffect, useId, useState } from 'react';
import { createAppStore } from '../store/appStore.ts';
import type { AppStore } from '../store/appStore.ts';
import { FRESH_PAGE_DEFAULTS } from '../session/operations.ts';
import { StoreProvider } from '../store/StoreContext.tsx';
import { DelayControl } from '../features/story/DelayControl.tsx';
import { ClockControl } from '../features/story/ClockControl.tsx';
import { EnqueueControls } from '../features/story/EnqueueControls.tsx';
import { ResetButton } from '../features/story/ResetButton.tsx';
import { StageRecovery, StageScores } from '../features/story/StageScores.tsx';
import { useScenarioUrl } from '../features/scenario/useScenarioUrl.ts';
import { useUndoKeys } from '../features/scenario/useUndoKeys.ts';
import { LoadProgress } from '../features/scenario/LoadProgress.tsx';
import { Deferred, TurnsProvider, chunk, declareParts, useDeferredParts } from './deferred.tsx';
import { lessonBackHref } from '../features/lesson/lessonAddress.ts';
import { withNames } from '../session/view/names.ts';
import { PAGE_TITLE, STAGE_TAGLINE } from '../session/view/pageTop.ts';
import styles from './App.module.css';

/**
 * The page's parts in chunks of their own (deferred.tsx: when each is fetched, mounts and reads).
 * The stage's band grid, the two set views, the play controls and the scenario bar (with its
 * messages about a link) load just after the page and mount one at a time (their slots on the
 * stage keep their size meanwhile, so nothing shifts); the band panel, the score bits, promote,
 * the command log and the deeper views sit below the stage and follow, one part at a time when the
 * browser is idle, so no long task holds the page while it loads. The stage's parts arrived
 * together and React revealed them in one commit, the load's longest task after the start
 * script's: mounted in turns, each commit holds one part. This keeps the first load's JavaScript
 * small.
 */
const PARTS = declareParts({
  stageBand: {
    place: 'stage',
    turn: 1,
    chunks: [chunk(() => import('../features/story/StageBand.tsx'), 'StageBand')],
  },
  // the set views' rows until measured (a fixed number) fill their first paint: a read of their
  // layout at mount forced style work into the commit of this turn; laid out later, the frame
  // after it does that work, as a task of its own
  setsPanel: {
    place: 'stage',
    turn: 2,
    chunks: [chunk(() => import('../features/sets/SetsPanel.tsx'), 'SetsPanel')],
    laidOutLater: true,
  },
  playControls: {
    place: 'stage',
    turn: 3,
    chunks: [chunk(() => import('../features/story/PlayControls.tsx'), 'PlayControls')],
    fallback: <div className={styles.playSlot} />,
  },
  // just below the stage: its step count would otherwise re-render every frame of a play
  scenarioBar: {
    place: 'stage',
    turn: 3,
    chunks: [chunk(() => import('../features/scenario/ScenarioBar.tsx'), 'ScenarioBar')],
    readsWhileVisible: true,
  },
  bandPanel: {
    place: 'below',
    turn: 4,
    chunks: [
      chunk(() => import('../features/story/ScorePanel.tsx'), 'ScorePanel'),
      chunk(() => import('../features/band/BandPanel.tsx'), 'BandPanel'),
    ],
    loading: 'Loading the band…',
  },
  promote: {
    place: 'below',
    turn: 5,
    chunks: [
      chunk(() => import('../features/promote/PromotePanel.tsx'), 'PromotePanel'),
      chunk(() => import('../features/log/CommandLog.tsx'), 'CommandLog'),
    ],
    loading: 'Loading promote and the command log…',
  },
  explorations: {
    place: 'below',
    turn: 6,
    chunks: [chunk(() => import('./Explorations.tsx'), 'Explorations')],
    loading: 'Loading the explorations…',
  },
  // getDelayedScore.lua stepped through for the next job: just below the stage, mounted last
  script: {
    place: 'below',
    turn: 7,
    chunks: [chunk(() => import('../features/script/ScriptStepper.tsx'), 'ScriptStepper')],
    loading: 'Loading the script…',
  },
});

/** How often the shown "now" follows a live clock (actions read the clock themselves). */
const DISPLAY_TICK_MS = 1000;

/**
 * The page: the stage (delay, clock, jobs; the scores and the band of the fire-time; the two sets)
 * on the first screen, then the intro, undo, the band panel, promote, the command log and the
 * deeper explorations.
 */
export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? createAppStore({ pageDefaults: FRESH_PAGE_DEFAULTS }));
  const bandHeadingId = useId();
  const turns = useDeferredParts(PARTS);

  useEffect(() => {
    const timer = setInterval(() => store.getState().tick(), DISPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [store]);
  useScenarioUrl(store);
  useUndoKeys(store);

  return (
    <StoreProvider store={store}>
      <TurnsProvider turns={turns}>
        <a className={styles.skip} href="#sets">
          Skip to the sets
        </a>
        <main className="page">
          <header className="page-top">
            <h1>{PAGE_TITLE}</h1>
            <p className="page-tagline">{STAGE_TAGLINE}</p>
            <div className="page-reset">
              <a className="page-switch" href={withNames(lessonBackHref(window.location.search), window.location.search)}>
                Back to the lesson
              </a>
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
                  <Deferred part={PARTS.stageBand} />
                </div>
              </section>
            </div>
            <div className={styles.right}>
              <div className={styles.jobs}>
                <div className={styles.enqueue}>
                  <EnqueueControls />
                </div>
                <div className={styles.play}>
                  <Deferred part={PARTS.playControls} />
                </div>
              </div>
              <section id="sets" className={styles.sets} aria-label="The two sets">
                <Deferred part={PARTS.setsPanel} />
              </section>
            </div>
          </div>

          <section className={styles.intro} aria-label="About this page">
            <p>
              A delayed job waits in a Redis sorted set, scored by the moment it should run. The textbook stores that moment as
              is; BullMQ (and EchoMQ) multiply the millisecond by 0x1000, which leaves twelve spare low bits, so up to 4,096 jobs
              due in the same millisecond keep the order they came in. Every number on this page comes from a model of the Lua
              scripts running against an in-memory Redis.
            </p>
            <LoadProgress />
            <Deferred part={PARTS.scenarioBar} />
          </section>

          <Deferred part={PARTS.script} />
          <Deferred part={PARTS.bandPanel} />
          <Deferred part={PARTS.promote} />
          <Deferred part={PARTS.explorations} />
        </main>
      </TurnsProvider>
    </StoreProvider>
  );
}
