/**
 * One millisecond's band, as the stage's grid and the band panel draw it: its slots and the
 * ceiling pile-up (the view model's readBand, as the band card reads them), the job just bumped,
 * and the strip of milliseconds around it. Memoized per store on `version`. BandSlot and BandView are also what
 * the live panel builds from a real Redis.
 */
import { bandOf, decodeScore, isPastCliff, fireTimeOf } from '../model/protocol/score.ts';
import type { SetReader } from '../session/setReader.ts';
import { readBand } from '../session/view/bandSlots.ts';
import type { BandSlot } from '../session/view/bandSlots.ts';
import type { AppState } from './appStore.ts';
import { memoOn } from './memo.ts';

export type { BandSlot };
export { BAND_READ_LIMIT } from '../session/view/bandSlots.ts';

/** One millisecond's band, as BandGrid draws it (the page's band set or a live Redis set). */
export interface BandView {
  readonly fireTime: number;
  /** The band's jobs in set order, read up to BAND_READ_LIMIT (all of them unless many share the ceiling). */
  readonly slots: readonly BandSlot[];
  /** Every job in the band (ZCOUNT), read or not; when absent, slots.length. */
  readonly jobs?: number;
  /** Members at the band's maxScore (more than one: the band saturated). */
  readonly ceilingMembers: number;
  /** Slot of the newest bump, when known. */
  readonly newestSlot: number | null;
  readonly pastCliff: boolean;
}

/** The band of the selected millisecond with its score range and the strip of milliseconds around it. */
export interface BandViewData extends BandView {
  readonly minScore: number;
  readonly maxScore: number;
  /** Consecutive milliseconds around fireTime and how many jobs each band holds. */
  readonly strip: Array<{ fireTime: number; count: number }>;
}

/** The slots of an empty band: one shared array, so an empty band does not look like a change. */
const NO_SLOTS: readonly BandSlot[] = [];

/** How many milliseconds the strip shows on each side of the selected one. */
export const STRIP_RADIUS = 10;

/**
 * One band read from the band set: its slots, the ceiling pile-up, and a strip of `radius` ms on
 * each side.
 */
function bandViewOf(
  band: SetReader,
  arrivals: ReadonlyMap<string, number>,
  fireTime: number,
  lastEnqueue: AppState['lastEnqueue'],
  radius: number,
): BandViewData {
  // the view model's read (the page's grid and the band card show the same band)
  const { minScore, maxScore, slots, jobs, ceilingMembers } = readBand(band, arrivals, fireTime);
  return {
    fireTime,
    minScore,
    maxScore,
    slots: slots.length === 0 ? NO_SLOTS : slots,
    jobs,
    ceilingMembers,
    newestSlot: lastEnqueue !== null && lastEnqueue.fireTime === fireTime ? decodeScore(lastEnqueue.lastScore).slot : null,
    pastCliff: isPastCliff(fireTime),
    strip: stripOf(band, fireTime, radius),
  };
}

/** How many jobs each band from fireTime - radius to fireTime + radius holds (ZCOUNT over each band's range). */
function stripOf(band: SetReader, fireTime: number, radius: number): Array<{ fireTime: number; count: number }> {
  const strip: Array<{ fireTime: number; count: number }> = [];
  for (let ms = fireTime - radius; ms <= fireTime + radius; ms++) {
    const range = bandOf(ms);
    strip.push({ fireTime: ms, count: band.count(range.minScore, range.maxScore) });
  }
  return strip;
}

/**
 * The millisecond the stage's grid shows. Under a live clock now + delay moves on every tick, so it
 * would leave the jobs just written a second later: the grid keeps the band the last enqueue wrote
 * while the delay is the one that enqueue used, and follows now + delay again once the delay
 * changes (or before any enqueue, after a reset). A frozen clock moves only when the reader moves
 * it (to another instant, another millisecond), and the grid follows now + delay as it always did.
 */
export function stageFireTime(
  now: number,
  delay: number,
  clockMode: AppState['clockMode'],
  lastEnqueue: AppState['lastEnqueue'],
): number {
  const current = fireTimeOf(now, delay);
  if (lastEnqueue === null || clockMode !== 'live') return current;
  // fireTimeOf(timestamp, delay) = timestamp + delay for the delays the page takes (0 and up)
  return lastEnqueue.fireTime - lastEnqueue.timestamp === delay ? lastEnqueue.fireTime : current;
}

/** The band the stage's grid shows (stageFireTime), whatever band is chosen below. */
export const selectFireTimeBand = memoOn(
  (s: AppState) =>
    [s.bandSet, s.version, s.arrivals, stageFireTime(s.now, s.delay, s.clockMode, s.lastEnqueue), s.lastEnqueue] as const,
)((band, _version, arrivals, fireTime, lastEnqueue): BandViewData => bandViewOf(band, arrivals, fireTime, lastEnqueue, 0));

/**
 * The band of the selected millisecond (or of the current fire-time when none is selected). When
 * it is the stage's band (nothing selected), the stage's read is reused and only the strip is
 * added, so a frame of Play reads the band (up to BAND_READ_LIMIT entries) once, not twice.
 */
export const selectBandView = memoOn(
  (s: AppState) =>
    [
      s.bandSet,
      s.version,
      s.arrivals,
      s.selectedFireTime ?? fireTimeOf(s.now, s.delay),
      s.lastEnqueue,
      selectFireTimeBand(s),
    ] as const,
)((band, _version, arrivals, fireTime, lastEnqueue, stageBand): BandViewData =>
  stageBand.fireTime === fireTime
    ? { ...stageBand, strip: stripOf(band, fireTime, STRIP_RADIUS) }
    : bandViewOf(band, arrivals, fireTime, lastEnqueue, STRIP_RADIUS),
);
