/**
 * The delayed-score arithmetic, and the only place in the project where it lives.
 *
 * Lua 5.1 numbers are IEEE-754 doubles, exactly like a JavaScript `number`, so every function
 * here is the plain double arithmetic the Lua line it mirrors performs, rounding included.
 * Nothing here uses `<<`, `|` or `&` on a score or fire-time: those are 32-bit in JavaScript,
 * and a millisecond fire-time times 0x1000 needs 53.
 */

/** Slots per millisecond: the `0x1000` of getDelayedScore.lua (2^12, twelve low bits). */
export const BAND_SLOTS = 0x1000;

/** The first fire-time (ms) whose band floor `fireTime * 0x1000` reaches 2^53 (2039-09-07T15:47:35.552Z). */
export const CLIFF_FIRE_TIME = 2 ** 41;

/** One millisecond's range of scores: every score from minScore to maxScore means that fire-time. */
export interface Band {
  readonly minScore: number;
  readonly maxScore: number;
}

/**
 * The fire-time in ms. Mirrors getDelayedScore.lua
 * `local delayedTimestamp = (delay > 0 and (tonumber(timestamp) + delay)) or tonumber(timestamp)`:
 * a delay that is not above zero (0, negative, NaN) is ignored.
 */
export function fireTimeOf(timestamp: number, delay: number): number {
  return delay > 0 ? timestamp + delay : timestamp;
}

/**
 * The band of a fire-time. Mirrors getDelayedScore.lua `local minScore = delayedTimestamp * 0x1000`
 * and `local maxScore = (delayedTimestamp + 1 ) * 0x1000 - 1`. Past the cliff the `- 1` is lost to
 * rounding and maxScore equals the next band's minScore.
 */
export function bandOf(fireTime: number): Band {
  return { minScore: fireTime * BAND_SLOTS, maxScore: (fireTime + 1) * BAND_SLOTS - 1 };
}

/**
 * One line of getDelayedScore.lua's branches as nextScoreInBand runs it: each test with its
 * outcome, then the return taken with the score it gives.
 */
export type BandBranchStep =
  | { readonly line: 'has score' | 'band full'; readonly value: boolean }
  | { readonly line: 'return ceiling' | 'return bump' | 'return floor'; readonly value: number };

/**
 * The score a new member of the band gets, given the highest score already in it (null: none).
 * Mirrors getDelayedScore.lua's branches: no score -> `return minScore`; `currentMaxScore >= maxScore`
 * -> `return maxScore` (saturated); else `return currentMaxScore + 1` (which rounds back past the cliff).
 * `trace`, when given, is told each line as it runs (the page's script stepper); without it nothing
 * is built, as the enqueue path needs.
 */
export function nextScoreInBand(band: Band, currentMaxScore: number | null, trace?: (step: BandBranchStep) => void): number {
  // if currentMaxScore ~= nil then
  trace?.({ line: 'has score', value: currentMaxScore !== null });
  if (currentMaxScore === null) {
    // return minScore, delayedTimestamp (after the ifs)
    trace?.({ line: 'return floor', value: band.minScore });
    return band.minScore;
  }
  // if currentMaxScore >= maxScore then
  const full = currentMaxScore >= band.maxScore;
  trace?.({ line: 'band full', value: full });
  if (full) {
    // return maxScore, delayedTimestamp
    trace?.({ line: 'return ceiling', value: band.maxScore });
    return band.maxScore;
  }
  // return currentMaxScore + 1, delayedTimestamp
  const bumped = currentMaxScore + 1;
  trace?.({ line: 'return bump', value: bumped });
  return bumped;
}

/**
 * The textbook score: the fire-time itself, `ZADD delayed_queue <now + delay> <member>`, in ms, or in
 * whole Unix seconds (floored, as `Time#to_i` / `int(time())` do) for the seconds-based schedulers.
 */
export function textbookScore(timestampMs: number, delayMs: number, unit: 's' | 'ms'): number {
  const fireTimeMs = timestampMs + delayMs;
  return unit === 'ms' ? fireTimeMs : Math.floor(fireTimeMs / 1000);
}

/**
 * The fire-time (ms) a textbook score stands for: the score itself in ms, the first millisecond of
 * its second in seconds (all a seconds score still knows of the job's due time).
 */
export function textbookFireTime(score: number, unit: 's' | 'ms'): number {
  return unit === 'ms' ? score : score * 1000;
}

// 2^52 + 2^51: LuaBitOp's barg() adds this so the low 32 bits of the double hold the rounded integer.
const BITOP_MAGIC = 6755399441055744.0;
const bitopScratch = new DataView(new ArrayBuffer(8));

/**
 * The twelve low bits the old scheme took from the job counter: Lua's `bit.band(jobCounter, 0xfff)`.
 * Reproduces LuaBitOp's argument conversion exactly (add 2^52 + 2^51, keep the low 32 bits of the
 * double): the counter is taken modulo 2^32 after rounding half to even, so counters past 2^31 wrap
 * like Redis does, and NaN (a custom string id's `tonumber`) or an infinity gives 0.
 */
export function legacySlot(counter: number): number {
  bitopScratch.setFloat64(0, counter + BITOP_MAGIC, true);
  return bitopScratch.getUint32(0, true) % BAND_SLOTS;
}

/**
 * The score before BullMQ 5.8.6 (and in Bull 3/4):
 * `local score = delayedTimestamp * 0x1000 + bit.band(jobCounter, 0xfff)`. Wraps every 4096 ids.
 */
export function legacyScore(fireTime: number, counter: number): number {
  return fireTime * BAND_SLOTS + legacySlot(counter);
}

/**
 * Splits a score into its millisecond and its slot (0..4095 below the cliff). Exact: dividing by a
 * power of two only moves the exponent. Inverse of `fireTime * 0x1000 + slot`.
 */
export function decodeScore(score: number): { fireTime: number; slot: number } {
  const fireTime = Math.floor(score / BAND_SLOTS);
  return { fireTime, slot: score - fireTime * BAND_SLOTS };
}

/** True when the fire-time's band floor is at or past 2^53, where `s + 1` no longer moves a score. */
export function isPastCliff(fireTime: number): boolean {
  return fireTime >= CLIFF_FIRE_TIME;
}

/**
 * Bull 4's promote sweep's upper bound, updateDelaySet-6.lua
 * `rcall("ZRANGEBYSCORE", KEYS[1], 0, tonumber(ARGV[2]) * 0x1000, "LIMIT", 0, 1000)` with ARGV[2] =
 * Date.now(): inclusive, so of the millisecond `now` only the job in slot 0 (counter & 0xfff = 0)
 * is due; the others wait for the next sweep. (BullMQ 5.8.5 read to `(now + 1) * 0x1000`.)
 */
export function bullUpdateDelaySetBound(now: number): number {
  return now * BAND_SLOTS;
}

/**
 * The promote sweep's upper bound, promoteDelayedJobs.lua
 * `rcall("ZRANGEBYSCORE", delayedKey, 0, (timestamp + 1) * 0x1000 - 1, "LIMIT", 0, 1000)`:
 * the top of the current millisecond's band (past the cliff it rounds up to the next band's floor).
 */
export function promoteBound(now: number): number {
  return (now + 1) * BAND_SLOTS - 1;
}

/**
 * The next wake time read back from the head's score, getNextDelayedTimestamp.lua
 * `return nextTimestamp / 0x1000`: no floor, so a bumped head gives T + k/4096 (exact).
 */
export function nextTimestampOf(score: number): number {
  return score / BAND_SLOTS;
}

/**
 * The whole millisecond a worker wakes at: a Lua number returned from a script becomes an integer
 * reply by a C `(long long)` cast, which truncates toward zero (the worker's parseInt agrees).
 */
export function wakeMillisecond(nextTimestamp: number): number {
  return Math.trunc(nextTimestamp) + 0; // + 0: an integer reply has no -0
}

/**
 * The spacing of doubles at a finite score's magnitude (the gap to the next larger magnitude): 1 from
 * 2^52 up to 2^53, then 2, 4, ... . Where it exceeds 1, `s + 1` rounds (half to even) and the bump
 * can no longer tell same-millisecond jobs apart.
 */
export function scoreStep(score: number): number {
  const magnitude = Math.abs(score);
  if (magnitude < 2 ** -1022) return 2 ** -1074; // subnormal range: the smallest step
  bitopScratch.setFloat64(0, magnitude, true);
  const exponent = (bitopScratch.getUint16(6, true) >>> 4) - 1023;
  return 2 ** (exponent - 52);
}
