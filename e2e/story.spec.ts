import { expect, test } from './sharedPage.ts';
import type { Page, TestInfo } from '@playwright/test';
import { bandOf, fireTimeOf, nextScoreInBand } from '../src/model/protocol/score.ts';
import { formatScore } from '../src/model/redis/doubles.ts';
import { screenshot } from './screenshot.ts';
import { dragDelaySlider, expectScoresFor, freezeClockAt, setRow, sliderDelay } from './stageDriver.ts';
import { T0 } from '../test-support/instants.ts';

const T0_ISO = new Date(T0).toISOString();

function snap(page: Page, testInfo: TestInfo, name: string) {
  return screenshot(page, testInfo, name, { fullPage: true });
}

test('the story: drag the delay, enqueue collisions, fill the band, promote in order, reset', async ({ page }, testInfo) => {
  await page.goto('/?stage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('firetime');
  await freezeClockAt(page, T0_ISO);
  await expectScoresFor(page, T0, 5000);
  await snap(page, testInfo, '01-opened');

  const dragged = await dragDelaySlider(page);
  expect(dragged).toBeGreaterThan(20_000);
  await expectScoresFor(page, T0, dragged);
  await snap(page, testInfo, '02-dragged');

  // The keyboard moves it too, one ms per arrow.
  await page.getByRole('slider', { name: 'Delay (ms)' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await sliderDelay(page)).toBe(dragged + 2);
  await expectScoresFor(page, T0, dragged + 2);

  // Back to 5,000 ms through the exact field.
  const exact = page.getByLabel('Exact delay (ms)');
  await exact.fill('5000');
  await exact.press('Tab');
  await expectScoresFor(page, T0, 5000);

  // the steps below are written for job:N ids (a fresh page starts with plain numbers)
  await page.getByLabel('Job id style').selectOption('job:N');
  // Three jobs in one (frozen) millisecond: floor, floor + 1, floor + 2.
  const enqueue = page.getByRole('button', { name: 'Enqueue job' });
  for (let i = 0; i < 3; i++) await enqueue.click();
  const band = bandOf(fireTimeOf(T0, 5000));
  const floor = nextScoreInBand(band, null);
  const second = nextScoreInBand(band, floor);
  const third = nextScoreInBand(band, second);
  await expect(setRow(page, 'band-set', 0)).toContainText(formatScore(floor));
  await expect(setRow(page, 'band-set', 1)).toContainText(formatScore(second));
  await expect(setRow(page, 'band-set', 2)).toContainText(formatScore(third));
  await expect(page.getByTestId('next-kind')).toContainText('floor + 3');
  await snap(page, testInfo, '03-three-same-ms');

  // Plain numeric ids: the textbook set ties them and falls back to text order ("10" before "9").
  await page.getByLabel('Job id style').selectOption('N');
  const batch = page.getByLabel('N (jobs sharing one timestamp)');
  await batch.fill('8');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
  // Same second for all: "10" and "11" come first, and every plain number sorts before "job:".
  await expect(setRow(page, 'textbook-set', 0)).toContainText('10');
  await expect(setRow(page, 'textbook-set', 10)).toContainText('job:3');
  await expect(page.getByTestId('textbook-set')).toContainText('out of due order');
  await expect(page.getByTestId('band-set')).toContainText('out of due order: 0 pairs');
  await snap(page, testInfo, '04-member-order-fallback');
  await screenshot(page.locator('#sets'), testInfo, 'sets');

  // Fill the band past its 4,096 slots: the rest share the ceiling.
  await batch.fill('4100');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
  await expect(page.getByTestId('next-kind')).toContainText('ceiling');
  await expect(page.getByTestId('next-score')).toHaveText(formatScore(band.maxScore));
  await expect(page.getByText(/jobs share the ceiling score/)).toBeVisible();
  await expect(page.getByTestId('band-set')).toContainText('4,111 members');
  await snap(page, testInfo, '05-band-full');

  // Past the fire-time, promote: both sets empty out; the band set hands jobs out in arrival order.
  await page.getByRole('button', { name: '+1 min' }).click();
  await page.getByRole('button', { name: 'Promote due jobs' }).click();
  await expect(page.getByTestId('promoted-band-summary')).toContainText('4,111 promoted in 5 calls');
  await expect(page.getByTestId('promoted-band-summary')).toContainText(/\d+ pairs out of due order/);
  await expect(page.getByTestId('promoted-textbook-summary')).toContainText('4,111 promoted');
  await expect(page.getByTestId('next-wake')).toContainText('none');
  await expect(page.getByTestId('band-set')).toContainText('0 members');
  await expect(page.getByTestId('textbook-set')).toContainText('0 members');
  await expect(page.getByTestId('command-log').getByRole('listitem').first()).toContainText(
    'ZRANGE bull:firetime:delayed 0 0 WITHSCORES',
  );
  await snap(page, testInfo, '06-promoted');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('No commands yet.')).toBeVisible();
  expect(await page.getByLabel('Exact delay (ms)').inputValue()).toBe('5000');
  await expect(page.getByLabel('Job id style')).toHaveValue('N');
});

test('keyboard only: every control is reachable and shows its focus', async ({ page }) => {
  await page.goto('/?stage');
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
      return { name: name.trim(), outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
    });
    if (!focused) continue;
    expect(focused.outline, `focus ring on ${focused.name}`).toBe(true);
    seen.add(focused.name);
  }
  for (const name of [
    'Delay (ms)',
    'Exact delay (ms)',
    'Clock instant (ms or ISO)',
    '+1 s',
    'Enqueue job',
    'Enqueue N at the same millisecond',
    'Reset',
  ]) {
    expect([...seen]).toContain(name);
  }

  // Operate with keys alone: freeze, enqueue two, see them bump.
  const clock = page.getByLabel('Clock instant (ms or ISO)');
  await clock.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(T0_ISO);
  await page.getByRole('button', { name: 'Enqueue job' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('band-set')).toContainText('2 members');
  await expect(page.getByTestId('next-kind')).toContainText('floor + 2');
});

test('bad input shows a message beside the field and keeps the sets', async ({ page }, testInfo) => {
  await page.goto('/?stage');
  await freezeClockAt(page, T0_ISO);
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  const exact = page.getByLabel('Exact delay (ms)');
  await exact.fill('-12');
  await expect(exact).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('A delay cannot be negative.')).toBeVisible();
  await expectScoresFor(page, T0, 5000);
  const batch = page.getByLabel('N (jobs sharing one timestamp)');
  await batch.fill('20000');
  await expect(page.getByText('At most 10,000 jobs at once.')).toBeVisible();
  await page.getByLabel('Job id style').selectOption('prefix');
  await page.getByLabel('Id prefix').fill('<img src=x onerror=alert(1)>');
  await page.getByRole('button', { name: 'Enqueue job' }).click();
  await expect(page.getByTestId('band-set')).toContainText('2 members');
  await expect(page.getByTestId('band-set')).toContainText('<img src=x onerror=alert(1)>2');
  expect(await page.locator('main img').count()).toBe(0);
  await snap(page, testInfo, '07-bad-input');
});

test('phone width, dark scheme: one column, no sideways scroll', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.goto('/?stage');
  await freezeClockAt(page, T0_ISO);
  await page.getByLabel('Job id style').selectOption('N');
  await page.getByLabel('N (jobs sharing one timestamp)').fill('12');
  await page.getByRole('button', { name: 'Enqueue N at the same millisecond' }).click();
  await expect(page.getByTestId('band-set')).toContainText('12 members');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Reduced motion: nothing on the page animates or transitions for longer than a blink.
  const longestMotion = await page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('*')].flatMap((el) => {
        const style = getComputedStyle(el);
        return [...style.transitionDuration.split(','), ...style.animationDuration.split(',')].map(
          (d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000),
        );
      }),
    ),
  );
  expect(longestMotion).toBeLessThanOrEqual(1);
  const textbook = (await page.getByTestId('textbook-set').boundingBox())!;
  const bandSet = (await page.getByTestId('band-set').boundingBox())!;
  expect(bandSet.y).toBeGreaterThan(textbook.y + textbook.height - 1);
  await snap(page, testInfo, '08-phone-dark');
});
