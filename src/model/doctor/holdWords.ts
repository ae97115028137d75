/**
 * Why one job of a queue does not run now, in a few words taken from the queue's verdict: what a
 * job row of the detail (an overdue delayed job) and Find (a job in wait) say beside the job, so
 * the reader does not have to carry the verdict down the page in their head.
 */
import { groupDigits, plural } from '../format.ts';
import type { QueueStateReading } from './queueState.ts';
import type { QueueLibrary } from './scheme.ts';
import type { VerdictKind } from './verdict.ts';
import { durationText } from './words.ts';

/** Where the job is: due in the delayed set, or ready (wait, prioritized). */
export type HeldJob = 'due' | 'ready';

/** What of a queue's row the words are made of. */
export interface HoldingQueue {
  readonly library: QueueLibrary;
  readonly verdict: { readonly kind: VerdictKind };
  readonly state?: QueueStateReading | null;
}

/**
 * Why a job of `queue` does not run now, from its verdict; null when the verdict holds nothing
 * back for such a job (a ready job beside an idle worker runs at once) or gives no cause to name
 * (the caller then points at the verdict).
 */
export function holdText(queue: HoldingQueue, job: HeldJob): string | null {
  const { state } = queue;
  const kind = queue.verdict.kind;
  const workers = state?.workers.visible === true ? state.workers.count : null;
  switch (kind) {
    case 'paused':
      return state?.paused === false
        ? 'the queue is paused (its jobs wait in the legacy paused list): nothing runs until Queue.resume()'
        : 'the queue is paused (meta paused is set): nothing runs until Queue.resume()';
    case 'rate-limited': {
      const ttl = state?.limiterTtlMs ?? null;
      return ttl === null || ttl <= 0
        ? 'the queue is rate-limited'
        : `the queue is rate-limited for ${durationText(ttl)} more (limiter PTTL ${groupDigits(ttl)} ms)`;
    }
    case 'busy': {
      const active = state?.counts.active ?? null;
      if (state?.concurrency !== null && state?.concurrency !== undefined && active !== null && active >= state.concurrency)
        return `the queue is at its global concurrency (${groupDigits(active)} active of ${groupDigits(state.concurrency)})`;
      return active === null ? 'every worker slot is busy' : `every worker slot is busy (${groupDigits(active)} active)`;
    }
    case 'overdue-no-worker':
    case 'no-worker':
      if (workers === 0) return 'no worker is connected (CLIENT LIST shows none)';
      return queue.library === 'bullmq' ? 'no worker is polling (the marker was not taken)' : 'no worker is promoting due jobs';
    case 'wakes-late':
      return job === 'due' ? 'the marker is later than it: the worker wakes late' : null;
    case 'overdue':
      // without the workers seen, the verdict's own hedged words are the cause
      return job === 'due' && workers !== null && workers > 0
        ? `${plural(workers, 'worker is', 'workers are')} connected: it is promoted when one next asks for a job`
        : null;
    case 'undecided':
      return "the queue's verdict cannot tell why (see it above)";
    case 'broken':
      return 'the delayed key is not a sorted set';
    case 'empty':
    case 'waiting':
    case 'idle':
    case 'running':
      return null;
  }
}
