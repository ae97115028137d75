/**
 * The lesson, in the built page: each step at `?lesson=<n>` (its preset applied, the parts it is
 * about on one screen at 1366x768, its "Try this" giving what the step says, no axe violation),
 * the reader's scroll choosing the step, the keys, a phone's one step at a time, and the way to
 * the free stage and back.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { bandOf, fireTimeOf } from '../src/model/protocol/score.ts';
import { formatScore } from '../src/model/redis/doubles.ts';
import { LESSON_NOW, LESSON_STEPS } from '../src/features/lesson/steps.ts';
import { screenshot } from './screenshot.ts';
import { setRow } from './stageDriver.ts';

const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const FIRE_TIME = fireTimeOf(LESSON_NOW, 5000);
const BAND = bandOf(FIRE_TIME);

/** The figure's step, once the lesson has rendered it. */
const figure = (page: Page) => page.getByTestId('lesson-figure').locator('[data-step-id]');
const cell = (row: Locator, column: number) => row.getByRole('cell').nth(column);

async function openStep(page: Page, n: number): Promise<void> {
  await page.goto(`/?lesson=${n}`);
  await expect(figure(page)).toHaveAttribute('data-step-id', LESSON_STEPS[n - 1]!.id);
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

async function tryThis(page: Page, n: number): Promise<void> {
  await page.getByTestId(`lesson-step-${n}`).getByTestId('lesson-try').click();
}

/** Waits for the page to be still: its scroll at rest (a smooth scroll ends) and its animations (rows sliding in) done. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((done) => {
            const y = window.scrollY;
            setTimeout(() => done(window.scrollY === y), 150);
          }),
      ),
    )
    .toBe(true);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** What each step starts from, and what its "Try this" gives: the claims of its text, read off the page. */
const STEP_CHECKS: ReadonlyArray<{ preset: (page: Page) => Promise<void>; tried: (page: Page) => Promise<void> }> = [
  {
    // the textbook score is the fire-time: three jobs by when they are due; the 2 s job goes to the head
    preset: async (page) => {
      await expect(page.getByTestId('lesson-fire-time')).toHaveText(String(FIRE_TIME));
      await expect(page.getByTestId('lesson-fire-time').locator('mark')).toHaveText('5000');
      for (const [position, member] of ['job:2', 'job:3', 'job:1'].entries())
        await expect(cell(setRow(page, 'textbook-set', position), 1)).toHaveText(member);
    },
    tried: async (page) => {
      await expect(cell(setRow(page, 'textbook-set', 0), 1)).toHaveText('job:4');
      await expect(page.getByTestId('lesson-fire-time')).toHaveText(String(fireTimeOf(LESSON_NOW, 2000)));
    },
  },
  {
    // a tie falls back to member bytes: "10" before "2"
    preset: async (page) => {
      await expect(page.getByTestId('textbook-set')).toContainText('9 members');
      await expect(cell(setRow(page, 'textbook-set', 1), 1)).toHaveText('2');
    },
    tried: async (page) => {
      await expect(page.getByTestId('textbook-set')).toContainText('12 members');
      for (const [position, member] of ['1', '10', '11', '12', '2'].entries())
        await expect(cell(setRow(page, 'textbook-set', position), 1)).toHaveText(member);
    },
  },
  {
    // the shift: the floor in binary is the fire-time's bits and twelve zeros; +1 ms moves it by 4,096
    preset: async (page) => {
      await expect(page.getByTestId('lesson-bits-fire-time')).toHaveText(FIRE_TIME.toString(2));
      await expect(page.getByTestId('lesson-bits-min')).toHaveText(`${FIRE_TIME.toString(2)}000000000000`);
      await expect(page.getByTestId('lesson-min-score')).toHaveText(formatScore(BAND.minScore));
      await expect(page.getByTestId('lesson-min-score').locator('mark')).toHaveText('0000');
    },
    tried: async (page) => {
      await expect(page.getByTestId('lesson-bits-fire-time')).toHaveText((FIRE_TIME + 1).toString(2));
      await expect(page.getByTestId('lesson-bits-min')).toHaveText(`${(FIRE_TIME + 1).toString(2)}000000000000`);
      await expect(page.getByTestId('lesson-min-score')).toHaveText(formatScore(BAND.minScore + 4096));
    },
  },
  {
    // the bump: the second job takes the floor + 1; its slot is the band's second
    preset: async (page) => {
      await expect(page.getByTestId('band-set')).toContainText('1 member');
      await expect(page.getByTestId('lesson-next-score')).toHaveText(formatScore(BAND.minScore + 1));
      await expect(page.getByTestId('band-summary')).toContainText('slots used: 1 of 4,096');
    },
    tried: async (page) => {
      await expect(cell(setRow(page, 'band-set', 1), 2)).toHaveText(formatScore(BAND.minScore + 1));
      await expect(page.getByTestId('band-summary')).toContainText('slots used: 2 of 4,096');
      await expect(cell(setRow(page, 'textbook-set', 1), 2)).toHaveText(
        await cell(setRow(page, 'textbook-set', 0), 2).innerText(),
      );
    },
  },
  {
    // the ceiling: a full band, then four more that share the ceiling and sort by their uuids
    preset: async (page) => {
      await expect(page.getByTestId('band-summary')).toContainText('slots used: 4,096 of 4,096');
      await expect(page.getByTestId('lesson-next-kind')).toContainText('the ceiling');
      await expect(page.getByTestId('lesson-next-score')).toHaveText(formatScore(BAND.maxScore));
    },
    tried: async (page) => {
      const ceiling = page.getByTestId('lesson-ceiling');
      await expect(ceiling).toContainText('of 4,100');
      await expect(ceiling.locator('tr[data-ceiling="true"]')).toHaveCount(5);
      const arrivals = (await ceiling.getByTestId('lesson-ceiling-arrival').allInnerTexts()).slice(-5).map(Number);
      expect([...arrivals].sort((a, b) => a - b)).toEqual([4096, 4097, 4098, 4099, 4100]);
      expect(arrivals).not.toEqual([4096, 4097, 4098, 4099, 4100]);
    },
  },
  {
    // recovery: score / 0x1000 is exact, and the worker wakes at the whole fire-time
    preset: async (page) => {
      await expect(page.getByTestId('lesson-head-next')).toHaveText(String(FIRE_TIME));
      await expect(page.getByTestId('lesson-head-wake-ms')).toHaveText(String(FIRE_TIME));
    },
    tried: async (page) => {
      await expect(page.getByTestId('last-recovered')).toHaveText(String(FIRE_TIME + 3 / 4096));
      await expect(page.getByTestId('last-recovered-ms')).toHaveText(String(FIRE_TIME));
    },
  },
  {
    // the real script: two jobs already in the millisecond, so the next one scores the floor + 2
    preset: async (page) => {
      await expect(page.getByTestId('band-set')).toContainText('2 members');
      const stepper = page.getByTestId('script-stepper');
      await expect(stepper).toBeVisible();
      await expect(stepper.locator('[aria-current="step"]')).toHaveCount(1);
    },
    tried: async (page) => {
      await expect(cell(setRow(page, 'band-set', 2), 2)).toHaveText(formatScore(BAND.minScore + 2));
      await expect(page.getByTestId('lesson-next-score')).toHaveText(formatScore(BAND.minScore + 3));
    },
  },
];

test.describe('each step at 1366x768', () => {
  test.use({ viewport: WIDE });
  for (const [index, step] of LESSON_STEPS.entries()) {
    const n = index + 1;
    test(`step ${n} (${step.id}): preset, its parts on one screen, try this, no axe violations`, async ({ page }) => {
      await openStep(page, n);
      await STEP_CHECKS[index]!.preset(page);
      await expectFocusOnOneScreen(page, n);
      await expectNoAxeViolations(page);
      await tryThis(page, n);
      await STEP_CHECKS[index]!.tried(page);
      await expectFocusOnOneScreen(page, n);
      await settled(page);
      if (step.id === 'bump') await screenshot(page, test.info(), 'lesson-1366x768', { docsName: 'lesson' });
      else await screenshot(page, test.info(), `lesson-${n}-1366x768`);
    });
  }
});

test.describe('wide', () => {
  test.use({ viewport: WIDE });

  test('is the first thing at /: the first step, and the figure follows the reader scrolling to a step', async ({ page }) => {
    await page.goto('/');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'fire-time');
    await expect(page.getByTestId('stage')).toHaveCount(0);
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

  test('Next and Previous scroll to the step; the keys do too, but not in a field', async ({ page }) => {
    await openStep(page, 1);
    await page.getByTestId('lesson-step-1').getByRole('button', { name: 'Next' }).click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'ties');
    await expect(page.getByTestId('lesson-step-2')).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('ArrowRight');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'shift');
    await expect(page).toHaveURL(/\?lesson=3$/);
    await page.keyboard.press('j');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'bump');
    await page.keyboard.press('k');
    await page.keyboard.press('ArrowLeft');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'ties');
    await expect(page.getByTestId('lesson-step-2')).toBeInViewport({ ratio: 1 });
    // an arrow in the exact-delay field moves its caret, not the lesson
    await openStep(page, 3);
    await page.getByLabel('Exact delay (ms)').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await expect(figure(page)).toHaveAttribute('data-step-id', 'shift');
    await expect(page).toHaveURL(/\?lesson=3$/);
  });

  test('the free stage is one click away, opens as before, and links back', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Open the free stage' }).click();
    await expect(page).toHaveURL(/\?stage#s=/);
    await expect(page.getByTestId('stage')).toBeVisible();
    await expect(page.getByTestId('band-set')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the lesson' }).click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'fire-time');
    await expect(page).toHaveURL(/\?lesson=1$/);
  });

  test('runs under the production CSP with no violation and no error, through every step', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await page.goto('/');
    for (let n = 1; n <= LESSON_STEPS.length; n++) {
      await expect(figure(page)).toHaveAttribute('data-step-id', LESSON_STEPS[n - 1]!.id);
      await tryThis(page, n);
      if (n < LESSON_STEPS.length) await page.keyboard.press('ArrowRight');
    }
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(errors).toEqual([]);
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

  test('one step at a time with Previous / Next; Try this shows its figure; no axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(figure(page)).toHaveAttribute('data-step-id', 'fire-time');
    await expect(page.locator('[data-testid^="lesson-step-"]')).toHaveCount(1);
    const next = page.getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    await expect(next).toBeInViewport();
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'ties');
    await expect(page.getByTestId('lesson-step-2')).toBeVisible();
    await expect(page.locator('[data-testid^="lesson-step-"]')).toHaveCount(1);
    await expect(page).toHaveURL(/\?lesson=2$/);
    await expectNoAxeViolations(page);
    await tryThis(page, 2);
    await expect(page.locator('[data-emphasis="focus"]').first()).toBeInViewport();
    await expect(cell(setRow(page, 'textbook-set', 1), 1)).toHaveText('10');
    await settled(page);
    await screenshot(page, test.info(), 'lesson-390x844', { docsName: 'lesson-phone' });
    await previous.click();
    await expect(figure(page)).toHaveAttribute('data-step-id', 'fire-time');
    await expect(page).toHaveURL(/\?lesson=1$/);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('every step has no axe violations and nothing wider than the screen', async ({ page }) => {
    for (let n = 1; n <= LESSON_STEPS.length; n++) {
      await openStep(page, n);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `step ${n}`).toBeLessThanOrEqual(PHONE.width);
    }
  });
});
