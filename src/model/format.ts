/** Counts as the page and the bridge print them; framework-free, so every layer can use them. */

/**
 * How the page prints counts: whole numbers with thousands separators, "4,096", as
 * `Intl.NumberFormat('en-US')` prints them. Safe integers are grouped here (groupDigits); anything
 * else (a fraction, -0, NaN, an infinity, past 2^53) goes to an `Intl.NumberFormat('en-US')` made
 * on first need. Why not that formatter for all: the first `Intl.NumberFormat` a page makes loads
 * ICU's number-formatting data (tens of milliseconds of main thread in a blank page), and the
 * page's start script paid that as it was evaluated, since this module made one at load.
 * Now a page never loads it unless it prints a fraction.
 */

/** A count and its noun: "1 job", "4,096 jobs". */
export function plural(n: number, one: string, many: string): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}

let formatter: Intl.NumberFormat | null = null;

/** `n` as `Intl.NumberFormat('en-US').format(n)` prints it: "-1,234,567". */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return (formatter ??= new Intl.NumberFormat('en-US')).format(n);
  const digits = String(Math.abs(n));
  let end = digits.length % 3 || 3;
  let out = digits.slice(0, end);
  for (; end < digits.length; end += 3) out += `,${digits.slice(end, end + 3)}`;
  return n < 0 ? `-${out}` : out;
}
