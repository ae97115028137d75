/**
 * Long tasks in headless Chromium outside the link bench (a measurement, not a test: it prints and
 * writes figures, it never fails on time):
 * - 300 `<firetime-card>` elements on one generated host page (the four course cards in turn, each
 *   75 times): the time until every card has drawn, the main thread's CPU over that load and its
 *   longest task; then the same page left alone for 5 s, and a page of 150 live-clock cards left
 *   alone for 5 s (the share of the main thread their clocks keep busy);
 * - the decoder given a paste of 200,000 lines (100,000 numbered pairs of redis-cli's output, the
 *   paste e2e/decoder.spec.ts checks for behaviour): the time until its summary shows, the main
 *   thread's CPU and longest task over the paste, then over 3 keystrokes in the field and 3
 *   PageDown in the table.
 * Every row is in main-thread CPU time (a CDP trace of the page's top-level tasks, their thread
 * time, as bench/link-longtasks.ts counts them): on 2 shared cores wall time is as much the other
 * processes' as the page's. Wall times are printed beside them.
 *
 *   npm run bench:page                 # build, measure, write the figures into docs/performance.md
 *   npm run bench:page -- --no-build   # measure the existing dist/
 *   npm run bench:page -- --no-write   # print only
 */
import { chromium } from '@playwright/test';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import config from '../playwright.config.ts';
import { bandOf } from '../src/model/protocol/score.ts';
import { buildAndPreview, waitForServer } from './preview.ts';
import { benchCommand, currentMachine, figure, NO_WRITE, sectionText, writeSection } from './report.ts';
import { mainThreadCpu, startTrace } from './trace.ts';
import type { MainThreadCpu, RunningTrace } from './trace.ts';

const PORT = Number(process.env.FIRETIME_BENCH_PORT ?? 4329);
const BASE = `http://127.0.0.1:${PORT}`;
const DOC = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const CARDS = 300;
const LIVE_CARDS = 150;
const IDLE_MS = 5000;

/** The course page's four cards, with its attributes. */
const CARD_KINDS = [
  'card="delay" delay="5000"',
  'card="collisions" n="12" ids="plain"',
  'card="band" n="500"',
  'card="wake" n="3"',
];

/** A host page of `count` cards (each kind in turn), loading the built web component from the preview server. */
function hostPage(count: number, extra = ''): string {
  const cards = Array.from(
    { length: count },
    (_, i) =>
      `<section><h2>Card ${i + 1}</h2><firetime-card ${CARD_KINDS[i % CARD_KINDS.length]} ${extra}></firetime-card></section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${count} cards</title>
<script type="module" src="${BASE}/firetime-card.js"></script></head><body>${cards.join('\n')}</body></html>`;
}

/** The main thread's CPU over a stretch, from a trace of its top-level tasks. */
type Cpu = MainThreadCpu;

async function traced(cdp: CDPSession): Promise<RunningTrace> {
  return startTrace(cdp, 'toplevel,__metadata');
}

async function cpuOf(trace: RunningTrace): Promise<Cpu> {
  return mainThreadCpu(await trace.stop());
}

const cells = (cpu: Cpu): string[] => [
  `${figure(cpu.total)} ms`,
  `${figure(cpu.longest)} ms (${figure(cpu.longestWall)} ms wall)`,
  figure(cpu.over200),
];

/** Serves `html` at a path of the preview's origin, so the page and the card's script share it. */
async function openHost(browser: Browser, html: string): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.route(`${BASE}/bench-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  const cdp = await page.context().newCDPSession(page);
  return { page, cdp };
}

const drawnCards = (page: Page): Promise<number> =>
  page.evaluate(
    () => [...document.querySelectorAll('firetime-card')].filter((card) => card.shadowRoot?.querySelector('article')).length,
  );

async function cardRows(browser: Browser): Promise<string[][]> {
  const rows: string[][] = [];
  {
    const { page, cdp } = await openHost(browser, hostPage(CARDS));
    const trace = await traced(cdp);
    const started = Date.now();
    await page.goto(`${BASE}/bench-host.html`);
    await page.waitForFunction((count) => document.querySelectorAll('firetime-card').length === count, CARDS);
    await page.waitForFunction(
      () => [...document.querySelectorAll('firetime-card')].every((card) => card.shadowRoot?.querySelector('article')),
      undefined,
      { timeout: 300_000, polling: 100 },
    );
    const wall = Date.now() - started;
    const load = await cpuOf(trace);
    rows.push([`${CARDS} cards: load until every card has drawn`, ...cells(load), `${figure(wall / 1000, 1)} s`]);
    console.log(rows.at(-1)!.join(' | '), `(${await drawnCards(page)} drawn)`);
    const idle = await traced(cdp);
    await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), IDLE_MS);
    const rest = await cpuOf(idle);
    rows.push([
      `${CARDS} cards, frozen clocks: the page left alone for ${IDLE_MS / 1000} s`,
      ...cells(rest),
      `${figure((100 * rest.total) / IDLE_MS, 1)} % busy`,
    ]);
    console.log(rows.at(-1)!.join(' | '));
    await page.close();
  }
  {
    const { page, cdp } = await openHost(browser, hostPage(LIVE_CARDS, 'clock="live"'));
    await page.goto(`${BASE}/bench-host.html`);
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('firetime-card').length === count &&
        [...document.querySelectorAll('firetime-card')].every((card) => card.shadowRoot?.querySelector('article')),
      LIVE_CARDS,
      { timeout: 300_000, polling: 250 },
    );
    const idle = await traced(cdp);
    await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), IDLE_MS);
    const rest = await cpuOf(idle);
    rows.push([
      `${LIVE_CARDS} live-clock cards: the page left alone for ${IDLE_MS / 1000} s`,
      ...cells(rest),
      `${figure((100 * rest.total) / IDLE_MS, 1)} % busy`,
    ]);
    console.log(rows.at(-1)!.join(' | '));
    await page.close();
  }
  return rows;
}

async function decoderRows(browser: Browser): Promise<string[][]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${BASE}/?stage`);
  const decoder = page.getByTestId('score-decoder');
  await decoder.scrollIntoViewIfNeeded({ timeout: 120_000 });
  const field = decoder.getByLabel('Scores to decode');
  const summary = decoder.getByTestId('decoder-summary');
  const minScore = bandOf(Date.UTC(2026, 10, 30, 9, 0, 0, 0)).minScore;
  await page.evaluate((min) => {
    const lines: string[] = [];
    for (let i = 0; i < 100_000; i++) lines.push(`${2 * i + 1}) "job:${i}"`, `${2 * i + 2}) "${min + (i % 4096)}"`);
    Object.assign(window, { __paste: lines.join('\n') });
  }, minScore);
  await field.focus();
  const rows: string[][] = [];
  const paste = await traced(cdp);
  const started = Date.now();
  await field.evaluate((area) => {
    const data = new DataTransfer();
    data.setData('text/plain', (window as unknown as { __paste: string }).__paste);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await summary.filter({ hasText: '100,000 scores' }).waitFor({ timeout: 300_000 });
  const wall = Date.now() - started;
  rows.push([
    'decoder: a paste of 200,000 lines, until its summary shows',
    ...cells(await cpuOf(paste)),
    `${figure(wall / 1000, 1)} s`,
  ]);
  console.log(rows.at(-1)!.join(' | '));
  const keys = await traced(cdp);
  const keysStarted = Date.now();
  for (const key of ['End', 'ArrowLeft', 'ArrowRight']) await field.press(key);
  const list = decoder.getByTestId('decoder-rows');
  for (let i = 0; i < 3; i++) await list.press('PageDown');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  rows.push([
    'decoder, after the paste: 3 keys in the field, 3 PageDown in the table',
    ...cells(await cpuOf(keys)),
    `${figure((Date.now() - keysStarted) / 1000, 1)} s`,
  ]);
  console.log(rows.at(-1)!.join(' | '));
  await page.close();
  return rows;
}

async function main(): Promise<void> {
  const server = buildAndPreview(PORT);
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    await waitForServer(`${BASE}/`);
    const rows = [...(await cardRows(browser)), ...(await decoderRows(browser))];
    const text = sectionText({
      tables: [
        {
          columns: [
            { title: 'what' },
            { title: 'main-thread CPU', align: 'right' },
            { title: 'longest task: CPU (wall)', align: 'right' },
            { title: 'tasks over 200 ms CPU', align: 'right' },
            { title: 'wall time, or share of the main thread', align: 'right' },
          ],
          rows,
        },
      ],
      command: benchCommand('bench:page'),
      machine: currentMachine(),
    });
    console.log(`\n${text}\n`);
    if (process.argv.includes(NO_WRITE)) return;
    writeSection('page', text, DOC);
    console.log('written to docs/performance.md, section "page"');
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
