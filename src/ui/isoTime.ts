/** An instant as an ISO 8601 text, or a note when it lies outside what a JS Date can show. */
export function isoTime(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? 'beyond the dates JavaScript can show' : date.toISOString();
}
