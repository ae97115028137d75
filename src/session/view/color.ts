/**
 * The grid's colours as numbers: CSS colour text read and written, two colours mixed, the
 * sequential ramp by arrival, and a colour as one ImageData pixel.
 */

/** An sRGB colour, channels 0-255. */
export type Rgb = readonly [number, number, number];

/** Parses `#rgb`, `#rrggbb` (alpha digits ignored) or `rgb()/rgba()` text; null for anything else. */
export function parseColor(text: string): Rgb | null {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex.slice(0, 3)].map((d) => d + d) : [hex.slice(0, 2), hex.slice(2, 4), hex.slice(4, 6)];
    return [parseInt(digits[0]!, 16), parseInt(digits[1]!, 16), parseInt(digits[2]!, 16)];
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(value);
  if (!fn) return null;
  const channel = (text: string | undefined) => Math.min(255, Number(text));
  return [channel(fn[1]), channel(fn[2]), channel(fn[3])];
}

/** The colour a fraction t of the way from `from` to `to` (a straight sRGB mix). */
export function mixRgb(from: Rgb, to: Rgb, t: number): Rgb {
  const at = (i: 0 | 1 | 2) => Math.round(from[i] + (to[i] - from[i]) * t);
  return [at(0), at(1), at(2)];
}

/** An Rgb as CSS text, for a canvas fillStyle. */
export function cssColor([r, g, b]: Rgb): string {
  return `rgb(${r}, ${g}, ${b})`;
}

/** Shades in the arrival ramp: one per row of a full band, smooth to the eye. */
const RAMP_STEPS = 64;

/**
 * Colour by arrival: a sequential ramp from the band's first arrival (`early`) to its latest
 * (`late`), made of RAMP_STEPS shades from our own two-colour mix, picked as a threshold scale
 * does (the shade after the last threshold at or below the arrival).
 */
export function arrivalColorScale(arrivals: readonly number[], early: Rgb, late: Rgb): (arrival: number) => string {
  let low = Infinity;
  let high = -Infinity;
  for (const a of arrivals) {
    if (a < low) low = a;
    if (a > high) high = a;
  }
  if (low > high) [low, high] = [0, 1];
  const shades = Array.from({ length: RAMP_STEPS }, (_, i) => cssColor(mixRgb(early, late, i / (RAMP_STEPS - 1))));
  const thresholds = Array.from({ length: RAMP_STEPS - 1 }, (_, i) => low + ((i + 1) * (high - low)) / RAMP_STEPS);
  return (arrival) => {
    let shade = 0;
    let end = thresholds.length;
    while (shade < end) {
      const mid = (shade + end) >>> 1;
      if (thresholds[mid]! <= arrival) shade = mid + 1;
      else end = mid;
    }
    return shades[shade]!;
  };
}

/**
 * An Rgb as one opaque ImageData pixel read through a Uint32Array: r | g << 8 | b << 16 | a << 24
 * on the little-endian machines browsers run on.
 */
export function pixelWord([r, g, b]: Rgb): number {
  return (r | (g << 8) | (b << 16) | (255 << 24)) >>> 0;
}
