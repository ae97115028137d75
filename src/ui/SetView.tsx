import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { parsePosition } from '../session/input.ts';
import type { Parsed } from '../session/input.ts';
import { animateArrival, motionDuration, stopMotions } from './motion.ts';
import { scrollTopFor, useRowWindow } from './useRowWindow.ts';
import type { SetRow } from '../store/sets.ts';
import styles from './SetView.module.css';
import { plural } from '../model/format.ts';
import { printable } from '../model/printable.ts';

export interface SetViewProps {
  title: string;
  description: string;
  size: number;
  /** Pairs of jobs the set lists in the opposite order to the one they fall due in (fire-time, then arrival). */
  outOfOrderPairs: number;
  /** What that count leaves out, said after it (a live set's jobs with no arrival number); nothing when it counts every job. */
  orderNote?: string;
  readRows: (start: number, end: number) => SetRow[];
  version: number;
  testId?: string;
  /** The member's position (ZRANK), or null: enables "go to job"; "go to position" comes with it. */
  positionOf?: (member: string) => number | null;
  /** Rows slide to their new place and new jobs slide in when the set changes (not with reduced motion). */
  animate?: boolean;
  /** The list takes the height its container gives (the stage) instead of growing with the set. */
  fill?: boolean;
}

/** Every row has this height (px); the row window and the CSS both rely on it. */
export const ROW_HEIGHT = 28;
const OVERSCAN = 5;
/** A small set still gets a few rows of room, so the empty state and the first jobs fit. */
const MIN_VISIBLE_ROWS = 4;
/** Rows assumed visible until the scroll container has a measured height (jsdom never has one). */
const UNMEASURED_ROWS = 14;

/**
 * A sorted set in set order (what ZRANGE 0 -1 WITHSCORES walks), one row per member: position,
 * member, the score as Redis prints it, and the member's arrival number. Rows that sit away from
 * where due order (fire-time, then arrival) would put them are marked. Only the visible rows are read (readRows) and
 * rendered, so a set of 100,000 members scrolls as fast as one of ten.
 */
export function SetView({
  title,
  description,
  size,
  outOfOrderPairs,
  orderNote,
  readRows,
  version,
  testId,
  positionOf,
  animate = false,
  fill = false,
}: SetViewProps) {
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const sizerRef = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<number | null>(null);
  const {
    first,
    last,
    totalHeight,
    offset: scrollOffset,
  } = useRowWindow(scrollRef, size, ROW_HEIGHT, { overscan: OVERSCAN, fallbackRows: UNMEASURED_ROWS });
  const windowSize = Math.max(last - first + 1, 1);
  const rows = useMemo(
    () => (last >= first ? readRows(first, last) : []),
    // version: the set changed under the same window, so the rows must be read again
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [readRows, first, last, version],
  );
  useRowMotion(sizerRef, rows, version, size, animate);

  // GoTo reads the size and the set through refs, so it keeps its props (and its inputs stay
  // untouched) while jobs land every frame.
  const latest = useRef({ size, positionOf });
  useLayoutEffect(() => {
    latest.current = { size, positionOf };
  }, [size, positionOf]);
  const goTo = useCallback((position: number) => {
    setTarget(position);
    const scroller = scrollRef.current;
    if (scroller)
      scroller.scrollTop = scrollTopFor(
        Math.max(0, position * ROW_HEIGHT - (scroller.clientHeight - ROW_HEIGHT) / 2),
        latest.current.size,
        ROW_HEIGHT,
        scroller.clientHeight,
      );
  }, []);
  const readPosition = useCallback((text: string) => parsePosition(text, latest.current.size), []);
  const findJob = useCallback((member: string) => latest.current.positionOf?.(member) ?? null, []);
  const orderText = `out of due order: ${plural(outOfOrderPairs, 'pair', 'pairs')}${orderNote === undefined ? '' : `; ${orderNote}`}`;

  return (
    <section
      className={fill ? `${styles.view} ${styles.fillView}` : styles.view}
      data-testid={testId}
      aria-labelledby={headingId}
    >
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <p className={styles.description}>{description}</p>
        <p className={styles.stats}>
          <span className={styles.stat} data-number="set-size">
            {plural(size, 'member', 'members')}
          </span>
          <span className={outOfOrderPairs > 0 ? styles.statWarn : styles.statOk} data-number="set-order-pairs" title={orderText}>
            <span aria-hidden="true" className={styles.statIcon}>
              {outOfOrderPairs > 0 ? '⇅' : '✓'}
            </span>
            {orderText}
          </span>
        </p>
        {positionOf ? <GoTo readPosition={readPosition} findJob={findJob} onGo={goTo} /> : null}
      </header>
      <div className={styles.frame}>
        <div role="table" aria-labelledby={headingId} aria-rowcount={size + 1} aria-colcount={4} className={styles.table}>
          <div role="rowgroup" className={styles.headGroup}>
            <div role="row" aria-rowindex={1} className={`${styles.row} ${styles.headRow}`}>
              <span role="columnheader" className={styles.num}>
                <span className="visually-hidden">Position</span>
                <span className={styles.longLabel} aria-hidden="true">
                  Position
                </span>
                <span className={styles.shortLabel} aria-hidden="true">
                  Pos.
                </span>
              </span>
              <span role="columnheader">Member</span>
              <span role="columnheader" className={styles.num}>
                Score
              </span>
              <span role="columnheader" className={styles.num}>
                Arrival
              </span>
            </div>
          </div>
          <div
            ref={scrollRef}
            role="rowgroup"
            tabIndex={0}
            className={fill ? `${styles.scroller} ${styles.fill}` : styles.scroller}
            style={fill ? undefined : { height: `min(22rem, 60vh, ${Math.max(size, MIN_VISIBLE_ROWS) * ROW_HEIGHT}px)` }}
          >
            <div ref={sizerRef} role="presentation" className={styles.sizer} style={{ height: totalHeight }}>
              {rows.map((row, offset) => {
                const index = first + offset;
                return (
                  <div
                    // recycled keys: a row leaving the window is reused for the one entering it,
                    // so a scroll updates text in place instead of rebuilding rows
                    key={index % windowSize}
                    role="row"
                    aria-rowindex={index + 2}
                    className={`${styles.row} ${row.outOfOrder ? styles.outOfOrder : ''} ${row.position === target ? styles.target : ''}`}
                    style={{ height: ROW_HEIGHT, top: index * ROW_HEIGHT - scrollOffset }}
                  >
                    <RowCells row={row} />
                  </div>
                );
              })}
            </div>
          </div>
        </div>
        {size === 0 ? <p className={styles.empty}>No members yet: enqueue a job.</p> : null}
      </div>
    </section>
  );
}

/**
 * A row's cells, re-rendered only when what it shows changed: the rows are read afresh each time
 * the set changes (a frame of Play), but most of the visible ones show the same job as before.
 */
const RowCells = memo(
  function RowCells({ row }: { row: SetRow }) {
    return (
      <>
        <span role="cell" className={styles.num} data-number="set-position">
          {row.position}
        </span>
        <span role="cell" className={styles.member} data-number="set-member" title={printable(row.member)}>
          {printable(row.member)}
        </span>
        <span role="cell" className={`${styles.num} ${styles.score}`} data-number="set-score" title={row.scoreText}>
          {row.scoreText}
        </span>
        <span role="cell" className={styles.num} data-number="set-arrival">
          {/* the marker's slot is always there, so the number never moves when it comes or goes */}
          <span aria-hidden="true" className={styles.marker}>
            {row.outOfOrder ? '⇅' : ''}
          </span>
          {row.outOfOrder ? <span className="visually-hidden">out of due order, arrival </span> : null}
          {row.arrival === null ? (
            <>
              <span aria-hidden="true">–</span>
              <span className="visually-hidden">no arrival number</span>
            </>
          ) : (
            row.arrival
          )}
        </span>
      </>
    );
  },
  (before, after) =>
    before.row.position === after.row.position &&
    before.row.member === after.row.member &&
    before.row.scoreText === after.row.scoreText &&
    before.row.arrival === after.row.arrival &&
    before.row.outOfOrder === after.row.outOfOrder,
);

/**
 * FLIP for set rows: after a change of the set, each visible row whose member sat elsewhere
 * before starts at its old place and slides to its new one; a job that just arrived slides in.
 * Only transform and opacity move; React keeps owning the rows. Rows are matched to the
 * rendered elements by order (the sizer's children are the rows, in order).
 */
function useRowMotion(
  sizerRef: RefObject<HTMLDivElement | null>,
  rows: readonly SetRow[],
  version: number,
  size: number,
  animate: boolean,
) {
  const seen = useRef({ version, size, positions: new Map<string, number>(), maxArrival: 0, at: Number.NEGATIVE_INFINITY });
  const motions = useRef<Array<Animation | null>>([]);
  useLayoutEffect(() => {
    const previous = seen.current;
    const positions = new Map<string, number>();
    let maxArrival = size === 0 ? 0 : previous.maxArrival;
    for (const row of rows) {
      positions.set(row.member, row.position);
      if (row.arrival !== null) maxArrival = Math.max(maxArrival, row.arrival);
    }
    const changed = previous.version !== version;
    const at = changed ? performance.now() : previous.at;
    seen.current = { version, size, positions, maxArrival, at };
    const sizer = sizerRef.current;
    if (changed) stopMotions(motions.current); // the rows moved again: the last change's slides end where they are
    if (!changed || !animate || !sizer || previous.positions.size === 0) return;
    const duration = motionDuration(at - previous.at, undefined, size - previous.size);
    if (duration <= 0) return;
    rows.forEach((row, i) => {
      const element = sizer.children[i];
      if (!element) return;
      const before = previous.positions.get(row.member);
      if (before !== undefined && before !== row.position) {
        motions.current.push(
          animateArrival(
            element,
            [{ transform: `translateY(${(before - row.position) * ROW_HEIGHT}px)` }, { transform: 'none' }],
            duration,
          ),
        );
      } else if (before === undefined && row.arrival !== null && row.arrival > previous.maxArrival) {
        motions.current.push(
          animateArrival(
            element,
            [
              { transform: 'translateX(-2.5rem)', opacity: 0 },
              { transform: 'none', opacity: 1 },
            ],
            duration,
          ),
        );
      }
    });
  }, [sizerRef, rows, version, size, animate]);
}

/**
 * "Go to position" and "go to job": scroll the list to a row and mark it; bad input gets a message
 * at the field. Memo'd with stable callbacks: it re-renders only when typed in.
 */
const GoTo = memo(function GoTo({
  readPosition,
  findJob,
  onGo,
}: {
  readPosition: (text: string) => Parsed<number>;
  findJob: (member: string) => number | null;
  onGo: (position: number) => void;
}) {
  const id = useId();
  const [position, setPosition] = useState('');
  const [job, setJob] = useState('');
  const [message, setMessage] = useState<{ field: 'position' | 'job'; text: string } | null>(null);

  const submitPosition = (event: FormEvent) => {
    event.preventDefault();
    const parsed = readPosition(position);
    if (!parsed.ok) return setMessage({ field: 'position', text: parsed.message });
    setMessage(null);
    onGo(parsed.value);
  };
  const submitJob = (event: FormEvent) => {
    event.preventDefault();
    if (job === '') return setMessage({ field: 'job', text: 'Enter a job id, e.g. job:7.' });
    const found = findJob(job);
    if (found === null) return setMessage({ field: 'job', text: 'No job with this id in the set.' });
    setMessage(null);
    onGo(found);
  };
  const messageId = `${id}-message`;

  return (
    <div className={styles.goto}>
      <span aria-hidden="true" className={styles.gotoLabel}>
        Go to
      </span>
      <form className={styles.gotoForm} onSubmit={submitPosition}>
        <label htmlFor={`${id}-position`} className="visually-hidden">
          Go to position
        </label>
        <input
          id={`${id}-position`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={styles.gotoInput}
          placeholder="position"
          value={position}
          aria-invalid={message?.field === 'position'}
          aria-describedby={message?.field === 'position' ? messageId : undefined}
          onChange={(event) => setPosition(event.target.value)}
        />
        <button type="submit" className="secondary">
          Go
        </button>
      </form>
      <form className={styles.gotoForm} onSubmit={submitJob}>
        <label htmlFor={`${id}-job`} className="visually-hidden">
          Go to job
        </label>
        <input
          id={`${id}-job`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          className={styles.gotoInput}
          placeholder="job id"
          value={job}
          aria-invalid={message?.field === 'job'}
          aria-describedby={message?.field === 'job' ? messageId : undefined}
          onChange={(event) => setJob(event.target.value)}
        />
        <button type="submit" className="secondary">
          Find
        </button>
      </form>
      {message ? (
        <span id={messageId} className={styles.gotoError} role="alert">
          {message.text}
        </span>
      ) : null}
    </div>
  );
});
