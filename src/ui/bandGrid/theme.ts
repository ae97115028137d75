/** The grid's colours for React: the view model's theme, read from the page's CSS custom properties (light or dark). */
import { useCallback, useRef } from 'react';
import { bandTheme } from '../../session/view/bandTheme.ts';
import type { BandTheme } from '../../session/view/bandTheme.ts';

/** The grid's theme from the page's `--surface`, `--fg`, `--border`, `--accent`, `--focus` and `--warn`. */
export function readTheme(element: Element): BandTheme {
  const computed = getComputedStyle(element);
  return bandTheme((name) => computed.getPropertyValue(`--${name}`));
}

/**
 * The theme as drawing effects read it: from CSS on first use, and again once `repaints` (a
 * colour-scheme or density change, useCanvasSize) has moved; a new function each time it moves,
 * so an effect that lists it draws again in the new colours.
 */
export function useTheme(repaints: number): (element: Element) => BandTheme {
  const cache = useRef<{ theme: BandTheme; repaints: number } | null>(null);
  return useCallback(
    (element: Element) => {
      if (cache.current?.repaints !== repaints) cache.current = { theme: readTheme(element), repaints };
      return cache.current.theme;
    },
    [repaints],
  );
}
