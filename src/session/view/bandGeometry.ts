/**
 * Where one millisecond's band of 4096 slots sits as a 64 x 64 grid. Framework-free so it can be
 * tested without a canvas: slot <-> cell, the pixel layout, pointer -> slot, keyboard cursor moves.
 */
import { BAND_SLOTS } from '../../model/protocol/score.ts';

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
 * its whole bundle (d3-interpolate, d3-color, d3-format) on the page's first load.
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
