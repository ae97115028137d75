import { resolve } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

/** Where the pictures of the README and docs/ live; written only when FIRETIME_UPDATE_DOCS=1 (`npm run docs:screenshots`). */
const DOCS = resolve(import.meta.dirname, '..', 'docs');

/**
 * Saves a screenshot of a page or an element as a test artifact (attached to the report) when
 * FIRETIME_SHOTS=1, and also as docs/<docsName>.png when asked to refresh the pictures in docs/, so
 * a plain test run never changes tracked files. No test reads a shot, so a plain run takes none:
 * capturing and encoding them was CPU time spent on pictures nobody looks at. What a shot does to
 * the page still happens (an element is waited for until visible and scrolled into view), so the
 * steps after it see the same page either way.
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
  const updateDocs = process.env.FIRETIME_UPDATE_DOCS === '1';
  if (process.env.FIRETIME_SHOTS !== '1' && !updateDocs) {
    if (!('goto' in target)) {
      await target.waitFor({ state: 'visible' });
      await target.scrollIntoViewIfNeeded();
    }
    return;
  }
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
    if (options.docsName && updateDocs) await shoot(resolve(DOCS, `${options.docsName}.png`));
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
