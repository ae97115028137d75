/**
 * What replaying a scenario costs (its jobs and the bytes of their ids), known from its steps
 * without replaying them. Apart from the codec (scenarioCodec.ts) so the store can weigh a
 * scenario without the codec itself, which loads after the first screen.
 */
import { groupDigits } from '../model/format.ts';
import type { Operation, Scenario, Settings } from './operations.ts';
import type { CostState } from './operations/kind.ts';
import { PendingJobs } from './operations/pendingJobs.ts';
import { kindOf } from './operations/registry.ts';

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

/** The cost of operations applied one after another, following the id style, the prefix, the delay and resets. */
export interface CostCounter {
  add(op: Operation): void;
  total(): ScenarioCost;
}

/** Each kind adds its own cost (operations/): one for the step, and the jobs it writes or can take out. */
export function costCounter(initial: Settings): CostCounter {
  const cost: CostState = {
    style: initial.idStyle,
    prefixBytes: utf8Encoder.encode(initial.idPrefix).length,
    delay: initial.delay,
    next: 1,
    jobs: 0,
    idBytes: 0,
    work: 0,
    pending: new PendingJobs(),
  };
  let steps = 0;
  return {
    add(op) {
      steps++;
      kindOf(op).cost(op, cost);
    },
    total: () => ({ jobs: cost.jobs, idBytes: cost.idBytes, steps, work: cost.work }),
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
