import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createStepAim, followSteps } from './scroller.ts';
import { lessonMoveOf } from './keys.ts';
import { LESSON_STEPS, codeRuns } from './steps.ts';
import type { LessonStep } from './steps.ts';
import styles from './Lesson.module.css';

/** Keys that scroll the page itself: pressed, the reader takes the scroll over from Next / Previous. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);

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
  /** The stage in the figure's state, opened from the current step: the last step's "Try it yourself". */
  readonly stageHref: string;
}

function scrollBehaviour(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
}

/** The element that holds the figure: one for the lesson's life, moved to where the current step wants it. */
function figureHolder(): HTMLDivElement {
  const holder = document.createElement('div');
  holder.className = styles.figure ?? '';
  holder.setAttribute('data-testid', 'lesson-figure');
  return holder;
}

/**
 * The lesson's text and its figure. Wide: every step in a column that scrolls, the step at the
 * middle of the screen the current one (followSteps), the figure fixed beside the column; Next /
 * Previous and the keys scroll to the step. Narrow (a phone): the current step alone over the
 * figure, and one Previous / Next bar pinned to the bottom of the screen.
 *
 * The figure is one element (rendered through a portal, so it is never remounted) that sits in the
 * page right after the current step's text: its controls come next in the tab order and for a
 * screen reader, and a step that takes focus (Tab into its text) becomes the current one. Next and
 * Previous put focus on the new step's heading.
 */
export function LessonLayout({ active, onStep, onTry, wide, figure, header, stageHref }: LessonLayoutProps) {
  const stepRefs = useRef<Array<HTMLElement | null>>([]);
  const headingRefs = useRef<Array<HTMLElement | null>>([]);
  const slotRefs = useRef<Array<HTMLElement | null>>([]);
  const phoneSlot = useRef<HTMLDivElement>(null);
  const [holder] = useState(figureHolder);
  // the step a Next / Previous / key scroll is heading for: the steps it passes do not count (scroller.ts)
  const [aim] = useState(() => createStepAim());
  const focusWanted = useRef<number | null>(null);
  const latest = useRef({ active, onStep });
  useEffect(() => {
    latest.current = { active, onStep };
  }, [active, onStep]);

  // The figure goes after the current step's text (wide) or under the one step shown (narrow).
  useLayoutEffect(() => {
    const slot = wide ? slotRefs.current[active] : phoneSlot.current;
    if (slot != null && holder.parentElement !== slot) slot.appendChild(holder);
  }, [holder, wide, active]);
  useEffect(() => () => holder.remove(), [holder]);

  // Wide: start at the step the address names, before the first paint (a passive effect runs after
  // it, and on a busy page the reader would see step 1 for a while, then a jump); then follow the
  // reader's scroll. Turned narrow (a window made smaller): the one step shown from its top.
  const wasWide = useRef<boolean | null>(null);
  useLayoutEffect(() => {
    const before = wasWide.current;
    wasWide.current = wide;
    const start = stepRefs.current[latest.current.active];
    if (wide && latest.current.active > 0) start?.scrollIntoView({ block: 'center', behavior: 'auto' });
    if (!wide && before === true) start?.scrollIntoView({ block: 'start', behavior: 'auto' });
  }, [wide]);
  useEffect(() => {
    if (!wide) return;
    const steps = stepRefs.current.filter((step): step is HTMLElement => step !== null);
    let stop: (() => void) | null = null;
    // after the jump has been laid out, so the first crossing reported is the step it landed on
    const frame = requestAnimationFrame(() => {
      stop = followSteps(steps, (index) => latest.current.onStep(index), undefined, aim);
    });
    // the reader scrolling themselves ends the page's own scroll toward a step
    const takeOver = () => aim.release();
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) aim.release();
    };
    window.addEventListener('wheel', takeOver, { passive: true });
    window.addEventListener('touchstart', takeOver, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      stop?.();
      aim.release();
      window.removeEventListener('wheel', takeOver);
      window.removeEventListener('touchstart', takeOver);
      window.removeEventListener('keydown', onKey);
    };
  }, [wide, aim]);

  // Moved with Next / Previous or a key: the new step's heading takes focus, once the step is shown.
  const goTo = useCallback(
    (index: number) => {
      headingRefs.current[index]?.focus({ preventScroll: true });
      const step = stepRefs.current[index];
      if (wide) step?.scrollIntoView({ block: 'center', behavior: scrollBehaviour() });
      // one step at a time: from its top (its number and heading), not where the last step was scrolled to
      else step?.scrollIntoView({ block: 'start', behavior: 'auto' });
    },
    [wide],
  );
  useEffect(() => {
    if (focusWanted.current !== active) return;
    focusWanted.current = null;
    goTo(active);
  }, [active, goTo]);

  const move = useCallback(
    (index: number) => {
      if (index < 0 || index >= LESSON_STEPS.length) return;
      if (index === latest.current.active) {
        if (wide) aim.aim(index);
        goTo(index);
        return;
      }
      focusWanted.current = index;
      if (wide) aim.aim(index);
      latest.current.onStep(index);
      // a second key before the render counts from this step
      latest.current = { ...latest.current, active: index };
    },
    [goTo, wide, aim],
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
  const last = LESSON_STEPS.length - 1;
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
              // the figure's pictures bring what the press changed into view themselves (useBringIntoView)
              onTry={() => onTry(index)}
              onFocusIn={wide && index !== active ? () => onStep(index) : null}
              onMove={wide ? move : null}
              end={
                index === last ? (
                  <YourTurn stageHref={stageHref} />
                ) : index === active ? (
                  <p className={styles.stageLine}>
                    <a href={stageHref} data-testid="lesson-stage-link">
                      Open this figure on the stage
                    </a>
                  </p>
                ) : null
              }
              refTo={(element) => {
                stepRefs.current[index] = element;
              }}
              headingRef={(element) => {
                headingRefs.current[index] = element;
              }}
              slotRef={(element) => {
                slotRefs.current[index] = element;
              }}
            />
          ))}
        </div>
      </div>
      <div ref={phoneSlot} className={styles.phoneSlot} />
      {createPortal(figure, holder)}
      {wide ? null : <Moves index={active} onMove={move} className={styles.phoneMoves} label="Lesson steps" />}
    </div>
  );
}

/** The lesson's end: the stage, opened in the figure's state, and the way back named. */
function YourTurn({ stageHref }: { stageHref: string }) {
  const headingId = useId();
  return (
    <section className={styles.yourTurn} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.yourTurnTitle}>
        Try it yourself
      </h3>
      <p>The stage opens with this figure&apos;s jobs and the lesson&apos;s frozen clock; Back returns to this step.</p>
      <a className={styles.yourTurnLink} href={stageHref} data-testid="lesson-stage-link">
        Open the stage with these jobs
      </a>
    </section>
  );
}

interface StepTextProps {
  readonly step: LessonStep;
  readonly index: number;
  readonly active: boolean;
  readonly onTry: () => void;
  /** Focus came into the step's text while another step is current (wide); null when that changes nothing. */
  readonly onFocusIn: (() => void) | null;
  /** Wide: each step has its own Previous / Next; null when one bar serves them all (a phone). */
  readonly onMove: ((index: number) => void) | null;
  /** What closes the step's text (the last step's way to the stage), or null. */
  readonly end: ReactNode;
  readonly refTo: (element: HTMLElement | null) => void;
  readonly headingRef: (element: HTMLElement | null) => void;
  /** Where the figure goes while this step is current (wide). */
  readonly slotRef: (element: HTMLElement | null) => void;
}

/** One step's text: its title, a few paragraphs, "Try this" and what it shows, (wide) its figure, Previous / Next. */
function StepText({ step, index, active, onTry, onFocusIn, onMove, end, refTo, headingRef, slotRef }: StepTextProps) {
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
      aria-current={active ? 'step' : undefined}
      data-testid={`lesson-step-${index + 1}`}
      onFocus={onFocusIn ?? undefined}
    >
      <p className={styles.count}>
        Step {index + 1} of {count}
      </p>
      <h2 id={headingId} ref={headingRef} className={styles.title} tabIndex={-1}>
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
      {onMove === null ? null : <div ref={slotRef} className={styles.figureSlot} />}
      {end}
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
