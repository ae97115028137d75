/** Reading the band grid back from a pixel context (pixelCanvas.ts): what one slot's cell shows, and what lies around it. */
import { slotCell } from '../src/session/view/bandGeometry.ts';
import type { GridLayout } from '../src/session/view/bandGeometry.ts';
import type { PixelContext } from './pixelCanvas.ts';

/** The colours of every pixel of a slot's cell (null: transparent); one colour for a cell drawn whole. */
export function cellColours(ctx: PixelContext, layout: GridLayout, slot: number): Set<string | null> {
  const { row, col } = slotCell(slot);
  const colours = new Set<string | null>();
  for (let y = 0; y < layout.cell; y++)
    for (let x = 0; x < layout.cell; x++) colours.add(ctx.colourAt(layout.offset(col) + x, layout.offset(row) + y));
  return colours;
}

/** The colours within `reach` px outside a slot's cell (where its rings are drawn), the cell itself left out. */
export function coloursAround(ctx: PixelContext, layout: GridLayout, slot: number, reach = 4): Set<string | null> {
  const { row, col } = slotCell(slot);
  const [left, top] = [layout.offset(col), layout.offset(row)];
  const inCell = (x: number, y: number) => x >= left && x < left + layout.cell && y >= top && y < top + layout.cell;
  const colours = new Set<string | null>();
  for (let y = top - reach; y < top + layout.cell + reach; y++)
    for (let x = left - reach; x < left + layout.cell + reach; x++) if (!inCell(x, y)) colours.add(ctx.colourAt(x, y));
  return colours;
}
