import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { LESSON_STEPS, clampStep } from '../features/lesson/steps.ts';
import { LessonLayout, useWideLesson } from '../features/lesson/LessonLayout.tsx';
import { lessonQuery, stageHrefFrom } from '../features/lesson/lessonAddress.ts';
import { withNames } from '../session/view/names.ts';
import type { TryPresses } from './LessonFigureHost.tsx';
import styles from './LessonFigure.module.css';

/**
 * The figure's code (the store, the session, the model, the views), fetched from the moment this
 * chunk runs: the text paints without waiting for it, and the figure follows in its place.
 */
let figureCode: Promise<typeof import('./LessonFigureHost.tsx')> | null = null;
const loadFigure = () => (figureCode ??= import('./LessonFigureHost.tsx'));
void loadFigure().catch(() => undefined);
const FigureHost = lazy(() => loadFigure().then((module) => ({ default: module.LessonFigureHost })));

export interface LessonProps {
  /** The 1-based step the address named (`?lesson=<n>`), or null: the first. */
  readonly initialStep: number | null;
  /** What the last step's figure shows for the real script; the Lua stepper when not given (a test passes its own). */
  readonly scriptPart?: ReactNode;
}

/**
 * The lesson: the steps of the explanation beside one figure, built from the stage's own controls
 * and views over a store of its own (LessonFigureHost). Coming to a step sets the figure up for it
 * and puts the step in the address (`?lesson=<n>`, replaceState: the scroll would otherwise leave
 * an entry a step). The stage is one link away, a full page of its own with its `#s=` history: the
 * top link opens it free, the last step's "Try it yourself" in the figure's state; both name the
 * step, so the stage's way back returns to it.
 */
export function Lesson({ initialStep, scriptPart }: LessonProps) {
  const [active, setActive] = useState(() => clampStep(initialStep) - 1);
  const [presses, setPresses] = useState<TryPresses | null>(null);
  const [scenarioText, setScenarioText] = useState<string | null>(null);
  const wide = useWideLesson();

  // The address names the step; the first render keeps the address it came with.
  const named = useRef(active);
  useEffect(() => {
    if (named.current === active) return;
    named.current = active;
    const { pathname } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${withNames(lessonQuery(active + 1), window.location.search)}`,
    );
  }, [active]);

  const onStep = useCallback((index: number) => setActive(Math.min(Math.max(index, 0), LESSON_STEPS.length - 1)), []);

  const onTry = useCallback((index: number) => {
    setActive(index);
    setPresses((last) => ({ index, count: (last?.count ?? 0) + 1 }));
  }, []);

  const step = active + 1;
  return (
    <main className="page" data-testid="lesson">
      <LessonLayout
        active={active}
        onStep={onStep}
        onTry={onTry}
        wide={wide}
        stageHref={withNames(stageHrefFrom(step, scenarioText), window.location.search)}
        figure={
          <Suspense fallback={<p className={styles.note}>Loading the figure…</p>}>
            <FigureHost active={active} presses={presses} scriptPart={scriptPart} onScenario={setScenarioText} wide={wide} />
          </Suspense>
        }
        header={
          <header className={`page-top ${styles.top}`}>
            <h1>firetime</h1>
            <p className="page-tagline">
              The score is the fire-time: how BullMQ and EchoMQ score a delayed job, in {LESSON_STEPS.length} steps.
            </p>
            <a className="page-switch" href={withNames(stageHrefFrom(step), window.location.search)}>
              Open the free stage
            </a>
          </header>
        }
      />
    </main>
  );
}
