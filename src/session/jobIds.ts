import { uuidText } from '../model/uuid.ts';

/** How job ids are made: `job:N`, plain `N` (ties sort as text: "10" before "9"), a random uuid, or a prefix of the user's. */
export type IdStyle = 'job:N' | 'N' | 'uuid' | 'prefix';

/** The id styles in the order the page offers them, with their labels. */
export const ID_STYLES: ReadonlyArray<{ readonly style: IdStyle; readonly label: string }> = [
  { style: 'job:N', label: 'job:N' },
  { style: 'N', label: 'N (plain number)' },
  { style: 'uuid', label: 'random uuid' },
  { style: 'prefix', label: 'your prefix + N' },
];

/** Length in bytes (UTF-8) of a uuid id: 32 hex digits and 4 dashes. */
export const UUID_BYTES = 36;

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

/**
 * A random (version 4) uuid: crypto.randomUUID where the page may use it (secure contexts), else
 * the same layout built from crypto.getRandomValues.
 */
export function randomUUID(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return uuidText(hex);
}
