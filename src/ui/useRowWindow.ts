import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** The rows a fixed-row-height list must render: indexes first..last (inclusive; empty when last < first). */
export interface RowWindow {
  readonly first: number;
  readonly last: number;
  /** The height of all rows together: the scroll sizer's height. */
  readonly totalHeight: number;
}

interface Viewport {
  readonly scrollTop: number;
  readonly height: number;
}

/**
 * Windowing for long lists with one fixed row height: tracks the scroll container's scroll
 * position and height and returns the rows inside the viewport, plus `overscan` on each side, so
 * a list of 100,000 rows renders a few dozen. Until the container has a measured height (before
 * layout, or in jsdom, which has none) it assumes `fallbackRows` rows are visible.
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  { overscan, fallbackRows }: { overscan: number; fallbackRows: number },
): RowWindow {
  const [viewport, setViewport] = useState<Viewport>({ scrollTop: 0, height: 0 });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => {
      const next = { scrollTop: element.scrollTop, height: element.clientHeight };
      setViewport((previous) => (previous.scrollTop === next.scrollTop && previous.height === next.height ? previous : next));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [scrollRef]);

  // The container's height may follow the count (a list that grows until a cap): measure again
  // in the same commit, so the first paint after a change already has every visible row.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const next = { scrollTop: element.scrollTop, height: element.clientHeight };
    setViewport((previous) => (previous.scrollTop === next.scrollTop && previous.height === next.height ? previous : next));
  }, [scrollRef, count]);

  const height = viewport.height > 0 ? viewport.height : fallbackRows * rowHeight;
  const firstVisible = Math.floor(viewport.scrollTop / rowHeight);
  const lastVisible = Math.ceil((viewport.scrollTop + height) / rowHeight) - 1;
  return {
    first: Math.max(0, Math.min(firstVisible - overscan, count - 1)),
    last: Math.min(count - 1, lastVisible + overscan),
    totalHeight: count * rowHeight,
  };
}
