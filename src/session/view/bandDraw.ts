/**
 * Painting the grid, with no React: the cells (given the layout and each slot's colour) into the
 * cell canvas, and the rings (newest bump, cursor) into the layer above it. The targets are the
 * parts of a CanvasRenderingContext2D these use, so a test can paint into a pixel buffer instead.
 * The layout is in whole device pixels (BandGrid sizes the canvas so).
 */
import { BAND_SLOTS } from '../../model/protocol/score.ts';
import { parseColor, pixelWord } from './color.ts';
import { GRID_SIDE, slotCell } from './bandGeometry.ts';
import type { GridLayout } from './bandGeometry.ts';
import type { BandTheme } from './bandTheme.ts';

/** What the draws need of an ImageData: its RGBA bytes. */
export interface PixelImage {
  readonly data: Uint8ClampedArray;
}

/** What drawCells needs of a 2D context (the session has no DOM types: a CanvasRenderingContext2D is one). */
export interface CellTarget {
  readonly canvas: { readonly width: number; readonly height: number };
  fillStyle: unknown;
  fillRect(x: number, y: number, width: number, height: number): void;
  createImageData(width: number, height: number): PixelImage;
  putImageData(image: PixelImage, dx: number, dy: number): void;
}

/** What drawRings needs of a 2D context. */
export interface RingTarget {
  readonly canvas: { readonly width: number; readonly height: number };
  strokeStyle: unknown;
  lineWidth: number;
  strokeRect(x: number, y: number, width: number, height: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
}

/** What a cell canvas shows after a draw: the layout it was drawn at and each slot's colour. Its owner keeps it for the next draw. */
export interface DrawnCells {
  readonly layoutKey: string;
  readonly fills: readonly string[];
}

/**
 * Past this many changed cells a draw puts the whole image again rather than one fillRect each: a
 * fillRect per changed cell beats one image put while few cells change (a band filled a frame at a
 * time), and one image is the quicker way to change most of the grid.
 */
export const MAX_CELL_FILLS = 1024;

/**
 * Every slot's cell in its colour (`fills`, CSS text, one a slot), the gaps between cells left
 * transparent. With `drawn`, what the canvas shows since the last draw, only the cells whose
 * colour changed are filled, one fillRect each: a frame of Play changes a few dozen (the new
 * jobs, and the cells crossing a shade boundary as the arrival range grows). Otherwise (a first
 * draw, a new size, or more than MAX_CELL_FILLS changes) the whole grid is one ImageData put,
 * quicker than a fillRect a cell for the whole grid. Returns what the canvas shows now, for the
 * next draw.
 */
export function drawCells(ctx: CellTarget, layout: GridLayout, fills: readonly string[], drawn: DrawnCells | null): DrawnCells {
  const { width, height } = ctx.canvas;
  const cell = Math.max(1, Math.round(layout.cell));
  const layoutKey = `${width}x${height}/${cell}/${layout.step}/${Math.round(layout.offset(0))}`;
  const shown = { layoutKey, fills };
  const changed = drawn?.layoutKey === layoutKey ? changedSlots(drawn.fills, fills) : null;
  if (changed === null) {
    putCellsImage(ctx, layout, cell, fills);
    return shown;
  }
  for (const slot of changed) {
    const { row, col } = slotCell(slot);
    ctx.fillStyle = fills[slot]!;
    ctx.fillRect(Math.round(layout.offset(col)), Math.round(layout.offset(row)), cell, cell);
  }
  return shown;
}

/** The slots whose colour differs between two draws; null past MAX_CELL_FILLS. */
function changedSlots(before: readonly string[], after: readonly string[]): number[] | null {
  const changed: number[] = [];
  for (let slot = 0; slot < BAND_SLOTS; slot++) {
    if (before[slot] === after[slot]) continue;
    if (changed.length === MAX_CELL_FILLS) return null;
    changed.push(slot);
  }
  return changed;
}

/** Every cell in its colour, written into one ImageData put on the canvas at once (the gaps stay transparent). */
function putCellsImage(ctx: CellTarget, layout: GridLayout, cell: number, fills: readonly string[]) {
  const { width, height } = ctx.canvas;
  const image = ctx.createImageData(width, height);
  const pixels = new Uint32Array(image.data.buffer);
  const words = new Map<string, number>();
  const wordOf = (css: string): number => {
    let word = words.get(css);
    if (word === undefined) words.set(css, (word = pixelWord(parseColor(css) ?? [0, 0, 0])));
    return word;
  };
  for (let row = 0; row < GRID_SIDE; row++) {
    // one scanline through the row's cells, then copied down the cell's height
    const line = Math.round(layout.offset(row)) * width;
    for (let col = 0; col < GRID_SIDE; col++) {
      const left = line + Math.round(layout.offset(col));
      pixels.fill(wordOf(fills[row * GRID_SIDE + col]!), left, left + cell);
    }
    for (let y = 1; y < cell; y++) pixels.copyWithin(line + y * width, line, line + width);
  }
  ctx.putImageData(image, 0, 0);
}

/** The ring layer cleared, then rings around the newest bump and the cursor; a surface-coloured ring first sets each apart. */
export function drawRings(
  ctx: RingTarget,
  view: { layout: GridLayout; dpr: number; theme: BandTheme; newestSlot: number | null; active: number | null },
) {
  const { layout, dpr, theme, newestSlot, active } = view;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  // a ring `gap` CSS px outside the cell, `width` CSS px wide
  const ring = (slot: number, color: string, width: number, gap: number) => {
    const { row, col } = slotCell(slot);
    const pad = (gap + width / 2) * dpr;
    ctx.strokeStyle = color;
    ctx.lineWidth = width * dpr;
    ctx.strokeRect(layout.offset(col) - pad, layout.offset(row) - pad, layout.cell + 2 * pad, layout.cell + 2 * pad);
  };
  if (newestSlot !== null) {
    ring(newestSlot, theme.surface, 1.5, 0);
    ring(newestSlot, theme.fg, 1.5, 1.5);
  }
  if (active !== null) {
    ring(active, theme.surface, 1.5, 0);
    ring(active, theme.focus, 2, 1.5);
  }
}
