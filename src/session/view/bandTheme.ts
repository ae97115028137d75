/**
 * The band grid's colours, from the few named colours a page or a card defines (its surface, text,
 * border, accent, focus and warning colours): the same mix for the page's grid and the band card.
 */
import { cssColor, mixRgb, parseColor } from './color.ts';
import type { Rgb } from './color.ts';

/** What the grid is drawn in: CSS colour text for the canvas, the arrival ramp's ends as Rgb. */
export interface BandTheme {
  readonly empty: string;
  readonly early: Rgb;
  readonly late: Rgb;
  readonly fg: string;
  readonly surface: string;
  readonly focus: string;
  readonly warn: string;
}

/** The colours a theme is mixed from. */
export type ThemeColour = 'surface' | 'fg' | 'border' | 'accent' | 'focus' | 'warn';

/** The light scheme's values, used where a colour is missing or in a syntax parseColor does not read. */
const FALLBACK: Readonly<Record<ThemeColour, Rgb>> = {
  surface: [255, 255, 255],
  fg: [28, 29, 33],
  border: [211, 212, 207],
  accent: [31, 95, 191],
  focus: [194, 65, 12],
  warn: [161, 66, 11],
};

/** The grid's theme from `read`, which gives a colour's CSS text (empty when the page does not set it). */
export function bandTheme(read: (colour: ThemeColour) => string): BandTheme {
  const colour = (name: ThemeColour) => parseColor(read(name)) ?? FALLBACK[name];
  const surface = colour('surface');
  const fg = colour('fg');
  const accent = colour('accent');
  return {
    empty: cssColor(mixRgb(surface, colour('border'), 0.55)),
    early: mixRgb(surface, accent, 0.42),
    late: mixRgb(accent, fg, 0.45),
    fg: cssColor(fg),
    surface: cssColor(surface),
    focus: cssColor(colour('focus')),
    warn: cssColor(colour('warn')),
  };
}
