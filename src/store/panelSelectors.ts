/**
 * The selectors only the parts after the first screen read (selectors.ts has the first screen's):
 * the two sets in set order (SetsPanel), one millisecond's band (the stage's grid, the band panel)
 * and promote's lists and the band set's head (promote, the timeline, auto-promote). Apart so the
 * start script does not carry them: they load with those parts. Memoized as selectors.ts's are.
 */
import type { MemoryRedis } from '../model/redis/memoryRedis.ts';
import type { Reply } from '../model/redis/reply.ts';
import { getNextDelayedTimestamp } from '../model/protocol/delayed.ts';
import { BAND_SLOTS, bandOf, decodeScore, isPastCliff, fireTimeOf, wakeMillisecond } from '../model/protocol/score.ts';
import { arrivalRanks, countInversions } from '../model/strategies/arrivalOrder.ts';
import { BAND_KEY, TEXTBOOK_KEY } from './appStore.ts';
import type { AppState, TextbookUnit } from './appStore.ts';
import { memoOn } from './memo.ts';
import { integerReply, scoreOf } from './selectors.ts';
import type { ArrivalTracker } from '../session/arrivalTracker.ts';

/** One member of a sorted set, as a ZRANGE walk returns it, with the order it arrived in (a row of SetView). */
export interface SetRow {
  /** 0-based rank in the set (what ZRANGE counts from). */
  readonly position: number;
  readonly member: string;
  /** The score exactly as Redis prints it. */
  readonly scoreText: string;
  readonly arrival: number;
  /** The row sits away from where arrival order would put it. */
  readonly outOfOrder: boolean;
}

/** A set read in set order: its size, how far from arrival order it is, and a row reader (visible rows only). */
export interface SetSnapshot {
  readonly size: number;
  readonly outOfOrderPairs: number;
  readonly version: number;
  readonly readRows: (start: number, end: number) => SetRow[];
  /** The member's position in set order (ZRANK), or null when the set does not hold it. */
  readonly positionOf: (member: string) => number | null;
}

/** A set's snapshot as selectTextbookSet / selectBandSet build it (exported for the enqueue warm-up, which reads a throwaway session's sets). */
export function snapshotOf(
  redis: MemoryRedis,
  key: string,
  arrivals: ReadonlyMap<string, number>,
  order: ArrivalTracker,
  version: number,
): SetSnapshot {
  return {
    size: order.size,
    outOfOrderPairs: order.inversions,
    version,
    readRows(start, end) {
      const page = redis.call('ZRANGE', key, start, end, 'WITHSCORES');
      const rows: SetRow[] = [];
      if (!Array.isArray(page)) return rows;
      for (let i = 0; i + 1 < page.length; i += 2) {
        const position = start + i / 2;
        const member = String(page[i]);
        const arrival = arrivals.get(member) ?? 0;
        rows.push({ position, member, scoreText: String(page[i + 1]), arrival, outOfOrder: order.rank(arrival) !== position });
      }
      return rows;
    },
    positionOf(member) {
      const rank = redis.call('ZRANK', key, member);
      return typeof rank === 'number' ? rank : null;
    },
  };
}

/** The textbook set in set order. */
export const selectTextbookSet = memoOn((s: AppState) => [s.textbook, s.version, s.arrivals, s.textbookOrder] as const)(
  (textbook, version, arrivals, order) => snapshotOf(textbook, TEXTBOOK_KEY, arrivals, order, version),
);

/** The band set in set order. */
export const selectBandSet = memoOn((s: AppState) => [s.band, s.version, s.arrivals, s.bandOrder] as const)(
  (band, version, arrivals, order) => snapshotOf(band, BAND_KEY, arrivals, order, version),
);

/** One job in a band: its slot (the low twelve bits of its score) and where it came from. */
export interface BandSlot {
  readonly slot: number;
  readonly member: string;
  readonly scoreText: string;
  readonly arrival: number;
}

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
 * The most entries the band view reads from one millisecond's band: every slot below the ceiling
 * and the first 64 jobs (member-byte order) sharing the ceiling, so one saturated millisecond of
 * 1,000,000 jobs is read as 4,160 entries, not 1,000,000.
 */
export const BAND_READ_LIMIT = BAND_SLOTS + 64;

/**
 * One band read from the band set: its slots, the ceiling pile-up, and a strip of `radius` ms on
 * each side (exported for the enqueue warm-up, which reads a throwaway session's band).
 */
export function bandViewOf(
  band: MemoryRedis,
  arrivals: ReadonlyMap<string, number>,
  fireTime: number,
  lastEnqueue: AppState['lastEnqueue'],
  radius: number,
): BandViewData {
  const { minScore, maxScore } = bandOf(fireTime);
  const jobs = integerReply(band.call('ZCOUNT', BAND_KEY, minScore, maxScore));
  const slots = bandSlotsOf(band, arrivals, fireTime, jobs);
  return {
    fireTime,
    minScore,
    maxScore,
    slots,
    jobs,
    ceilingMembers: integerReply(band.call('ZCOUNT', BAND_KEY, maxScore, maxScore)),
    newestSlot: lastEnqueue !== null && lastEnqueue.fireTime === fireTime ? decodeScore(lastEnqueue.lastScore).slot : null,
    pastCliff: isPastCliff(fireTime),
    strip: stripOf(band, fireTime, radius),
  };
}

/** The last band read from each band set, so the next read of the same millisecond can add only what arrived. */
const lastBandRead = new WeakMap<MemoryRedis, { fireTime: number; slots: readonly BandSlot[] }>();

/**
 * The band's entries in set order, up to BAND_READ_LIMIT (`jobs`: its ZCOUNT). While jobs are
 * played into one millisecond the band only grows at its end (addDelayedJob scores a job one
 * above the band's highest), so when the last read of this millisecond is still the band's head
 * (its first and last entries sit at the same ranks with the same score and arrival) only the
 * entries after it are read: a frame of Play reads its 17 jobs, not the whole band (4,000
 * WITHSCORES entries formatted and parsed back each frame). Anything else (a promote took the
 * head, an undo took the tail, the band reached its ceiling, where ties go by member bytes and a
 * job can land before others) reads the whole band again.
 */
function bandSlotsOf(
  band: MemoryRedis,
  arrivals: ReadonlyMap<string, number>,
  fireTime: number,
  jobs: number,
): readonly BandSlot[] {
  const { minScore, maxScore } = bandOf(fireTime);
  const last = lastBandRead.get(band);
  let slots: readonly BandSlot[] | null = null;
  const tail = last?.slots.at(-1);
  if (
    last !== undefined &&
    tail !== undefined &&
    last.fireTime === fireTime &&
    jobs >= last.slots.length &&
    jobs <= BAND_READ_LIMIT &&
    // below the ceiling and the cliff every score in the band is its own, so a job can only land after the last
    tail.slot < BAND_SLOTS - 1 &&
    !isPastCliff(fireTime)
  ) {
    const kept = last.slots;
    const head = kept[0]!;
    // the band's first rank: how many members score below its floor
    const firstRank = integerReply(band.call('ZCOUNT', BAND_KEY, '-inf', `(${minScore}`));
    const fresh = readSlots(
      band.call('ZRANGE', BAND_KEY, firstRank + kept.length - 1, firstRank + jobs - 1, 'WITHSCORES'),
      arrivals,
    );
    const first = readSlots(band.call('ZRANGE', BAND_KEY, firstRank, firstRank, 'WITHSCORES'), arrivals)[0];
    if (fresh.length === jobs - kept.length + 1 && sameSlot(fresh[0], tail) && sameSlot(first, head)) {
      slots = fresh.length === 1 ? kept : kept.concat(fresh.slice(1));
    }
  }
  if (slots === null) {
    const read = readSlots(
      band.call('ZRANGEBYSCORE', BAND_KEY, minScore, maxScore, 'WITHSCORES', 'LIMIT', 0, BAND_READ_LIMIT),
      arrivals,
    );
    slots = read.length === 0 ? NO_SLOTS : read;
  }
  lastBandRead.set(band, { fireTime, slots });
  return slots;
}

/** BandSlots from a WITHSCORES reply (member, score, member, score, ...). */
function readSlots(reply: Reply, arrivals: ReadonlyMap<string, number>): BandSlot[] {
  const entries = Array.isArray(reply) ? reply : [];
  const slots: BandSlot[] = [];
  for (let i = 0; i + 1 < entries.length; i += 2) {
    const member = String(entries[i]);
    slots.push({
      slot: decodeScore(scoreOf(entries[i + 1])).slot,
      member,
      scoreText: String(entries[i + 1]),
      arrival: arrivals.get(member) ?? 0,
    });
  }
  return slots;
}

function sameSlot(a: BandSlot | undefined, b: BandSlot): boolean {
  return a !== undefined && a.member === b.member && a.scoreText === b.scoreText && a.arrival === b.arrival;
}

/** How many jobs each band from fireTime - radius to fireTime + radius holds (ZCOUNT over each band's range). */
function stripOf(band: MemoryRedis, fireTime: number, radius: number): Array<{ fireTime: number; count: number }> {
  const strip: Array<{ fireTime: number; count: number }> = [];
  for (let ms = fireTime - radius; ms <= fireTime + radius; ms++) {
    const range = bandOf(ms);
    strip.push({ fireTime: ms, count: integerReply(band.call('ZCOUNT', BAND_KEY, range.minScore, range.maxScore)) });
  }
  return strip;
}

/** The band of the current fire-time (now + delay), whatever band is chosen below: the stage's grid. */
export const selectFireTimeBand = memoOn(
  (s: AppState) => [s.band, s.version, s.arrivals, fireTimeOf(s.now, s.delay), s.lastEnqueue] as const,
)((band, _version, arrivals, fireTime, lastEnqueue): BandViewData => bandViewOf(band, arrivals, fireTime, lastEnqueue, 0));

/**
 * The band of the selected millisecond (or of the current fire-time when none is selected). When
 * it is the stage's band (nothing selected), the stage's read is reused and only the strip is
 * added, so a frame of Play reads the band (up to BAND_READ_LIMIT entries) once, not twice.
 */
export const selectBandView = memoOn(
  (s: AppState) =>
    [
      s.band,
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

export interface PromotedListData {
  /** In the order they came out; `at`: the instant of the promote that took the job (lists since the last reset). */
  readonly jobs: ReadonlyArray<{ member: string; arrival: number; at?: number }>;
  readonly calls: number;
  readonly outOfOrderPairs: number;
  readonly ranks: Int32Array;
}

export interface PromoteSummary {
  readonly now: number;
  readonly band: PromotedListData;
  readonly textbook: PromotedListData & { readonly bound: number; readonly unit: TextbookUnit };
  readonly nextWake: number | null;
  readonly nextWakeMs: number | null;
}

function promotedList(jobs: PromotedListData['jobs'], calls: number): PromotedListData {
  const arrivals = Float64Array.from(jobs, (job) => job.arrival);
  return { jobs, calls, outOfOrderPairs: countInversions(arrivals), ranks: arrivalRanks(arrivals) };
}

/** The last promote of both sets, with how far each came out from arrival order; null before any. */
export const selectPromoteSummary = memoOn((s: AppState) => [s.lastPromote] as const)((last): PromoteSummary | null =>
  last === null
    ? null
    : {
        now: last.now,
        band: promotedList(last.band.jobs, last.band.calls),
        textbook: {
          ...promotedList(last.textbook.jobs, last.textbook.calls),
          bound: last.textbook.bound,
          unit: last.textbook.unit,
        },
        nextWake: last.nextWake,
        nextWakeMs: last.nextWake === null ? null : wakeMillisecond(last.nextWake),
      },
);

/** Since the last reset: every job each set handed out, in order, with how far from arrival order. */
export interface PromotedSinceResetData {
  readonly promotes: number;
  readonly band: PromotedListData;
  readonly textbook: PromotedListData;
}

/** Every job promoted since the last reset (manual and auto-promote alike), per set, in order. */
export const selectPromotedSinceReset = memoOn((s: AppState) => [s.promoted, s.promoted.changes] as const)(
  (promoted): PromotedSinceResetData => ({
    promotes: promoted.promotes,
    band: promotedList(promoted.band, promoted.promotes),
    textbook: promotedList(promoted.textbook, promoted.promotes),
  }),
);

/** How many of the band set's head jobs the timeline marks. */
export const HEAD_MARKS = 200;

/** One job at the head of the band set: its member, score text and fire-time (the score's millisecond). */
export interface HeadMark {
  readonly member: string;
  readonly scoreText: string;
  readonly fireTime: number;
}

/** The head of the band set: what a worker sleeps on. */
export interface BandHead {
  /** Jobs in the band set. */
  readonly size: number;
  /** The first HEAD_MARKS jobs in set order. */
  readonly marks: readonly HeadMark[];
  /** getNextDelayedTimestamp: the head's score / 0x1000 (fractional when the head was bumped); null when empty. */
  readonly nextTimestamp: number | null;
  /** The whole millisecond the worker wakes at (the integer reply the script's number becomes); null when empty. */
  readonly wakeAt: number | null;
}

/**
 * The band set's head, read with ZRANGE 0 <HEAD_MARKS - 1> and getNextDelayedTimestamp on the set
 * itself (page reads, not logged). Depends on the set only, so a slider drag never re-reads it.
 */
export const selectBandHead = memoOn((s: AppState) => [s.band, s.version] as const)((band): BandHead => {
  const size = integerReply(band.call('ZCARD', BAND_KEY));
  const page = band.call('ZRANGE', BAND_KEY, 0, HEAD_MARKS - 1, 'WITHSCORES');
  const marks: HeadMark[] = [];
  if (Array.isArray(page)) {
    for (let i = 0; i + 1 < page.length; i += 2) {
      const scoreText = String(page[i + 1]);
      marks.push({ member: String(page[i]), scoreText, fireTime: decodeScore(scoreOf(page[i + 1])).fireTime });
    }
  }
  const nextTimestamp = getNextDelayedTimestamp(band, BAND_KEY);
  return { size, marks, nextTimestamp, wakeAt: nextTimestamp === null ? null : wakeMillisecond(nextTimestamp) };
});
