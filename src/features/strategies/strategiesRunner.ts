/**
 * Runs the strategy comparison off the render path. In a browser every strategy goes to a small
 * pool of Web Workers (one strategy at a time per worker, the slowest first), so 100,000 jobs never
 * block the page; where there is no Worker (tests, old engines) the model's generator is driven in
 * short setTimeout slices instead. Either way the caller gets progress, then every outcome.
 */
import { STRATEGIES, type StrategyId } from '../../model/strategies/strategies.ts';
import { streamOf, type ComparisonRequest, type WorkerJob, type WorkerReply } from './strategiesJob.ts';
import { compareStrategies, type StrategyOutcome } from '../../model/strategies/strategyComparison.ts';

/** Steps done (one enqueue or one promotion each) of the whole comparison. */
export interface RunProgress {
  readonly done: number;
  readonly total: number;
}

export type { ComparisonRequest } from './strategiesJob.ts';

export interface RunCallbacks {
  onProgress(progress: RunProgress): void;
  /** Every strategy's outcome, in STRATEGIES order. */
  onDone(outcomes: StrategyOutcome[]): void;
  onError(message: string): void;
}

/** The order strategies are handed out: the slowest to compute first, so the pool ends together. */
const SCHEDULE: readonly StrategyId[] = ['sidekiq', 'textbook-s', 'textbook-ms', 'bullmq-band', 'kue', 'bull-legacy', 'resque'];

/** How long one main-thread slice may run before yielding to the page (ms). */
const SLICE_MS = 12;

/** Starts comparing; returns a function that cancels the run (no callback fires after it). */
export function startComparison(request: ComparisonRequest, callbacks: RunCallbacks): () => void {
  return typeof Worker === 'function' ? runInWorkers(request, callbacks) : runInSlices(request, callbacks);
}

function runInSlices(request: ComparisonRequest, callbacks: RunCallbacks): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let run: ReturnType<typeof compareStrategies> | undefined;
  const slice = () => {
    if (cancelled) return;
    try {
      run ??= compareStrategies(streamOf(request));
      const until = performance.now() + SLICE_MS;
      do {
        const step = run.next();
        if (step.done) {
          callbacks.onDone(step.value);
          return;
        }
        callbacks.onProgress({ done: step.value.done, total: step.value.total });
      } while (performance.now() < until);
      timer = setTimeout(slice, 0);
    } catch (error) {
      callbacks.onError(error instanceof Error ? error.message : String(error));
    }
  };
  timer = setTimeout(slice, 0);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

function runInWorkers(request: ComparisonRequest, callbacks: RunCallbacks): () => void {
  const perStrategy = 2 * request.n;
  const total = perStrategy * STRATEGIES.length;
  const queue = [...SCHEDULE];
  const outcomes = new Map<StrategyId, StrategyOutcome>();
  const partial = new Map<StrategyId, number>();
  const workers: Worker[] = [];
  let finished = false;

  const stop = () => {
    finished = true;
    for (const worker of workers) worker.terminate();
  };
  const report = () => {
    let done = outcomes.size * perStrategy;
    for (const value of partial.values()) done += value;
    callbacks.onProgress({ done, total });
  };
  // The page's jobs are copied to each worker once; its later jobs find them in its cache.
  const { arrivals, ...named } = request;
  const hasStream = new Set<Worker>();
  const next = (worker: Worker) => {
    const strategy = queue.shift();
    if (strategy === undefined) return;
    worker.postMessage({
      request: hasStream.has(worker) || arrivals === undefined ? named : request,
      strategy,
    } satisfies WorkerJob);
    hasStream.add(worker);
  };

  const cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2;
  const size = Math.max(1, Math.min(STRATEGIES.length, cores, 4));
  for (let i = 0; i < size; i++) {
    const worker = new Worker(new URL('./strategies.worker.ts', import.meta.url), { type: 'module' });
    workers.push(worker);
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      if (finished) return;
      const reply = event.data;
      if (reply.type === 'error') {
        stop();
        callbacks.onError(reply.message);
      } else if (reply.type === 'progress') {
        partial.set(reply.strategy, reply.done);
        report();
      } else {
        partial.delete(reply.outcome.id);
        outcomes.set(reply.outcome.id, reply.outcome);
        report();
        if (outcomes.size === STRATEGIES.length) {
          stop();
          callbacks.onDone(STRATEGIES.map((s) => outcomes.get(s.id)!));
        } else {
          next(worker);
        }
      }
    };
    worker.onerror = (event) => {
      if (finished) return;
      stop();
      callbacks.onError(event.message || 'the comparison worker failed to start');
    };
    next(worker);
  }
  return stop;
}
