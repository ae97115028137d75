/**
 * The band's slots as the grid shows them: the jobs in each slot, how many slots are in use, the
 * band's arrival range, and each slot's colour. Pure functions of the BandView.
 */
import { BAND_SLOTS } from '../../model/protocol/score.ts';
import type { BandSlot } from '../../store/band.ts';
import { arrivalColorScale } from './color.ts';
import { CEILING_SLOT } from './geometry.ts';
import type { Theme } from './theme.ts';

/** The jobs of each of the 4,096 slots, in the order given (undefined: an empty slot); entries outside the band are left out. */
export function groupBySlot(slots: readonly BandSlot[]): Array<BandSlot[] | undefined> {
  const bySlot: Array<BandSlot[] | undefined> = new Array<BandSlot[] | undefined>(BAND_SLOTS).fill(undefined);
  for (const entry of slots) {
    if (!Number.isInteger(entry.slot) || entry.slot < 0 || entry.slot >= BAND_SLOTS) continue;
    const list = bySlot[entry.slot];
    if (list) list.push(entry);
    else bySlot[entry.slot] = [entry];
  }
  return bySlot;
}

/**
 * The slots in use. This, arrivalRange and slotFills run over all 4,096 slots on each change, and
 * on the page's first burst their code is still cold (never run on a full band at load): plain
 * indexed loops, no callback per slot (reduce) or iterator and destructuring (for-of), which cost
 * most while cold (the reduce 6.6 ms and the for-of 10.9 ms of that first click in two profiles).
 */
export function filledSlots(bySlot: ReadonlyArray<BandSlot[] | undefined>): number {
  let filled = 0;
  for (let slot = 0; slot < bySlot.length; slot++) if (bySlot[slot] !== undefined) filled++;
  return filled;
}

/** The first and the latest arrival among the band's jobs; null for an empty band. */
export function arrivalRange(slots: readonly BandSlot[]): { first: number; last: number } | null {
  if (slots.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < slots.length; i++) {
    const arrival = slots[i]!.arrival;
    if (arrival < first) first = arrival;
    if (arrival > last) last = arrival;
  }
  return { first, last };
}

/**
 * Each slot's colour as CSS text: warn when its score is shared (two jobs in it, or the ceiling of
 * a saturated band), else its job's shade on the arrival ramp, else the empty colour.
 */
export function slotFills(
  bySlot: ReadonlyArray<BandSlot[] | undefined>,
  arrivals: { first: number; last: number } | null,
  theme: Theme,
  saturated: boolean,
): string[] {
  const colorOf = arrivalColorScale(arrivals ? [arrivals.first, arrivals.last] : [], theme.early, theme.late);
  const fills: string[] = new Array<string>(BAND_SLOTS);
  for (let slot = 0; slot < BAND_SLOTS; slot++) {
    const entries = bySlot[slot];
    const shared = (entries?.length ?? 0) > 1 || (slot === CEILING_SLOT && saturated);
    fills[slot] = shared ? theme.warn : entries?.[0] ? colorOf(entries[0].arrival) : theme.empty;
  }
  return fills;
}

/** Where the keyboard cursor starts: the newest bump, else the first filled slot, else the floor. */
export function startSlot(newestSlot: number | null, slots: readonly BandSlot[]): number {
  return newestSlot ?? slots[0]?.slot ?? 0;
}
