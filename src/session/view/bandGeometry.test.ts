import { scaleBand } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CEILING_SLOT, GRID_SIDE, gridLayout, moveCursor, slotAtPoint, slotCell } from './bandGeometry.ts';

describe('grid geometry', () => {
  it('lays the 4096 slots out as 64 rows of 64', () => {
    expect(GRID_SIDE).toBe(64);
    expect(CEILING_SLOT).toBe(4095);
    expect(slotCell(0)).toEqual({ row: 0, col: 0 });
    expect(slotCell(63)).toEqual({ row: 0, col: 63 });
    expect(slotCell(64)).toEqual({ row: 1, col: 0 });
    expect(slotCell(4095)).toEqual({ row: 63, col: 63 });
  });

  it('finds the slot under the centre of every cell, at several sizes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4095 }), fc.integer({ min: 64, max: 900 }), (slot, size) => {
        const layout = gridLayout(size);
        const { row, col } = slotCell(slot);
        const x = layout.offset(col) + layout.cell / 2;
        const y = layout.offset(row) + layout.cell / 2;
        expect(slotAtPoint(layout, x, y)).toBe(slot);
      }),
    );
  });

  it('keeps the cells inside the square with a gap between them', () => {
    for (const size of [192, 200, 320, 384, 517, 640]) {
      const layout = gridLayout(size);
      expect(layout.offset(0)).toBeGreaterThanOrEqual(0);
      expect(layout.offset(63) + layout.cell).toBeLessThanOrEqual(size);
      expect(layout.cell).toBeLessThan(layout.step);
    }
  });

  it('leaves the inset free on every side', () => {
    for (const size of [200, 392, 710]) {
      const layout = gridLayout(size, 6);
      expect(layout.offset(0)).toBeGreaterThanOrEqual(6);
      expect(layout.offset(63) + layout.cell).toBeLessThanOrEqual(size - 6);
      expect(slotAtPoint(layout, 3, 3)).toBeNull();
      expect(slotAtPoint(layout, layout.offset(0), layout.offset(0))).toBe(0);
    }
  });

  it('fills a square of 64 k + 2 inset pixels exactly, k pixels per cell', () => {
    const layout = gridLayout(64 * 11 + 8, 4);
    expect(layout.step).toBe(11);
    expect(layout.cell).toBe(9);
    expect(layout.offset(0)).toBe(5);
    expect(layout.offset(63) + layout.cell).toBe(4 + 64 * 11 - 1); // half a 2 px gap at each end
  });

  it('answers null outside the grid', () => {
    const layout = gridLayout(384);
    expect(slotAtPoint(layout, -1, 10)).toBeNull();
    expect(slotAtPoint(layout, 10, 385)).toBeNull();
    expect(slotAtPoint(gridLayout(0), 0, 0)).toBeNull();
  });
});

describe('moveCursor', () => {
  it('moves by a cell, a row, eight rows, and jumps to floor and ceiling', () => {
    expect(moveCursor(10, 'ArrowRight')).toBe(11);
    expect(moveCursor(10, 'ArrowLeft')).toBe(9);
    expect(moveCursor(10, 'ArrowDown')).toBe(74);
    expect(moveCursor(74, 'ArrowUp')).toBe(10);
    expect(moveCursor(10, 'PageDown')).toBe(10 + 8 * 64);
    expect(moveCursor(10, 'PageUp')).toBe(10);
    expect(moveCursor(2000, 'Home')).toBe(0);
    expect(moveCursor(2000, 'End')).toBe(4095);
  });

  it('stays inside the band at the edges', () => {
    expect(moveCursor(0, 'ArrowLeft')).toBe(0);
    expect(moveCursor(4095, 'ArrowRight')).toBe(4095);
    expect(moveCursor(5, 'ArrowUp')).toBe(5);
    expect(moveCursor(4090, 'ArrowDown')).toBe(4090);
    expect(moveCursor(64 * 60 + 3, 'PageDown')).toBe(64 * 63 + 3);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4095 }),
        fc.constantFrom('ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'),
        (slot, key) => {
          const next = moveCursor(slot, key)!;
          expect(next).toBeGreaterThanOrEqual(0);
          expect(next).toBeLessThanOrEqual(4095);
        },
      ),
    );
  });

  it('ignores keys that are not cursor keys', () => {
    expect(moveCursor(10, 'a')).toBeNull();
    expect(moveCursor(10, 'Enter')).toBeNull();
  });
});

describe('gridLayout is d3 scaleBand written out', () => {
  it('matches scaleBand (paddingInner, align 0.5, round) for every size and inset the page can meet', () => {
    for (let size = 0; size <= 1400; size += 7) {
      for (const inset of [0, 3, 6]) {
        const layout = gridLayout(size, inset);
        const span = Math.max(0, size - 2 * inset);
        const whole = Math.floor(span / 64);
        const gap = whole >= 9 ? 2 : whole >= 3 ? 1 : 0;
        const scale = scaleBand<number>()
          .domain(Array.from({ length: 64 }, (_, i) => i))
          .range([inset, inset + span])
          .paddingInner(whole > 0 ? gap / whole : 0)
          .round(whole > 0);
        expect(layout.step).toBe(scale.step());
        expect(layout.cell).toBe(Math.max(scale.bandwidth(), 0.5));
        for (const i of [0, 1, 31, 63]) expect(layout.offset(i)).toBe(scale(i));
      }
    }
  });
});
