/** Counts as the page and the bridge print them; framework-free, so every layer can use them. */

/** How the page prints counts: whole numbers with thousands separators, "4,096". */
export const grouped = new Intl.NumberFormat('en-US');

/** A count and its noun: "1 job", "4,096 jobs". */
export function plural(n: number, one: string, many: string): string {
  return `${grouped.format(n)} ${n === 1 ? one : many}`;
}
