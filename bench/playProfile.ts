/**
 * Where the time goes while "Play" enqueues 1,000 jobs/s with the stage on screen (a measurement,
 * not a test): serves a build (`--dist <dir>`, default dist/; an unminified build names functions:
 * `npx vite build --minify false --outDir /tmp/prof-dist`), starts the play as bench/ui.ts does,
 * records a CPU profile (CDP Profiler) and a trace (devtools.timeline) of 2 s, and prints the top
 * self-time functions and the forced (synchronous) layouts and style recalcs per frame.
 *
 *   node --import tsx bench/playProfile.ts --dist /tmp/prof-dist
 */
import { chromium } from '@playwright/test';
import config from '../playwright.config.ts';
import { preview, waitForServer } from './preview.ts';
import { PAGE_PORT, PAGE_URL, T0_ISO } from './page.ts';
import type { ProfileNode } from './page.ts';

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  ts: number;
  args?: {
    beginData?: { stackTrace?: Array<{ functionName: string }> };
    data?: { stackTrace?: Array<{ functionName: string }> };
  };
  stackTrace?: unknown;
}

async function main(): Promise<void> {
  const distAt = process.argv.indexOf('--dist');
  const server = preview(PAGE_PORT, distAt >= 0 ? process.argv[distAt + 1] : undefined);
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    await waitForServer(PAGE_URL);
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(PAGE_URL);
    const field = page.getByLabel('Clock instant (ms or ISO)');
    await field.fill(T0_ISO);
    await field.press('Tab');
    await page.getByLabel('Job id style').selectOption('N');
    const rate = page.getByLabel('Rate (jobs/s)');
    await rate.fill('1000');
    await rate.press('Tab');
    await page.getByTestId('stage-band').getByRole('application').waitFor();
    await page.waitForTimeout(500);
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate(`[...document.querySelectorAll('button')].find((b) => b.textContent === 'Play').click()`);
    await page.waitForTimeout(500);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.stack',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await page.waitForTimeout(2000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;

    // self time per function (from the samples' time deltas)
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const node = byId.get(id)!;
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      total += dt;
      const f = node.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + dt);
    });
    console.log(`CPU profile, ${total.toFixed(0)} ms sampled; top self time:`);
    for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`);

    // inclusive time per function (each sample counted once per function on its stack)
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const inclusive = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const keys = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = byId.get(at)!.callFrame;
        if (f.url === '') continue;
        keys.add(`${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`);
      }
      for (const key of keys) inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    });
    console.log('\ntop inclusive time (script):');
    for (const [key, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 400))
      console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${key}`);

    // trace: frames, layouts, style recalcs, paints
    const frames = events
      .filter((e) => e.name === 'BeginFrame' || e.name === 'DrawFrame')
      .filter((e) => e.name === 'DrawFrame').length;
    const sum = (name: string) =>
      events.filter((e) => e.name === name && e.ph === 'X').reduce((s, e) => s + (e.dur ?? 0) / 1000, 0);
    const count = (name: string) => events.filter((e) => e.name === name && (e.ph === 'X' || e.ph === 'B')).length;
    console.log(`\ntrace, 2 s: ${frames} DrawFrame events`);
    for (const name of [
      'FunctionCall',
      'RunTask',
      'Layout',
      'UpdateLayoutTree',
      'Paint',
      'PrePaint',
      'Layerize',
      'Commit',
      'EventDispatch',
      'FireAnimationFrame',
      'TimerFire',
      'GCEvent',
      'MinorGC',
      'MajorGC',
      'HitTest',
      'ParseHTML',
      'UpdateLayer',
      'CompositeLayers',
      'RasterTask',
    ])
      console.log(`  ${name.padEnd(20)} ${String(count(name)).padStart(5)} events  ${sum(name).toFixed(1).padStart(8)} ms`);
    // forced layouts: Layout events with a JS stack (they ran inside script)
    const forced = new Map<string, { n: number; ms: number }>();
    for (const e of events.filter((e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.ph === 'X')) {
      const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
      if (!stack || stack.length === 0) continue;
      const key = `${e.name} <- ${stack
        .slice(0, 3)
        .map((s) => s.functionName || '(anon)')
        .join(' < ')}`;
      const entry = forced.get(key) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += (e.dur ?? 0) / 1000;
      forced.set(key, entry);
    }
    console.log('\nforced (from script) layouts / style recalcs:');
    for (const [key, { n, ms }] of [...forced].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
      console.log(`  ${String(n).padStart(5)} x  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
