/**
 * Geometry and colour for drawing one millisecond's band of 4096 slots as a 64 x 64 grid.
 * Framework-free so it can be tested without a canvas: slot <-> cell, pointer -> slot,
 * keyboard cursor moves, and the sequential colour by arrival.
 */
import { BAND_SLOTS } from '../model/protocol/score.ts';

/** Cells per side: 64 x 64 = the 4096 slots (the low twelve bits) of one millisecond. */
export const GRID_SIDE = Math.sqrt(BAND_SLOTS);
/** The last slot of a band: score = maxScore, where a full band saturates. */
export const CEILING_SLOT = BAND_SLOTS - 1;

/** Slot -> row and column, reading the grid left to right, top to bottom. */
export function slotCell(slot: number): { row: number; col: number } {
  return { row: Math.floor(slot / GRID_SIDE), col: slot % GRID_SIDE };
}

/** The pixel layout of the grid in a square of `size` CSS pixels: where each cell sits. */
export interface GridLayout {
  /** Left (or top) edge of column (or row) i. */
  offset(i: number): number;
  /** Distance from one cell's edge to the next one's. */
  step: number;
  /** Drawn width of a cell (step minus the gap). */
  cell: number;
}

/**
 * A band layout of the 64 rows/columns in a square of `size` px, leaving `inset` px free on every
 * side (room for outlines of edge cells), pixel-rounded so the cells stay crisp, with a 1 px gap
 * between cells (2 px once cells are large), none when tiny. The arithmetic is d3's scaleBand
 * (paddingInner, align 0.5, round) for one fixed domain, written out: importing d3-scale here put
 * its whole bundle (d3-interpolate, d3-color, d3-format: ~9 KB gzip) on the page's first load.
 */
export function gridLayout(size: number, inset = 0): GridLayout {
  const span = Math.max(0, size - 2 * inset);
  const whole = Math.floor(span / GRID_SIDE);
  const gap = whole >= 9 ? 2 : whole >= 3 ? 1 : 0;
  const paddingInner = whole > 0 ? gap / whole : 0;
  const round = whole > 0;
  let step = span / Math.max(1, GRID_SIDE - paddingInner);
  if (round) step = Math.floor(step);
  let start = inset + (span - step * (GRID_SIDE - paddingInner)) / 2;
  let bandwidth = step * (1 - paddingInner);
  if (round) {
    start = Math.round(start);
    bandwidth = Math.round(bandwidth);
  }
  return { offset: (i) => start + step * i, step, cell: Math.max(bandwidth, 0.5) };
}

/** The slot under a point (CSS px, relative to the grid's top-left), or null outside the grid. */
export function slotAtPoint(layout: GridLayout, x: number, y: number): number | null {
  if (layout.step <= 0) return null;
  const origin = layout.offset(0);
  const col = Math.floor((x - origin) / layout.step);
  const row = Math.floor((y - origin) / layout.step);
  if (col < 0 || row < 0 || col >= GRID_SIDE || row >= GRID_SIDE) return null;
  return row * GRID_SIDE + col;
}

/**
 * Where a key moves the grid's cursor: arrows by one cell (up/down = one row of 64 slots),
 * PageUp/PageDown by eight rows, Home/End to the band's floor (slot 0) and ceiling (slot 4095).
 * null when the key is not a cursor key.
 */
export function moveCursor(slot: number, key: string): number | null {
  const { row, col } = slotCell(slot);
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, slot - 1);
    case 'ArrowRight':
      return Math.min(CEILING_SLOT, slot + 1);
    case 'ArrowUp':
      return row > 0 ? slot - GRID_SIDE : slot;
    case 'ArrowDown':
      return row < GRID_SIDE - 1 ? slot + GRID_SIDE : slot;
    case 'PageUp':
      return Math.max(0, row - 8) * GRID_SIDE + col;
    case 'PageDown':
      return Math.min(GRID_SIDE - 1, row + 8) * GRID_SIDE + col;
    case 'Home':
      return 0;
    case 'End':
      return CEILING_SLOT;
    default:
      return null;
  }
}

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
