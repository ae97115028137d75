import { useId, useMemo, useRef } from 'react';
import { useRowWindow } from './useRowWindow.ts';
import styles from './SetView.module.css';
import { printable } from '../model/printable.ts';

/** One member of a sorted set, as a ZRANGE walk returns it, with the order it arrived in. */
export interface SetRow {
  position: number;
  member: string;
  scoreText: string;
  arrival: number;
  outOfOrder: boolean;
}

export interface SetViewProps {
  title: string;
  description: string;
  size: number;
  outOfOrderPairs: number;
  readRows: (start: number, end: number) => SetRow[];
  version: number;
  testId?: string;
}

/** Every row has this height (px); the row window and the CSS both rely on it. */
export const ROW_HEIGHT = 28;
const OVERSCAN = 5;
/** A small set still gets a few rows of room, so the empty state and the first jobs fit. */
const MIN_VISIBLE_ROWS = 4;
/** Rows assumed visible until the scroll container has a measured height (jsdom never has one). */
const UNMEASURED_ROWS = 14;

const count = new Intl.NumberFormat('en-US');

function plural(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

/**
 * A sorted set in set order (what ZRANGE 0 -1 WITHSCORES walks), one row per member: position,
 * member, the score as Redis prints it, and the member's arrival number. Rows that sit away from
 * where arrival order would put them are marked. Only the visible rows are read (readRows) and
 * rendered, so a set of 100,000 members scrolls as fast as one of ten.
 */
export function SetView({ title, description, size, outOfOrderPairs, readRows, version, testId }: SetViewProps) {
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { first, last, totalHeight, offset: scrollOffset } = useRowWindow(scrollRef, size, ROW_HEIGHT, { overscan: OVERSCAN, fallbackRows: UNMEASURED_ROWS });
  const windowSize = Math.max(last - first + 1, 1);
  const rows = useMemo(
    () => (last >= first ? readRows(first, last) : []),
    // version: the set changed under the same window, so the rows must be read again
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [readRows, first, last, version],
  );

  return (
    <section className={styles.view} data-testid={testId} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <p className={styles.description}>{description}</p>
        <p className={styles.stats}>
          <span className={styles.stat}>{plural(size, 'member', 'members')}</span>
          <span className={outOfOrderPairs > 0 ? styles.statWarn : styles.statOk}>
            <span aria-hidden="true" className={styles.statIcon}>
              {outOfOrderPairs > 0 ? '⇅' : '✓'}
            </span>
            {plural(outOfOrderPairs, 'pair', 'pairs')} out of arrival order
          </span>
        </p>
      </header>
      <div className={styles.frame}>
        <div role="table" aria-labelledby={headingId} aria-rowcount={size + 1} aria-colcount={4} className={styles.table}>
          <div role="rowgroup" className={styles.headGroup}>
            <div role="row" aria-rowindex={1} className={`${styles.row} ${styles.headRow}`}>
              <span role="columnheader" className={styles.num}>
                <span className={styles.longLabel}>Position</span>
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
            className={styles.scroller}
            style={{ height: `min(22rem, 60vh, ${Math.max(size, MIN_VISIBLE_ROWS) * ROW_HEIGHT}px)` }}
          >
            <div role="presentation" className={styles.sizer} style={{ height: totalHeight }}>
              {rows.map((row, offset) => {
                const index = first + offset;
                return (
                  <div
                    // recycled keys: a row leaving the window is reused for the one entering it,
                    // so a scroll updates text in place instead of rebuilding rows
                    key={index % windowSize}
                    role="row"
                    aria-rowindex={index + 2}
                    className={`${styles.row} ${row.outOfOrder ? styles.outOfOrder : ''}`}
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

function RowCells({ row }: { row: SetRow }) {
  return (
    <>
      <span role="cell" className={styles.num}>
        {row.position}
      </span>
      <span role="cell" className={styles.member} title={printable(row.member)}>
        {printable(row.member)}
      </span>
      <span role="cell" className={`${styles.num} ${styles.score}`} title={row.scoreText}>
        {row.scoreText}
      </span>
      <span role="cell" className={styles.num}>
        {row.outOfOrder ? (
          <>
            <span aria-hidden="true" className={styles.marker}>
              ⇅
            </span>
            <span className="visually-hidden">out of arrival order, arrival </span>
          </>
        ) : null}
        {row.arrival}
      </span>
    </>
  );
}
