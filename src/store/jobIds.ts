/** How job ids are made: `job:N`, plain `N` (ties sort as text: "10" before "9"), a random uuid, or a prefix of the user's. */
export type IdStyle = 'job:N' | 'N' | 'uuid' | 'prefix';

/** The id styles in the order the page offers them, with their labels. */
export const ID_STYLES: ReadonlyArray<{ readonly style: IdStyle; readonly label: string }> = [
  { style: 'job:N', label: 'job:N' },
  { style: 'N', label: 'N (plain number)' },
  { style: 'uuid', label: 'random uuid' },
  { style: 'prefix', label: 'your prefix + N' },
];

/** The member (job id) for the job with this arrival number. */
export function jobId(style: IdStyle, arrival: number, prefix: string, randomUUID: () => string): string {
  switch (style) {
    case 'job:N':
      return `job:${arrival}`;
    case 'N':
      return String(arrival);
    case 'uuid':
      return randomUUID();
    case 'prefix':
      return `${prefix}${arrival}`;
  }
}
