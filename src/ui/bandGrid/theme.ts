/** The grid's colours, read from the page's CSS custom properties (light or dark). */
import { useCallback, useRef } from 'react';
import { cssColor, mixRgb, parseColor } from './color.ts';
import type { Rgb } from './color.ts';

/** What the two canvases are drawn in: CSS colour text for the canvas, the arrival ramp's ends as Rgb. */
export interface Theme {
  empty: string;
  early: Rgb;
  late: Rgb;
  fg: string;
  surface: string;
  focus: string;
  warn: string;
}

/** The light scheme's values, used where a property is missing or in a colour syntax parseColor does not read. */
const FALLBACK: Record<'surface' | 'fg' | 'border' | 'accent' | 'focus' | 'warn', Rgb> = {
  surface: [255, 255, 255],
  fg: [28, 29, 33],
  border: [211, 212, 207],
  accent: [31, 95, 191],
  focus: [194, 65, 12],
  warn: [161, 66, 11],
};

/** The canvas colours from the CSS custom properties that apply to `element`, with fallbacks. */
export function readTheme(element: Element): Theme {
  const computed = getComputedStyle(element);
  const read = (name: keyof typeof FALLBACK) => parseColor(computed.getPropertyValue(`--${name}`)) ?? FALLBACK[name];
  const surface = read('surface');
  const fg = read('fg');
  const accent = read('accent');
  return {
    empty: cssColor(mixRgb(surface, read('border'), 0.55)),
    early: mixRgb(surface, accent, 0.42),
    late: mixRgb(accent, fg, 0.45),
    fg: cssColor(fg),
    surface: cssColor(surface),
    focus: cssColor(read('focus')),
    warn: cssColor(read('warn')),
  };
}

/**
 * The theme as drawing effects read it: from CSS on first use, and again once `repaints` (a
 * colour-scheme or density change, useCanvasSize) has moved; a new function each time it moves,
 * so an effect that lists it draws again in the new colours.
 */
export function useTheme(repaints: number): (element: Element) => Theme {
  const cache = useRef<{ theme: Theme; repaints: number } | null>(null);
  return useCallback(
    (element: Element) => {
      if (cache.current?.repaints !== repaints) cache.current = { theme: readTheme(element), repaints };
      return cache.current.theme;
    },
    [repaints],
  );
}
