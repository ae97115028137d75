import type { Page } from '@playwright/test';

/**
 * Two animation frames: what the page does in answer to an event (a resize, a media change, a
 * press) has been laid out and painted. A wait on the page's own rendering, not on the clock.
 */
export function twoFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}
