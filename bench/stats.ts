/** The median of some figures (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The times (trace µs, in order) of the user-timing marks named `name` in a Chromium trace (burst-start, burst-end...). */
export function markTimes(events: ReadonlyArray<{ name: string; ts: number }>, name: string): number[] {
  return events
    .filter((e) => e.name === name)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
}
