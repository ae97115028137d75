/**
 * The largest link and actions within the page's scale (src/session/scale.ts) in headless
 * Chromium, watched by a PerformanceObserver for 'longtask' (a measurement, not a test): builds
 * the production bundle, serves it with `vite preview`, opens the link of 10 enqueues of 10,000
 * jobs (100,000 jobs), waits for the last slice, then lets the page draw. Prints the tasks over 50
 * and 100 ms during the load and the longest task from the last progress update to 3 s after the
 * load ended (the swap and the first draw of the 100,000-job sets), then the largest actions at
 * that size with the longest task of each: Undo (Ctrl+Z, 10,000 jobs out), Enqueue N of 10,000
 * (back to 100,000), +1 min and Promote due jobs (all 100,000 out of each set), its Undo and Redo.
 * With --profile, a CPU profile (CDP) of the end of the load names the functions that took the
 * most time there.
 *
 *   npm run bench:link                 # build, then measure
 *   npm run bench:link -- --no-build   # measure the existing dist/
 *   npm run bench:link -- --profile    # also profile (CDP): the tasks at the end, Ctrl+Z, Ctrl+Shift+Z (build with --minify false for names)
 *   npm run bench:link -- --no-write   # print only: do not write the figures into docs/benchmarks.md
 *   npm run bench:link -- --hostile-only   # only the links of steps that enqueue little (see HOSTILE_LINKS)
 *   npm run bench:link -- --no-hostile     # only the 100,000-job link (and the actions after it); prints, does not write
 *   npm run bench:link -- --dist DIR       # measure the build in DIR (another version, for before / after)
 *
 * Then links within the scale whose steps enqueue little or nothing (resets, promotes), each on a
 * fresh page: the longest task from opening the link to 1 s after it settled, and the time to settle.
 *
 * Every row is also measured in CPU time, which a machine shared with other work stretches far
 * less than wall time: a trace of the page's top-level tasks (CDP Tracing, `toplevel`) gives each
 * task's main-thread CPU time (its thread time), so the longest task and the tasks over 200 ms are
 * counted by what the page itself spent; the main thread's CPU over the row is the sum of those
 * tasks, and where no navigation intervenes, also CDP Performance.getMetrics' TaskDuration before
 * and after (with timeDomain threadTicks).
 */
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import type { CDPSession, Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { buildAndPreview, preview, waitForServer } from './preview.ts';
import { figure, report } from './report.ts';
import { mainThreadCpu, startTrace, type RunningTrace } from './trace.ts';

const PORT = Number(process.env.FIRETIME_BENCH_PORT ?? 4328);
const BASE = `http://127.0.0.1:${PORT}/`;
/** The largest link within the scale: 10 enqueues of 10,000 jobs (N set to 10,000 for Enqueue N). */
const LINK = `1~k2x9a~f1796040000000.b10000~${Array.from({ length: 10 }, () => 'e10000').join('.')}`;

/** Links within the scale whose cost is in their steps, not their jobs: the page must not take them in one task. */
const HOSTILE_LINKS: ReadonlyArray<readonly [string, string]> = [
  ['50,000 resets', `1~1~f1796040000000~${Array.from({ length: 50_000 }, () => 'r').join('.')}`],
  ['100,000 resets', `1~1~f1796040000000~${Array.from({ length: 100_000 }, () => 'r').join('.')}`],
  ['10,000 jobs, 20,000 promotes', `1~1~f1796040000000~e10000.${Array.from({ length: 20_000 }, () => 'p').join('.')}`],
  ['10,000 jobs, 99,999 promotes', `1~1~f1796040000000~e10000.${Array.from({ length: 99_999 }, () => 'p').join('.')}`],
];

interface Task {
  readonly start: number;
  readonly duration: number;
}

const OBSERVER = `
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

const tasks = (page: Page): Promise<Task[]> => page.evaluate('window.__tasks');
const now = (page: Page): Promise<number> => page.evaluate('performance.now()');
const longest = (list: Task[]) => list.reduce((max, task) => Math.max(max, task.duration), 0);

/** What one row cost the page's main thread, in CPU time (ms). */
interface Cpu {
  /** The main thread's CPU time over the row: its top-level tasks' thread time summed. */
  readonly total: number;
  /** TaskDuration's growth over the row (threadTicks), or null where a navigation reset it. */
  readonly taskDuration: number | null;
  /** The longest top-level task's CPU time, and the wall time it spanned. */
  readonly longest: number;
  readonly longestWall: number;
  /** Top-level tasks over 200 ms of CPU time. */
  readonly over200: number;
}

/**
 * The page's main-thread CPU over a stretch of a run: start() before, stop() after. A trace of the
 * top-level tasks of the renderers' main threads (one page is open at a time) gives each task's
 * thread time (tdur); TaskDuration (Performance.getMetrics, threadTicks) is the page's own count.
 */
class CpuMeter {
  readonly #cdp: CDPSession;
  #trace: RunningTrace | null = null;
  #before = 0;

  private constructor(cdp: CDPSession) {
    this.#cdp = cdp;
  }

  static async attach(page: Page): Promise<CpuMeter> {
    const cdp = await page.context().newCDPSession(page);
    // threadTicks: TaskDuration counts the main thread's CPU time, not the wall time its tasks spanned
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    return new CpuMeter(cdp);
  }

  get cdp(): CDPSession {
    return this.#cdp;
  }

  async #taskDuration(): Promise<number> {
    const { metrics } = await this.#cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN) * 1000;
  }

  async start(): Promise<void> {
    this.#before = await this.#taskDuration();
    this.#trace = await startTrace(this.#cdp, 'toplevel,__metadata');
  }

  /** Ends the stretch; `navigated`: a navigation came between (TaskDuration started again), so only the trace counts. */
  async stop(navigated = false): Promise<Cpu> {
    if (this.#trace === null) throw new Error('CpuMeter.stop() without start()');
    const events = await this.#trace.stop();
    this.#trace = null;
    const after = await this.#taskDuration();
    const { total, longest, longestWall, over200 } = mainThreadCpu(events);
    return { total, taskDuration: navigated ? null : after - this.#before, longest, longestWall, over200 };
  }
}

/** A row's CPU cells: main-thread CPU, the longest task (CPU, with the wall time it spanned), tasks over 200 ms of CPU. */
function cpuCells(cpu: Cpu): [string, string, string] {
  const taskDuration = cpu.taskDuration === null ? '' : ` (TaskDuration ${figure(cpu.taskDuration)} ms)`;
  return [
    `${figure(cpu.total)} ms${taskDuration}`,
    `${figure(cpu.longest)} ms (${figure(cpu.longestWall)} ms wall)`,
    figure(cpu.over200),
  ];
}

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Self time per function in a CPU profile, the 12 largest but idle, as "ms name (file:line)"; with
 * `window` (page time), only its samples, the profile having ended at page time `endedAt`.
 */
function topFunctions(profile: Profile, window: Task | null = null, endedAt = 0): string[] {
  // Profile times are µs on the browser's monotonic clock; performance.now() is that clock minus the time origin.
  const offset = profile.endTime / 1000 - endedAt;
  let at = profile.startTime / 1000 - offset;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    at += (deltas[i] ?? 0) / 1000;
    if (window !== null && (at < window.start || at > window.start + window.duration)) continue;
    const frame = byId.get(samples[i]!)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} (${frame.url.split('/').pop()}:${frame.lineNumber + 1})`;
    self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...self]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`);
}

/** Waits `ms`, then two frames. */
async function quiet(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    `new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), ${ms}))`,
  );
}

/** One row of the CPU table: what, main-thread CPU, longest task, tasks over 200 ms, time to settle. */
type CpuRow = [string, string, string, string, string];

/**
 * Opens each of HOSTILE_LINKS on a fresh page and measures it, from opening the link to 1 s after
 * the page settled; rows for the CPU table. The page first opens a file of the same origin, so the
 * link's document comes in the same renderer that the trace watches.
 */
async function hostileLinks(browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<CpuRow[]> {
  const rows: CpuRow[] = [];
  for (const [name, link] of HOSTILE_LINKS) {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.addInitScript(OBSERVER);
    await page.goto(`${BASE}favicon.svg`);
    const meter = await CpuMeter.attach(page);
    await meter.start();
    const opened = Date.now();
    await page.goto(`${BASE}#s=${link}`);
    const steps = page.getByTestId('scenario-steps');
    const stepCount = link.split('~')[3]!.split('.').length;
    // the page loads (at once or in slices) until the bar counts the link's steps
    await steps.filter({ hasText: `${figure(stepCount)} steps` }).waitFor({ timeout: 900_000 });
    const from = opened;
    const settled = Date.now();
    await quiet(page, 1000);
    const cpu = await meter.stop(true);
    const wall = longest(await tasks(page));
    rows.push([
      `${name} (${figure(link.length)} characters)`,
      ...cpuCells(cpu),
      `${figure((settled - from) / 1000, 1)} s (longest task by the page's clock: ${figure(wall)} ms)`,
    ]);
    console.log(rows.at(-1)!.join(' | '));
    await page.close();
  }
  return rows;
}

async function main(): Promise<void> {
  const distAt = process.argv.indexOf('--dist');
  const server = distAt >= 0 ? preview(PORT, process.argv[distAt + 1]) : buildAndPreview(PORT);
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    await waitForServer(BASE);
    if (process.argv.includes('--hostile-only')) {
      await hostileLinks(browser);
      return;
    }
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.addInitScript(OBSERVER);
    await page.goto(`${BASE}#s=${LINK}`);
    const meter = await CpuMeter.attach(page);
    const cdp = process.argv.includes('--profile') ? meter.cdp : null;
    const startProfile = async () => {
      if (cdp === null) return;
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    };
    const stopProfile = async (): Promise<Profile | null> => (cdp === null ? null : (await cdp.send('Profiler.stop')).profile);
    await startProfile();
    await meter.start();
    const loadStart = await now(page);
    const loadStartWall = Date.now();
    const loading = page.getByTestId('scenario-loading');
    // the scenario bar mounts in its turn after the stage: late on a busy machine
    await loading.waitFor({ timeout: 120_000 });
    // The last progress update: the bar past 99 % (then the last slices and the swap).
    let lastProgress = loadStart;
    for (;;) {
      if ((await loading.count()) === 0) break;
      const value = await loading
        .locator('progress')
        .getAttribute('value', { timeout: 1000 })
        .catch(() => null);
      if (value === null) continue;
      lastProgress = await now(page).catch(() => lastProgress);
      await page.waitForTimeout(200);
    }
    await loading.waitFor({ state: 'detached', timeout: 900_000 });
    const loadEnd = await now(page);
    const loadSeconds = (Date.now() - loadStartWall) / 1000;
    await quiet(page, 3000);
    const loadCpu = await meter.stop();
    const loadProfile = await stopProfile();
    const profileEnded = await now(page);
    const profiles: Array<[string, Profile | null]> = [];
    const all = await tasks(page);
    const during = all.filter((task) => task.start >= loadStart && task.start < lastProgress);
    const end = all.filter((task) => task.start + task.duration >= lastProgress);

    const timeTravel = async (
      keys: string,
      act?: () => Promise<void>,
    ): Promise<{ seconds: number; longest: number; cpu: Cpu }> => {
      const before = (await tasks(page)).length;
      await startProfile();
      await meter.start();
      const start = await now(page);
      await (act ?? (() => page.keyboard.press(keys)))();
      await page.waitForFunction(() => !document.querySelector('[data-testid=scenario-loading]'), undefined, {
        timeout: 120_000,
      });
      const seconds = ((await now(page)) - start) / 1000;
      await quiet(page, 1000);
      const cpu = await meter.stop();
      profiles.push([`${keys} to 1 s after`, await stopProfile()]);
      return { seconds, longest: longest((await tasks(page)).slice(before)), cpu };
    };
    await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
    const undo = await timeTravel('Control+z');
    const enqueueN = await timeTravel('Enqueue N', () =>
      page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click(),
    );
    await page.getByRole('button', { name: '+1 min' }).click();
    await quiet(page, 500);
    const promote = await timeTravel('Promote due jobs', () => page.getByRole('button', { name: 'Promote due jobs' }).click());
    await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
    const undoPromote = await timeTravel('Control+z');
    const redoPromote = await timeTravel('Control+Shift+z');

    const cpuRows: CpuRow[] = [
      [
        `the ${LINK.length}-character link, 100,000 jobs: opening to 3 s after the last slice`,
        ...cpuCells(loadCpu),
        `${figure(loadSeconds, 1)} s (longest task by the page's clock: ${figure(longest([...during, ...end]))} ms)`,
      ],
      ...(
        [
          ['Ctrl+Z at 100,000 jobs (10,000 out), to 1 s after', undo],
          ['Enqueue N of 10,000 (back to 100,000), to 1 s after', enqueueN],
          ['Promote due jobs (100,000 out of each set), to 1 s after', promote],
          ['Ctrl+Z of that promote (200,000 jobs back), to 1 s after', undoPromote],
          ['Ctrl+Shift+Z (the promote again), to 1 s after', redoPromote],
        ] as const
      ).map(([what, row]): CpuRow => [what, ...cpuCells(row.cpu), `${figure(row.seconds, 1)} s (${figure(row.longest)} ms)`]),
    ];
    const details: Array<[string, string]> = [
      [
        'tasks over 50 / 100 ms during the load (page clock)',
        `${during.filter((t) => t.duration > 50).length} / ${during.filter((t) => t.duration > 100).length}, longest ${figure(longest(during))} ms`,
      ],
      [
        'the end: tasks over 50 ms from the last progress update to 3 s after (page clock)',
        `${end.length}, longest ${figure(longest(end))} ms (${end.map((t) => figure(t.duration)).join(', ')})`,
      ],
    ];
    console.log(
      `\nthe largest link within the scale in Chromium (${cpus().length} cores, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')})\n`,
    );
    for (const row of [...cpuRows, ...details]) console.log(row.join(' | '));
    const partial = process.argv.includes('--no-hostile') || distAt >= 0;
    if (!partial) {
      console.log('\nlinks whose steps enqueue little:');
      cpuRows.push(...(await hostileLinks(browser)));
    }
    report('link', {
      script: 'bench:link',
      write: !partial,
      tables: [
        {
          columns: [
            { title: 'what' },
            { title: 'main-thread CPU' },
            { title: 'longest task: CPU (wall)' },
            { title: 'tasks over 200 ms CPU', align: 'right' },
            { title: 'time to settle, wall (longest task by the page clock)' },
          ],
          rows: cpuRows,
        },
        {
          caption: "The 100,000-job load by the page's own clock (PerformanceObserver longtask: wall time):",
          columns: [{ title: 'measure' }, { title: 'figure' }],
          rows: details,
        },
      ],
    });
    if (loadProfile !== null) {
      for (const task of [...during.filter((t) => t.duration > 100), ...end]) {
        console.log(
          `\nself time in the task of ${task.duration.toFixed(0)} ms, ${(task.start - loadEnd).toFixed(0)} ms from the load's end:`,
        );
        for (const line of topFunctions(loadProfile, task, profileEnded)) console.log(line);
      }
    }
    for (const [what, profile] of profiles) {
      if (profile === null) continue;
      console.log(`\nself time, ${what}:`);
      for (const line of topFunctions(profile)) console.log(line);
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
