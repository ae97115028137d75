/**
 * One millisecond's band as the page's grid and the band card show it: read from a set, the jobs
 * in each slot, how many slots are in use, the band's arrival range, and each slot's colour.
 */
import { BAND_SLOTS, bandOf, decodeScore } from '../../model/protocol/score.ts';
import type { SetReader } from '../setReader.ts';
import { arrivalColorScale } from './color.ts';
import { CEILING_SLOT } from './bandGeometry.ts';
import type { BandTheme } from './bandTheme.ts';

/** What the slot helpers read of a job. */
export type SlotEntry = Pick<BandSlot, 'slot' | 'arrival'>;

/** One job in a band: its slot (the low twelve bits of its score) and where it came from. */
export interface BandSlot {
  readonly slot: number;
  readonly member: string;
  readonly scoreText: string;
  readonly arrival: number;
}

/**
 * The most entries read from one millisecond's band: every slot below the ceiling and the first 64
 * jobs (member-byte order) sharing the ceiling, so a saturated millisecond of a million jobs is read
 * as 4,160 entries.
 */
export const BAND_READ_LIMIT = BAND_SLOTS + 64;

/** One millisecond's band as the grid and the band card show it. */
export interface BandRead {
  readonly fireTime: number;
  readonly minScore: number;
  readonly maxScore: number;
  /** The band's jobs in set order, up to BAND_READ_LIMIT. */
  readonly slots: readonly BandSlot[];
  /** Every job in the band (ZCOUNT). */
  readonly jobs: number;
  /** Members at the band's maxScore (more than one: the band saturated). */
  readonly ceilingMembers: number;
  /** Slots holding at least one job. */
  readonly slotsUsed: number;
}

/** The band of `fireTime` read from a set: its entries with their slots and arrivals, and its counts. */
export function readBand(reader: SetReader, arrivals: ReadonlyMap<string, number>, fireTime: number): BandRead {
  const { minScore, maxScore } = bandOf(fireTime);
  const slots = reader.rangeByScore(minScore, maxScore, BAND_READ_LIMIT).map(({ member, score }) => ({
    slot: decodeScore(score).slot,
    member,
    scoreText: reader.scoreText(score),
    arrival: arrivals.get(member) ?? 0,
  }));
  const jobs = reader.count(minScore, maxScore);
  const ceilingMembers = reader.count(maxScore, maxScore);
  return { fireTime, minScore, maxScore, slots, jobs, ceilingMembers, slotsUsed: jobs - Math.max(0, ceilingMembers - 1) };
}

/** The jobs of each of the 4,096 slots, in the order given (undefined: an empty slot); entries outside the band are left out. */
export function groupBySlot<S extends SlotEntry>(slots: readonly S[]): Array<S[] | undefined> {
  const bySlot: Array<S[] | undefined> = new Array<S[] | undefined>(BAND_SLOTS).fill(undefined);
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
 * most while cold (profiles of that first click showed them).
 */
export function filledSlots(bySlot: ReadonlyArray<SlotEntry[] | undefined>): number {
  let filled = 0;
  for (let slot = 0; slot < bySlot.length; slot++) if (bySlot[slot] !== undefined) filled++;
  return filled;
}

/** The first and the latest arrival among the band's jobs; null for an empty band. */
export function arrivalRange(slots: readonly SlotEntry[]): { first: number; last: number } | null {
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
  bySlot: ReadonlyArray<SlotEntry[] | undefined>,
  arrivals: { first: number; last: number } | null,
  theme: BandTheme,
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
export function startSlot(newestSlot: number | null, slots: readonly SlotEntry[]): number {
  return newestSlot ?? slots[0]?.slot ?? 0;
}
