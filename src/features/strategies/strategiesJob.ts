/**
 * One unit of the strategy comparison as a worker runs it: the messages between the page and a
 * worker, and the work itself (compare one strategy on a stream, reporting progress).
 */
import { generateStream, type Arrival, type ArrivalPattern } from '../../model/strategies/arrivalStreams.ts';
import { strategyById, type StrategyId } from '../../model/strategies/strategies.ts';
import { compareStrategies, type StrategyOutcome } from '../../model/strategies/strategyComparison.ts';

/** Which stream to compare the strategies on. */
export interface ComparisonRequest {
  /** A generated pattern, or 'page': the jobs the page itself enqueued, carried in `arrivals`. */
  readonly pattern: ArrivalPattern | 'page';
  readonly n: number;
  /** The generated stream's seed; for the page's jobs, a number new with each run (it names the stream in a worker's cache). */
  readonly seed: number;
  /** The page's jobs (pattern 'page'). A worker is sent them once a run and keeps them. */
  readonly arrivals?: readonly Arrival[];
}

/** The stream a request names: generated from its pattern, size and seed, or the page's jobs it carries. */
export function streamOf(request: ComparisonRequest): readonly Arrival[] {
  if (request.pattern !== 'page') return generateStream(request.pattern, request.n, request.seed);
  if (request.arrivals === undefined) throw new Error('the page’s jobs did not come with the request');
  return request.arrivals;
}

/** A message to a worker: compare one strategy on this stream. */
export interface WorkerJob {
  readonly request: ComparisonRequest;
  readonly strategy: StrategyId;
}

/** A message from a worker. */
export type WorkerReply =
  | { readonly type: 'progress'; readonly strategy: StrategyId; readonly done: number }
  | { readonly type: 'done'; readonly outcome: StrategyOutcome }
  | { readonly type: 'error'; readonly message: string };

/** The worker's side: compares one strategy, reporting progress, and answers with its outcome. */
export function answerJob(
  job: WorkerJob,
  post: (reply: WorkerReply, transfer?: Transferable[]) => void,
  streams: Map<string, readonly Arrival[]>,
): void {
  try {
    const key = `${job.request.pattern}/${job.request.n}/${job.request.seed}`;
    let stream = streams.get(key);
    if (stream === undefined) {
      streams.clear();
      stream = streamOf(job.request);
      streams.set(key, stream);
    }
    const run = compareStrategies(stream, [strategyById(job.strategy)]);
    for (;;) {
      const step = run.next();
      if (step.done) {
        const outcome = step.value[0]!;
        post({ type: 'done', outcome }, [outcome.order.buffer]);
        return;
      }
      post({ type: 'progress', strategy: job.strategy, done: step.value.done });
    }
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}
