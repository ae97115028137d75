/**
 * One arrival stream through every strategy: each gets its own MemoryRedis, every arrival is
 * enqueued with the strategy's own commands, then everything is promoted the way the strategy's
 * poller reads its set, and the promotion order is measured against the order the jobs fall due
 * (fire-time, then arrival). When every job shares one delay and the clock never goes back, as in
 * a generated stream, that is arrival order itself.
 *
 * All of it is O(n log n) per strategy (sorted-set commands are O(log n); the inversion count
 * is a merge sort; the ties are a sort of the scores), and the work is a generator that yields
 * progress between chunks, so a caller can spread 100,000 jobs over many frames or a worker.
 */
import { MemoryRedis } from '../redis/memoryRedis.ts';
import type { Arrival } from './arrivalStreams.ts';
import { countDueInversions, dueOrderRanks } from './dueOrder.ts';
import { fireTimeOf } from '../protocol/score.ts';
import { STRATEGIES, type Strategy, type StrategyId } from './strategies.ts';

/** What one strategy did with the stream. */
export interface StrategyOutcome {
  readonly id: StrategyId;
  /**
   * The promoted jobs' due positions (dueRanks: 1 = due first), in promotion order: sorted means
   * FIFO. For a stream in due order these are the id counters.
   */
  readonly order: Int32Array;
  /** Pairs of jobs promoted in the opposite order to the one they fall due in: the Kendall tau distance. */
  readonly inversions: number;
  /** The Kendall tau distance over the number of pairs, n(n-1)/2: 0 = FIFO, 1 = exactly reversed. */
  readonly normalisedTau: number;
  /** Pairs of jobs written with equal scores, whose order the score alone cannot decide. */
  readonly tiedPairs: number;
  /** Jobs that share their score with at least one other job. */
  readonly tiedJobs: number;
}

/** Where a running comparison is: `done` of `total` steps (one enqueue or one promotion each). */
export interface ComparisonProgress {
  readonly done: number;
  readonly total: number;
  readonly strategy: StrategyId;
  readonly phase: 'enqueue' | 'promote';
}

/** Jobs with equal scores: how many pairs, and how many jobs are in a group of two or more. */
export interface Ties {
  readonly pairs: number;
  readonly jobs: number;
}

/**
 * Counts the jobs that share a score: sorts a copy of the scores (O(n log n)) and, for each run of
 * k equal values, adds k(k-1)/2 pairs and, when k > 1, k jobs. Scores compare as doubles, as Redis does.
 */
export function countTies(scores: ArrayLike<number>): Ties {
  const sorted = Float64Array.from(scores).sort();
  let pairs = 0;
  let jobs = 0;
  let runStart = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[runStart]) continue;
    const k = i - runStart;
    if (k > 1) {
      pairs += (k * (k - 1)) / 2;
      jobs += k;
    }
    runStart = i;
  }
  return { pairs, jobs };
}

/** The Kendall tau distance over the number of pairs among `n` items (0 when there is no pair). */
export function normaliseTau(inversions: number, n: number): number {
  const pairs = (n * (n - 1)) / 2;
  return pairs === 0 ? 0 : inversions / pairs;
}

/** The instant every job of the stream is due at: one second after the last fire-time. */
export function sweepTimeOf(stream: readonly Arrival[]): number {
  let last = -Infinity;
  for (const arrival of stream) last = Math.max(last, fireTimeOf(arrival.timestamp, arrival.delay));
  return last + 1000;
}

/**
 * Each job's place in the order a fair scheduler would promote the stream: by fire-time, and in
 * arrival (stream) order among equal fire-times. 1-based, keyed by the job's id counter.
 */
export function dueRanks(stream: readonly Arrival[]): Map<number, number> {
  const fireTimes = stream.map((arrival) => fireTimeOf(arrival.timestamp, arrival.delay));
  // the stream's own order is its arrival order
  const places = dueOrderRanks(
    fireTimes,
    stream.map((_, i) => i),
  );
  const byDue = new Int32Array(stream.length);
  places.forEach((place, i) => (byDue[place] = i));
  // keyed in due order, so the map lists the jobs as they fall due
  const ranks = new Map<number, number>();
  byDue.forEach((index, rank) => ranks.set(stream[index]!.counter, rank + 1));
  return ranks;
}

/** Whether the stream falls due in arrival order (its fire-times never go down): then dueRanks are the arrival positions. */
export function fallsDueInArrivalOrder(stream: readonly Arrival[]): boolean {
  for (let i = 1; i < stream.length; i++) {
    if (fireTimeOf(stream[i]!.timestamp, stream[i]!.delay) < fireTimeOf(stream[i - 1]!.timestamp, stream[i - 1]!.delay))
      return false;
  }
  return true;
}

/** How many enqueues run between two progress reports. */
export const ENQUEUE_CHUNK = 2000;

/**
 * Runs the stream through each strategy, yielding progress after every chunk of enqueues and after
 * each promotion; returns one outcome per strategy. The stream's counters must be distinct and grow
 * with arrival (an INCR counter does). Every strategy promotes once, at sweepTimeOf(stream), when
 * all are due.
 */
export function* compareStrategies(
  stream: readonly Arrival[],
  strategies: readonly Strategy[] = STRATEGIES,
  chunk = ENQUEUE_CHUNK,
): Generator<ComparisonProgress, StrategyOutcome[], void> {
  const n = stream.length;
  const total = 2 * n * strategies.length;
  const now = sweepTimeOf(stream);
  const ranks = dueRanks(stream);
  const rankOf = (counter: number) => {
    const rank = ranks.get(counter);
    if (rank === undefined) throw new Error(`job counter ${counter} is not in the stream`);
    return rank;
  };
  const outcomes: StrategyOutcome[] = [];
  let done = 0;
  for (const strategy of strategies) {
    const queue = strategy.open(new MemoryRedis());
    const scores = new Float64Array(n);
    for (let start = 0; start < n; start += chunk) {
      const end = Math.min(n, start + chunk);
      for (let i = start; i < end; i++) scores[i] = queue.add(stream[i]!);
      done += end - start;
      yield { done, total, strategy: strategy.id, phase: 'enqueue' };
    }
    const order = Int32Array.from(queue.promote(now), rankOf);
    if (order.length !== n) throw new Error(`${strategy.id} promoted ${order.length} of ${n} jobs`);
    done += n;
    yield { done, total, strategy: strategy.id, phase: 'promote' };
    // one fire-time for all: the promoted order is compared with the due ranks alone
    const inversions = countDueInversions(new Float64Array(n), order);
    const ties = countTies(scores);
    outcomes.push({
      id: strategy.id,
      order,
      inversions,
      normalisedTau: normaliseTau(inversions, n),
      tiedPairs: ties.pairs,
      tiedJobs: ties.jobs,
    });
  }
  return outcomes;
}

/** Runs compareStrategies to the end at once (tests, scripts and workers). */
export function compareStrategiesNow(
  stream: readonly Arrival[],
  strategies: readonly Strategy[] = STRATEGIES,
): StrategyOutcome[] {
  const run = compareStrategies(stream, strategies);
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
  }
}
