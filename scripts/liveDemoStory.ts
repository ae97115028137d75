/**
 * The story `npm run live-demo` tells on a real BullMQ 6.7.0 queue, over and over so that each
 * moment comes back while the page is open. One cycle (2 minutes by default):
 * - at its start, 3 jobs in one millisecond, a saturated band (4,100 jobs in one millisecond with
 *   addBulk: the band has 4,096 slots, so 5 share its ceiling) and a wider one (200), all due a
 *   little after the next cycle has made their copies: some are always in the set;
 * - all along, a burst of 100 jobs in one millisecond every 1/24 of the cycle, due a quarter of a
 *   cycle later, which the worker promotes and runs as they fall due;
 * - from 1/8 to 1/4 of the cycle the queue is paused (Queue.pause()): the worker moves the jobs
 *   falling due to wait and runs none until the resume;
 * - from 3/8 to 1/2 the worker runs with a limiter of 1 job per 1/8 of the cycle: jobs wait in wait
 *   while the limiter key lives;
 * - at half the cycle the worker stops, so the bursts falling due stay in the delayed set,
 *   overdue; at three quarters it starts again and promotes them at once.
 * Every phase is logged with the time it ran, and the paused and rate-limited ones with the
 * doctor's verdict read a moment after they begin (when the caller gives a way to read it).
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';

/** `jobs` jobs added with one timestamp (so all fall due in one millisecond), `delayMs` ahead. */
export interface Burst {
  readonly jobs: number;
  readonly delayMs: number;
}

/** One step of a cycle, `atMs` after the cycle's start. */
export type StoryEvent =
  | { readonly atMs: number; readonly kind: 'bands'; readonly bursts: readonly Burst[] }
  | { readonly atMs: number; readonly kind: 'trickle'; readonly burst: Burst }
  | { readonly atMs: number; readonly kind: 'stop-worker'; readonly restartAtMs: number }
  | { readonly atMs: number; readonly kind: 'start-worker' }
  | { readonly atMs: number; readonly kind: 'pause'; readonly resumeAtMs: number }
  | { readonly atMs: number; readonly kind: 'resume' }
  | {
      readonly atMs: number;
      readonly kind: 'limit-worker';
      readonly max: number;
      readonly durationMs: number;
      readonly untilMs: number;
    }
  | { readonly atMs: number; readonly kind: 'verdict'; readonly phase: 'paused' | 'rate-limited' }
  | { readonly atMs: number; readonly kind: 'check' };

export const DEFAULT_CYCLE_MS = 120_000;
/** The band's slot count: a 4,100-job burst leaves 4,100 - 4,095 = 5 jobs on its last slot. */
const BAND_SLOTS = 0x1000;
export const SATURATED_JOBS = 4100;
const TRICKLES_PER_CYCLE = 24;
/** Jobs added to wait as the limited worker starts: it runs one, the limit holds the rest. */
const LIMITED_JOBS = 5;
/** How many times a phase's verdict is read, a 96th of the cycle apart, until it is the phase's. */
const VERDICT_READS = 4;

/** One cycle's steps, in the order they run; every time is a fixed share of `cycleMs`. */
export function storyTimeline(cycleMs: number = DEFAULT_CYCLE_MS): StoryEvent[] {
  const share = (fraction: number) => Math.round(cycleMs * fraction);
  const stopAt = share(1 / 2);
  const restartAt = share(3 / 4);
  const trickleEvery = cycleMs / TRICKLES_PER_CYCLE;
  const events: StoryEvent[] = [
    {
      atMs: 0,
      kind: 'bands',
      // due after the next cycle's start (15, 20 and 30 s after it at 2 minutes), so each band
      // is in view from its own cycle's start until the next cycle's copy is too
      bursts: [
        { jobs: 3, delayMs: cycleMs + share(1 / 8) },
        { jobs: SATURATED_JOBS, delayMs: cycleMs + share(1 / 6) },
        { jobs: 200, delayMs: cycleMs + share(1 / 4) },
      ],
    },
    { atMs: share(1 / 8), kind: 'pause', resumeAtMs: share(1 / 4) },
    { atMs: share(1 / 8 + 1 / 48), kind: 'verdict', phase: 'paused' },
    { atMs: share(1 / 4), kind: 'resume' },
    { atMs: share(3 / 8), kind: 'limit-worker', max: 1, durationMs: share(1 / 8), untilMs: stopAt },
    { atMs: share(3 / 8 + 1 / 12), kind: 'verdict', phase: 'rate-limited' },
    { atMs: stopAt, kind: 'stop-worker', restartAtMs: restartAt },
    { atMs: restartAt, kind: 'start-worker' },
    { atMs: Math.round(restartAt + trickleEvery), kind: 'check' },
  ];
  for (let k = 1; k < TRICKLES_PER_CYCLE; k++)
    events.push({ atMs: Math.round(k * trickleEvery), kind: 'trickle', burst: { jobs: 100, delayMs: share(1 / 4) } });
  // a trickle at the same moment as a worker step runs after it
  const order = {
    bands: 0,
    pause: 1,
    resume: 1,
    'limit-worker': 1,
    'stop-worker': 1,
    'start-worker': 1,
    verdict: 2,
    check: 2,
    trickle: 3,
  };
  return events.sort((a, b) => a.atMs - b.atMs || order[a.kind] - order[b.kind]);
}

export interface StoryOptions {
  readonly redisUrl: string;
  readonly queueName: string;
  readonly cycleMs: number;
  /** Reads the doctor's verdict on the queue now ("paused: paused (meta paused is set): ..."), as the panel would show it. */
  readonly readVerdict?: () => Promise<string>;
}

export interface RunningStory {
  /** bull:<queue>:delayed */
  readonly delayedKey: string;
  /** Jobs added so far. */
  added(): number;
  /** Cycles begun so far. */
  cycles(): number;
  /** Whether a worker is running. */
  workerRunning(): boolean;
  /** Ends the story: no more jobs, the worker and the queue closed, their connections ended. */
  stop(): Promise<void>;
}

/** UTC time of day with milliseconds, as the page prints fire-times. */
const timeOfDay = (ms: number) => new Date(ms).toISOString().slice(11, 23);

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** Resolves after `promise` or after `ms`, whichever comes first (a close that waits on a Redis that has gone must not hang the exit). */
async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** Adds one burst through Queue.addBulk, every job with the same timestamp: one fire-time millisecond. */
async function addBurst(queue: Queue, burst: Burst): Promise<number> {
  const timestamp = Date.now();
  for (let start = 0; start < burst.jobs; start += 1000) {
    const size = Math.min(1000, burst.jobs - start);
    await queue.addBulk(
      Array.from({ length: size }, () => ({
        name: 'demo',
        data: {},
        opts: { delay: burst.delayMs, timestamp, removeOnComplete: true },
      })),
    );
  }
  return timestamp + burst.delayMs;
}

/** Starts the story's first cycle at once; it loops until stop(). */
export async function startStory(options: StoryOptions, log: (line: string) => void): Promise<RunningStory> {
  const say = (line: string) => log(`[${timeOfDay(Date.now())}] ${line}`);
  const redisOptions = { maxRetriesPerRequest: null };
  const producerConnection = new Redis(options.redisUrl, redisOptions);
  producerConnection.on('error', () => undefined); // the steps that fail say why
  const queue = new Queue(options.queueName, { connection: producerConnection });
  queue.on('error', () => undefined);
  const delayedKey = `bull:${options.queueName}:delayed`;
  const timeline = storyTimeline(options.cycleMs);

  let worker: { worker: Worker; connection: Redis } | null = null;
  let lastWorkerError = '';
  const startWorker = (limiter?: { max: number; duration: number }) => {
    const connection = new Redis(options.redisUrl, redisOptions);
    connection.on('error', () => undefined);
    const started = new Worker(options.queueName, async () => undefined, {
      connection,
      concurrency: 100,
      ...(limiter === undefined ? {} : { limiter }),
    });
    started.on('error', (error) => {
      if (error.message !== lastWorkerError) say(`worker: ${error.message}`);
      lastWorkerError = error.message;
    });
    worker = { worker: started, connection };
  };
  const closeWorker = async (running: { worker: Worker; connection: Redis } | null) => {
    if (running === null) return;
    await atMost(running.worker.close(), 3000);
    running.connection.disconnect();
  };
  const stopWorker = async () => {
    const running = worker;
    worker = null;
    await closeWorker(running);
  };

  /** Jobs whose fire-time is at or before the server's now, and how late the first of them is. */
  const overdue = async (): Promise<{ count: number; oldestLateMs: number }> => {
    const [secondsText, microsText] = await producerConnection.time();
    const now = Number(secondsText) * 1000 + Math.floor(Number(microsText) / 1000);
    const count = await producerConnection.zcount(delayedKey, '-inf', (now + 1) * BAND_SLOTS - 1);
    const head = await producerConnection.zrange(delayedKey, 0, 0, 'WITHSCORES');
    const oldestLateMs = count > 0 && head[1] !== undefined ? now - Math.floor(Number(head[1]) / BAND_SLOTS) : 0;
    return { count, oldestLateMs };
  };

  let added = 0;
  let cycle = 0;
  let cycleStart = Date.now();
  let stopped = false;
  let wake: (() => void) | null = null;
  const until = (at: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, at - Date.now()));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(step: StoryEvent): Promise<void> {
    switch (step.kind) {
      case 'bands':
        for (const burst of step.bursts) {
          const due = await addBurst(queue, burst);
          added += burst.jobs;
          const saturated =
            burst.jobs > BAND_SLOTS ? ` (a saturated band: ${burst.jobs - BAND_SLOTS + 1} share its last slot)` : '';
          say(`cycle ${cycle}: ${burst.jobs.toLocaleString('en-US')} jobs in one millisecond${saturated}, due ${timeOfDay(due)}`);
        }
        return;
      case 'trickle':
        await addBurst(queue, step.burst);
        added += step.burst.jobs;
        return;
      case 'stop-worker':
        await stopWorker();
        say(
          `cycle ${cycle}: the worker stops: jobs falling due now stay in the delayed set, overdue, until it starts again at ${timeOfDay(cycleStart + step.restartAtMs)}`,
        );
        return;
      case 'start-worker': {
        const { count, oldestLateMs } = await overdue();
        startWorker();
        say(
          `cycle ${cycle}: the worker starts again and promotes the ${count.toLocaleString('en-US')} overdue jobs${count > 0 ? ` (the oldest ${seconds(oldestLateMs)} late)` : ''}`,
        );
        return;
      }
      case 'pause':
        await queue.pause();
        say(
          `cycle ${cycle}: the queue is paused (Queue.pause()): the worker moves jobs falling due to wait and runs none until the resume at ${timeOfDay(cycleStart + step.resumeAtMs)}`,
        );
        return;
      case 'resume':
        await queue.resume();
        say(`cycle ${cycle}: the queue resumes: the worker runs the jobs that waited`);
        return;
      case 'limit-worker': {
        // the limited worker starts at once; the one it replaces closes meanwhile (a close waits for its blocking read)
        const replaced = worker;
        startWorker({ max: step.max, duration: step.durationMs });
        void closeWorker(replaced);
        // jobs to run now, so the limit holds some back whatever the trickles' timing
        await queue.addBulk(
          Array.from({ length: LIMITED_JOBS }, () => ({ name: 'limited', data: {}, opts: { removeOnComplete: true } })),
        );
        added += LIMITED_JOBS;
        say(
          `cycle ${cycle}: the worker restarts with a limiter of ${step.max} job per ${seconds(step.durationMs)}: jobs falling due wait in wait while the limiter key lives, until ${timeOfDay(cycleStart + step.untilMs)}`,
        );
        return;
      }
      case 'verdict': {
        if (options.readVerdict === undefined) return;
        // a worker just started may not have run its first job yet: read again a few times, a moment apart
        let verdict = await options.readVerdict();
        for (let i = 1; i < VERDICT_READS && !verdict.startsWith(`${step.phase}:`) && !stopped; i++) {
          await new Promise((resolve) => setTimeout(resolve, options.cycleMs / 96));
          verdict = await options.readVerdict();
        }
        say(`cycle ${cycle}, ${step.phase}: the panel's verdict now: ${verdict}`);
        return;
      }
      case 'check': {
        const { count } = await overdue();
        say(count === 0 ? `cycle ${cycle}: no job overdue: the worker caught up` : `cycle ${cycle}: still ${count} jobs overdue`);
        return;
      }
    }
  }

  const trickle = timeline.find((step) => step.kind === 'trickle');
  const beginCycle = (start: number) => {
    cycle += 1;
    cycleStart = start;
    if (trickle?.kind === 'trickle')
      say(
        `cycle ${cycle} begins: every ${seconds(options.cycleMs / TRICKLES_PER_CYCLE)}, ${trickle.burst.jobs} jobs in one millisecond, due ${seconds(trickle.burst.delayMs)} later`,
      );
  };
  const attempt = async (step: StoryEvent) => {
    try {
      await run(step);
    } catch (error) {
      say(`cycle ${cycle}, ${step.kind}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const closeAll = async () => {
    // a story stopped while the queue is paused leaves it running for the next one
    await atMost(queue.resume(), 3000);
    await stopWorker();
    await atMost(queue.close(), 3000);
    producerConnection.disconnect();
  };

  startWorker();
  beginCycle(Date.now());
  // a story that ended without its stop() (a killed process) may have left the queue paused
  await queue.resume();
  // the first bands are in the set when this resolves (the caller prints the page's address then)
  try {
    await run(timeline[0]!);
  } catch (error) {
    await closeAll();
    throw error;
  }
  const looping = (async () => {
    let steps = timeline.slice(1);
    for (;;) {
      for (const step of steps) {
        await until(cycleStart + step.atMs);
        if (stopped) return;
        await attempt(step);
      }
      // from the cycle's planned start, not from when its last step ended: no drift
      const next = cycleStart + options.cycleMs;
      await until(next);
      if (stopped) return;
      beginCycle(next);
      steps = timeline;
    }
  })();

  return {
    delayedKey,
    added: () => added,
    cycles: () => cycle,
    workerRunning: () => worker !== null,
    stop: async () => {
      stopped = true;
      (wake as (() => void) | null)?.();
      await atMost(looping, 3000);
      await closeAll();
    },
  };
}
