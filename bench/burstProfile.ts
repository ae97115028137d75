/**
 * Where the time goes in a burst of 10,000 same-ms jobs (a measurement, not a test): serves a build
 * (`--dist <dir>`, default dist/; an unminified build names functions:
 * `npx vite build --minify false --outDir /tmp/burst-dist`), sets up the page as bench/ui.ts's
 * burst does, and records a CPU profile (CDP Profiler) of the first click after load on its own,
 * then of each of the next `--runs` clicks (default 8, Reset between, not profiled), with a trace of those; prints
 * each click's wall time, the trace's per-click totals (event dispatch, layout, paint, GC...), each
 * profile's time per category (model, store, React render / commit, GC, the browser's own work)
 * and its top self-time and inclusive-time functions (`--top N`). Sampling every `--interval` µs
 * (default 250). A busy machine stretches every figure: read the load beside them.
 *
 *   node --import tsx bench/burstProfile.ts --dist /tmp/burst-dist [--runs 8] [--top 30] [--interval 250] [--pre N] [--under fn]
 */
import { chromium } from '@playwright/test';
import type { CDPSession, Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { preview, waitForServer } from './preview.ts';
import { PAGE_PORT, PAGE_URL, T0_ISO } from './page.ts';
import type { ProfileNode } from './page.ts';
import { markTimes } from './stats.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function setField(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label);
  await field.fill(value);
  await field.press('Tab');
}

async function click(page: Page): Promise<number> {
  return page.evaluate(`(async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Enqueue N at the same millisecond');
    const band = document.querySelector('[data-testid=band-panel]');
    const sets = document.querySelector('[data-testid=band-set]');
    performance.mark('burst-start');
    const start = performance.now();
    button.click();
    while (!(band.textContent.includes('slots used: 4,096 of 4,096') && sets.textContent.includes('10,000 members'))) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const took = performance.now() - start;
    performance.mark('burst-end');
    return took;
  })()`);
}

/**
 * Clicks Reset from the page's script: Playwright's click would scroll the page up to the button,
 * leaving the band panel off screen (it then follows the store once a second) and the next click
 * would time that instead of the burst (as bench/ui.ts does).
 */
async function resetInPlace(page: Page): Promise<void> {
  await page.evaluate(`[...document.querySelectorAll('button')].find((b) => b.textContent === 'Reset').click()`);
}

/** The profiles of several clicks as one (node ids renumbered; the gap between two profiles counts as nothing). */
function merged(profiles: Profile[]): Profile {
  const nodes: ProfileNode[] = [];
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let offset = 0;
  for (const profile of profiles) {
    for (const n of profile.nodes) nodes.push({ ...n, id: n.id + offset, children: n.children?.map((c) => c + offset) });
    samples.push(...profile.samples.map((id) => id + offset));
    timeDeltas.push(...profile.timeDeltas.map((dt, i) => (i === 0 ? 0 : dt)));
    offset += Math.max(...profile.nodes.map((n) => n.id)) + 1;
  }
  return { nodes, samples, timeDeltas };
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))))`,
  );
}

function key(f: ProfileNode['callFrame']): string {
  return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
}

/** Each sample goes to the first of these found on its stack, innermost first (else 'other script'). */
const CATEGORIES: Array<[string, string]> = [
  ['(garbage collector)', 'gc'],
  ['getDelayedScore', 'model: getDelayedScore (ZREVRANGEBYSCORE)'],
  ['addDelayedJob', 'model: addDelayedJob ZADD'],
  ['record', 'model: command log'],
  ['rank', 'model: ZRANK (session reads)'],
  ['apply', 'model: other Session.apply'],
  ['publish', 'store: publish (zustand set, selectors)'],
  ['commitRoot', 'react: commit (effects, layout reads, canvas)'],
  ['renderRootSync', 'react: render'],
  ['renderRootConcurrent', 'react: render (concurrent)'],
  ['perform', 'store: perform (rest)'],
];

function categories(profile: Profile, divide: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sums = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leaf = byId.get(id)!.callFrame.functionName;
    if (leaf === '(idle)') return;
    let category = leaf === '(program)' ? 'program (layout, paint, ...)' : 'other script';
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) names.push(byId.get(at)!.callFrame.functionName);
    outer: for (const name of names)
      for (const [fn, cat] of CATEGORIES)
        if (name === fn) {
          category = cat;
          break outer;
        }
    sums.set(category, (sums.get(category) ?? 0) + dt);
  });
  console.log(`per click (ms), ${divide} click(s):`);
  for (const [cat, ms] of [...sums].sort((a, b) => b[1] - a[1])) console.log(`  ${(ms / divide).toFixed(1).padStart(8)}  ${cat}`);
}

/** `--under NAME`: the inclusive list counts only samples with a function NAME on their stack (e.g. renderRootConcurrent). */
const UNDER = arg('--under');

function report(title: string, profile: Profile, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
    total += dt;
    self.set(key(node.callFrame), (self.get(key(node.callFrame)) ?? 0) + dt);
    const keys = new Set<string>();
    let under = UNDER === undefined;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (f.functionName === UNDER) under = true;
      if (f.url === '') continue;
      keys.add(key(f));
    }
    if (under) for (const k of keys) inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
  });
  console.log(`\n== ${title}: ${total.toFixed(0)} ms sampled (not idle / program); top self time:`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`top inclusive (script)${UNDER === undefined ? '' : `, only samples under ${UNDER}`}:`);
  for (const [k, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top * 2))
    console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

async function profiled<T>(cdp: CDPSession, work: () => Promise<T>): Promise<{ result: T; profile: Profile }> {
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return { result, profile };
}

async function main(): Promise<void> {
  const server = preview(PAGE_PORT, arg('--dist'));
  const runs = Number(arg('--runs') ?? 8);
  const top = Number(arg('--top') ?? 30);
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    await waitForServer(PAGE_URL);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(PAGE_URL);
    await setField(page, 'Clock instant (ms or ISO)', T0_ISO);
    await setField(page, 'N (jobs sharing one timestamp)', '10000');
    await page.getByTestId('band-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('live-redis').waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: Number(arg('--interval') ?? 250) });
    // --pre N: N clicks (Reset after each) before the profiled ones, to compare a warmed page
    for (let i = 0; i < Number(arg('--pre') ?? 0); i++) {
      await settle(page);
      await click(page);
      await resetInPlace(page);
    }
    await settle(page);
    const first = await profiled(cdp, () => click(page));
    await resetInPlace(page);
    const times: number[] = [];
    const profiles: Profile[] = [];
    const traced: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => traced.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
    for (let i = 0; i < runs; i++) {
      await settle(page);
      const { result, profile } = await profiled(cdp, () => click(page));
      times.push(result);
      profiles.push(profile);
      await resetInPlace(page);
    }
    const rest = { profile: merged(profiles) };
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    // only what happened between a click and the end of its measure (not the resets and settles)
    const starts = markTimes(traced, 'burst-start');
    const ends = markTimes(traced, 'burst-end');
    const events = traced.filter((e) =>
      starts.some((start, i) => e.ts >= start && e.ts + (e.dur ?? 0) <= (ends[i] ?? Number.POSITIVE_INFINITY)),
    );
    console.log(`trace of the next ${runs} clicks, per click, from the click to the end of its measure (ms):`);
    for (const name of [
      'EventDispatch',
      'FunctionCall',
      'RunMicrotasks',
      'Layout',
      'UpdateLayoutTree',
      'PrePaint',
      'Paint',
      'Layerize',
      'Commit',
      'MinorGC',
      'MajorGC',
      'FireAnimationFrame',
      'TimerFire',
    ])
      console.log(
        `  ${name.padEnd(20)} ${(events.filter((e) => e.name === name && e.ph === 'X').reduce((s, e) => s + (e.dur ?? 0) / 1000, 0) / runs).toFixed(1).padStart(8)}`,
      );
    console.log(`first click ${first.result.toFixed(1)} ms; then ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    categories(first.profile, 1);
    categories(rest.profile, runs);
    report('first click after load', first.profile, top);
    report(`the next ${runs} clicks (each profiled from the click to the end of its measure)`, rest.profile, top);
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
