import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { bandOf, fireTimeOf, textbookScore } from '../src/model/protocol/score.ts';
import { formatScore } from '../src/model/redis/doubles.ts';

/** What the stage's specs do with its clock, delay slider, scores and sets. */

/** Freezes the page's clock at an instant typed as ISO text, as a user would. */
export async function freezeClockAt(page: Page, iso: string): Promise<void> {
  const clock = page.getByLabel('Clock instant (ms or ISO)');
  await clock.fill(iso);
  await clock.press('Tab');
}

/** The row of a set at a 0-based position (row 0 is the header). */
export function setRow(page: Page, view: 'band-set' | 'textbook-set', position: number): Locator {
  return page
    .getByTestId(view)
    .getByRole('row')
    .nth(position + 1);
}

export async function sliderDelay(page: Page): Promise<number> {
  return Number(await page.getByRole('slider', { name: 'Delay (ms)' }).inputValue());
}

/** A real drag of the slider thumb: press it at 5,000 ms, move about 40% further along the track, release. */
export async function dragDelaySlider(page: Page): Promise<number> {
  const slider = page.getByRole('slider', { name: 'Delay (ms)' });
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  const thumbX = box.x + 8 + ((box.width - 16) * 5000) / 60_000;
  await page.mouse.move(thumbX, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(thumbX + step * ((box.width * 0.4) / 12), y);
  await page.mouse.up();
  return sliderDelay(page);
}

/** The fire-time, the textbook score and the band's bounds the stage shows for a delay from a clock frozen at `now`. */
export async function expectScoresFor(page: Page, now: number, delay: number): Promise<void> {
  const fireTime = fireTimeOf(now, delay);
  const band = bandOf(fireTime);
  await expect(page.getByTestId('fire-time-ms')).toHaveText(`${fireTime} ms`);
  await expect(page.getByTestId('textbook-score')).toHaveText(formatScore(textbookScore(now, delay, 's')));
  await expect(page.getByTestId('min-score')).toHaveText(formatScore(band.minScore));
  await expect(page.getByTestId('max-score')).toHaveText(formatScore(band.maxScore));
}
