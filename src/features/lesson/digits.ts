/**
 * Which digits of a number to mark: in a band of 4,096 scores (or between now and a fire-time)
 * only the last digits differ, and those are the ones that carry the point.
 */

/**
 * Where two numbers' digits part: the index of the first digit at which `low` and `high` differ
 * (their length when they are the same). Written with different lengths, they share no place: 0.
 */
export function digitsPartAt(low: string, high: string): number {
  if (low.length !== high.length) return 0;
  let at = 0;
  while (at < low.length && low[at] === high[at]) at++;
  return at;
}

/** `text` as the digits before `at` and the marked digits from it. */
export function splitDigits(text: string, at: number): { readonly plain: string; readonly marked: string } {
  const cut = Math.min(Math.max(at, 0), text.length);
  return { plain: text.slice(0, cut), marked: text.slice(cut) };
}
