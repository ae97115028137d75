import { useEffect, useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** A canvas's size in device pixels, the pixel ratio it was measured at, and a count of repaint causes. */
export interface CanvasSize {
  /** What `measure` last returned (0 until the element is measured). */
  readonly size: number;
  /** window.devicePixelRatio now (1 where there is no window). */
  readonly dpr: number;
  /** Goes up when the colour scheme flips or the window moves to a screen of another pixel density. */
  readonly repaints: number;
}

/**
 * What a canvas needs to stay sharp and in the page's colours: `measure(element)` runs before the
 * first paint and again whenever the element resizes (ResizeObserver), and `repaints` counts
 * colour-scheme and pixel-density changes, for drawing effects that read CSS colours or the ratio.
 * `measure` should be stable (module-level or useCallback): a new one measures again.
 */
export function useCanvasSize<T extends Element>(target: RefObject<T | null>, measure: (element: T) => number): CanvasSize {
  const [size, setSize] = useState(0);
  const [repaints, setRepaints] = useState(0);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const update = () => setSize(measure(element));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, measure]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const queries = [window.matchMedia('(prefers-color-scheme: dark)'), window.matchMedia(`(resolution: ${dpr}dppx)`)];
    const repaint = () => setRepaints((v) => v + 1);
    for (const query of queries) query.addEventListener('change', repaint);
    return () => {
      for (const query of queries) query.removeEventListener('change', repaint);
    };
  }, [dpr]);

  return { size, dpr, repaints };
}
