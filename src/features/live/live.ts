/**
 * The live group of the page's derivations (beside scores, band, sets and promote): a real
 * delayed set, as the bridge read it (ZRANGE ... WITHSCORES pages), made ready for the
 * simulation's views: rows for SetView, a band for BandGrid, and the score decoder's flags for
 * every member. Scores stay the text Redis replied; their values come from doubles.ts, their
 * fire-time and slot from score.ts (by the scheme of the library that wrote them, see
 * src/model/doctor/scheme.ts), their flags from scoreDecoder.ts.
 */
import { countDueInversions, dueOrderRanks } from '../../model/strategies/dueOrder.ts';
import { parseScoreArg } from '../../model/redis/doubles.ts';
import { bandOf, isPastCliff } from '../../model/protocol/score.ts';
import { SCORE_FLAGS, decodeAs, scoreFlags } from '../../model/decoder/scoreDecoder.ts';
import type { ScoreFlag } from '../../model/decoder/scoreDecoder.ts';
import type { ScoreScheme } from '../../model/doctor/scheme.ts';
import type { BandSlot, BandView } from '../../store/band.ts';
import type { SetRow } from '../../store/sets.ts';

/** One member of the live set, decoded: a SetView row with its score's value, band and flags. */
export interface LiveRow extends SetRow {
  /** The score's value; null when Redis sent text that is not a number (never from a real server). */
  readonly score: number | null;
  /** The score's millisecond and slot under the set's scheme; null for an infinite or unreadable score (the slot under bare-ms too). */
  readonly fireTime: number | null;
  readonly slot: number | null;
  /** scoreFlags of the score, plus 'shared' when a neighbour holds the same score. */
  readonly flags: readonly ScoreFlag[];
  /**
   * The job's arrival number: its BullMQ id when it is a counter id; null for another id in a set
   * that has counter ids too (a scheduler's `repeat:` job, a custom id); position + 1 when no id is one.
   */
  readonly arrival: number | null;
}

export interface LiveSet {
  readonly key: string;
  /** The scheme the scores were read by. */
  readonly scheme: ScoreScheme;
  /** ZCARD when the first page was read. */
  readonly size: number;
  /** The members read, in set order (the head of the set when it holds more than the panel reads). */
  readonly rows: readonly LiveRow[];
  /** True when every id is a whole number: BullMQ's default ids count jobs as they are added. */
  readonly arrivalKnown: boolean;
  /**
   * Pairs of counted rows in the opposite order to the one they fall due in (their score's
   * millisecond, then their counter id): the rows with a counter id and a numeric score.
   */
  readonly outOfOrderPairs: number;
  /** Rows left out of that count: no counter id (so no arrival), or a score that is not a finite number. */
  readonly uncounted: number;
  readonly flagCounts: Readonly<Record<ScoreFlag, number>>;
  /** Milliseconds the rows fire at, ascending, with how many rows each holds. */
  readonly bands: ReadonlyArray<{ readonly fireTime: number; readonly count: number }>;
}

/** A BullMQ counter id: digits only, no leading zero, exact as a double. */
const COUNTER_ID = /^(?:0|[1-9]\d{0,14})$/;

/**
 * Decodes the entries of ZRANGE key 0 n WITHSCORES ([member, score text] pairs) into a LiveSet,
 * reading the scores by `scheme` (BullMQ's band unless told).
 * Equal scores sit next to each other in a sorted set, so 'shared' only looks at neighbours.
 */
export function decodeLiveSet(
  key: string,
  size: number,
  entries: ReadonlyArray<readonly [string, string]>,
  scheme: ScoreScheme = 'band',
): LiveSet {
  const count = entries.length;
  const scores = entries.map(([, text]) => parseScoreArg(text));
  const isCounter = entries.map(([member]) => COUNTER_ID.test(member));
  const arrivalKnown = count > 0 && isCounter.every(Boolean);
  const anyCounter = isCounter.some(Boolean);
  const arrivals = entries.map(([member], i) => (isCounter[i] ? Number(member) : anyCounter ? null : i + 1));
  // Due order can only place the rows with an arrival and a fire-time; the others are left out of it.
  const counted: number[] = [];
  for (let i = 0; i < count; i++) if (isCounter[i] && Number.isFinite(scores[i] ?? Number.NaN)) counted.push(i);
  const countedFire = counted.map((i) => decodeAs(scores[i]!, scheme).fireTime);
  const countedArrival = counted.map((i) => arrivals[i]!);
  const countedRanks = dueOrderRanks(countedFire, countedArrival);
  const outOfOrder = new Uint8Array(count);
  counted.forEach((row, k) => (outOfOrder[row] = countedRanks[k] !== k ? 1 : 0));
  const flagCounts = Object.fromEntries(SCORE_FLAGS.map((flag) => [flag, 0])) as Record<ScoreFlag, number>;
  const perBand = new Map<number, number>();

  const rows: LiveRow[] = entries.map(([member, scoreText], i) => {
    const score = scores[i] ?? null;
    const finite = score !== null && Number.isFinite(score);
    const { fireTime, slot } = finite ? decodeAs(score, scheme) : { fireTime: null, slot: null };
    const flags: ScoreFlag[] = score === null ? ['notBand'] : scoreFlags(score, scheme, member);
    if (score !== null && (scores[i - 1] === score || scores[i + 1] === score)) flags.push('shared');
    for (const flag of flags) flagCounts[flag]++;
    if (fireTime !== null && !flags.includes('notBand')) perBand.set(fireTime, (perBand.get(fireTime) ?? 0) + 1);
    return {
      position: i,
      member,
      scoreText,
      score,
      fireTime,
      slot,
      flags,
      arrival: arrivals[i] ?? null,
      outOfOrder: outOfOrder[i] === 1,
    };
  });

  return {
    key,
    scheme,
    size,
    rows,
    arrivalKnown,
    outOfOrderPairs: countDueInversions(countedFire, countedArrival),
    uncounted: count - counted.length,
    flagCounts,
    bands: [...perBand].map(([fireTime, n]) => ({ fireTime, count: n })).sort((a, b) => a.fireTime - b.fireTime),
  };
}

/** The set read again by another scheme (from the members and score texts it holds). */
export function liveSetAs(set: LiveSet, scheme: ScoreScheme): LiveSet {
  if (scheme === set.scheme) return set;
  return decodeLiveSet(
    set.key,
    set.size,
    set.rows.map((row) => [row.member, row.scoreText] as const),
    scheme,
  );
}

/**
 * The rows of `set` whose score decodes to `fireTime` (bandOf's minScore..maxScore), as BandGrid
 * draws them; the newest slot is the latest arrival's, when arrival is known.
 */
export function liveBand(set: LiveSet, fireTime: number): BandView {
  const { maxScore } = bandOf(fireTime);
  const slots: BandSlot[] = [];
  let ceilingMembers = 0;
  let newest: { arrival: number; slot: number } | null = null;
  for (const row of set.rows) {
    if (row.fireTime !== fireTime || row.slot === null || row.flags.includes('notBand')) continue;
    slots.push({ slot: row.slot, member: row.member, scoreText: row.scoreText, arrival: row.arrival ?? 0 });
    if (row.score === maxScore) ceilingMembers++;
    if (set.arrivalKnown && row.arrival !== null && (newest === null || row.arrival > newest.arrival))
      newest = { arrival: row.arrival, slot: row.slot };
  }
  return { fireTime, slots, ceilingMembers, newestSlot: newest?.slot ?? null, pastCliff: isPastCliff(fireTime) };
}

/** The millisecond to show first: the band holding the most rows (the earliest of equals), or null. */
export function busiestBand(set: LiveSet): number | null {
  let best: { fireTime: number; count: number } | null = null;
  for (const band of set.bands) if (best === null || band.count > best.count) best = band;
  return best?.fireTime ?? null;
}

/** Consecutive milliseconds around `fireTime` and how many rows of the set fire in each (for BandStrip). */
export function bandStrip(set: LiveSet, fireTime: number, radius: number): Array<{ fireTime: number; count: number }> {
  const counts = new Map(set.bands.map((band) => [band.fireTime, band.count]));
  const strip: Array<{ fireTime: number; count: number }> = [];
  for (let ms = fireTime - radius; ms <= fireTime + radius; ms++) strip.push({ fireTime: ms, count: counts.get(ms) ?? 0 });
  return strip;
}
