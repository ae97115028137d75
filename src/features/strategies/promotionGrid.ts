/**
 * The downsampling behind the promotion charts: up to 100,000 jobs per strategy are binned into
 * a grid of at most GRID_MAX × GRID_MAX cells (the chart also caps it at its device pixels), and only the cells are drawn. The counts on the page
 * never come from here: they are the model's exact figures.
 */

/** The most cells a chart side gets. */
export const GRID_MAX = 640;

/** The grid side for `n` jobs: one cell per job up to GRID_MAX, so a short stream still shows. */
export function gridSide(n: number): number {
  return Math.max(1, Math.min(GRID_MAX, n));
}

/**
 * Which cells hold at least one job, row 0 at the top: column = arrival (counter 1..n, left to
 * right), row = promotion position (first promoted at the bottom, as a y axis grows upwards).
 * A diagonal from bottom left to top right is FIFO. O(n + side²).
 */
export function promotionGrid(order: ArrayLike<number>, side = gridSide(order.length)): Uint8Array {
  const n = order.length;
  const cells = new Uint8Array(side * side);
  for (let position = 0; position < n; position++) {
    const column = Math.min(side - 1, Math.floor(((order[position]! - 1) * side) / n));
    const row = side - 1 - Math.floor((position * side) / n);
    cells[row * side + column] = 1;
  }
  return cells;
}
