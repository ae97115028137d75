/**
 * The lesson's ways through, in the built page: the reader's scroll choosing the step, the keys,
 * Tab and Enter, a phone's one step at a time, reduced motion, the prose's measure, and the way to
 * the free stage and back. What each step shows (its preset, its presses, one screen, axe in both
 * themes, nothing clipped) is walked once a size in lesson-pictures.spec.ts.
 */
import { expect, test } from './sharedPage.ts';
import { twoFrames } from './frames.ts';
import type { Locator, Page } from '@playwright/test';
import { formatScore } from '../src/model/redis/doubles.ts';
import { LESSON_NOW, LESSON_STEPS } from '../src/features/lesson/steps.ts';
import { screenshot } from './screenshot.ts';
import { BAND, tokenScore, tokens } from './lessonChecks.ts';
import { setRow } from './stageDriver.ts';
import { violationsIn, watchViolations } from './cspViolations.ts';

const WIDE = { width: 1366, height: 768 };
const SMALL_WIDE = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

/** The figure's step, once the lesson has rendered it. */
const figure = (page: Page) => page.getByTestId('lesson-figure').locator('[data-step-id]');
const cell = (row: Locator, column: number) => row.getByRole('cell').nth(column);
/** Step n's own heading and its Next (the figure inside the current step has headings and buttons of its own). */
const stepHeading = (page: Page, n: number) => page.getByTestId(`lesson-step-${n}`).locator(':scope > h2');
const stepNext = (page: Page, n: number) =>
  page.getByTestId(`lesson-step-${n}`).locator(':scope > nav').getByRole('button', { name: 'Next' });

/** How long the figure may take to come after the text (its chunk, then the step's preset: 4,096 jobs in step 5) on a busy machine. */
const FIGURE_COMES_MS = 20_000;

async function openStep(page: Page, n: number): Promise<void> {
  await page.goto(`/?lesson=${n}`);
  await expect(figure(page)).toHaveAttribute('data-step-id', LESSON_STEPS[n - 1]!.id, { timeout: FIGURE_COMES_MS });
}

async function tryThis(page: Page, n: number): Promise<void> {
  await page.getByTestId(`lesson-step-${n}`).getByTestId('lesson-try').click();
}

/** Whether step n spans the middle line of the viewport: the line the page's scroll picks the current step by. */
const spansMiddle = (page: Page, n: number) =>
  page.getByTestId(`lesson-step-${n}`).evaluate((step) => {
    const box = step.getBoundingClientRect();
    return box.top <= window.innerHeight / 2 && box.bottom >= window.innerHeight / 2;
  });

/** Waits for the page to be still: its scroll at rest (unchanged across two frames: a smooth scroll ends) and its animations (rows sliding in) done. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((done) => {
            const y = window.scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === y)));
          }),
      ),
    )
    .toBe(true);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

test.describe('wide', () => {
  test.use({ viewport: WIDE });

  test('is the first thing at /: the first step, and the figure follows the reader scrolling to a step', async ({ page }) => {
    await page.goto('/');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'fire-time');
    await expect(page.getByTestId('stage')).toHaveCount(0);
    // the top line names as many steps as the page holds
    const count = await page.locator('[data-testid^="lesson-step-"]').count();
    await expect(page.getByTestId('lesson').locator('.page-tagline')).toContainText(`in ${count} steps`);
    const entries = await page.evaluate(() => window.history.length);
    await page.getByTestId('lesson-step-3').evaluate((step) => step.scrollIntoView({ block: 'center' }));
    await expect(figure(page)).toHaveAttribute('data-step-id', 'shift');
    await expect(page).toHaveURL(/\?lesson=3$/);
    await page.getByTestId('lesson-step-5').evaluate((step) => step.scrollIntoView({ block: 'center' }));
    await expect(figure(page)).toHaveAttribute('data-step-id', 'ceiling');
    await expect(page).toHaveURL(/\?lesson=5$/);
    // moving through the steps writes no history: Back leaves the lesson
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
  });

  test('opens at the step the address names from its first painted frame (not step 1, then a jump), and keeps it turned narrow', async ({
    page,
  }) => {
    // a busy page (the CPU slowed) paints the lesson's text well before the figure's code has run
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // in each of the first frames that hold the lesson: which step is current, and whether it spans the middle line
    await page.addInitScript(() => {
      const seen: Array<{ current: string | null; inPlace: boolean }> = [];
      (window as unknown as { __frames: typeof seen }).__frames = seen;
      const look = () => {
        const current = document.querySelector<HTMLElement>('[data-testid^="lesson-step-"][aria-current="step"]');
        if (current !== null) {
          const box = current.getBoundingClientRect();
          const middle = window.innerHeight / 2;
          seen.push({ current: current.dataset.step ?? null, inPlace: box.top <= middle && box.bottom >= middle });
        }
        if (seen.length < 20) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    for (const [n, viewport] of [
      [4, WIDE],
      [7, SMALL_WIDE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/?lesson=${n}`);
      await expect.poll(() => page.evaluate(() => (window as unknown as { __frames: unknown[] }).__frames.length)).toBe(20);
      const seen = await page.evaluate(() => (window as unknown as { __frames: unknown[] }).__frames);
      expect(seen, `${viewport.width}x${viewport.height}`).toEqual(Array(20).fill({ current: String(n), inPlace: true }));
    }
    // the window made narrow: one step, the same one, from its top
    await page.setViewportSize(PHONE);
    await expect(page.locator('[data-testid^="lesson-step-"]')).toHaveCount(1);
    await expect(page.getByTestId('lesson-step-7')).toHaveAttribute('aria-current', 'step');
    await expect
      .poll(() => stepHeading(page, 7).evaluate((heading) => Math.round(heading.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(0);
    expect(await stepHeading(page, 7).evaluate((heading) => heading.getBoundingClientRect().top)).toBeLessThan(PHONE.height / 3);
    // the page is the next test's too (sharedPage.ts): its CPU at full speed again
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('keys pressed within one smooth scroll all count: Next three times from step 1 is step 4', async ({ page }) => {
    await openStep(page, 1);
    await stepHeading(page, 1).focus();
    // the third key comes from the page itself, in the frame where the scroll toward step 3 has brought step 2's
    // middle to the middle line (step 2 has crossed it, step 3 not yet): a key pressed mid-scroll, at a moment a test
    // can name
    const third = page.getByTestId('lesson-step-2').evaluate(
      (step) =>
        new Promise<number>((done) => {
          const look = () => {
            const box = step.getBoundingClientRect();
            if (box.top + box.height / 2 > window.innerHeight / 2) {
              requestAnimationFrame(look);
              return;
            }
            document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
            done(window.scrollY);
          };
          requestAnimationFrame(look);
        }),
    );
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const passedAt = await third;
    const step4 = await page.getByTestId('lesson-step-4').evaluate((step) => step.getBoundingClientRect().top + window.scrollY);
    // still on its way when the third key came: step 2 at the middle line is well short of step 4
    expect(passedAt).toBeLessThan(step4 - 500);
    await expect(page.getByTestId('lesson-step-4')).toHaveAttribute('aria-current', 'step');
    await expect(stepHeading(page, 4)).toBeFocused();
    await settled(page);
    await expect(page.getByTestId('lesson-step-4')).toHaveAttribute('aria-current', 'step');
    await expect(page).toHaveURL(/\?lesson=4$/);
    expect(await spansMiddle(page, 4)).toBe(true);
  });

  test('Next and Previous scroll to the step; the keys do too, but not in a field', async ({ page }) => {
    await openStep(page, 1);
    await stepNext(page, 1).click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'ties');
    await expect(page.getByTestId('lesson-step-2')).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('ArrowRight');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'shift');
    await expect(page).toHaveURL(/\?lesson=3$/);
    await page.keyboard.press('j');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'bump');
    await page.keyboard.press('k');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'shift');
    await page.keyboard.press('ArrowLeft');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'ties');
    await expect(page.getByTestId('lesson-step-2')).toBeInViewport({ ratio: 1 });
    // an arrow in the exact-delay field moves its caret, not the lesson
    await openStep(page, 3);
    const field = page.getByLabel('Exact delay (ms)');
    await field.focus();
    await field.evaluate((input: HTMLInputElement) => input.setSelectionRange(0, 0));
    await page.keyboard.press('ArrowRight');
    // the key reached the field (its caret moved) and the frames after it have run
    expect(await field.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(1);
    await twoFrames(page);
    await expect(figure(page)).toHaveAttribute('data-step-id', 'shift');
    await expect(page).toHaveURL(/\?lesson=3$/);
  });

  test('the free stage is one click away, and links back to the step it was opened from', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Open the free stage' }).click();
    await expect(page).toHaveURL(/\?stage&lesson=1#s=/);
    await expect(page.getByTestId('stage')).toBeVisible();
    await expect(page.getByTestId('band-set')).toBeVisible();
    // the stage's small "at once" checkbox: a target of at least 24 x 24 px
    const atOnce = await page.getByRole('checkbox', { name: 'at once' }).boundingBox();
    expect(atOnce!.width).toBeGreaterThanOrEqual(24);
    expect(atOnce!.height).toBeGreaterThanOrEqual(24);
    await page.getByRole('link', { name: 'Back to the lesson' }).click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'fire-time');
    await expect(page).toHaveURL(/\?lesson=1$/);
  });

  test("a step's figure opens on the stage in the lesson's setup; Back (the page's or the browser's) returns to that step", async ({
    page,
  }) => {
    await openStep(page, 4);
    await tryThis(page, 4);
    await expect(await tokenScore(page, 'band-line', 1)).toHaveText(formatScore(BAND.minScore + 1));
    await page.getByTestId('lesson-step-4').getByTestId('lesson-stage-link').click();
    await expect(page).toHaveURL(/\?stage&lesson=4#s=/);
    // the figure's two jobs, scored in the lesson's frozen millisecond
    await expect(page.getByTestId('band-set')).toContainText('2 members');
    await expect(cell(setRow(page, 'band-set', 1), 2)).toHaveText(formatScore(BAND.minScore + 1));
    await page.getByRole('link', { name: 'Back to the lesson' }).click();
    await expect(page).toHaveURL(/\?lesson=4$/);
    await expect(figure(page)).toHaveAttribute('data-step-id', 'bump');
    await expect(page.getByTestId('lesson-step-4')).toHaveAttribute('aria-current', 'step');
    await expect(page.getByTestId('lesson-step-4')).toBeInViewport();

    await page.getByTestId('lesson-step-4').getByTestId('lesson-stage-link').click();
    await expect(page.getByTestId('stage')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\?lesson=4$/);
    await expect(figure(page)).toHaveAttribute('data-step-id', 'bump');
    await expect(page.getByTestId('lesson-step-4')).toHaveAttribute('aria-current', 'step');
  });

  test('the last step ends with Try it yourself: the stage with its jobs, and the way back to it', async ({ page }) => {
    const count = LESSON_STEPS.length;
    await openStep(page, count);
    const last = page.getByTestId(`lesson-step-${count}`);
    await expect(last.getByRole('heading', { name: 'Try it yourself' })).toBeVisible();
    await expect(stepNext(page, count)).toBeDisabled();
    await last.getByRole('link', { name: 'Open the stage with these jobs' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?stage&lesson=${count}#s=`));
    await expect(page.getByTestId('stage')).toBeVisible();
    await expect(page.getByTestId('band-set')).toContainText('members');
    await page.goBack();
    await expect(figure(page)).toHaveAttribute('data-step-id', LESSON_STEPS[count - 1]!.id);
    await expect(page.getByTestId(`lesson-step-${count}`)).toHaveAttribute('aria-current', 'step');
  });

  test('a #s= link opens the stage, with its scenario', async ({ page }) => {
    await page.goto(`/#s=1~b~f${LESSON_NOW}~e3`);
    await expect(page.getByTestId('stage')).toBeVisible();
    await expect(page.getByTestId('band-set')).toContainText('3 members');
    await expect(page.getByTestId('lesson')).toHaveCount(0);
  });
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: PHONE });

  test('one step at a time with Previous / Next; Try this shows its figure', async ({ page }) => {
    await page.goto('/');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'fire-time');
    await expect(page.locator('[data-testid^="lesson-step-"]')).toHaveCount(1);
    const next = page.getByRole('navigation', { name: 'Lesson steps' }).getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    await expect(next).toBeInViewport();
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'ties');
    await expect(page.getByTestId('lesson-step-2')).toBeVisible();
    await expect(page.locator('[data-testid^="lesson-step-"]')).toHaveCount(1);
    await expect(page).toHaveURL(/\?lesson=2$/);
    await tryThis(page, 2);
    await expect(page.locator('[data-emphasis="focus"]').first()).toBeInViewport();
    await expect(tokens(page, 'textbook-line').nth(1)).toHaveAttribute('data-member', '10');
    await settled(page);
    await screenshot(page, test.info(), 'lesson-390x844', { docsName: 'lesson-phone' });
    await previous.click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'fire-time');
    await expect(page).toHaveURL(/\?lesson=1$/);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test("Next lands on the new step's heading, from its top; Try this brings what changed into view", async ({ page }) => {
    await page.goto('/');
    const count = await page
      .getByRole('navigation', { name: 'Lesson steps' })
      .evaluate((nav) => Number(/\/ (\d+)/.exec(nav.textContent ?? '')?.[1]));
    expect(count).toBe(LESSON_STEPS.length);
    for (let n = 1; n <= count; n++) {
      await expect(figure(page)).toHaveAttribute('data-step-id', LESSON_STEPS[n - 1]!.id);
      const step = page.getByTestId(`lesson-step-${n}`);
      const heading = stepHeading(page, n);
      if (n > 1) await expect(heading).toBeFocused();
      await expect(step).toHaveAttribute('aria-current', 'step');
      await expect(page).toHaveURL(n === 1 ? /\/$/ : new RegExp(`\\?lesson=${n}$`));
      // the heading near the top of the screen, not the figure's middle
      const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
      expect(top, `step ${n}`).toBeGreaterThanOrEqual(0);
      expect(top, `step ${n}`).toBeLessThan(PHONE.height / 3);
      await tryThis(page, n);
      if (LESSON_STEPS[n - 1]!.id === 'script') {
        // the stepper walks the added job's run in time; what the press changed is brought into view once it ends on the return
        await expect(page.getByTestId('script-position')).toHaveText(/returns score/);
        await expect(page.getByTestId('script-value-return-bump')).toBeInViewport({ ratio: 1 });
      }
      await settled(page);
      // what the press changed, as the step's picture marks it (the bits that changed, the new jobs, the newest in its slot,
      // the ceiling's pile, the newest on the recovery axis), is on screen
      const changed = await page.evaluate(() => {
        const marked = document.querySelectorAll(
          '[data-testid="lesson-figure"] :is([data-changed], [data-new="true"], [data-newest], [data-testid="zoom-ceiling"], [data-testid="axis-newest"])',
        );
        return {
          marked: marked.length,
          inView: [...marked].filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
          }).length,
        };
      });
      expect(changed.marked, `step ${n}`).toBeGreaterThan(0);
      expect(changed.inView, `step ${n}`).toBeGreaterThan(0);
      if (n < count) await page.getByRole('navigation', { name: 'Lesson steps' }).getByRole('button', { name: 'Next' }).click();
    }
  });
});

test.describe('keyboard only', () => {
  for (const viewport of [WIDE, SMALL_WIDE]) {
    test(`${viewport.width}x${viewport.height}: through every step with Tab and Enter: focus on each heading, the try and the figure's controls right after the text, the address and aria-current follow, under the production CSP with no violation and no error`, async ({
      page,
    }) => {
      // the walk presses every step's Try this: the one walk that also watches the production CSP and the console
      const errors = await watchViolations(page);
      await page.setViewportSize(viewport);
      await page.goto('/');
      // counted once the lesson has rendered (index.html's frame comes first)
      await expect(figure(page)).toHaveAttribute('data-step-id', LESSON_STEPS[0]!.id);
      const count = await page.locator('[data-testid^="lesson-step-"]').count();
      expect(count).toBe(LESSON_STEPS.length);
      for (let n = 1; n <= count; n++) {
        const step = page.getByTestId(`lesson-step-${n}`);
        const id = LESSON_STEPS[n - 1]!.id;
        await expect(figure(page)).toHaveAttribute('data-step-id', id);
        await expect(page).toHaveURL(n === 1 ? /\/$|\?lesson=1$/ : new RegExp(`\\?lesson=${n}$`));
        await expect(page.locator('[data-testid^="lesson-step-"][aria-current="step"]')).toHaveCount(1);
        await expect(step).toHaveAttribute('aria-current', 'step');
        if (n === 1) await stepHeading(page, 1).focus();
        await expect(stepHeading(page, n)).toBeFocused();
        // Tab: the step's Try this, then the figure's controls, then the way on; all inside this step, its figure staying
        await page.keyboard.press('Tab');
        await expect(step.getByTestId('lesson-try')).toBeFocused();
        await page.keyboard.press('Enter');
        let inFigure = 0;
        for (let tab = 0; tab < 60; tab++) {
          await page.keyboard.press('Tab');
          // where the focus is, and the figure's step, read in one look
          const where = await page.evaluate(() => {
            const focused = document.activeElement;
            return {
              shown: document.querySelector('[data-testid="lesson-figure"] [data-step-id]')?.getAttribute('data-step-id') ?? null,
              step: focused?.closest('[data-testid^="lesson-step-"]')?.getAttribute('data-testid') ?? null,
              figure: focused?.closest('[data-testid="lesson-figure"]') != null,
              next:
                focused?.textContent === 'Next' ||
                (focused?.tagName === 'A' && focused.closest('[data-testid^="lesson-step-"]') !== null),
            };
          });
          expect(where.step, `Tab ${tab + 1} of step ${n}`).toBe(`lesson-step-${n}`);
          expect(where.shown, `Tab ${tab + 1} of step ${n}: the figure stays`).toBe(id);
          if (where.figure) inFigure++;
          else if (where.next) break;
        }
        expect(inFigure, `step ${n}: the figure's controls come after its text`).toBeGreaterThan(0);
        if (n === count) break;
        await stepNext(page, n).focus();
        await page.keyboard.press('Enter');
        await expect(stepHeading(page, n + 1)).toBeFocused();
        await expect(page.getByTestId(`lesson-step-${n + 1}`)).toBeInViewport();
      }
      expect(await violationsIn(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('type', () => {
  test("1366x768 and 1280x720: the steps' prose runs 55 to 75 characters a line", async ({ page }) => {
    // a claim about the layout at each size: the lesson opened once, the window resized
    await page.setViewportSize(WIDE);
    await openStep(page, 1);
    for (const viewport of [WIDE, SMALL_WIDE]) {
      await page.setViewportSize(viewport);
      await twoFrames(page);
      // characters on each full line of the steps' paragraphs (a paragraph's last line is left out: it may be short)
      const perLine = await page.evaluate(() => {
        const counts: number[] = [];
        for (const paragraph of document.querySelectorAll('[data-testid^="lesson-step-"] > p:not([class])')) {
          const lines = new Map<number, number>();
          const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
            for (let at = 0; at < (node.textContent ?? '').length; at++) {
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + 1);
              const box = range.getBoundingClientRect();
              if (box.height === 0) continue;
              const line = Math.round(box.top + box.height / 2);
              const key = [...lines.keys()].find((top) => Math.abs(top - line) < box.height / 2) ?? line;
              lines.set(key, (lines.get(key) ?? 0) + 1);
            }
          }
          counts.push(
            ...[...lines.entries()]
              .sort((a, b) => a[0] - b[0])
              .map(([, count]) => count)
              .slice(0, -1),
          );
        }
        return counts.sort((a, b) => a - b);
      });
      const size = `${viewport.width}x${viewport.height}`;
      expect(perLine.length, size).toBeGreaterThan(10);
      const median = perLine[Math.floor(perLine.length / 2)]!;
      expect(median, size).toBeGreaterThanOrEqual(55);
      expect(median, size).toBeLessThanOrEqual(75);
      expect(perLine.at(-1)!, size).toBeLessThanOrEqual(80);
    }
  });
});

test.describe('reduced motion', () => {
  test.use({ viewport: WIDE, reducedMotion: 'reduce' });

  test('Next jumps to the step at once (no smooth scroll), and Try this plays no animation: its end state at once, the change marked', async ({
    page,
  }) => {
    await openStep(page, 1);
    await stepNext(page, 1).click();
    // one frame after the click the step is already where it lands: a smooth scroll would still be under way
    await twoFrames(page);
    expect(
      await page.getByTestId('lesson-step-2').evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    await expect(stepHeading(page, 2)).toBeFocused();
    await tryThis(page, 2);
    await expect(tokens(page, 'textbook-line').nth(1)).toHaveAttribute('data-member', '10');
    await twoFrames(page);
    expect(
      await page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length),
    ).toBe(0);
    // the bump: the new job drawn in its slot at once, and nothing in the figure moving
    await stepNext(page, 2).click();
    await stepNext(page, 3).click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'bump');
    await tryThis(page, 4);
    await expect(page.getByTestId('zoom-slot-1').locator('[data-newest]')).toBeVisible();
    expect(await page.getByTestId('lesson-figure').evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(
      0,
    );
  });
});
