import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createAppStore } from '../store/appStore.ts';
import type { AppStore } from '../store/appStore.ts';
import { StoreProvider } from '../store/StoreContext.tsx';
import { shareableScenario } from '../session/scenarioCodec.ts';
import type { Scenario } from '../session/operations.ts';
import { LESSON_NOW, LESSON_SEED, LESSON_STEPS } from '../features/lesson/steps.ts';
import { applyPreset, applyTry } from '../features/lesson/tryThis.ts';
import { ScriptStepper } from '../features/script/ScriptStepper.tsx';
import { selectScriptTrace } from '../store/script.ts';
import type { ScriptTrace } from '../store/script.ts';
import { LessonFigure } from './LessonFigure.tsx';

/**
 * The lesson's figure with the store it draws from: the part of the lesson that needs the model,
 * the session and the store. It is a chunk of its own, fetched while the lesson's text paints
 * (Lesson.tsx), so that text is not held back by the figure's code.
 */

/** How often the shown "now" follows a live clock, should the reader switch the figure's clock to live. */
const DISPLAY_TICK_MS = 1000;

/** The reader's presses of a step's "Try this": the step (0-based), and how many presses the lesson has seen in all. */
export interface TryPresses {
  readonly index: number;
  readonly count: number;
}

export interface LessonFigureHostProps {
  /** The current step, 0-based: coming to another one sets the figure up for it (its preset). */
  readonly active: number;
  /** The latest "Try this" press, or null before any. */
  readonly presses: TryPresses | null;
  /** What the script slot shows; the Lua stepper (after a press, walking the job it added) when not given (a test passes its own). */
  readonly scriptPart?: ReactNode;
  /** The figure's scenario as a link's text (the codec's), or null when it is too long for one: each time it changes. */
  readonly onScenario: (text: string | null) => void;
  /** Whether the lesson is laid out wide (the figure one screen high beside the text). */
  readonly wide?: boolean;
}

function linkText(scenario: Scenario): string | null {
  const shared = shareableScenario(scenario);
  return shared.ok ? shared.text : null;
}

/**
 * The figure over a store of its own: frozen at the lesson's instant, each step's preset loaded at
 * once and writing no history (the lesson's address is the step), each "Try this" done through the
 * store's own actions.
 */
export function LessonFigureHost({ active, presses, scriptPart, onScenario, wide = false }: LessonFigureHostProps) {
  const [store] = useState<AppStore>(() => {
    const created = createAppStore({ frozenAt: LESSON_NOW, seed: LESSON_SEED });
    applyPreset(created, LESSON_STEPS[active]!);
    return created;
  });
  // the script's run for the job the last press added (its trace as the press found the band), and which press
  const [added, setAdded] = useState<{ readonly trace: ScriptTrace; readonly press: number } | null>(null);
  const applied = useRef(active);
  const seen = useRef(0);
  const report = useRef(onScenario);
  useEffect(() => {
    report.current = onScenario;
  }, [onScenario]);

  // Coming to another step: its preset.
  useEffect(() => {
    if (applied.current === active) return;
    applied.current = active;
    setAdded(null);
    applyPreset(store, LESSON_STEPS[active]!);
  }, [store, active]);

  // A press of "Try this" (pressed before this chunk came, too): on its step's own preset.
  useEffect(() => {
    if (presses === null || presses.count === seen.current) return;
    const times = presses.count - seen.current;
    seen.current = presses.count;
    if (applied.current !== presses.index) {
      applied.current = presses.index;
      applyPreset(store, LESSON_STEPS[presses.index]!);
    }
    const step = LESSON_STEPS[presses.index]!;
    // with the clock frozen, the next job's trace before a press is the run of the job that press adds
    let before: ScriptTrace | null = null;
    for (let k = 0; k < times; k++) {
      const trace = selectScriptTrace(store.getState());
      if (applyTry(store, step.tryThis.steps)) before = trace;
    }
    setAdded(step.parts.script !== undefined && before !== null ? { trace: before, press: presses.count } : null);
  }, [store, presses]);

  useEffect(() => {
    report.current(linkText(store.getState().scenario));
    return store.subscribe((state, previous) => {
      if (state.scenarioChange !== previous.scenarioChange) report.current(linkText(state.scenario));
    });
  }, [store]);

  useEffect(() => {
    const timer = setInterval(() => store.getState().tick(), DISPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [store]);

  return (
    <StoreProvider store={store}>
      <LessonFigure
        step={LESSON_STEPS[active]!}
        // a new press starts the walk again, from the run of the job it added
        scriptPart={scriptPart ?? <ScriptStepper key={added?.press ?? 0} compact added={added?.trace ?? null} />}
        wide={wide}
        scriptPress={added?.press ?? 0}
      />
    </StoreProvider>
  );
}
