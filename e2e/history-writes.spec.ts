import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { decodeScenario, scenarioText } from '../src/session/scenarioCodec.ts';

/** The delay the link in the address bar holds (its last delay operation), or null. */
function delayInLink(page: Page): number | null {
  const decoded = decodeScenario(scenarioText(new URL(page.url()).hash) ?? '');
  if (!decoded.ok) return null;
  const last = decoded.scenario.operations.slice().findLast((op) => op.kind === 'delay');
  return last?.kind === 'delay' ? last.delay : decoded.scenario.initial.delay;
}

test('a slider drag writes its history entry when it rests, not once a frame', async ({ page }) => {
  await page.goto('/?stage');
  const slider = page.getByRole('slider', { name: 'Delay (ms)' });
  await expect(slider).toBeVisible();
  // The page's later parts mount in turns; the last is the script stepper. A drag while one mounts
  // can, on a busy machine, see a gap between two inputs longer than the page's coalescing window,
  // and a pause that long rightly makes a second history entry: drag once the page has settled.
  await expect(page.getByTestId('script-stepper')).toBeAttached({ timeout: 30_000 });
  await page.evaluate(() => {
    const w = window as unknown as { __replaces: number };
    w.__replaces = 0;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...args: Parameters<History['replaceState']>) => {
      w.__replaces++;
      replace(...args);
    };
  });
  // A drag as the browser delivers it: one input event a frame (driven in the page, so the
  // steps come at frame rate however slow the test's own round trips are on a busy machine).
  await slider.evaluate(
    (input: HTMLInputElement, steps: number) =>
      new Promise<void>((resolve) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        let step = 0;
        const frame = () => {
          step++;
          setValue.call(input, String(Math.round((60_000 * step) / steps)));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          if (step < steps) requestAnimationFrame(frame);
          else resolve();
        };
        requestAnimationFrame(frame);
      }),
    60,
  );
  const dragged = Number(await slider.inputValue());
  expect(dragged).toBe(60_000);

  // The entry follows the drag once it rests: the link holds where the slider stopped.
  await expect.poll(() => delayInLink(page)).toBe(dragged);
  const replaces = await page.evaluate(() => (window as unknown as { __replaces: number }).__replaces);
  // 60 steps: the first makes the entry (a push), the rest replace it; written every frame that
  // would be 59 replaces, written when the drag rests (and once a second meanwhile) a few.
  expect(replaces).toBeGreaterThanOrEqual(1);
  expect(replaces).toBeLessThanOrEqual(10);
  // One history entry for the whole drag: Back leaves the page's first entry (the delay it opened with).
  await page.goBack();
  await expect(slider).toHaveValue('5000');
});
