/**
 * The 722-character link of issue 11 (100 enqueues of 10,000 jobs, 1,000,000 jobs) in headless
 * Chromium, watched by a PerformanceObserver for 'longtask' (a measurement, not a test): builds
 * the production bundle, serves it with `vite preview`, opens the link, answers Load, waits for
 * the last slice, then lets the page draw. Prints the tasks over 50 and 100 ms during the load and
 * the longest task from the last progress update to 3 s after the load ended (the swap and the
 * first draw of the 1,000,000-job sets), then one Undo and one Redo (Ctrl+Z, Ctrl+Shift+Z) at that
 * size with the longest task of each. With --profile, a CPU profile (CDP) of the end of the load
 * names the functions that took the most time there.
 *
 *   npm run bench:link                 # build, then measure
 *   npm run bench:link -- --no-build   # measure the existing dist/
 *   npm run bench:link -- --profile    # also profile (CDP): the tasks at the end, Ctrl+Z, Ctrl+Shift+Z (build with --minify false for names)
 *   npm run bench:link -- --no-write   # print only: do not write the figures into docs/benchmarks.md
 *   npm run bench:link -- --hostile-only   # only the links of steps that enqueue little (see HOSTILE_LINKS)
 *
 * Then the links of issue 28 whose steps enqueue little or nothing (resets, promotes), each on a
 * fresh page: whether the page asked first, the longest task from opening the link to 1 s after it
 * settled, and the time to settle (from opening, or from Load when it asked).
 */
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { buildAndPreview, waitForServer } from './preview.ts';
import { figure, report } from './report.ts';

const PORT = Number(process.env.FIRETIME_BENCH_PORT ?? 4328);
const BASE = `http://127.0.0.1:${PORT}/`;
const LINK = `1~k2x9a~f1796040000000~${Array.from({ length: 100 }, () => 'e10000').join('.')}`;

/** Links whose cost is in their steps, not their jobs (issue 28): the page must not take them in one task. */
const HOSTILE_LINKS: ReadonlyArray<readonly [string, string]> = [
  ['50,000 resets', `1~1~f1796040000000~${Array.from({ length: 50_000 }, () => 'r').join('.')}`],
  ['300,000 resets', `1~1~f1796040000000~${Array.from({ length: 300_000 }, () => 'r').join('.')}`],
  ['10,000 jobs, 20,000 promotes', `1~1~f1796040000000~e10000.${Array.from({ length: 20_000 }, () => 'p').join('.')}`],
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

/** Opens each of HOSTILE_LINKS on a fresh page and measures it; rows for the report. */
async function hostileLinks(browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  for (const [name, link] of HOSTILE_LINKS) {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.addInitScript(OBSERVER);
    const opened = Date.now();
    await page.goto(`${BASE}#s=${link}`);
    const prompt = page.getByTestId('link-prompt');
    const steps = page.getByTestId('scenario-steps');
    const stepCount = link.split('~')[3]!.split('.').length;
    const whole = `${figure(stepCount)} steps`;
    // the page either asks, or loads (at once or in slices) until the bar counts the link's steps
    await Promise.race([prompt.waitFor({ timeout: 600_000 }), steps.filter({ hasText: whole }).waitFor({ timeout: 600_000 })]);
    const asked = (await prompt.count()) > 0;
    let from = opened;
    if (asked) {
      from = Date.now();
      await prompt.getByRole('button', { name: 'Load' }).click();
      await steps.filter({ hasText: whole }).waitFor({ timeout: 600_000 });
    }
    const settled = Date.now();
    await quiet(page, 1000);
    const all = await tasks(page);
    rows.push([
      `${name} (${figure(link.length)} characters)`,
      `${asked ? 'asked, then ' : ''}settled in ${figure((settled - from) / 1000, 1)} s; longest task ${figure(longest(all))} ms, ${all.filter((t) => t.duration > 200).length} over 200 ms`,
    ]);
    console.log(`${rows.at(-1)![0].padEnd(60)} ${rows.at(-1)![1]}`);
    await page.close();
  }
  return rows;
}

async function main(): Promise<void> {
  const server = buildAndPreview(PORT);
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
    const cdp = process.argv.includes('--profile') ? await page.context().newCDPSession(page) : null;
    const startProfile = async () => {
      if (cdp === null) return;
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    };
    const stopProfile = async (): Promise<Profile | null> => (cdp === null ? null : (await cdp.send('Profiler.stop')).profile);
    await startProfile();
    await page.getByTestId('link-prompt').getByRole('button', { name: 'Load' }).click();
    const loadStart = await now(page);
    const loading = page.getByTestId('scenario-loading');
    await loading.waitFor();
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
    await loading.waitFor({ state: 'detached', timeout: 600_000 });
    const loadEnd = await now(page);
    await quiet(page, 3000);
    const loadProfile = await stopProfile();
    const profileEnded = await now(page);
    const profiles: Array<[string, Profile | null]> = [];
    const all = await tasks(page);
    const during = all.filter((task) => task.start >= loadStart && task.start < lastProgress);
    const end = all.filter((task) => task.start + task.duration >= lastProgress);

    const timeTravel = async (keys: string): Promise<{ ms: number; longest: number }> => {
      const before = (await tasks(page)).length;
      await startProfile();
      const start = await now(page);
      await page.keyboard.press(keys);
      await page.waitForFunction('!document.querySelector("[data-testid=scenario-loading]")', undefined, { timeout: 120_000 });
      await quiet(page, 1000);
      profiles.push([`${keys} to 1 s after`, await stopProfile()]);
      return { ms: (await now(page)) - start, longest: longest((await tasks(page)).slice(before)) };
    };
    await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
    const undo = await timeTravel('Control+z');
    const redo = await timeTravel('Control+Shift+z');

    const rows: Array<[string, string]> = [
      ['link', `${LINK.length} characters, 1,000,000 jobs`],
      ['load (Load to the last slice)', `${figure((loadEnd - loadStart) / 1000, 1)} s`],
      [
        'tasks over 50 / 100 ms during the load',
        `${during.filter((t) => t.duration > 50).length} / ${during.filter((t) => t.duration > 100).length}, longest ${figure(longest(during))} ms`,
      ],
      [
        'the end: tasks from the last progress update to 3 s after',
        `${end.length} over 50 ms, longest ${figure(longest(end))} ms (${end.map((t) => figure(t.duration)).join(', ')})`,
      ],
      ['Ctrl+Z at 1,000,000 jobs (10,000 out)', `longest task ${figure(undo.longest)} ms`],
      ['Ctrl+Shift+Z (10,000 back in)', `longest task ${figure(redo.longest)} ms`],
    ];
    console.log(
      `\nthe 722-character link in Chromium (${cpus().length} cores, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')})\n`,
    );
    for (const [what, measured] of rows) console.log(`${what.padEnd(60)} ${measured}`);
    console.log('\nlinks whose steps enqueue little (issue 28):');
    rows.push(...(await hostileLinks(browser)));
    report('link', { script: 'bench:link', tables: [{ columns: [{ title: 'measure' }, { title: 'figure' }], rows }] });
    if (loadProfile !== null) {
      for (const task of end) {
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
