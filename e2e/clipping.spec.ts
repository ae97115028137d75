import { expect, test } from './sharedPage.ts';
import { twoFrames } from './frames.ts';
import type { Page, TestInfo } from '@playwright/test';
import { countedLayoutShifts, watchLayoutShifts } from './layoutShifts.ts';
import { screenshot } from './screenshot.ts';
import type { RunningBridge } from '../bridge/bridge.ts';
import { T0 } from '../test-support/instants.ts';
import { startRedisServer } from '../test-support/redisProcess.ts';
import type { RedisProcess } from '../test-support/redisProcess.ts';
import { RespClient } from '../test-support/resp-client.ts';
import { startLocalBridge, stopAll } from './localBridge.ts';

/**
 * Nothing that carries a number is cut off: at the three viewports the issue names, with the
 * largest values the page can be driven to (uuid members, 4,100 jobs in one millisecond, scores of
 * the year 3000, millions of pairs out of order), every element marked `data-number` shows its
 * whole text: it wraps or fits, it is never clipped by its own box or a box around it, and never
 * ellipsised.
 */

const VIEWPORTS = [
  [1280, 720],
  [1366, 768],
  [390, 844],
] as const;

/** 3000-01-01T00:00:00.000Z: far past the 2039 cliff, so its band scores print with an exponent (21 characters). */
const YEAR_3000 = Date.UTC(3000, 0, 1);

/**
 * A link that promotes 4,100 jobs (the promote lists fill), then enqueues 4,100 more into the same
 * millisecond (the band fills past its 4,096 slots): both sets, the band and promote show the most
 * they can at once.
 */
function bigLink(at: number, settings: string): string {
  return `/#s=1~k2x9a~${settings}.f${at}~e4100.f${at + 65_000}.p.f${at}.e4100`;
}

const STATES = [
  { name: 'uuid ids in 2026', link: bigLink(T0, 'iu'), slotKey: 'End', saturated: true, shiftFree: true },
  {
    name: 'uuid ids in the year 3000, textbook in ms',
    link: bigLink(YEAR_3000, 'iu.um'),
    slotKey: 'Home',
    saturated: false,
    shiftFree: false,
  },
  { name: 'job:N ids in 2026', link: bigLink(T0, 'ij'), slotKey: 'End', saturated: true, shiftFree: true },
] as const;

/** What every state shows, by its data-number name. */
const ALWAYS_MARKED = [
  'delay-value',
  'clock-now',
  'fire-time',
  'fire-time-iso',
  'textbook-score',
  'min-score',
  'next-score',
  'max-score',
  'next-kind',
  'jobs-in-ms',
  'recovered',
  'recovered-fraction',
  'recovered-wake',
  'next-arrival',
  'band-slots-used',
  'band-jobs',
  'band-readout',
  'set-size',
  'set-order-pairs',
  'set-position',
  'set-member',
  'set-score',
  'set-arrival',
  'promoted-at',
  'promoted-summary',
  'promoted-total',
  'promoted-index',
  'promoted-member',
  'promoted-arrival',
  'next-wake',
  'bound-score',
  'bits',
  'decoder-counts',
  'Member',
  'Score',
  'Fire-time (ms)',
  'Fire-time (UTC)',
  'Slot',
];

/** redis-cli output of the largest members and scores: uuids, year-3000 scores, a 2026 band's ceiling. */
function decoderPaste(): string {
  const rows = [
    ['0c9e8f6a-3b1d-4e2f-9a7b-5c4d3e2f1a0b', '1.331350733004841e+17'],
    ['f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9', '1.3313507330048e+17'],
    ['job:1000000', String(Math.round((T0 + 5000) * 0x1000 + 4095))],
  ];
  return rows.flatMap(([member, score], i) => [`${2 * i + 1}) "${member}"`, `${2 * i + 2}) "${score}"`]).join('\n');
}

/**
 * In the page: every marked element that is cut off, and why. An element is cut off when its own
 * content is wider or taller than its box (it spills, or is clipped or ellipsised by it), or when
 * it reaches outside a box around it that hides overflow. A box that scrolls ends the search: what
 * is inside it can be scrolled to (the lists, the decoder's wide table).
 */
function cutOffElements(): string[] {
  const problems: string[] = [];
  const describe = (element: Element) =>
    `${element.getAttribute('data-number')} "${(element.textContent ?? '').trim().slice(0, 60)}"`;
  const clips = (value: string) => value === 'hidden' || value === 'clip';
  const scrolls = (value: string) => value === 'auto' || value === 'scroll';
  for (const element of document.querySelectorAll<HTMLElement>('[data-number]')) {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (style.display === 'none' || style.visibility === 'hidden' || (box.width === 0 && box.height === 0)) continue;
    if (element.closest('.visually-hidden')) continue;
    if (style.display !== 'inline') {
      // 1 px of slack for sub-pixel rounding: scrollWidth and clientWidth are whole numbers
      if (element.scrollWidth > element.clientWidth + 1)
        problems.push(`${describe(element)}: ${element.scrollWidth} px wide in a box of ${element.clientWidth} px`);
      if (element.scrollHeight > element.clientHeight + 1)
        problems.push(`${describe(element)}: ${element.scrollHeight} px high in a box of ${element.clientHeight} px`);
    }
    for (let outer = element.parentElement; outer && outer !== document.body; outer = outer.parentElement) {
      const around = getComputedStyle(outer);
      if (scrolls(around.overflowX) || scrolls(around.overflowY)) break;
      const edge = outer.getBoundingClientRect();
      const left = edge.left + outer.clientLeft;
      const top = edge.top + outer.clientTop;
      if (clips(around.overflowX) && (box.left < left - 1 || box.right > left + outer.clientWidth + 1))
        problems.push(`${describe(element)}: cut at the sides by ${outer.tagName}.${outer.className}`);
      if (clips(around.overflowY) && (box.top < top - 1 || box.bottom > top + outer.clientHeight + 1))
        problems.push(`${describe(element)}: cut at the top or bottom by ${outer.tagName}.${outer.className}`);
    }
  }
  return problems;
}

/** In the page: forces (or releases) content-visibility: visible, so that panels far from the viewport are laid out. */
function layOutEveryPanel(on: boolean): void {
  for (const element of document.querySelectorAll<HTMLElement>('*')) {
    if (on && getComputedStyle(element).contentVisibility === 'auto') element.setAttribute('data-laid-out', '');
    if (element.hasAttribute('data-laid-out')) {
      if (on) element.style.setProperty('content-visibility', 'visible', 'important');
      else element.style.removeProperty('content-visibility');
    }
  }
}

/** The names of the marked elements that are laid out. */
const markedNames = (page: Page) =>
  page.evaluate(() => [...new Set([...document.querySelectorAll('[data-number]')].map((e) => e.getAttribute('data-number')))]);

type State = (typeof STATES)[number];

/** Opens a state's link at a size and waits for what it replays; with `shifts`, the stage's layout shifts are recorded from before the load. */
async function openState(page: Page, state: State, [width, height]: (typeof VIEWPORTS)[number], shifts: boolean): Promise<void> {
  await page.setViewportSize({ width, height });
  // the stage must not move while the link loads (the panels below it mount later, one at a
  // time, and move what follows them; that is not this check's)
  if (shifts) await watchLayoutShifts(page, '[data-testid="stage"]');
  await page.goto(state.link);
  // the link replays 4,100 jobs and the sets panel mounts in its turn: on a busy machine that
  // is several seconds; what this test judges is what the page shows once it has
  await expect(page.getByTestId('band-set')).toContainText('4,100 members', { timeout: 30_000 });
  await expect(page.getByTestId('promoted-band-total')).toContainText('4,100 jobs');
  if (state.saturated) await expect(page.getByTestId('band-ceiling-badge')).toBeVisible();
}

/** The page at its present size, driven to its widest numbers (the band's fullest slot read, the decoder fed): every marked element there and whole. */
async function expectNothingCutOff(page: Page, state: State, testInfo: TestInfo): Promise<void> {
  const { width, height } = page.viewportSize()!;
  // the stage's band read at its fullest slot: the ceiling, or the one score all share past the cliff
  const grid = page.getByTestId('stage-band').getByRole('application');
  await grid.focus();
  await page.keyboard.press(state.slotKey);
  await expect(page.getByTestId('stage-band').locator('[data-number="band-readout"]')).toContainText('shared by');
  await screenshot(page, testInfo, `stage-${width}x${height}`);

  const decoder = page.getByTestId('score-decoder');
  await decoder.scrollIntoViewIfNeeded();
  await decoder.getByLabel('Scores to decode').fill(decoderPaste());
  await decoder.getByRole('button', { name: 'Decode' }).click();
  await expect(decoder.getByTestId('decoder-summary')).toContainText('3 scores');

  await page.evaluate(layOutEveryPanel, true);
  try {
    const names = await markedNames(page);
    expect(
      ALWAYS_MARKED.filter((name) => !names.includes(name)),
      'marked elements missing',
    ).toEqual([]);
    if (state.saturated) expect(names).toContain('band-ceiling-badge');
    await screenshot(page.getByTestId('promote-panel'), testInfo, `promote-${width}x${height}`);
    await screenshot(decoder, testInfo, `decoder-${width}x${height}`);
    expect(await page.evaluate(cutOffElements)).toEqual([]);
  } finally {
    await page.evaluate(layOutEveryPanel, false);
  }
}

for (const state of STATES) {
  if (state.shiftFree) {
    // the stage held still while the link loads is a claim about each size's load: a load a size
    for (const viewport of VIEWPORTS) {
      test(`at ${viewport[0]}x${viewport[1]}, ${state.name}: no number is cut off`, async ({ page }, testInfo) => {
        await openState(page, state, viewport, true);
        await expectNothingCutOff(page, state, testInfo);
        expect(await countedLayoutShifts(page)).toEqual([]);
      });
    }
  } else {
    // (a year-3000 link moves the stage as it loads, on main too: its clock reading and the
    // past-the-cliff note arrive after the first paint, in place of the live clock's); what is
    // left to judge is the layout at each size, so one load serves the three, the window resized
    test(`at 1280x720, 1366x768 and 390x844, ${state.name}: no number is cut off`, async ({ page }, testInfo) => {
      await openState(page, state, VIEWPORTS[0], false);
      for (const viewport of VIEWPORTS) {
        await test.step(`${viewport[0]}x${viewport[1]}`, async () => {
          await page.setViewportSize({ width: viewport[0], height: viewport[1] });
          await twoFrames(page);
          await expectNothingCutOff(page, state, testInfo);
        });
      }
    });
  }
}

/**
 * The Live panel reads a real set through the bridge: 2,300 counter ids (seven digits) in one
 * millisecond of the year 3000, where a double spaces the band's scores 16 apart (256 of them), so
 * its scores print with an exponent. Nine jobs a score, the scores in the reverse of arrival: the
 * order badge counts every pair but those that share a score (member bytes keep those in arrival
 * order): a seven-digit count.
 */
test.describe('the Live panel', () => {
  const KEY = 'bull:big:delayed';
  const JOBS = 2300;
  const PER_SCORE = 9;
  /** The score level (0..255, 16 apart in the band) of the job that arrived i-th: later jobs lower. */
  const levelOf = (i: number) => 255 - Math.floor((i - 1) / PER_SCORE);
  /** Every pair is out of due order but those of one level: C(2300, 2) minus C(size, 2) a level. */
  const levels = new Map<number, number>();
  for (let i = 1; i <= JOBS; i++) levels.set(levelOf(i), (levels.get(levelOf(i)) ?? 0) + 1);
  const PAIRS = (JOBS * (JOBS - 1)) / 2 - [...levels.values()].reduce((sum, size) => sum + (size * (size - 1)) / 2, 0);
  let redis: RedisProcess;
  let bridge: RunningBridge;

  test.beforeAll(async () => {
    redis = await startRedisServer();
    const client = await RespClient.connect(redis.port);
    const pairs: string[] = [];
    for (let i = 1; i <= JOBS; i++) pairs.push(String(YEAR_3000 * 0x1000 + 16 * levelOf(i)), String(1_000_000 + i));
    await client.call('ZADD', KEY, ...pairs);
    client.close();
    bridge = await startLocalBridge(redis.port);
  });

  test.afterAll(() => stopAll(bridge, redis));

  test('at 1280x720, 1366x768 and 390x844: no number is cut off', async ({ page }, testInfo) => {
    // one read of the set serves the three sizes: the claim is the layout at each, so the window is resized, not reloaded
    await page.setViewportSize({ width: VIEWPORTS[0][0], height: VIEWPORTS[0][1] });
    await page.goto('/?stage');
    const live = page.getByTestId('live-redis');
    await live.scrollIntoViewIfNeeded();
    await live.getByTestId('live-bridge-url').fill(bridge.url);
    await live.getByRole('button', { name: 'List keys' }).click();
    await live.getByTestId('live-keys').getByRole('button', { name: KEY }).click();
    const setView = live.getByTestId('live-set-view');
    await expect(setView).toContainText('2,300 members');
    await expect(setView.locator('[data-number="set-order-pairs"]')).toContainText(`${PAIRS.toLocaleString('en-US')} pairs`);
    for (const [width, height] of VIEWPORTS) {
      await test.step(`${width}x${height}`, async () => {
        await page.setViewportSize({ width, height });
        await twoFrames(page);
        await page.evaluate(layOutEveryPanel, true);
        try {
          await screenshot(live, testInfo, `live-${width}x${height}`);
          const names = await markedNames(page);
          expect(names).toEqual(expect.arrayContaining(['set-order-pairs', 'set-member', 'set-score', 'set-arrival', 'Score']));
          expect(await page.evaluate(cutOffElements)).toEqual([]);
        } finally {
          await page.evaluate(layOutEveryPanel, false);
        }
      });
    }
  });
});
