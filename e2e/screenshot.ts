import { resolve } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

/** Where the pictures of the README and docs/ live; written only when FIRETIME_UPDATE_DOCS=1 (`npm run docs:screenshots`). */
const DOCS = resolve(import.meta.dirname, '..', 'docs');

/**
 * Saves a screenshot of a page or an element as a test artifact (attached to the report), and
 * also as docs/<docsName>.png when asked to refresh the pictures in docs/, so a plain test run
 * never changes tracked files.
 *
 * The panels use `content-visibility: auto`: the browser skips drawing the ones far from the
 * viewport, and a full-page capture does not scroll, so it would show them empty. For a full-page
 * capture every panel is drawn for the moment of the shot.
 */
export async function screenshot(
  target: Page | Locator,
  testInfo: TestInfo,
  name: string,
  options: { docsName?: string; fullPage?: boolean } = {},
) {
  const path = testInfo.outputPath(`${name}.png`);
  const fullPage = options.fullPage ?? false;
  // caret 'initial': Playwright hides the caret with an injected <style>; under the page's CSP
  // (style-src 'self') that injection fails and an element shot comes out blank
  const shoot = (file: string) =>
    'goto' in target
      ? target.screenshot({ path: file, fullPage, caret: 'initial' })
      : target.screenshot({ path: file, caret: 'initial' });
  // through the CSSOM: the page's CSP (style-src 'self') refuses an injected <style> element
  const drawAll = fullPage && 'goto' in target;
  if (drawAll) await target.evaluate(drawEveryPanel, true);
  try {
    await shoot(path);
    await testInfo.attach(name, { path, contentType: 'image/png' });
    if (options.docsName && process.env.FIRETIME_UPDATE_DOCS === '1') await shoot(resolve(DOCS, `${options.docsName}.png`));
  } finally {
    if (drawAll) await target.evaluate(drawEveryPanel, false);
  }
}

/** In the page: forces (or releases) content-visibility: visible on every element that skips drawing. */
function drawEveryPanel(on: boolean): void {
  const holder = window as unknown as { __firetimeDrawn?: HTMLElement[] };
  if (on) {
    holder.__firetimeDrawn = [...document.querySelectorAll<HTMLElement>('*')].filter(
      (element) => getComputedStyle(element).contentVisibility === 'auto',
    );
    for (const element of holder.__firetimeDrawn) element.style.setProperty('content-visibility', 'visible', 'important');
  } else {
    for (const element of holder.__firetimeDrawn ?? []) element.style.removeProperty('content-visibility');
    holder.__firetimeDrawn = [];
  }
}
