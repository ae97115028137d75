/**
 * The lesson's pictures, in the built page: at 1366x768, 1280x720 and 390x844, each step opens on
 * its preset with its picture there, its "Try this" pressed three times gives what "You should
 * see" says after each press (read off the picture, in view), and nothing number-bearing is
 * clipped; axe finds nothing in light and dark. One test a size walks every step (a test a step
 * would load the same pages, with more to set up). Screenshots of every step (1366x768, phone,
 * dark) go to docs/lesson-steps/ when FIRETIME_UPDATE_DOCS=1 (`npm run docs:screenshots`).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { groupDigits } from '../src/model/format.ts';
import { LESSON_STEPS } from '../src/features/lesson/steps.ts';
import type { LessonStep } from '../src/features/lesson/steps.ts';
import { screenshot } from './screenshot.ts';
import { writeSmallPng } from './lessonShots.ts';
import { BAND, FIRE_TIME, STEP_CHECKS } from './lessonChecks.ts';

const VIEWPORTS = [
  { name: 'wide', width: 1366, height: 768, axe: true, docs: true },
  // in docs/ 1366x768 stands for both widths (they look alike): the set stays a few hundred KB
  { name: '1280', width: 1280, height: 720, axe: false, docs: false },
  { name: 'phone', width: 390, height: 844, axe: true, docs: true },
] as const;

/** Where `npm run docs:screenshots` writes the steps' pictures (docs/lesson-steps.md shows them). */
const DOCS_SHOTS = resolve(import.meta.dirname, '..', 'docs', 'lesson-steps');

/** The page as it is, as a test artifact; and, asked to refresh docs/, as a small PNG there (lessonShots.ts). */
async function shoot(page: Page, name: string, docsName: string | null): Promise<void> {
  await screenshot(page, test.info(), name);
  if (docsName === null || process.env.FIRETIME_UPDATE_DOCS !== '1') return;
  mkdirSync(DOCS_SHOTS, { recursive: true });
  writeSmallPng(
    await page.screenshot({ caret: 'initial' }),
    resolve(DOCS_SHOTS, `${docsName}.png`),
    page.viewportSize()!.width < 900,
  );
}

/** A size's walk through every step: as long as a test a step would have had. */
const WALK_MS = LESSON_STEPS.length * 60_000;

test.use({ reducedMotion: 'reduce' });

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
      await expect(page.getByTestId('bits-row-floor').locator('[data-changed]').first()).toBeInViewport();
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
    },
  },
  script: {
    picture: 'script-stepper',
    pressed: async (page, press) => {
      await expect(page.getByTestId('band-line')).toContainText(`${2 + press} jobs`);
      // the stepper ends on the return of the job just added: the floor + the jobs already in the millisecond
      await expect(page.getByTestId('script-position')).toHaveText(/^Step (\d+) of \1, line \d+: returns score \d+, \d+$/);
      await expect(page.getByTestId('script-value-return-bump')).toContainText(`returns score ${BAND.minScore + 1 + press},`);
      await expect(page.getByTestId('script-value-return-bump')).toBeInViewport();
    },
  },
};

/** Number-bearing boxes and tokens whose content is wider than they are. */
async function clipped(page: Page): Promise<string[]> {
  return page
    .getByTestId('lesson-figure')
    .evaluate((figure) =>
      [
        ...figure.querySelectorAll<HTMLElement>(
          '[data-part], [data-testid="job-token"], dd, [data-testid^="bits-decimal"], [data-testid^="recovery-"]',
        ),
      ]
        .filter((element) => element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
        .map(
          (element) =>
            `${element.dataset.testid ?? element.dataset.part ?? element.tagName}: ${element.scrollWidth} > ${element.clientWidth}`,
        ),
    );
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="lesson-figure"]').analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
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
          await expect(page.getByTestId('lesson-figure').locator('[data-step-id]')).toHaveAttribute('data-step-id', step.id);
          await STEP_CHECKS[step.id].preset(page);
          await expect(page.getByTestId(picture)).toBeVisible();
          expect(await clipped(page)).toEqual([]);
          for (let press = 1; press <= 3; press++) {
            await page.getByTestId(`lesson-step-${n}`).getByTestId('lesson-try').click();
            await pressed(page, press);
            expect(await clipped(page), `press ${press}`).toEqual([]);
          }
          if (viewport.axe) await expectNoAxeViolations(page);
          await shoot(page, `lesson-${n}-${viewport.name}`, viewport.docs ? `step-${n}-${viewport.name}` : null);
        });
      }
    });
  });
}

test.describe('the lesson’s pictures in dark mode', () => {
  test.use({ viewport: { width: 1366, height: 768 }, colorScheme: 'dark' });
  test('every step: no axe violation after a press', async ({ page }) => {
    test.setTimeout(WALK_MS);
    for (const step of LESSON_STEPS) {
      const n = stepNumber(step.id);
      await test.step(`step ${n} (${step.id})`, async () => {
        await page.goto(`/?lesson=${n}`);
        await expect(page.getByTestId(PICTURES[step.id].picture)).toBeVisible();
        await page.getByTestId(`lesson-step-${n}`).getByTestId('lesson-try').click();
        await PICTURES[step.id].pressed(page, 1);
        await expectNoAxeViolations(page);
        await shoot(page, `lesson-${n}-dark`, `step-${n}-dark`);
      });
    }
  });
});

test('reduced motion: a press shows its end state at once, with the change marked and no animation running', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const n = stepNumber('bump');
  await page.goto(`/?lesson=${n}`);
  await page.getByTestId(`lesson-step-${n}`).getByTestId('lesson-try').click();
  await expect(page.getByTestId('zoom-slot-1').locator('[data-newest]')).toBeVisible();
  expect(await page.getByTestId('lesson-figure').evaluate((figure) => figure.getAnimations({ subtree: true }).length)).toBe(0);
});
