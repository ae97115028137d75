import { afterEach, describe, expect, it, vi } from 'vitest';
import { startComparison, type RunProgress } from './strategiesRunner.ts';
import { answerJob, type WorkerJob, type WorkerReply } from './strategiesJob.ts';
import { generateStream, type Arrival } from '../../model/strategies/arrivalStreams.ts';
import { compareStrategiesNow, type StrategyOutcome } from '../../model/strategies/strategyComparison.ts';

/** A stand-in for a module Worker: answers each job with answerJob on a later tick, as a real worker would. */
class FakeWorker {
  static created: FakeWorker[] = [];
  static failWith: string | null = null;
  /** Replies already on their way when terminate() came still arrive (a real worker's message in flight can). */
  static repliesInFlight = false;
  onmessage: ((event: { data: WorkerReply }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  terminated = false;
  /** 'done' replies handed to onmessage. */
  answered = 0;
  jobs: WorkerJob[] = [];
  readonly streams = new Map<string, readonly Arrival[]>();

  constructor() {
    FakeWorker.created.push(this);
  }

  postMessage(job: WorkerJob) {
    this.jobs.push(job);
    setTimeout(() => {
      if (FakeWorker.failWith) {
        this.onmessage?.({ data: { type: 'error', message: FakeWorker.failWith } });
        return;
      }
      answerJob(
        job,
        (reply) => {
          if (this.terminated && !FakeWorker.repliesInFlight) return;
          this.onmessage?.({ data: reply });
          if (reply.type === 'done') this.answered++;
        },
        this.streams,
      );
    }, 0);
  }

  terminate() {
    this.terminated = true;
  }
}

function run(n: number) {
  const progress: RunProgress[] = [];
  let cancel = () => {};
  const finished = new Promise<StrategyOutcome[]>((resolve, reject) => {
    cancel = startComparison(
      { pattern: 'one-ms', n, seed: 1 },
      { onProgress: (p) => progress.push(p), onDone: resolve, onError: (m) => reject(new Error(m)) },
    );
  });
  return { progress, finished, cancel };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.created = [];
  FakeWorker.failWith = null;
  FakeWorker.repliesInFlight = false;
});

describe('startComparison with workers', () => {
  it('hands each strategy to a pool worker and gives the same outcomes as running them in place', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const { progress, finished } = run(300);
    const outcomes = await finished;
    const expected = compareStrategiesNow(generateStream('one-ms', 300, 1));
    expect(outcomes.map((o) => [o.id, o.inversions, o.tiedPairs])).toEqual(
      expected.map((o) => [o.id, o.inversions, o.tiedPairs]),
    );
    expect(outcomes.map((o) => Array.from(o.order))).toEqual(expected.map((o) => Array.from(o.order)));

    expect(FakeWorker.created).toHaveLength(2);
    expect(FakeWorker.created.flatMap((w) => w.jobs.map((j) => j.strategy)).sort()).toEqual(expected.map((o) => o.id).sort());
    expect(FakeWorker.created.every((w) => w.terminated)).toBe(true);
    const total = 2 * 300 * 7;
    expect(progress.at(-1)).toEqual({ done: total, total });
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done);
  });

  it('sends the page’s jobs to each worker once a run, and answers for those jobs', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    // Ids as the page writes them, a clock step and a second delay in the middle.
    const T = Date.UTC(2026, 10, 30, 12);
    const arrivals: Arrival[] = Array.from({ length: 40 }, (_, i) => ({
      timestamp: i < 20 ? T : T + 1,
      delay: i < 30 ? 5000 : 1000,
      jobId: `job:${i + 1}`,
      counter: i + 1,
    }));
    const outcomes = await new Promise<StrategyOutcome[]>((resolve, reject) => {
      startComparison(
        { pattern: 'page', n: arrivals.length, seed: 7, arrivals },
        { onProgress: () => {}, onDone: resolve, onError: (m) => reject(new Error(m)) },
      );
    });
    expect(outcomes.map((o) => [o.id, o.inversions, Array.from(o.order)])).toEqual(
      compareStrategiesNow(arrivals).map((o) => [o.id, o.inversions, Array.from(o.order)]),
    );
    for (const worker of FakeWorker.created) {
      expect(worker.jobs.map((job) => job.request.arrivals !== undefined)).toEqual(worker.jobs.map((_, i) => i === 0));
    }
  });

  it('reports a worker’s error once and stops the pool', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.failWith = 'out of memory';
    await expect(run(50).finished).rejects.toThrow('out of memory');
    expect(FakeWorker.created.every((w) => w.terminated)).toBe(true);
  });

  it('stays silent after cancel, even for replies already on their way', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.repliesInFlight = true;
    const onDone = vi.fn();
    const onProgress = vi.fn();
    const cancel = startComparison({ pattern: 'uniform', n: 100, seed: 1 }, { onProgress, onDone, onError: () => {} });
    cancel();
    // Every job posted is answered after the cancel: the runner itself must drop the answers.
    const posted = FakeWorker.created.reduce((jobs, worker) => jobs + worker.jobs.length, 0);
    await vi.waitFor(() => expect(FakeWorker.created.reduce((done, worker) => done + worker.answered, 0)).toBe(posted));
    expect(onDone).not.toHaveBeenCalled();
    expect(onProgress).not.toHaveBeenCalled();
    expect(FakeWorker.created.every((w) => w.terminated)).toBe(true);
  });
});

describe('startComparison without workers', () => {
  it('drives the comparison in slices on this thread, to the same outcomes', async () => {
    vi.stubGlobal('Worker', undefined);
    const { progress, finished } = run(200);
    const outcomes = await finished;
    expect(outcomes.map((o) => o.inversions)).toEqual(
      compareStrategiesNow(generateStream('one-ms', 200, 1)).map((o) => o.inversions),
    );
    expect(progress.at(-1)).toEqual({ done: 2800, total: 2800 });
  });
});
