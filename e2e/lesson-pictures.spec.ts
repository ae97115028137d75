/**
 * The lesson's steps, in the built page: at 1366x768, 1280x720 and 390x844, each step opens on
 * its preset with its picture there, its "Try this" pressed three times gives what "You should
 * see" says after each press (read off the picture, in view), and nothing number-bearing is
 * clipped or wider than a phone; wide, the parts the step is about fill the figure and fit one
 * screen with the step's text; axe finds nothing in light and dark, before and after the presses.
 * One test a size walks every step, and it is the only walk that opens each step to check it (a
 * test a step would load the same pages, with more to set up). Dark mode is checked inside the
 * 1366x768 walk, on the page it has loaded: the step switched to dark as it opens and after its
 * first press, then back to light, rather than a walk of its own loading and pressing every step
 * again. Screenshots of every step (both widths, phone, dark) go to docs/lesson-steps/ when
 * FIRETIME_UPDATE_DOCS=1 (`npm run docs:screenshots`), in few colours that keep the marked
 * digits' yellow.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { groupDigits } from '../src/model/format.ts';
import { formatScore } from '../src/model/redis/doubles.ts';
import { LESSON_STEPS } from '../src/features/lesson/steps.ts';
import type { LessonStep } from '../src/features/lesson/steps.ts';
import { axeViolations } from './axe.ts';
import { twoFrames } from './frames.ts';
import { screenshot } from './screenshot.ts';
import { smallPixels, smallPng } from './lessonShots.ts';
import { BAND, FIRE_TIME, STEP_CHECKS, tokenScore, tokens } from './lessonChecks.ts';

/**
 * The sizes walked. `wide`: the text beside the figure, its parts filling it; `oneScreen`: the
 * step's text and the parts it is about on one screen, before and after its presses, and the first
 * press's claims read in full; `phone`: one column under the
 * step, nothing wider than the screen, what a press changed brought above the Previous / Next bar;
 * `dark`: the step in dark mode too, as it opens and after one press.
 */
const VIEWPORTS = [
  { name: 'wide', width: 1366, height: 768, axe: true, wide: true, oneScreen: true, phone: false, dark: true },
  { name: '1280', width: 1280, height: 720, axe: false, wide: true, oneScreen: false, phone: false, dark: false },
  { name: 'phone', width: 390, height: 844, axe: true, wide: false, oneScreen: false, phone: true, dark: false },
] as const;

/** Where `npm run docs:screenshots` writes the steps' pictures (docs/lesson-steps.md shows them). */
const DOCS_SHOTS = resolve(import.meta.dirname, '..', 'docs', 'lesson-steps');

/** Whether a shot is made small as a phone's (whole) or as a wide one's (halved). */
const isPhone = (page: Page) => page.viewportSize()!.width < 900;

/** The page as it is, as a test artifact; and, asked to refresh docs/, as a small PNG there (lessonShots.ts). */
async function shoot(page: Page, name: string, docsName: string): Promise<void> {
  await screenshot(page, test.info(), name);
  if (process.env.FIRETIME_UPDATE_DOCS !== '1') return;
  mkdirSync(DOCS_SHOTS, { recursive: true });
  writeFileSync(resolve(DOCS_SHOTS, `${docsName}.png`), smallPng(await page.screenshot({ caret: 'initial' }), isPhone(page)).png);
}

/**
 * The page made small as docs/ keeps it, read back: every marked digit on screen still shows its
 * yellow over most of its box (the few colours the picture keeps are not all spent on the greys of
 * text).
 */
async function expectMarksKeepTheirColour(page: Page): Promise<void> {
  await page.getByTestId('lesson-figure').locator('mark').first().scrollIntoViewIfNeeded();
  // the colours of the docs picture, not encoded as a PNG: this check reads only the palette and indices
  const small = smallPixels(await page.screenshot({ caret: 'initial' }), isPhone(page));
  const scale = isPhone(page) ? 1 : 0.5;
  const marks = await page.getByTestId('lesson-figure').evaluate((figure) =>
    [...figure.querySelectorAll('mark')].flatMap((mark) => {
      const box = mark.getBoundingClientRect();
      const inView = box.width > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      const colour = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(mark).backgroundColor);
      return inView && colour !== null
        ? [{ left: box.left, top: box.top, right: box.right, bottom: box.bottom, colour: colour.slice(1, 4).map(Number) }]
        : [];
    }),
  );
  expect(marks.length, 'marked digits in view').toBeGreaterThan(0);
  for (const mark of marks) {
    let near = 0;
    let all = 0;
    for (let y = Math.ceil(mark.top * scale); y < Math.floor(mark.bottom * scale); y++) {
      for (let x = Math.ceil(mark.left * scale); x < Math.floor(mark.right * scale); x++) {
        const colour = small.palette[small.indices[y * small.width + x]!]!;
        all++;
        if (colour.every((channel, c) => Math.abs(channel - mark.colour[c]!) <= 24)) near++;
      }
    }
    // the digits' strokes cover part of the box; the rest is the mark's colour
    expect(near / all, `mark at ${Math.round(mark.left)},${Math.round(mark.top)}`).toBeGreaterThan(0.3);
  }
}

/** How long the figure may take to come after the text (its chunk, then the step's preset: 4,096 jobs in step 5) on a busy machine. */
const FIGURE_COMES_MS = 20_000;

/** A size's walk through every step: as long as a test a step would have had. */
const WALK_MS = LESSON_STEPS.length * 60_000;

test.use({ reducedMotion: 'reduce' });
// the walks share nothing (each opens its own pages): they may run side by side, on the workers there are
test.describe.configure({ mode: 'parallel' });

const stepNumber = (id: LessonStep['id']) => LESSON_STEPS.findIndex((step) => step.id === id) + 1;

/** Each step's picture, and what one press of its "Try this" shows (the `press`-th, from 1), read off the picture. */
const PICTURES: Record<LessonStep['id'], { picture: string; pressed: (page: Page, press: number) => Promise<void> }> = {
  'fire-time': {
    picture: 'textbook-line',
    pressed: async (page, press) => {
      const head = page.getByTestId('textbook-line').getByTestId('job-token').first();
      await expect(head).toHaveAttribute('data-member', `job:${3 + press}`);
      await expect(head).toHaveAttribute('data-new', 'true');
      await expect(head).toBeInViewport();
    },
  },
  ties: {
    picture: 'textbook-line',
    pressed: async (page, press) => {
      const line = page.getByTestId('textbook-line');
      await expect(line.locator('[data-new="true"]')).toHaveCount(3);
      await expect(line.getByTestId('job-token').nth(1)).toHaveAttribute('data-member', '10');
      await expect(line.locator(`[data-member="${9 + 3 * press}"]`)).toHaveAttribute('data-new', 'true');
      await expect(line.locator('[data-new="true"]').first()).toBeInViewport();
    },
  },
  shift: {
    picture: 'lesson-bits',
    pressed: async (page, press) => {
      await expect(page.getByTestId('bits-decimal-fire-time')).toHaveText(groupDigits(FIRE_TIME + press));
      await expect(page.getByTestId('bits-row-floor').locator('[data-field="slot"][data-bit="1"]')).toHaveCount(0);
      // the changed bits in both rows, the floor's last: both rows in sight
      await expect(page.getByTestId('bits-row-floor').locator('[data-changed]').first()).toBeVisible();
      await expectInSight(page, page.getByTestId('bits-row-fire-time'));
      await expectInSight(page, page.getByTestId('bits-row-floor'));
    },
  },
  bump: {
    picture: 'lesson-band-zoom',
    pressed: async (page, press) => {
      const slot = page.getByTestId(`zoom-slot-${press}`);
      await expect(slot.locator('[data-newest]')).toHaveAttribute('data-member', String(press + 1));
      await expect(page.getByTestId('bits-slot-text')).toContainText(`${press.toString(2).padStart(12, '0')} = ${press}`);
      await expect(slot).toBeInViewport();
    },
  },
  ceiling: {
    picture: 'lesson-band-zoom',
    pressed: async (page, press) => {
      await expect(page.getByTestId('zoom-ceiling')).toHaveAttribute('data-count', String(1 + 4 * press));
      await expect(page.getByTestId('bits-slot-text')).toContainText('111111111111 = 4095');
      await expect(page.getByTestId('band-line').locator('[data-new="true"]')).toHaveCount(4);
      await expect(page.getByTestId('zoom-ceiling')).toBeInViewport();
    },
  },
  recovery: {
    picture: 'lesson-recovery',
    pressed: async (page, press) => {
      await expect(page.getByTestId('recovery-fraction')).toHaveText(`${FIRE_TIME} + ${3 + press - 1}/4,096`);
      await expect(page.getByTestId('recovery-reply')).toHaveText(String(FIRE_TIME));
      await expect(page.getByTestId('axis-newest')).toBeInViewport();
    },
  },
  cliff: {
    picture: 'lesson-bits',
    pressed: async (page, press) => {
      const tokens = page.getByTestId('band-line').getByTestId('job-token');
      await expect(tokens.nth(press)).toHaveAttribute('data-member', String(9 + press));
      await expect(tokens.nth(press + 1)).toHaveAttribute('data-member', '2');
      await expect(page.getByTestId('bits-row-stored').locator('[data-place="0"]')).toHaveAttribute('data-bit', '0');
      await expect(tokens.nth(press)).toBeInViewport();
      await expectInSight(page, page.getByTestId('bits-row-stored'));
    },
  },
  script: {
    picture: 'script-stepper',
    pressed: async (page, press) => {
      await expect(page.getByTestId('band-line')).toContainText(`${2 + press} jobs`);
      // the preset's two jobs, then one per press
      const added = tokens(page, 'band-line').nth(1 + press);
      await expect(added).toHaveAttribute('data-new', 'true');
      await expect(added).toHaveAttribute('data-member', String(2 + press));
      // the stepper ends on the return of the job just added: the floor + the jobs already in the millisecond
      await expect(page.getByTestId('script-position')).toHaveText(/^Step (\d+) of \1, line \d+: returns score \d+, \d+$/);
      const returned = page.getByTestId('script-value-return-bump');
      await expect(returned).toContainText(`returns score ${BAND.minScore + 1 + press},`);
      // the line the script ends on and the job that holds its score, both in sight (on a phone: above the Previous / Next bar)
      await expectInSight(page, returned);
      await expectInSight(page, added);
      // the score the band set holds for that member is the one the stepper ended on
      await expect(await tokenScore(page, 'band-line', 1 + press)).toHaveText(formatScore(BAND.minScore + 1 + press));
      await page.getByTestId('band-line').getByRole('checkbox', { name: 'scores' }).uncheck();
    },
  },
};

/**
 * The element lies whole within the screen: on a phone, above the Previous / Next bar pinned over
 * the bottom of it (an element behind the bar is in the viewport but not in sight).
 */
async function expectInSight(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeInViewport({ ratio: 1 });
  const bar = page.getByRole('navigation', { name: 'Lesson steps' });
  if ((await bar.count()) === 0) return;
  const barTop = (await bar.boundingBox())!.y;
  const box = (await element.boundingBox())!;
  expect(box.y + box.height, `${await element.getAttribute('data-testid')} above the bar`).toBeLessThanOrEqual(barTop + 0.5);
}

/** Every part the step is about lies inside the viewport, whole; so does the step's own text with its button. */
async function expectFocusOnOneScreen(page: Page, n: number): Promise<void> {
  const viewport = page.viewportSize()!;
  const focus = page.locator('[data-emphasis="focus"]');
  const expected = Object.values(LESSON_STEPS[n - 1]!.parts).filter((emphasis) => emphasis === 'focus').length;
  await expect(focus).toHaveCount(expected);
  const boxes = [
    ...(await Promise.all((await focus.all()).map((part) => part.boundingBox()))),
    await page.getByTestId(`lesson-step-${n}`).boundingBox(),
  ];
  for (const box of boxes) {
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
  }
}

/**
 * Wide, the figure's parts fill its width: the leftmost starts at its left edge and the rightmost
 * ends at its right edge (no column left empty beside the others).
 */
async function expectNoHole(page: Page): Promise<void> {
  const { left, right, parts } = await page
    .getByTestId('lesson-figure')
    .locator('[data-step-id]')
    .evaluate((figure) => {
      const box = figure.getBoundingClientRect();
      const boxes = [...figure.querySelectorAll('[data-part]')]
        .map((part) => part.getBoundingClientRect())
        .filter((part) => part.width > 0);
      return {
        left: Math.min(...boxes.map((part) => part.left)) - box.left,
        right: box.right - Math.max(...boxes.map((part) => part.right)),
        parts: boxes.length,
      };
    });
  expect(parts).toBeGreaterThan(0);
  expect(left, "the figure's left edge to its first part").toBeLessThanOrEqual(4);
  expect(right, "the figure's last part to its right edge").toBeLessThanOrEqual(4);
}

/**
 * Every part of the figure holds what it shows: nothing inside a part (a readout, a hint, a
 * label) reaches past the part's frame, where it would sit on its border or under the next part.
 */
async function expectPartsHoldTheirContent(page: Page): Promise<void> {
  const spills = await page.getByTestId('lesson-figure').evaluate((figure) =>
    [...figure.querySelectorAll('[data-part]')].flatMap((part) => {
      const outer = part.getBoundingClientRect();
      if (outer.width === 0) return [];
      // the frame's inside: within its border and padding
      const style = getComputedStyle(part);
      const inset = (side: 'Top' | 'Right' | 'Bottom' | 'Left') =>
        parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) +
        parseFloat(style.getPropertyValue(`padding-${side.toLowerCase()}`));
      const frame = {
        top: outer.top + inset('Top'),
        right: outer.right - inset('Right'),
        bottom: outer.bottom - inset('Bottom'),
        left: outer.left + inset('Left'),
      };
      // what a box inside the part scrolls or clips is held by that box
      const held = (inner: Element) => {
        for (let up = inner.parentElement; up !== null && up !== part; up = up.parentElement) {
          const { overflowX, overflowY } = getComputedStyle(up);
          if (overflowX !== 'visible' || overflowY !== 'visible') return true;
        }
        return false;
      };
      return [...part.querySelectorAll('*')].flatMap((inner) => {
        const box = inner.getBoundingClientRect();
        // a range input's box is its thumb's reach, drawn a little past the track on purpose
        if (box.width <= 1 || box.height <= 1 || held(inner) || (inner instanceof HTMLInputElement && inner.type === 'range'))
          return [];
        const out = Math.max(box.bottom - frame.bottom, frame.top - box.top, box.right - frame.right, frame.left - box.left);
        return out > 1
          ? [
              `${part.getAttribute('data-part')}: ${inner.tagName} "${(inner.textContent ?? '').slice(0, 40)}" ${Math.round(out)} px out`,
            ]
          : [];
      });
    }),
  );
  expect(spills).toEqual([]);
}

/** A phone: nothing wider than the screen, and no table or line of numbers running off it or clipped. */
async function expectNothingWiderThanThePhone(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const wide = await page.evaluate((screen) => {
    const found: string[] = [];
    const figureElement = document.querySelector('[data-testid="lesson-figure"]')!;
    for (const element of figureElement.querySelectorAll('table, [role="table"], dl, .mono, mark, [data-number]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      // inside a scroller of its own (the script's lines) it is reachable, not clipped
      const scroller = element.parentElement?.closest('pre, [data-scroll]');
      if (scroller == null && (box.left < 0 || box.right > screen))
        found.push(`${element.tagName} ${Math.round(box.left)}-${Math.round(box.right)}`);
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'hidden')
        found.push(`${element.tagName} clipped ${element.scrollWidth} > ${element.clientWidth}`);
    }
    return found;
  }, width);
  expect(wide).toEqual([]);
}

/** Number-bearing boxes and tokens whose content is wider than they are, and drawings' labels past their drawing's edge. */
async function clipped(page: Page): Promise<string[]> {
  return page.getByTestId('lesson-figure').evaluate((figure) =>
    [
      ...figure.querySelectorAll<HTMLElement>(
        '[data-part], [data-testid="job-token"], dd, [data-testid^="bits-decimal"], [data-testid^="recovery-"], [data-testid^="script-value"], [data-testid="script-position"], [data-testid="script-listing"], [data-testid="script-case"]',
      ),
    ]
      .filter((element) => element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
      .map(
        (element) =>
          `${element.dataset.testid ?? element.dataset.part ?? element.tagName}: ${element.scrollWidth} > ${element.clientWidth}`,
      )
      // a drawing's labels stay inside the drawing (past its edge they run under the next part or off a phone's screen)
      .concat(
        [...figure.querySelectorAll('svg text')].flatMap((text) => {
          const label = text.getBoundingClientRect();
          const drawing = text.closest('svg')!.getBoundingClientRect();
          return label.width > 0 && (label.left < drawing.left - 1 || label.right > drawing.right + 1)
            ? [
                `svg text "${text.textContent}": ${Math.round(label.left)}-${Math.round(label.right)} outside ${Math.round(drawing.left)}-${Math.round(drawing.right)}`,
              ]
            : [];
        }),
      ),
  );
}

/**
 * The checks run with the page in dark mode, then the page put back in light (the walk's own
 * checks go on in light). The styles follow the colour scheme as it changes, as they do when a
 * reader's system switches.
 */
async function inDark(page: Page, checks: () => Promise<void>): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  // The checks look at the page as a reader would see it: once it has painted a frame in dark.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 22, 26)');
  await twoFrames(page);
  await checks();
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Axe on the whole page: the step's text, its figure, and (a phone) the Previous / Next bar. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`the lesson's pictures at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every step: its preset and picture, three presses each showing what it says, nothing clipped', async ({ page }) => {
      test.setTimeout(WALK_MS);
      for (const step of LESSON_STEPS) {
        const n = stepNumber(step.id);
        const { picture, pressed } = PICTURES[step.id];
        await test.step(`step ${n} (${step.id})`, async () => {
          await page.goto(`/?lesson=${n}`);
          await expect(page.getByTestId('lesson-figure').locator('[data-step-id]')).toHaveAttribute('data-step-id', step.id, {
            timeout: FIGURE_COMES_MS,
          });
          await STEP_CHECKS[step.id].preset(page);
          await expect(page.getByTestId(picture)).toBeVisible();
          expect(await clipped(page)).toEqual([]);
          if (viewport.wide) await expectNoHole(page);
          if (viewport.wide) await expectPartsHoldTheirContent(page);
          if (viewport.oneScreen) await expectFocusOnOneScreen(page, n);
          if (step.id === 'fire-time') await expectMarksKeepTheirColour(page);
          if (viewport.axe) await expectNoAxeViolations(page);
          if (viewport.dark)
            await inDark(page, async () => {
              await expectNoAxeViolations(page);
              if (step.id === 'fire-time') await expectMarksKeepTheirColour(page);
            });
          for (let press = 1; press <= 3; press++) {
            await page.getByTestId(`lesson-step-${n}`).getByTestId('lesson-try').click();
            await pressed(page, press);
            if (press === 1 && viewport.dark)
              await inDark(page, async () => {
                await expectNoAxeViolations(page);
                await shoot(page, `lesson-${n}-dark`, `step-${n}-dark`);
              });
            if (press === 1 && viewport.oneScreen) {
              await STEP_CHECKS[step.id].tried(page);
              await expectFocusOnOneScreen(page, n);
              // the README's picture: the bump after its first press
              if (step.id === 'bump') await screenshot(page, test.info(), 'lesson-1366x768', { docsName: 'lesson' });
              // the lines' scores, ticked to read them, hidden again: the presses go on from the step's own layout
              for (const box of await page.getByTestId('lesson-figure').getByRole('checkbox', { name: 'scores' }).all())
                await box.uncheck();
            }
            expect(await clipped(page), `press ${press}`).toEqual([]);
          }
          if (viewport.oneScreen) await expectFocusOnOneScreen(page, n);
          if (viewport.phone) await expectNothingWiderThanThePhone(page);
          if (viewport.axe) await expectNoAxeViolations(page);
          await shoot(page, `lesson-${n}-${viewport.name}`, `step-${n}-${viewport.name}`);
        });
      }
    });
  });
}
