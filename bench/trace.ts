/**
 * A Chromium trace over CDP and the main thread's CPU read from it, for the benches that count
 * what the page itself spent (bench:ui's burst, bench:link's rows): a machine shared with other
 * work stretches wall time far more than a task's thread time (`tdur`).
 */
import type { CDPSession } from '@playwright/test';

/** The fields of a trace event the benches read (times in µs). */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread time: the CPU time the thread spent in the event. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string };
}

export interface Thread {
  readonly pid: number;
  readonly tid: number;
}

/** A trace being recorded on `cdp`: stop() ends it and resolves with every event it collected. */
export interface RunningTrace {
  stop(): Promise<TraceEvent[]>;
}

/** Starts tracing `categories` (e.g. 'toplevel,__metadata'), the events reported as they come. */
export async function startTrace(cdp: CDPSession, categories: string): Promise<RunningTrace> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => events.push(...(data.value as unknown as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      return events;
    },
  };
}

/** The renderers' main threads, named in the trace's metadata (the category __metadata). */
export function rendererMainThreads(events: readonly TraceEvent[]): Thread[] {
  return events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
}

/**
 * The top-level tasks (category toplevel) that ran on one of `threads`. The Chromium here (156) names
 * them ThreadControllerImpl::RunTask (and nothing RunTask); other versions name them RunTask.
 */
export function topLevelTasks(events: readonly TraceEvent[], threads: readonly Thread[]): TraceEvent[] {
  return events.filter(
    (e) =>
      e.ph === 'X' &&
      (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') &&
      threads.some((thread) => thread.pid === e.pid && thread.tid === e.tid),
  );
}

/** A task's CPU time in ms (its thread time; 0 where the trace has none). */
export function cpuMs(task: TraceEvent): number {
  return (task.tdur ?? 0) / 1000;
}

/** The renderer main thread's work in a trace: its CPU in all, the longest task (CPU, and the wall time it spanned), tasks over 200 ms of CPU. */
export interface MainThreadCpu {
  readonly total: number;
  readonly longest: number;
  readonly longestWall: number;
  readonly over200: number;
}

/** Sums the renderer main threads' top-level tasks of a trace (MainThreadCpu). */
export function mainThreadCpu(events: readonly TraceEvent[]): MainThreadCpu {
  let total = 0;
  let longest = 0;
  let longestWall = 0;
  let over200 = 0;
  for (const task of topLevelTasks(events, rendererMainThreads(events))) {
    const cpu = cpuMs(task);
    total += cpu;
    if (cpu > 200) over200++;
    if (cpu > longest) {
      longest = cpu;
      longestWall = (task.dur ?? 0) / 1000;
    }
  }
  return { total, longest, longestWall, over200 };
}
