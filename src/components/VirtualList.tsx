import { useRef } from 'react';
import type { ReactNode } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { Virtualizer } from '@tanstack/react-virtual';
import styles from './panel.module.css';

const UNMEASURED_HEIGHT = 12;

/**
 * A scrolling list that renders only its visible rows (plus a few), for lists that can hold
 * thousands of entries. Rows have one fixed height.
 */
export function VirtualList({ count, rowHeight, renderRow, label, testId }: { count: number; rowHeight: number; renderRow: (index: number) => ReactNode; label: string; testId?: string }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const unmeasured = { width: 0, height: UNMEASURED_HEIGHT * rowHeight };
  // The virtualizer re-renders this component itself on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    initialRect: unmeasured,
    observeElementRect: (instance: Virtualizer<HTMLDivElement, Element>, report) =>
      observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : unmeasured)),
    useFlushSync: false,
  });

  return (
    <div ref={scrollRef} className={styles.list} tabIndex={0} role="list" aria-label={label} data-testid={testId}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            role="listitem"
            className={styles.listRow}
            style={{ height: rowHeight, top: item.start }}
          >
            {renderRow(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
