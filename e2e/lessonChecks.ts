/**
 * What each lesson step starts from and what its "Try this" gives, read off the built page: the
 * claims of its text (lesson-pictures.spec.ts reads them in its walks), and the ways to read a
 * line of jobs that lesson.spec.ts shares.
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { bandOf, fireTimeOf } from '../src/model/protocol/score.ts';
import { formatScore } from '../src/model/redis/doubles.ts';
import { groupDigits } from '../src/model/format.ts';
import { LESSON_NOW } from '../src/features/lesson/steps.ts';
import type { LessonStep } from '../src/features/lesson/steps.ts';

/** The lesson's delay (5 s) from its frozen now: the fire-time most steps score, and its band. */
export const FIRE_TIME = fireTimeOf(LESSON_NOW, 5000);
export const BAND = bandOf(FIRE_TIME);

/** A line of the figure's jobs (a set drawn as tokens, head first), its tokens, and the summary over it. */
export type Line = 'textbook-line' | 'band-line';
export const tokens = (page: Page, line: Line) => page.getByTestId(line).getByTestId('job-token');
export const summary = (page: Page, line: Line) => page.getByTestId(line).getByTestId('line-summary');
/** The score a token shows, once its line's "scores" box is ticked. */
export async function tokenScore(page: Page, line: Line, position: number): Promise<Locator> {
  await page.getByTestId(line).getByRole('checkbox', { name: 'scores' }).check();
  return tokens(page, line).nth(position).locator(':scope > span:last-child');
}
/** A row of the bits picture, as the whole number its label reads in binary. */
export const bitsOf = (page: Page, row: string, label: string, value: bigint | number) =>
  expect(page.getByTestId(`bits-row-${row}`)).toHaveAttribute('aria-label', `${label}: ${value.toString(2)} in binary`);
/** The band's floor for a fire-time, exactly (the floor is the fire-time's bits then twelve zeros). */
export const floorOf = (fireTime: number) => BigInt(fireTime) * 4096n;

/** What each step starts from, and what its "Try this" gives: the claims of its text, read off the page. */
export const STEP_CHECKS: Record<
  LessonStep['id'],
  { preset: (page: Page) => Promise<void>; tried: (page: Page) => Promise<void> }
> = {
  'fire-time': {
    // the textbook score is the fire-time: three jobs by when they are due; the job due sooner goes to the head
    preset: async (page) => {
      await expect(page.getByTestId('lesson-fire-time')).toHaveText(String(FIRE_TIME));
      await expect(page.getByTestId('lesson-fire-time').locator('mark')).toHaveText('5000');
      for (const [position, member] of ['job:2', 'job:3', 'job:1'].entries())
        await expect(tokens(page, 'textbook-line').nth(position)).toHaveAttribute('data-member', member);
    },
    tried: async (page) => {
      await expect(tokens(page, 'textbook-line').first()).toHaveAttribute('data-member', 'job:4');
      // the press takes 1 s off the 5 s delay
      await expect(page.getByTestId('lesson-fire-time')).toHaveText(String(fireTimeOf(LESSON_NOW, 4000)));
    },
  },
  ties: {
    // a tie falls back to member bytes: "10" before "2"
    preset: async (page) => {
      await expect(summary(page, 'textbook-line')).toContainText('9 jobs');
      await expect(tokens(page, 'textbook-line').nth(1)).toHaveAttribute('data-member', '2');
    },
    tried: async (page) => {
      await expect(summary(page, 'textbook-line')).toContainText('12 jobs');
      for (const [position, member] of ['1', '10', '11', '12', '2'].entries())
        await expect(tokens(page, 'textbook-line').nth(position)).toHaveAttribute('data-member', member);
    },
  },
  shift: {
    // the shift: the floor in binary is the fire-time's bits and twelve zeros; +1 ms moves it by 4,096
    preset: async (page) => {
      await bitsOf(page, 'fire-time', 'the fire-time (ms)', FIRE_TIME);
      await bitsOf(page, 'floor', '× 0x1000: the floor', floorOf(FIRE_TIME));
      expect(floorOf(FIRE_TIME).toString(2)).toBe(`${FIRE_TIME.toString(2)}000000000000`);
      await expect(page.getByTestId('bits-decimal-floor')).toHaveText(groupDigits(BAND.minScore));
      await expect(page.getByTestId('bits-row-floor').locator('[data-field="slot"]')).toHaveCount(12);
      await expect(page.getByTestId('bits-row-floor').locator('[data-field="slot"][data-bit="1"]')).toHaveCount(0);
    },
    tried: async (page) => {
      await bitsOf(page, 'fire-time', 'the fire-time (ms)', FIRE_TIME + 1);
      await bitsOf(page, 'floor', '× 0x1000: the floor', floorOf(FIRE_TIME + 1));
      await expect(page.getByTestId('bits-decimal-floor')).toHaveText(groupDigits(BAND.minScore + 4096));
    },
  },
  bump: {
    // the bump: the second job takes the floor + 1; its slot is the band's second
    preset: async (page) => {
      await expect(summary(page, 'band-line')).toContainText('1 job,');
      await expect(page.getByTestId('zoom-slot-0')).toHaveAttribute('data-filled', 'true');
      await expect(page.getByTestId('zoom-slot-1')).toHaveAttribute('data-filled', 'false');
      await expect(page.getByTestId('band-summary')).toContainText('slots used: 1 of 4,096');
    },
    tried: async (page) => {
      await expect(page.getByTestId('bits-decimal-last')).toHaveText(groupDigits(BAND.minScore + 1));
      await expect(page.getByTestId('zoom-slot-1')).toHaveAttribute('data-filled', 'true');
      await expect(await tokenScore(page, 'band-line', 1)).toHaveText(formatScore(BAND.minScore + 1));
      await expect(page.getByTestId('band-summary')).toContainText('slots used: 2 of 4,096');
      // the textbook set gives the two jobs one score
      await expect(await tokenScore(page, 'textbook-line', 1)).toHaveText(
        await (await tokenScore(page, 'textbook-line', 0)).innerText(),
      );
    },
  },
  ceiling: {
    // the ceiling: a full band, then four more that share the ceiling and sort by their uuids
    preset: async (page) => {
      await expect(page.getByTestId('band-summary')).toContainText('slots used: 4,096 of 4,096');
      await expect(page.getByTestId('bits-slot-text')).toContainText('111111111111 = 4095 (all ones: pinned at the ceiling)');
      await expect(page.getByTestId('bits-decimal-last')).toHaveText(groupDigits(BAND.maxScore));
      await expect(page.getByTestId('zoom-ceiling')).toHaveAttribute('data-count', '1');
    },
    tried: async (page) => {
      await expect(summary(page, 'band-line')).toContainText('4,100 jobs');
      await expect(page.getByTestId('zoom-ceiling')).toHaveAttribute('data-count', '5');
      const arrivals = (
        await tokens(page, 'band-line').evaluateAll((jobs) => jobs.map((job) => job.getAttribute('data-arrival')))
      )
        .slice(-5)
        .map(Number);
      expect([...arrivals].sort((a, b) => a - b)).toEqual([4096, 4097, 4098, 4099, 4100]);
      expect(arrivals).not.toEqual([4096, 4097, 4098, 4099, 4100]);
    },
  },
  recovery: {
    // recovery: score / 0x1000 is exact, and the worker wakes at the whole fire-time
    preset: async (page) => {
      await expect(page.getByTestId('recovery-head')).toHaveText(`${FIRE_TIME}: the worker wakes at ${FIRE_TIME}`);
    },
    tried: async (page) => {
      // 3/4,096 is 0.000732421875, every digit exact
      await expect(page.getByTestId('recovery-decimal')).toHaveText(`${FIRE_TIME}.000732421875`);
      await expect(page.getByTestId('recovery-fraction')).toHaveText(`${FIRE_TIME} + 3/4,096`);
      await expect(page.getByTestId('recovery-reply')).toHaveText(String(FIRE_TIME));
    },
  },
  cliff: {
    // past 2^41 ms the floor + 1 is rounded away: the new job stores the same score and sorts by its bytes
    preset: async (page) => {
      await expect(summary(page, 'band-line')).toContainText('9 jobs');
      await expect(page.getByTestId('bits-row-meant').locator('[data-place="0"]')).toHaveAttribute('data-bit', '1');
      await expect(page.getByTestId('bits-row-stored').locator('[data-place="0"]')).toHaveAttribute('data-bit', '0');
    },
    tried: async (page) => {
      await expect(summary(page, 'band-line')).toContainText('10 jobs');
      await expect(tokens(page, 'band-line').nth(1)).toHaveAttribute('data-member', '10');
      await expect(tokens(page, 'band-line').nth(1)).toHaveAttribute('data-out-of-order', 'true');
      await expect(page.getByTestId('bits-row-stored').locator('[data-place="0"]')).toHaveAttribute('data-bit', '0');
      await expect(await tokenScore(page, 'band-line', 1)).toHaveText(await (await tokenScore(page, 'band-line', 0)).innerText());
    },
  },
  script: {
    // the real script: two jobs already in the millisecond, so the next one scores the floor + 2
    preset: async (page) => {
      await expect(summary(page, 'band-line')).toContainText('2 jobs');
      const stepper = page.getByTestId('script-stepper');
      await expect(stepper).toBeVisible();
      await expect(stepper.locator('[aria-current="step"]')).toHaveCount(1);
    },
    tried: async (page) => {
      // the third job, the new one, took the floor + 2: the band's highest, so the next would take the floor + 3
      // (read without ticking the line's scores: that would scroll the one-screen figure off the stepper)
      await expect(summary(page, 'band-line')).toContainText('3 jobs');
      await expect(tokens(page, 'band-line').nth(2)).toHaveAttribute('data-new', 'true');
      await expect(page.getByTestId('lesson-next-score')).toHaveText(formatScore(BAND.minScore + 3));
    },
  },
};
