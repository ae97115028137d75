import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useLaidOutLater } from './laidOutLater.ts';
import type { RefObject } from 'react';

/** The rows a fixed-row-height list must render: indexes first..last (inclusive; empty when last < first). */
export interface RowWindow {
  readonly first: number;
  readonly last: number;
  /** The scroll sizer's height: all rows together, at most MAX_SCROLL_HEIGHT. */
  readonly totalHeight: number;
  /** Row `index` sits at top = index * rowHeight - offset inside the sizer (0 unless the scroll space is scaled). */
  readonly offset: number;
}

/**
 * The tallest scroll sizer the hook lays out (px). Browsers cap an element's height (Chromium at
 * about 33,554,431 px, Firefox at about 17,895,697 px), which 1,200,000 rows of 28 px pass; past
 * this height the scroll space is scaled instead: the scroll position maps proportionally onto all
 * the rows, and the rows in the window are placed around it (`offset`), so the last row can still
 * be scrolled to.
 */
export const MAX_SCROLL_HEIGHT = 15_000_000;

/**
 * The scroll position that brings `contentTop` (px into all the rows, index * rowHeight) to the
 * viewport's top: the same number unless the scroll space is scaled (the inverse of the hook's map).
 */
export function scrollTopFor(contentTop: number, count: number, rowHeight: number, viewportHeight: number): number {
  const fullHeight = count * rowHeight;
  const scrollRange = Math.min(fullHeight, MAX_SCROLL_HEIGHT) - viewportHeight;
  if (fullHeight <= MAX_SCROLL_HEIGHT || scrollRange <= 0) return contentTop;
  return (contentTop * scrollRange) / (fullHeight - viewportHeight);
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
  /** The count of the last commit and the last height read (outside render, for the effects). */
  const measured = useRef({ count, height: 0 });
  const measure = useCallback((element: HTMLElement) => {
    const next = { scrollTop: element.scrollTop, height: element.clientHeight };
    measured.current.height = next.height;
    setViewport((previous) => (previous.scrollTop === next.scrollTop && previous.height === next.height ? previous : next));
  }, []);

  // Inside LaidOutLater (below the stage, and the stage's set views) the list reads no layout until
  // the browser has laid it out (its ResizeObserver's first report): `fallbackRows` rows until then.
  const later = useLaidOutLater();
  const laidOut = useRef(false);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onChange = () => measure(element);
    const resize =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            laidOut.current = true;
            onChange();
          })
        : null;
    if (!later || !resize) onChange();
    element.addEventListener('scroll', onChange, { passive: true });
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', onChange);
      resize?.disconnect();
    };
  }, [scrollRef, measure, later]);

  // The container's height may follow the count (a list that grows until a cap): measure again
  // in the same commit, so the first paint after a change already has every visible row. Reading
  // the size forces a layout of what React just changed, which costs a few ms each time: while
  // Play adds jobs every frame that is most of a frame, so a growing list that already overflowed
  // its measured viewport by more than a row (a horizontal scrollbar takes less than a row) is
  // not measured: its container has stopped growing (or never followed the count), more rows do
  // not move the scroll position, and the ResizeObserver and the scroll listener still report
  // any other change.
  useLayoutEffect(() => {
    const previousCount = measured.current.count;
    measured.current.count = count;
    const height = measured.current.height;
    if (count >= previousCount && height > 0 && height <= (previousCount - 1) * rowHeight) return;
    if (later && !laidOut.current && typeof ResizeObserver === 'function') return;
    const element = scrollRef.current;
    if (element) measure(element);
  }, [scrollRef, count, rowHeight, measure, later]);

  const height = viewport.height > 0 ? viewport.height : fallbackRows * rowHeight;
  const fullHeight = count * rowHeight;
  const totalHeight = Math.min(fullHeight, MAX_SCROLL_HEIGHT);
  const scrollRange = totalHeight - height;
  // Where the viewport's top falls in the rows: the scroll position itself, or scaled onto all rows.
  const top =
    fullHeight > totalHeight && scrollRange > 0
      ? (Math.min(viewport.scrollTop, scrollRange) * (fullHeight - height)) / scrollRange
      : viewport.scrollTop;
  const firstVisible = Math.floor(top / rowHeight);
  const lastVisible = Math.ceil((top + height) / rowHeight) - 1;
  return {
    first: Math.max(0, Math.min(firstVisible - overscan, count - 1)),
    last: Math.min(count - 1, lastVisible + overscan),
    totalHeight,
    offset: top - viewport.scrollTop,
  };
}
