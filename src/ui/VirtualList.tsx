import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useRowWindow } from './useRowWindow.ts';
import styles from './panel.module.css';

/** Rows assumed visible until the list has a measured height (jsdom never has one). */
const UNMEASURED_ROWS = 12;
const OVERSCAN = 6;

/**
 * A scrolling list that renders only its visible rows (plus a few), for lists that can hold
 * thousands of entries. Rows have one fixed height.
 */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  label,
  testId,
}: {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  label: string;
  testId?: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { first, last, totalHeight, offset } = useRowWindow(scrollRef, count, rowHeight, {
    overscan: OVERSCAN,
    fallbackRows: UNMEASURED_ROWS,
  });
  const indexes: number[] = [];
  for (let index = first; index <= last; index++) indexes.push(index);

  return (
    <div ref={scrollRef} className={styles.list} tabIndex={0} role="list" aria-label={label} data-testid={testId}>
      <div style={{ height: totalHeight, position: 'relative' }}>
        {indexes.map((index) => (
          <div
            key={index}
            role="listitem"
            className={styles.listRow}
            style={{ height: rowHeight, top: index * rowHeight - offset }}
          >
            {renderRow(index)}
          </div>
        ))}
      </div>
    </div>
  );
}
