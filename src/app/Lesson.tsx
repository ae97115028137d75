import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createAppStore } from '../store/appStore.ts';
import { StoreProvider } from '../store/StoreContext.tsx';
import { LESSON_NOW, LESSON_SEED, LESSON_STEPS, clampStep } from '../features/lesson/steps.ts';
import { LessonLayout, useWideLesson } from '../features/lesson/LessonLayout.tsx';
import { applyPreset, applyTry } from '../features/lesson/tryThis.ts';
import { STAGE_HREF, lessonQuery } from '../features/lesson/lessonAddress.ts';
import { ScriptStepper } from '../features/script/ScriptStepper.tsx';
import { LessonFigure } from './LessonFigure.tsx';
import styles from './LessonFigure.module.css';

/**
 * The real script in step 7's figure (LessonFigure's `script` part): the Lua stepper, imported
 * here so that it loads with the lesson's chunk and not in the start script.
 */
const SCRIPT_PART: ReactNode = <ScriptStepper compact />;

/** How often the shown "now" follows a live clock, should the reader switch the figure's clock to live. */
const DISPLAY_TICK_MS = 1000;

export interface LessonProps {
  /** The 1-based step the address named (`?lesson=<n>`), or null: the first. */
  readonly initialStep: number | null;
  /** What step 7's figure shows for the real script; SCRIPT_PART when not given (a test passes its own). */
  readonly scriptPart?: ReactNode;
}

/**
 * The lesson: the steps of the explanation beside one figure, built from the stage's own controls
 * and views over a store of its own. Coming to a step sets the figure up for it (its preset, at
 * once, writing no history) and puts the step in the address (`?lesson=<n>`, replaceState: the
 * scroll would otherwise leave an entry a step). The free stage is one link away, a full page of
 * its own with its `#s=` history.
 */
export function Lesson({ initialStep, scriptPart = SCRIPT_PART }: LessonProps) {
  const [active, setActive] = useState(() => clampStep(initialStep) - 1);
  const [store] = useState(() => {
    const created = createAppStore({ frozenAt: LESSON_NOW, seed: LESSON_SEED });
    applyPreset(created, LESSON_STEPS[active]!);
    return created;
  });
  const applied = useRef(active);
  const wide = useWideLesson();

  // Coming to another step: its preset, and the address names it.
  useEffect(() => {
    if (applied.current === active) return;
    applied.current = active;
    applyPreset(store, LESSON_STEPS[active]!);
    const { pathname } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${lessonQuery(active + 1)}`);
  }, [store, active]);

  useEffect(() => {
    const timer = setInterval(() => store.getState().tick(), DISPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [store]);

  const onStep = useCallback((index: number) => setActive(Math.min(Math.max(index, 0), LESSON_STEPS.length - 1)), []);

  const onTry = useCallback(
    (index: number) => {
      // a step's "Try this" pressed while another is current (wide: scrolled just past it) starts from its own preset
      if (applied.current !== index) {
        applied.current = index;
        applyPreset(store, LESSON_STEPS[index]!);
        setActive(index);
      }
      applyTry(store, LESSON_STEPS[index]!.tryThis.steps);
    },
    [store],
  );

  const step = LESSON_STEPS[active]!;
  return (
    <StoreProvider store={store}>
      <main className="page" data-testid="lesson">
        <LessonLayout
          active={active}
          onStep={onStep}
          onTry={onTry}
          wide={wide}
          figure={<LessonFigure step={step} scriptPart={scriptPart} />}
          header={
            <header className={`page-top ${styles.top}`}>
              <h1>firetime</h1>
              <p className="page-tagline">
                The score is the fire-time: how BullMQ and EchoMQ score a delayed job, in seven steps.
              </p>
              <a className="page-switch" href={STAGE_HREF}>
                Open the free stage
              </a>
            </header>
          }
        />
      </main>
    </StoreProvider>
  );
}
