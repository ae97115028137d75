import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cellColours, coloursAround } from '../../../test-support/bandGridPixels.ts';
import { firstDifference, pixelContext } from '../../../test-support/pixelCanvas.ts';
import type { PixelContext } from '../../../test-support/pixelCanvas.ts';
import { MAX_CELL_FILLS, drawCells, drawRings } from './bandDraw.ts';
import type { DrawnCells } from './bandDraw.ts';
import { gridLayout, slotCell } from './bandGeometry.ts';
import type { GridLayout } from './bandGeometry.ts';
import type { BandTheme as Theme } from './bandTheme.ts';

const EMPTY = 'rgb(231, 231, 229)';
const PALETTE = [EMPTY, 'rgb(161, 188, 228)', 'rgb(30, 65, 120)', 'rgb(161, 66, 11)', 'rgb(16, 32, 48)'];

/** A canvas of `side` px and its pixel context, with the grid laid out in it as BandGrid does (4 px free each side). */
function surface(side: number): { ctx: PixelContext; layout: GridLayout } {
  return { ctx: pixelContext({ width: side, height: side }), layout: gridLayout(side, 4) };
}

function fillsOf(colour: (slot: number) => string): string[] {
  return Array.from({ length: 4096 }, (_, slot) => colour(slot));
}

/** One full draw of `fills` on a fresh canvas: the pixels an incremental draw must end up with. */
function drawnWhole(side: number, fills: readonly string[]): Uint8ClampedArray {
  const { ctx, layout } = surface(side);
  drawCells(ctx, layout, fills, null);
  return ctx.pixels();
}

/** Paints a cell by hand (a colour no draw uses) to see whether the next draw paints over it. */
function mark(ctx: PixelContext, layout: GridLayout, slot: number) {
  const { row, col } = slotCell(slot);
  ctx.fillStyle = '#ff00ff';
  ctx.fillRect(layout.offset(col), layout.offset(row), layout.cell, layout.cell);
}

describe('drawCells', () => {
  it('paints every cell whole in its slot colour and leaves the gaps transparent', () => {
    const { ctx, layout } = surface(392); // 6 px a cell: 5 drawn, a 1 px gap
    const fills = fillsOf((slot) => PALETTE[slot % PALETTE.length]!);
    drawCells(ctx, layout, fills, null);
    for (const slot of [0, 1, 63, 64, 2049, 4095]) expect(cellColours(ctx, layout, slot)).toEqual(new Set([fills[slot]]));
    const { row, col } = slotCell(0);
    expect(ctx.colourAt(layout.offset(col) + layout.cell, layout.offset(row))).toBeNull(); // the gap right of slot 0
    expect(ctx.colourAt(layout.offset(col), layout.offset(row) + layout.cell)).toBeNull(); // and below it
    expect(ctx.colourAt(0, 0)).toBeNull(); // the inset
    let opaque = 0;
    const pixels = ctx.pixels();
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) opaque++;
    expect(opaque).toBe(4096 * layout.cell * layout.cell);
  });

  it('after a draw, paints only the cells whose colour changed', () => {
    const { ctx, layout } = surface(392);
    const before = fillsOf(() => EMPTY);
    let drawn = drawCells(ctx, layout, before, null);
    mark(ctx, layout, 100); // unchanged below: left as it is
    const after = before.map((fill, slot) => (slot === 7 || slot === 4000 ? PALETTE[1]! : fill));
    drawn = drawCells(ctx, layout, after, drawn);
    expect(cellColours(ctx, layout, 7)).toEqual(new Set([PALETTE[1]]));
    expect(cellColours(ctx, layout, 4000)).toEqual(new Set([PALETTE[1]]));
    expect(cellColours(ctx, layout, 100)).toEqual(new Set(['rgb(255, 0, 255)']));
    expect(drawn.fills).toBe(after);
  });

  it(`draws the whole grid again past ${MAX_CELL_FILLS.toLocaleString('en-US')} changed cells, on a new size, and on a first draw`, () => {
    const { ctx, layout } = surface(392);
    const before = fillsOf(() => EMPTY);
    const changed = (count: number) => before.map((fill, slot) => (slot < count ? PALETTE[2]! : fill));
    let drawn = drawCells(ctx, layout, before, null);
    mark(ctx, layout, 4095);
    drawn = drawCells(ctx, layout, changed(MAX_CELL_FILLS), drawn);
    expect(cellColours(ctx, layout, 4095)).toEqual(new Set(['rgb(255, 0, 255)'])); // at the limit: cell by cell
    drawn = drawCells(ctx, layout, before, drawn);
    drawn = drawCells(ctx, layout, changed(MAX_CELL_FILLS + 1), drawn);
    expect(cellColours(ctx, layout, 4095)).toEqual(new Set([EMPTY])); // one past it: the whole grid
    // the same colours on a canvas of another size (as after a resize): drawn whole
    const larger = surface(200);
    mark(larger.ctx, larger.layout, 4095);
    drawCells(larger.ctx, larger.layout, drawn.fills, drawn);
    expect(cellColours(larger.ctx, larger.layout, 4095)).toEqual(new Set([EMPTY]));
  });

  it('any run of draws, each after the last, leaves the pixels one draw of the last colours leaves', () => {
    const colour = fc.constantFrom(...PALETTE);
    const change = fc.oneof(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 4095 }), colour), { maxLength: 40 }), // a frame of Play
      fc.array(fc.tuple(fc.integer({ min: 0, max: 4095 }), colour), { minLength: 1_000, maxLength: 3_000 }), // a load
    );
    fc.assert(
      fc.property(
        fc.array(colour, { minLength: 4096, maxLength: 4096 }),
        fc.array(change, { maxLength: 5 }),
        (first, changes) => {
          const { ctx, layout } = surface(200);
          let fills = first;
          let drawn: DrawnCells = drawCells(ctx, layout, fills, null);
          for (const cells of changes) {
            fills = [...fills];
            for (const [slot, fill] of cells) fills[slot] = fill;
            drawn = drawCells(ctx, layout, fills, drawn);
          }
          expect(firstDifference(ctx.pixels(), drawnWhole(200, fills))).toBe(-1);
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
  }, 30_000);
});

describe('drawRings', () => {
  const theme: Theme = {
    empty: EMPTY,
    early: [161, 188, 228],
    late: [30, 65, 120],
    fg: 'rgb(28, 29, 33)',
    surface: 'rgb(255, 255, 255)',
    focus: 'rgb(194, 65, 12)',
    warn: 'rgb(161, 66, 11)',
  };

  const around = (ctx: PixelContext, layout: GridLayout, slot: number) => ({
    ring: coloursAround(ctx, layout, slot),
    cell: cellColours(ctx, layout, slot),
  });

  it('rings the newest bump in the text colour and the cursor in the focus colour, each set apart by the surface colour', () => {
    const { ctx, layout } = surface(392);
    drawRings(ctx, { layout, dpr: 1, theme, newestSlot: 70, active: 2000 });
    const newest = around(ctx, layout, 70);
    expect(newest.ring).toEqual(new Set([theme.fg, theme.surface, null]));
    expect(newest.cell).toEqual(new Set([null])); // the cell shows through
    expect(around(ctx, layout, 2000).ring).toEqual(new Set([theme.focus, theme.surface, null]));
    expect(around(ctx, layout, 1000).ring).toEqual(new Set([null]));
  });

  it('clears the rings it drew before', () => {
    const { ctx, layout } = surface(392);
    drawRings(ctx, { layout, dpr: 1, theme, newestSlot: 70, active: 2000 });
    drawRings(ctx, { layout, dpr: 1, theme, newestSlot: 71, active: null });
    expect(around(ctx, layout, 2000).ring).toEqual(new Set([null]));
    expect(around(ctx, layout, 71).ring).toContain(theme.fg);
    drawRings(ctx, { layout, dpr: 1, theme, newestSlot: null, active: null });
    expect(ctx.pixels().every((byte) => byte === 0)).toBe(true);
  });
});
