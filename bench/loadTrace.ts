/**
 * Where the page's load spends its main thread (a measurement, not a test): serves a build with
 * `vite preview`, opens it in headless Chromium at a phone's size with the CPU slowed 4x (CDP
 * Emulation.setCPUThrottlingRate, what Lighthouse's mobile run models), records a CPU profile from
 * navigation until `--seconds` (default 8) have passed, and prints
 *   - how many long tasks (over 50 ms) the page saw,
 *   - from a Chromium trace: each main-thread task over `--task` ms (by default 50 ms at a 4x
 *     slowdown, 12.5 ms without: what Lighthouse's simulation turns into a 50 ms long task),
 *     with the main thread's CPU time in it (the rest of its wall time the thread waited: for a
 *     core, or on another process), split into script, style, layout, paint and garbage
 *     collection, with the functions that took most of it (self time from the profile;
 *     `--inclusive`: with callees too),
 *   - the functions with the most self time over the whole load (`--from <ms>`: after that).
 * Build without minifying to read function names:
 *
 *   npx vite build --outDir /tmp/dist-trace --minify false
 *   npm run bench:trace -- --dist /tmp/dist-trace
 *   npm run bench:trace -- --dist /tmp/dist-trace --rate 1 --seconds 5   # no slowdown
 *
 * `--save-trace file.json` keeps the trace (open it in Chromium's DevTools, Performance panel).
 * Without `--dist` it builds `dist/` (minified, as shipped) unless `--no-build` is given.
 * The counts and the functions with the most self time go into docs/benchmarks.md (`--no-write`: print only).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import config from '../playwright.config.ts';
import { buildAndPreview, preview, waitForServer } from './preview.ts';
import { figure, report } from './report.ts';

const PORT = Number(process.env.FIRETIME_LIGHTHOUSE_PORT ?? 4337);
const BASE = `http://127.0.0.1:${PORT}/?stage`;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the event (µs). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

/** The trace time (µs) of the page's navigationStart, the origin of its performance.now(). */
function navigationStart(events: TraceEvent[]): number {
  const starts = events.filter(
    (event) =>
      event.name === 'navigationStart' &&
      (event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL === BASE,
  );
  if (starts.length === 0) throw new Error('the trace has no navigationStart for the page');
  return starts[starts.length - 1]!.ts;
}

/** What a task's time went to, by the trace events nested in it (ms). */
const KINDS: Array<[string, (name: string) => boolean]> = [
  ['style', (name) => name === 'UpdateLayoutTree' || name === 'ParseAuthorStyleSheet'],
  ['layout', (name) => name === 'Layout'],
  ['paint', (name) => ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit'].includes(name)],
  ['gc', (name) => name === 'MajorGC' || name === 'MinorGC' || name === 'V8.GC_MARK_COMPACTOR' || name === 'BlinkGC.AtomicPhase'],
  ['compile', (name) => name === 'v8.compile' || name === 'v8.compileModule' || name === 'V8.CompileCode'],
];

/** Main-thread tasks (RunTask) over `minMs`, each with its time split by KINDS (the rest is script and other work). */
interface TracedTask {
  /** ms since navigation */
  readonly start: number;
  readonly duration: number;
  /** start, duration, and its time by kind */
  readonly line: string;
}

function traceTasks(events: TraceEvent[], minMs: number): { tasks: TracedTask[]; summary: string } {
  const threadNames = events.filter((event) => event.name === 'thread_name' && event.ph === 'M');
  const rendererMain = threadNames.filter((event) => (event.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  const found: TracedTask[] = [];
  let summary = 'no main-thread tasks';
  const origin = navigationStart(events);
  for (const thread of rendererMain) {
    const onThread = events
      .filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X')
      .sort((a, b) => a.ts - b.ts);
    const tasks = onThread.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) / 1000 > minMs);
    if (tasks.length === 0) continue;
    let blocking = 0;
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inside = onThread.filter((event) => event !== task && event.ts >= task.ts && event.ts < end);
      const parts = new Map<string, number>();
      // count each kind once: an event nested in one of the same kind is skipped
      for (const [kind, matches] of KINDS) {
        let coveredTo = 0;
        for (const event of inside) {
          if (!matches(event.name) || event.ts < coveredTo) continue;
          parts.set(kind, (parts.get(kind) ?? 0) + event.dur! / 1000);
          coveredTo = event.ts + event.dur!;
        }
      }
      const scripts = new Set<string>();
      for (const event of inside) {
        const url = event.args?.data?.url;
        if ((event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule' || event.name === 'FunctionCall') && url)
          scripts.add(url.replace(/^.*\//, ''));
      }
      const ms = task.dur! / 1000;
      blocking += Math.max(0, ms - 50);
      const other = ms - [...parts.values()].reduce((sum, v) => sum + v, 0);
      const start = (task.ts - origin) / 1000;
      found.push({
        start,
        duration: ms,
        line:
          `${start.toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(6)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(1).padStart(5)})  ` +
          [...parts].map(([kind, v]) => `${kind} ${v.toFixed(1)}, `).join('') +
          `script and other ${other.toFixed(1)}` +
          (scripts.size > 0 ? `  [${[...scripts].join(' ')}]` : ''),
      });
    }
    summary = `${tasks.length} tasks over ${minMs} ms; ${figure(blocking)} ms over 50 ms`;
  }
  return { tasks: found, summary };
}

interface LongTask {
  start: number;
  duration: number;
}

/** A function as the profile names it: name, file and line. */
function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url === '' ? '' : ` ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
  return `${functionName === '' ? '(anonymous)' : functionName}${file}`;
}

/**
 * The profile's samples whose time (ms since navigation) lies in [from, to): the node each one hit
 * and the ms it stands for (up to the next sample).
 */
function* samplesIn(profile: Profile, origin: number, from: number, to: number): Generator<{ node: number; ms: number }> {
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    const at = (time - origin) / 1000;
    if (at < from || at >= to) continue;
    yield { node: profile.samples[i]!, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 };
  }
}

/** Self time per function (ms) for the samples whose time (ms since navigation) lies in [from, to). */
function selfTimes(profile: Profile, origin: number, from: number, to: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  for (const sample of samplesIn(profile, origin, from, to)) {
    const name = frameName(byId.get(sample.node)!);
    totals.set(name, (totals.get(name) ?? 0) + sample.ms);
  }
  return totals;
}

/** Total time (self and callees) per function for the samples in [from, to). */
function totalTimes(profile: Profile, origin: number, from: number, to: number): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  for (const sample of samplesIn(profile, origin, from, to)) {
    const seen = new Set<string>();
    for (let id: number | undefined = sample.node; id !== undefined; id = parent.get(id)) {
      const name = frameName(byId.get(id)!);
      if (seen.has(name) || name === '(root)') continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + sample.ms);
    }
  }
  return totals;
}

/** The `n` functions with the most time, idle left out, most first. */
function largest(totals: Map<string, number>, n: number): Array<[string, number]> {
  return [...totals]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}

function top(totals: Map<string, number>, n: number): string[] {
  return largest(totals, n).map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
}

async function main(): Promise<void> {
  const dist = argument('--dist');
  const rate = Number(argument('--rate') ?? 4);
  const seconds = Number(argument('--seconds') ?? 8);
  const taskMs = Number(argument('--task') ?? (50 * rate) / 4);
  const server = dist === undefined ? buildAndPreview(PORT) : preview(PORT, dist);
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    await waitForServer(BASE);
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      const p = window as unknown as { __paints: string[] };
      p.__paints = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const lcp = entry as PerformanceEntry & { size?: number; element?: Element | null };
          const what = lcp.element
            ? `${lcp.element.tagName.toLowerCase()}.${lcp.element.className} "${(lcp.element.textContent ?? '').slice(0, 40)}"`
            : '';
          p.__paints.push(`${entry.entryType} ${entry.name} at ${entry.startTime.toFixed(0)} ms ${lcp.size ?? ''} ${what}`);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) p.__paints.push(`${entry.name} at ${entry.startTime.toFixed(0)} ms`);
      }).observe({ type: 'paint', buffered: true });
    });
    // --warm: load the page once before the traced load (the browser's font and code caches warm)
    if (process.argv.includes('--warm')) {
      await page.goto(BASE);
      await page.waitForTimeout(2000);
      await page.goto('about:blank');
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const loadBefore = loadavg()[0]!;
    await browser.startTracing(page, {
      categories: [
        ...(process.argv.includes('--invalidations') ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'blink.user_timing',
        'loading',
        'toplevel',
      ],
    });
    await page.goto(BASE, { waitUntil: 'commit' });
    await page.waitForTimeout(seconds * 1000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const tasks = (await page.evaluate('window.__longTasks')) as LongTask[];
    const traceText = (await browser.stopTracing()).toString();
    const saveTrace = argument('--save-trace');
    if (saveTrace !== undefined) writeFileSync(saveTrace, traceText);
    const trace = JSON.parse(traceText) as { traceEvents: TraceEvent[] };
    // The profile and the trace count µs on one clock; the page counts ms from its navigationStart
    const origin = navigationStart(trace.traceEvents);

    console.log(
      `\nfiretime load trace: ${rate}x CPU slowdown, ${seconds} s from navigation; ${cpus().length} cores, load average ${loadBefore.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}`,
    );
    for (const paint of (await page.evaluate('window.__paints')) as string[]) console.log(paint);
    const blocking = tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    console.log(
      `the page saw ${tasks.length} long tasks, ${blocking.toFixed(0)} ms over 50 ms in all (observed, not simulated)\n`,
    );
    console.log(
      `main-thread tasks over ${taskMs} ms (from the trace: start, duration and the main thread's CPU time in it, what it did; then the profile's functions)`,
    );
    const traced = traceTasks(trace.traceEvents, taskMs);
    for (const task of traced.tasks) {
      console.log(task.line);
      for (const line of top(selfTimes(profile, origin, task.start, task.start + task.duration), 6)) console.log(`    ${line}`);
      if (process.argv.includes('--inclusive')) {
        console.log('    with callees:');
        for (const line of top(totalTimes(profile, origin, task.start, task.start + task.duration), 20))
          console.log(`    ${line}`);
      }
    }
    console.log(`(${traced.summary})`);
    // --from <ms>: the summary covers only what comes after (e.g. the display ticks once the page has settled)
    const from = Number(argument('--from') ?? 0);
    console.log(`\nself time from ${from} ms to the end`);
    for (const line of top(selfTimes(profile, origin, from, seconds * 1000), 30)) console.log(`  ${line}`);
    if (process.argv.includes('--inclusive')) {
      console.log(`\nwith callees, from ${from} ms to the end`);
      for (const line of top(totalTimes(profile, origin, from, seconds * 1000), 60)) console.log(`  ${line}`);
    }
    report('trace', {
      script: 'bench:trace',
      tables: [
        {
          caption: `${rate}x CPU slowdown, ${seconds} s from navigation:`,
          columns: [{ title: 'measure' }, { title: 'figure' }],
          rows: [
            ['long tasks the page saw (observed)', `${tasks.length}, ${figure(blocking)} ms over 50 ms in all`],
            [`main-thread tasks over ${taskMs} ms (trace)`, traced.summary],
          ],
        },
        {
          caption: `The functions with the most self time from ${figure(from)} ms to the end:`,
          columns: [{ title: 'function' }, { title: 'self time (ms)', align: 'right' }],
          rows: largest(selfTimes(profile, origin, from, seconds * 1000), 10).map(([name, ms]) => [name, figure(ms, 1)]),
        },
      ],
    });
    await cdp.detach();
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
