import { useEffect, useId, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { DelayControl } from '../features/story/DelayControl.tsx';
import { ClockControl } from '../features/story/ClockControl.tsx';
import { EnqueueControls } from '../features/story/EnqueueControls.tsx';
import { StageBand } from '../features/story/StageBand.tsx';
import type { Emphasis, FigurePart, LessonStep } from '../features/lesson/steps.ts';
import { ScoreBits } from '../features/lesson/ScoreBits.tsx';
import { BandZoomView } from '../features/lesson/BandZoomView.tsx';
import { JobLine } from '../features/lesson/JobLine.tsx';
import { LessonScores } from './lessonParts.tsx';
import { RecoveryAxis } from '../features/lesson/RecoveryAxis.tsx';
import styles from './LessonFigure.module.css';

function BandGridPart({ presetOperations }: { presetOperations: number }) {
  const headingId = useId();
  return (
    <>
      <BandZoomView presetOperations={presetOperations} />
      <section aria-labelledby={headingId} className={styles.overview}>
        <h3 id={headingId} className={styles.heading}>
          The whole band: 4,096 slots
        </h3>
        <div className={styles.bandSlot}>
          <StageBand fit />
        </div>
      </section>
    </>
  );
}

export interface LessonFigureProps {
  readonly step: LessonStep;
  /** The real script's part (the Lua stepper); a description of its lines when not given. */
  readonly scriptPart: ReactNode;
  /** Wide, the figure is one screen high: a press brings no quiet part into view at the cost of the parts the step is about. */
  readonly wide?: boolean;
  /** Which press the script part walks the added job of (0: none yet): on a phone its end is brought into view. */
  readonly scriptPress?: number;
}

/** A phone's Previous / Next bar, pinned over the bottom of the screen: what is brought into view stays above it. */
const PHONE_BAR_REM = 4.5;

/**
 * On a phone, once the script's walk for the job a press added reaches its last line (the score
 * it returns), scrolls the page the least that shows that line and, when both fit, the added
 * job's token in the band set under it: the number the script ends on and the job that holds it.
 * The walk takes its steps in time, so the last line is awaited (it is there at once under
 * reduced motion).
 */
function useBringScriptEnd(figure: RefObject<HTMLElement | null>, press: number, active: boolean): void {
  useEffect(() => {
    const root = figure.current;
    if (!active || press === 0 || root === null) return;
    const bring = (): boolean => {
      const value = root.querySelector('[data-testid="script-stepper"] [data-testid^="script-value-return"]');
      if (value === null) return false;
      const line = value.closest('[data-testid="script-listing"] [aria-current="step"]') ?? value;
      const fontSize = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const floor = window.innerHeight - PHONE_BAR_REM * fontSize;
      const shown = line.getBoundingClientRect();
      const token = root.querySelector('[data-testid="band-line"] [data-new="true"]');
      const tokenBox = token?.getBoundingClientRect() ?? null;
      // both when they fit between the top and the bar (the token is under the script), else the line alone
      const top = shown.top;
      const bottom = tokenBox !== null && tokenBox.bottom - top <= floor ? tokenBox.bottom : shown.bottom;
      const by = bottom > floor ? bottom - floor : top < 0 ? top : 0;
      if (by !== 0) window.scrollBy({ top: by, behavior: 'instant' });
      return true;
    };
    if (bring()) return;
    const watch = new MutationObserver(() => {
      if (bring()) watch.disconnect();
    });
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [figure, press, active]);
}

/**
 * The lesson's figure: the parts the step names, from the stage's own controls and views, each
 * marked focus (what the step is about) or quiet (there for context, still working); the parts it
 * does not name are left out, so what matters fits one screen. The controls, the numbers and the
 * band's grid sit on the left, the views on the right (one column on a phone).
 */
export function LessonFigure({ step, scriptPart, wide = false, scriptPress = 0 }: LessonFigureProps) {
  const figureRef = useRef<HTMLDivElement>(null);
  const part = (name: FigurePart, emphasis: Emphasis | undefined, content: ReactNode) =>
    emphasis === undefined ? null : (
      <div key={`${step.id}-${name}`} className={styles.part} data-part={name} data-emphasis={emphasis}>
        {content}
      </div>
    );
  const { parts } = step;
  const presetOperations = step.preset.operations.length;
  const sets = parts.textbookSet !== undefined || parts.bandSet !== undefined;
  // a set's line brings a press's new jobs into view, except where the band's zoom or the script's end is the one to see
  const bringSet = (emphasis: Emphasis | undefined) =>
    parts.band === undefined && parts.script === undefined && (emphasis === 'focus' || !wide);
  useBringScriptEnd(figureRef, scriptPress, parts.script !== undefined && !wide);
  const left = [
    part('delay', parts.delay, <DelayControl />),
    part('clock', parts.clock, <ClockControl />),
    part('enqueue', parts.enqueue, <EnqueueControls />),
    part('scores', parts.scores, <LessonScores rows={step.scores} />),
    part('band', parts.band, <BandGridPart presetOperations={presetOperations} />),
  ];
  const right = [
    part('recovery', parts.recovery, <RecoveryAxis presetOperations={presetOperations} />),
    part('bits', parts.bits, <ScoreBits mode={step.bits ?? 'shift'} presetOperations={presetOperations} />),
    part('script', parts.script, scriptPart),
    part(
      'ceiling',
      parts.ceiling,
      <JobLine set="band" show="tail" presetOperations={presetOperations} bringIntoView={bringSet(parts.ceiling)} />,
    ),
  ];
  // beside the script's listing, which takes the right column's height, the band set goes under the scores on the left
  const setsLeft = parts.script !== undefined;
  const setLines = sets ? (
    <div className={styles.sets}>
      {part(
        'textbookSet',
        parts.textbookSet,
        <JobLine set="textbook" show="all" presetOperations={presetOperations} bringIntoView={bringSet(parts.textbookSet)} />,
      )}
      {part(
        'bandSet',
        parts.bandSet,
        <JobLine set="band" show="all" presetOperations={presetOperations} bringIntoView={bringSet(parts.bandSet)} />,
      )}
    </div>
  ) : null;
  // a step with nothing for the left column (only views) gets one column as wide as the figure: no empty half
  const single = !setsLeft && left.every((element) => element === null);
  return (
    <div
      ref={figureRef}
      className={single ? `${styles.figure} ${styles.single}` : styles.figure}
      role="region"
      aria-label={`The figure: ${step.title}`}
      data-step-id={step.id}
    >
      {single ? null : (
        <div className={styles.column}>
          {left}
          {setsLeft ? setLines : null}
        </div>
      )}
      <div className={styles.column}>
        {right}
        {setsLeft ? null : setLines}
      </div>
    </div>
  );
}
