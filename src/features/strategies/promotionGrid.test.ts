import { describe, expect, it } from 'vitest';
import { GRID_MAX, gridSide, promotionGrid } from './promotionGrid.ts';

/** The grid as text rows, '#' for a filled cell. */
function picture(cells: Uint8Array, side: number): string[] {
  return Array.from({ length: side }, (_, row) =>
    Array.from(cells.subarray(row * side, row * side + side), (c) => (c ? '#' : '.')).join(''),
  );
}

describe('promotionGrid', () => {
  it('draws FIFO as the rising diagonal and a reversal as the falling one', () => {
    expect(picture(promotionGrid([1, 2, 3, 4]), 4)).toEqual(['...#', '..#.', '.#..', '#...']);
    expect(picture(promotionGrid([4, 3, 2, 1]), 4)).toEqual(['#...', '.#..', '..#.', '...#']);
  });

  it('puts the textbook fallback 1, 10, 11, 2.. where it belongs', () => {
    const order = [1, 10, 11, 2, 3, 4, 5, 6, 7, 8, 9, 12];
    const cells = picture(promotionGrid(order), 12);
    expect(cells[11]).toBe('#...........'); // first promoted: job 1
    expect(cells[10]).toBe('.........#..'); // second promoted: job 10
    expect(cells[0]).toBe('...........#'); // last: job 12
  });

  it('bins 100,000 jobs into at most GRID_MAX × GRID_MAX cells, every job in some cell', () => {
    const n = 100_000;
    expect(gridSide(n)).toBe(GRID_MAX);
    expect(gridSide(0)).toBe(1);
    const order = Int32Array.from({ length: n }, (_, i) => i + 1);
    const cells = promotionGrid(order);
    expect(cells).toHaveLength(GRID_MAX * GRID_MAX);
    expect(cells.reduce((sum, c) => sum + c, 0)).toBe(GRID_MAX);
    for (let i = 0; i < GRID_MAX; i++) expect(cells[(GRID_MAX - 1 - i) * GRID_MAX + i]).toBe(1);
  });
});
