/**
 * What replaying a scenario costs (its jobs and the bytes of their ids), known from its steps
 * without replaying them. Apart
 * from the codec (scenarioCodec.ts) so the store can weigh a scenario without the codec itself,
 * which loads after the first screen.
 */
import { groupDigits } from '../model/format.ts';
import { UUID_BYTES } from './jobIds.ts';
import type { Operation, Scenario, Settings } from './operations.ts';

const utf8Encoder = new TextEncoder();

/** What replaying a scenario costs, known from its steps without replaying them. */
export interface ScenarioCost {
  /** Jobs its enqueues write, in total (resets included). */
  readonly jobs: number;
  /** UTF-8 bytes of those jobs' ids, in total. */
  readonly idBytes: number;
  /** Operations it replays. */
  readonly steps: number;
  /**
   * Its replay's work: one for each step, each job written and each job a promote can take out (an
   * upper bound: the jobs due by then, counting the textbook's whole-second sweep). What the page weighs to choose
   * between at once and in slices: a link of 50,000 resets moves no job but is not free.
   */
  readonly work: number;
}

/** Decimal digits of the whole numbers from..from+count-1 (from >= 1), in total. */
function digitsOf(from: number, count: number): number {
  let total = 0;
  let low = from;
  const end = from + count; // exclusive
  for (let digits = String(from).length, limit = 10 ** digits; low < end; digits++, limit *= 10) {
    const upTo = Math.min(end, limit);
    total += (upTo - low) * digits;
    low = upTo;
  }
  return total;
}

/** The cost of operations applied one after another, following the id style, the prefix, the delay and resets. */
export interface CostCounter {
  add(op: Operation): void;
  total(): ScenarioCost;
}

/** Jobs not yet promoted, by fire-time: a binary min-heap of (fire-time, count) batches, one per enqueue. */
class PendingJobs {
  readonly #fireTimes: number[] = [];
  readonly #counts: number[] = [];

  add(fireTime: number, count: number): void {
    const times = this.#fireTimes;
    const counts = this.#counts;
    let i = times.length;
    times.push(fireTime);
    counts.push(count);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (times[parent]! <= fireTime) break;
      times[i] = times[parent]!;
      counts[i] = counts[parent]!;
      i = parent;
    }
    times[i] = fireTime;
    counts[i] = count;
  }

  /** Takes out every batch due by `bound` (fire-time <= bound); gives how many jobs they hold. */
  takeDue(bound: number): number {
    let taken = 0;
    while (this.#fireTimes.length > 0 && this.#fireTimes[0]! <= bound) {
      taken += this.#counts[0]!;
      this.#popHead();
    }
    return taken;
  }

  clear(): void {
    this.#fireTimes.length = 0;
    this.#counts.length = 0;
  }

  #popHead(): void {
    const times = this.#fireTimes;
    const counts = this.#counts;
    const lastTime = times.pop()!;
    const lastCount = counts.pop()!;
    const n = times.length;
    if (n === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const child = left + 1 < n && times[left + 1]! < times[left]! ? left + 1 : left;
      if (times[child]! >= lastTime) break;
      times[i] = times[child]!;
      counts[i] = counts[child]!;
      i = child;
    }
    times[i] = lastTime;
    counts[i] = lastCount;
  }
}

/** The textbook's sweep in whole seconds takes a job up to this long before its fire-time. */
const TEXTBOOK_EARLY_MS = 999;

export function costCounter(initial: Settings): CostCounter {
  let style = initial.idStyle;
  let prefixBytes = utf8Encoder.encode(initial.idPrefix).length;
  let delay = initial.delay;
  let next = 1;
  let jobs = 0;
  let idBytes = 0;
  let steps = 0;
  let work = 0;
  const pending = new PendingJobs();
  return {
    add(op) {
      steps++;
      if (op.kind === 'reset') {
        next = 1;
        pending.clear();
        work += 1;
      } else if (op.kind === 'enqueue') {
        const n = op.count;
        if (style === 'uuid') idBytes += n * UUID_BYTES;
        else idBytes += digitsOf(next, n) + n * (style === 'job:N' ? 'job:'.length : style === 'prefix' ? prefixBytes : 0);
        jobs += n;
        next += n;
        pending.add(op.at + delay, n);
        work += 1 + n;
      } else if (op.kind === 'promote') {
        work += 1 + pending.takeDue(op.at + TEXTBOOK_EARLY_MS);
      } else {
        if (op.kind === 'idStyle') style = op.style;
        else if (op.kind === 'prefix') prefixBytes = utf8Encoder.encode(op.prefix).length;
        else if (op.kind === 'delay') delay = op.delay;
        work += 1;
      }
    },
    total: () => ({ jobs, idBytes, steps, work }),
  };
}

/**
 * The cost of replaying `scenario`: its jobs and the bytes of their ids, following the id style,
 * the prefix and the arrival numbers (which a reset starts again at 1) as the steps set them.
 * An estimate where the replay would refuse a step (it counts the step's jobs anyway).
 */
export function scenarioCost(scenario: Scenario): ScenarioCost {
  const counter = costCounter(scenario.initial);
  for (const op of scenario.operations) counter.add(op);
  return counter.total();
}

/**
 * How far a long load had come when it was cancelled: " after 1,200 of 50,000 jobs". Here, not in
 * the store, because the store importing src/model/format.ts itself made Rolldown split that module
 * into a start chunk of its own (one more file fetched before the first screen).
 */
export function loadedSoFar(jobs: number, totalJobs: number): string {
  return ` after ${groupDigits(jobs)} of ${groupDigits(totalJobs)} jobs`;
}
