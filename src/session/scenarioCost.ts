/**
 * What replaying a scenario costs (its jobs and the bytes of their ids), known from its steps
 * without replaying them, and the budget past which the page asks before loading a link. Apart
 * from the codec (scenarioCodec.ts) so the store can weigh a scenario without the codec itself,
 * which loads after the first screen.
 */
import { groupDigits } from '../model/format.ts';
import { UUID_BYTES } from './jobIds.ts';
import type { Operation, Scenario, Settings } from './operations.ts';

/** A link that would replay more jobs than this asks before loading (about a second of replay). */
export const LINK_BUDGET_JOBS = 100_000;
/** A link whose job ids would take more UTF-8 bytes than this asks before loading. */
export const LINK_BUDGET_ID_BYTES = 4_000_000;

const utf8Encoder = new TextEncoder();

/** What replaying a scenario costs, known from its steps without replaying them. */
export interface ScenarioCost {
  /** Jobs its enqueues write, in total (resets included). */
  readonly jobs: number;
  /** UTF-8 bytes of those jobs' ids, in total. */
  readonly idBytes: number;
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

/** The cost of jobs enqueued one operation after another, following the id style, the prefix and resets. */
export interface CostCounter {
  add(op: Operation): void;
  total(): ScenarioCost;
}

export function costCounter(initial: Settings): CostCounter {
  let style = initial.idStyle;
  let prefixBytes = utf8Encoder.encode(initial.idPrefix).length;
  let next = 1;
  let jobs = 0;
  let idBytes = 0;
  return {
    add(op) {
      if (op.kind === 'idStyle') style = op.style;
      else if (op.kind === 'prefix') prefixBytes = utf8Encoder.encode(op.prefix).length;
      else if (op.kind === 'reset') next = 1;
      else if (op.kind === 'enqueue') {
        const n = op.count;
        if (style === 'uuid') idBytes += n * UUID_BYTES;
        else idBytes += digitsOf(next, n) + n * (style === 'job:N' ? 'job:'.length : style === 'prefix' ? prefixBytes : 0);
        jobs += n;
        next += n;
      }
    },
    total: () => ({ jobs, idBytes }),
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

/** Whether opening a link of this cost should ask first (over LINK_BUDGET_JOBS or LINK_BUDGET_ID_BYTES). */
export function overLinkBudget(cost: ScenarioCost): boolean {
  return cost.jobs > LINK_BUDGET_JOBS || cost.idBytes > LINK_BUDGET_ID_BYTES;
}

/** The question the page asks before loading a link over the budget. */
export function linkBudgetQuestion(cost: ScenarioCost): string {
  const mb = cost.idBytes / 1e6;
  return `This link enqueues ${groupDigits(cost.jobs)} jobs (about ${mb < 10 ? mb.toFixed(1) : groupDigits(Math.round(mb))} MB of ids); load it?`;
}

/**
 * How far a long load had come when it was cancelled: " after 1,200 of 50,000 jobs". Here, not in
 * the store, because the store importing src/model/format.ts itself made Rolldown split that module
 * into a start chunk of its own (one more file fetched before the first screen).
 */
export function loadedSoFar(jobs: number, totalJobs: number): string {
  return ` after ${groupDigits(jobs)} of ${groupDigits(totalJobs)} jobs`;
}
