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

/**
 * Which digits of `next` differ from `previous`, the two aligned at their last digit (a digit with
 * no counterpart counts as changed); none without a previous value.
 */
export function changedDigits(previous: string | null, next: string): boolean[] {
  if (previous === null) return Array.from(next, () => false);
  const offset = previous.length - next.length;
  return Array.from(next, (digit, at) => previous[at + offset] !== digit);
}

/** A run of a grouped number's text, marked or not. */
export interface DigitRun {
  readonly text: string;
  readonly marked: boolean;
}

/**
 * `digits` (a whole number's decimal digits, a leading minus allowed) in groups of three with
 * commas between, as runs of marked and plain characters; a comma between two marked digits is
 * marked with them, so a changed tail reads as one mark.
 */
export function groupedRuns(digits: string, marks: readonly boolean[]): DigitRun[] {
  const runs: DigitRun[] = [];
  const push = (text: string, marked: boolean) => {
    const last = runs.at(-1);
    if (last !== undefined && last.marked === marked) runs[runs.length - 1] = { text: last.text + text, marked };
    else runs.push({ text, marked });
  };
  const sign = digits.startsWith('-') ? 1 : 0;
  for (let at = 0; at < digits.length; at++) {
    const fromEnd = digits.length - at;
    const marked = marks[at] ?? false;
    if (at > sign && fromEnd % 3 === 0) push(',', marked && (marks[at - 1] ?? false));
    push(digits[at]!, marked);
  }
  return runs;
}
