/**
 * The band, zoomed: which of a millisecond's first slots hold a job, and how many jobs share its
 * ceiling, read from the band set as it is (every score from the set, every slot from decodeScore).
 */
import { decodeScore } from '../../model/protocol/score.ts';
import type { SetReader } from '../../session/setReader.ts';

/** A job in a slot: its member and its arrival number. */
export interface SlotJob {
  readonly member: string;
  readonly arrival: number;
}

export interface BandZoom {
  /** The first `shown` slots, each with the job in it (one at most below the cliff) or null. */
  readonly slots: ReadonlyArray<SlotJob | null>;
  /** Jobs in the band's slots between the shown ones and the ceiling. */
  readonly between: number;
  /** How many jobs share the ceiling score. */
  readonly ceilingCount: number;
  /** The first of them in set order (member bytes), at most CEILING_SHOWN. */
  readonly ceiling: readonly SlotJob[];
  /** Jobs in the whole band. */
  readonly inBand: number;
}

/** How many of the ceiling's jobs the zoom names. */
export const CEILING_SHOWN = 8;

/** The first `shown` slots of the band [minScore, maxScore], the jobs in between and the ceiling's pile. */
export function bandZoomOf(
  band: SetReader,
  arrivals: ReadonlyMap<string, number>,
  minScore: number,
  maxScore: number,
  shown: number,
): BandZoom {
  const slots: Array<SlotJob | null> = Array.from({ length: shown }, () => null);
  const job = (member: string): SlotJob => ({ member, arrival: arrivals.get(member) ?? 0 });
  const inBand = band.count(minScore, maxScore);
  for (const entry of band.rangeByScore(minScore, Math.min(maxScore - 1, minScore + shown - 1), shown)) {
    const { slot } = decodeScore(entry.score);
    if (slot < shown && slots[slot] === null) slots[slot] = job(entry.member);
  }
  const ceilingCount = band.count(maxScore, maxScore);
  const ceiling = band.rangeByScore(maxScore, maxScore, CEILING_SHOWN).map((entry) => job(entry.member));
  const shownJobs = slots.filter((slot) => slot !== null).length;
  return { slots, between: Math.max(0, inBand - shownJobs - ceilingCount), ceilingCount, ceiling, inBand };
}
