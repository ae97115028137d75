import { useEffect, useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import { useLaidOutLater } from './laidOutLater.ts';

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
 * What `measure(element)` returns, measured again whenever the element resizes (ResizeObserver);
 * 0 until first measured. On the first screen it measures as the element mounts, before the first
 * paint. Inside LaidOutLater it reads no layout as it mounts and measures at the ResizeObserver's
 * first report, which comes once the browser has laid the element out (never while it sits in
 * skipped content, so usually before it is scrolled into view). The new size renders in a task of
 * its own, as after any resize: rendered inside the observer's callback, the element's own
 * resize would be left for the next frame with a "ResizeObserver loop" error. Where there is no
 * ResizeObserver (jsdom), it measures as the element mounts.
 */
export function useMeasured<T extends Element>(target: RefObject<T | null>, measure: (element: T) => number): number {
  const [size, setSize] = useState(0);
  const later = useLaidOutLater();
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const update = () => setSize(measure(element));
    const observing = typeof ResizeObserver !== 'undefined';
    if (!later || !observing) update();
    if (!observing) return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, measure, later]);
  return size;
}

/**
 * What a canvas needs to stay sharp and in the page's colours: its size from `measure(element)`
 * (useMeasured, again whenever the element resizes), and `repaints`, which counts
 * colour-scheme and pixel-density changes, for drawing effects that read CSS colours or the ratio.
 * `measure` should be stable (module-level or useCallback): a new one measures again.
 */
export function useCanvasSize<T extends Element>(target: RefObject<T | null>, measure: (element: T) => number): CanvasSize {
  const size = useMeasured(target, measure);
  const [repaints, setRepaints] = useState(0);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

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
