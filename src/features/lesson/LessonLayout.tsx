import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { followSteps } from './scroller.ts';
import { lessonMoveOf } from './keys.ts';
import { LESSON_STEPS, codeRuns } from './steps.ts';
import type { LessonStep } from './steps.ts';
import styles from './Lesson.module.css';

/** From this width the text sits beside a sticky figure and the reader's scroll picks the step; below it, one step at a time. */
export const WIDE_LESSON = '(min-width: 900px)';

/** Whether the lesson is laid out wide (text beside the figure), following the window's width. */
export function useWideLesson(): boolean {
  const [wide, setWide] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_LESSON).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE_LESSON);
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    follow();
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}

export interface LessonLayoutProps {
  /** The current step, 0-based. */
  readonly active: number;
  /** The reader came to step `index` (0-based): scrolled to it, or moved there with Next / Previous or a key. */
  readonly onStep: (index: number) => void;
  /** The reader pressed step `index`'s "Try this". */
  readonly onTry: (index: number) => void;
  readonly wide: boolean;
  /** The figure beside (wide) or under (narrow) the text: the app composes it. */
  readonly figure: ReactNode;
  /** The page's top line, at the head of the text column (so the figure beside it starts at the top of the screen). */
  readonly header: ReactNode;
}

function scrollBehaviour(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
}

/**
 * The lesson's text and its figure. Wide: every step in a column that scrolls beside the sticky
 * figure, the step at the middle of the screen the current one (followSteps); Next / Previous and
 * the keys scroll to the step. Narrow (a phone): the current step alone over the figure, and one
 * Previous / Next bar pinned to the bottom of the screen.
 */
export function LessonLayout({ active, onStep, onTry, wide, figure, header }: LessonLayoutProps) {
  const stepRefs = useRef<Array<HTMLElement | null>>([]);
  const figureRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ active, onStep });
  useEffect(() => {
    latest.current = { active, onStep };
  }, [active, onStep]);

  // Wide: start at the step the address names, then follow the reader's scroll.
  useEffect(() => {
    if (!wide) return;
    const steps = stepRefs.current.filter((step): step is HTMLElement => step !== null);
    const start = steps[latest.current.active];
    if (start !== undefined && latest.current.active > 0) start.scrollIntoView({ block: 'center', behavior: 'auto' });
    let stop: (() => void) | null = null;
    // after the jump has been laid out, so the first crossing reported is the step it landed on
    const frame = requestAnimationFrame(() => {
      stop = followSteps(steps, (index) => latest.current.onStep(index));
    });
    return () => {
      cancelAnimationFrame(frame);
      stop?.();
    };
  }, [wide]);

  const move = useCallback(
    (index: number) => {
      if (index < 0 || index >= LESSON_STEPS.length) return;
      latest.current.onStep(index);
      if (wide) stepRefs.current[index]?.scrollIntoView({ block: 'center', behavior: scrollBehaviour() });
    },
    [wide],
  );

  // ArrowRight / J and ArrowLeft / K: the next and previous step, unless a field or control takes the key (keys.ts).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const which = lessonMoveOf(event);
      if (which === null) return;
      const target = latest.current.active + (which === 'next' ? 1 : -1);
      if (target < 0 || target >= LESSON_STEPS.length) return;
      event.preventDefault();
      move(target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  const shown = wide ? LESSON_STEPS.map((step, index) => ({ step, index })) : [{ step: LESSON_STEPS[active]!, index: active }];
  return (
    <div className={styles.lesson} data-layout={wide ? 'wide' : 'steps'}>
      <div className={styles.text}>
        {header}
        <div className={styles.steps}>
          {shown.map(({ step, index }) => (
            <StepText
              key={step.id}
              step={step}
              index={index}
              active={index === active}
              onTry={() => {
                onTry(index);
                // one step at a time, the figure is under the text: bring what the step is about into view, under the button
                if (!wide)
                  figureRef.current
                    ?.querySelector('[data-emphasis="focus"]')
                    ?.scrollIntoView({ block: 'nearest', behavior: scrollBehaviour() });
              }}
              onMove={wide ? move : null}
              refTo={(element) => {
                stepRefs.current[index] = element;
              }}
            />
          ))}
        </div>
      </div>
      <div ref={figureRef} className={styles.figure} data-testid="lesson-figure">
        {figure}
      </div>
      {wide ? null : <Moves index={active} onMove={move} className={styles.phoneMoves} label="Lesson steps" />}
    </div>
  );
}

interface StepTextProps {
  readonly step: LessonStep;
  readonly index: number;
  readonly active: boolean;
  readonly onTry: () => void;
  /** Wide: each step has its own Previous / Next; null when one bar serves them all (a phone). */
  readonly onMove: ((index: number) => void) | null;
  readonly refTo: (element: HTMLElement | null) => void;
}

/** One step's text: its title, a few paragraphs, "Try this" and what it shows, Previous / Next. */
function StepText({ step, index, active, onTry, onMove, refTo }: StepTextProps) {
  const headingId = useId();
  const seeId = useId();
  const count = LESSON_STEPS.length;
  return (
    <section
      ref={refTo}
      className={styles.step}
      aria-labelledby={headingId}
      data-step={index + 1}
      data-active={active ? 'true' : 'false'}
      data-testid={`lesson-step-${index + 1}`}
    >
      <p className={styles.count}>
        Step {index + 1} of {count}
      </p>
      <h2 id={headingId} className={styles.title}>
        {step.title}
      </h2>
      {step.paragraphs.map((paragraph, at) => (
        <p key={at}>{codeRuns(paragraph).map((run, k) => (run.code ? <code key={k}>{run.text}</code> : run.text))}</p>
      ))}
      <div className={styles.try}>
        <p className={styles.tryLabel}>Try this</p>
        <button type="button" onClick={onTry} aria-describedby={seeId} data-testid="lesson-try">
          {step.tryThis.label}
        </button>
        <p id={seeId} className={styles.see}>
          You should see: {step.tryThis.see}
        </p>
      </div>
      {onMove === null ? null : (
        <Moves index={index} onMove={onMove} className={styles.moves} label={`Around step ${index + 1}`} />
      )}
    </section>
  );
}

/** Previous and Next, around the step's number. */
function Moves({
  index,
  onMove,
  className,
  label,
}: {
  index: number;
  onMove: (index: number) => void;
  className: string | undefined;
  label: string;
}) {
  const count = LESSON_STEPS.length;
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className="secondary" onClick={() => onMove(index - 1)} disabled={index === 0}>
        Previous
      </button>
      <span className={styles.position}>
        {index + 1} / {count}
      </span>
      <button type="button" className="secondary" onClick={() => onMove(index + 1)} disabled={index === count - 1}>
        Next
      </button>
    </nav>
  );
}
