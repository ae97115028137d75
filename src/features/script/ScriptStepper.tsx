import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { license, packageName, path, source, version } from 'virtual:bullmq/getDelayedScore.lua';
import { groupDigits, plural } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';
import { queueLibraryFrom, queueNames } from '../../session/view/names.ts';
import { useAppStore } from '../../store/StoreContext.tsx';
import { selectScriptTrace } from '../../store/script.ts';
import type { ScriptTrace } from '../../store/script.ts';
import panel from '../../ui/panel.module.css';
import { headerComment, locateSteps } from './scriptLines.ts';
import type { LineSpan, ScriptLines } from './scriptLines.ts';
import { stepValue } from './stepText.ts';
import styles from './ScriptStepper.module.css';

/** The installed script's lines and where each traced step sits: found once, when this chunk loads. */
const LOCATED = locateSteps(source);

/** What kind of run a trace is; `past` for a job already added (the band as it was before it). */
function describeCase(trace: ScriptTrace, past: boolean): string {
  const jobs = plural(trace.jobsInBand, 'job', 'jobs');
  const [is, holds, takes, shares] = past ? ['was', 'held', 'took', 'shared'] : ['is', 'holds', 'takes', 'shares'];
  if (trace.kind === 'floor') return `${is} a floor job: its millisecond’s band ${is} empty, so it ${takes} minScore.`;
  if (trace.kind === 'ceiling') {
    return `${is} a ceiling job: the band already ${holds} ${jobs}, every one of its 4,096 slots ${is} used, so it ${shares} maxScore.`;
  }
  return `${is} a bump: the band already ${holds} ${jobs}, so it ${takes} the highest score there + 1.`;
}

/** How long the walk through a just-added job's lines stays on each line: ten lines in about 0.6 s. */
const WALK_STEP_MS = 60;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface ScriptStepperProps {
  /** A listing of a fixed height, no line wider than the panel (the lesson's figure). */
  readonly compact?: boolean;
  /**
   * The trace of a job the page has just added (its run, on the band as it was before it): shown
   * instead of the next job's, walked through from its first line to its return, where it stays.
   * Under reduced motion it opens on the return.
   */
  readonly added?: ScriptTrace | null;
}

/**
 * getDelayedScore.lua as the installed bullmq package ships it, stepped through line by line for the
 * job the page would enqueue now (its delay, its clock, the band set as it is), or for the job it
 * just added. Every value comes from the model's own getDelayedScore, run with a tracer
 * (store/script.ts); the line each step marks is found in the file's text (scriptLines.ts).
 */
export function ScriptStepper({ compact = false, added = null }: ScriptStepperProps) {
  const next = useAppStore(selectScriptTrace);
  const trace = added ?? next;
  // `?names=echomq`: the key and the script as EchoMQ names them (the same function, the same numbers).
  const library = queueLibraryFrom(typeof window === 'undefined' ? '' : window.location.search);
  const names = library === 'bullmq' ? null : queueNames(library);
  const count = trace.steps.length;
  const [wanted, setWanted] = useState(() => (added !== null && reducedMotion() ? count - 1 : 0));
  const [walking, setWalking] = useState(() => added !== null && !reducedMotion());
  const headingId = useId();
  // the trace can get shorter (a bump has a test more than a floor): stay on its last step then
  const at = Math.min(wanted, count - 1);
  // the reader stepping takes over from the walk
  const go = (to: number) => {
    setWalking(false);
    setWanted(Math.max(0, Math.min(count - 1, to)));
  };

  const walkOn = walking && at < count - 1;
  useEffect(() => {
    if (!walkOn) return;
    const timer = setTimeout(() => setWanted(at + 1), WALK_STEP_MS);
    return () => clearTimeout(timer);
  }, [walkOn, at]);

  function onKeyDown(event: KeyboardEvent) {
    const to = {
      ArrowDown: at + 1,
      ArrowRight: at + 1,
      ArrowUp: at - 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  }

  return (
    <section className={panel.panel} aria-labelledby={headingId} data-testid="script-stepper">
      <h2 id={headingId}>The real script: getDelayedScore.lua</h2>
      {compact ? (
        <p className={panel.lede}>
          As{' '}
          <span className="mono" data-testid="script-package">
            {packageName} {version}
          </span>{' '}
          ships it (<span data-testid="script-license">{license}</span> licence), stepped for{' '}
          {added === null ? 'the job the figure would enqueue now.' : 'the job just added: its last line returns its score.'}
        </p>
      ) : (
        <p className={panel.lede}>
          The file as{' '}
          <span className="mono" data-testid="script-package">
            {packageName} {version}
          </span>{' '}
          ships it (<span data-testid="script-license">{license}</span> licence), read at build time from{' '}
          <span className={`mono ${styles.path}`}>{path}</span>. Step through it for the job the page would enqueue now: the
          values beside the lines come from the page’s own model of this function, run on the band set as it is.
        </p>
      )}
      <p className={styles.case} data-testid="script-case">
        <span className="mono">
          getDelayedScore("{printable(names === null ? trace.key : names.delayedKey)}", {trace.timestamp}, {trace.delay})
        </span>{' '}
        {describeCase(trace, added !== null)}
        {names === null ? null : ` (in ${names.library}: ${names.addScript})`}
      </p>
      {compact ? null : (
        <p className={panel.hint}>
          Freeze the clock and enqueue one job to see a bump; enqueue 4,096 into one millisecond to see the ceiling.
        </p>
      )}
      {LOCATED.ok ? (
        <Listing script={LOCATED.value} trace={trace} at={at} go={go} onKeyDown={onKeyDown} compact={compact} />
      ) : (
        <p className={panel.error} role="alert">
          This bullmq’s getDelayedScore.lua no longer has the lines the model traces ({LOCATED.unplaced.join(', ')}): the model
          may no longer match the script.
        </p>
      )}
      {compact ? null : <HeaderNote />}
    </section>
  );
}

interface ListingProps {
  readonly script: ScriptLines;
  readonly trace: ScriptTrace;
  readonly at: number;
  readonly go: (to: number) => void;
  readonly onKeyDown: (event: KeyboardEvent) => void;
  /** A listing of a fixed height that scrolls itself to the marked line (the lesson's figure). */
  readonly compact: boolean;
}

function Listing({ script, trace, at, go, onKeyDown, compact }: ListingProps) {
  const listingRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const count = trace.steps.length;
  const current = trace.steps[at]!;
  const currentSpan = script.spans[current.line];
  const comment = headerComment(script.lines);
  // the step that starts on each line that ran (its value shows there once reached), and every line that ran
  const stepOn = new Map<number, number>();
  const ran = new Set<number>();
  trace.steps.forEach((step, index) => {
    const span = script.spans[step.line];
    stepOn.set(span.first, index);
    for (let line = span.first; line <= span.last; line++) ran.add(line);
  });
  const delayedTimestamp = trace.returned.delayedTimestamp;
  const inSpan = (line: number, span: LineSpan) => line >= span.first && line <= span.last;

  // Next, focused, turns disabled on the last line (a walk reaching it, or the reader): focus goes on to the
  // listing, before the browser drops it to the page
  useLayoutEffect(() => {
    if (at === count - 1 && document.activeElement === nextRef.current) listingRef.current?.focus();
  }, [at, count]);

  // a listing shorter than the file keeps the marked line in view by scrolling itself only
  // (scrollIntoView would scroll the page too, and the lesson's page position picks its step)
  useEffect(() => {
    const listing = listingRef.current;
    const marked = listing?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!listing || !marked || listing.scrollHeight <= listing.clientHeight) return;
    const top = marked.offsetTop - listing.clientHeight / 3;
    listing.scrollTop = Math.max(0, top);
  }, [at, currentSpan.first]);

  return (
    <div className={styles.stepper}>
      <div className={styles.controls}>
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0}>
          Previous
        </button>
        <button ref={nextRef} type="button" onClick={() => go(at + 1)} disabled={at === count - 1}>
          Next
        </button>
        {/* only the position is announced: the value can change every second under a live clock */}
        <span className={styles.position} data-testid="script-position">
          <span role="status">
            Step {at + 1} of {count}, line {currentSpan.first + 1}
          </span>
          : {stepValue(current, delayedTimestamp)}
        </span>
      </div>
      <div
        ref={listingRef}
        className={compact ? `${styles.listing} ${styles.compact}` : styles.listing}
        tabIndex={0}
        role="group"
        aria-label="getDelayedScore.lua, line by line (arrow keys step, Home and End jump)"
        onKeyDown={onKeyDown}
        data-testid="script-listing"
      >
        <ol className={styles.lines}>
          {script.lines.map((text, line) => {
            const step = stepOn.get(line);
            const classes = [
              styles.line,
              inSpan(line, currentSpan) ? styles.current : '',
              comment !== null && inSpan(line, comment) ? styles.comment : '',
              ran.has(line) ? styles.ran : '',
            ];
            return (
              <li
                key={line}
                className={classes.join(' ')}
                aria-current={line === currentSpan.first ? 'step' : undefined}
                data-line={line + 1}
              >
                <span className={styles.number} aria-hidden="true">
                  {line + 1}
                </span>
                <code className={styles.code}>{text === '' ? ' ' : text}</code>
                {step !== undefined && step <= at ? (
                  <span className={styles.value} data-testid={`script-value-${trace.steps[step]!.line.replace(/ /g, '-')}`}>
                    {stepValue(trace.steps[step]!, delayedTimestamp)}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
      <p className={panel.hint}>
        Lines in bold ran for this job; a value appears beside its line once the step reaches it. {groupDigits(count)} steps.
      </p>
    </div>
  );
}

/** What the file's header comment says, and why it is out of date. */
function HeaderNote() {
  return (
    <div className={styles.note} data-testid="script-header-note">
      <h3>Its header comment is older than its code</h3>
      <p>
        The comment at the top still describes the scheme of BullMQ before 5.8.6 (Bull’s to this day): the score’s twelve low bits
        were the job’s number from the queue’s id counter (its INCR), masked to 0xfff. Those bits follow the id, not the order
        jobs arrive in within their millisecond, and they come round again every 4,096 ids: a job whose number has just wrapped
        gets lower bits than the jobs before it and runs first, and two jobs 4,096 ids apart in one millisecond share a score.
        That is the wrap-around its warning speaks of.
      </p>
      <p>
        The code under it reads no id. It asks the set for the highest score already in the fire-time’s millisecond and takes one
        more; once all 4,096 slots are used, every further job gets the ceiling, maxScore, and those jobs are ordered by their
        member bytes instead. Nothing wraps any more. And <span className="mono">if #result then</span> tests nothing: the length
        of an empty table is 0, and 0 is true in Lua; the <span className="mono">currentMaxScore ~= nil</span> line below it is
        the real test.
      </p>
    </div>
  );
}
