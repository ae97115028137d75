import { resolve } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

/** Where the README's pictures live; written only when FIRETIME_UPDATE_DOCS=1 (`npm run docs:screenshots`). */
const DOCS = resolve(import.meta.dirname, '..', 'docs');

/**
 * Saves a screenshot of a page or an element as a test artifact (attached to the report), and
 * also as docs/<docsName>.png when asked to refresh the README's pictures, so a plain test run
 * never changes tracked files.
 *
 * The panels use `content-visibility: auto`: the browser skips drawing the ones far from the
 * viewport, and a full-page capture does not scroll, so it would show them empty. For a full-page
 * capture every panel is drawn for the moment of the shot.
 */
export async function screenshot(target: Page | Locator, testInfo: TestInfo, name: string, options: { docsName?: string; fullPage?: boolean } = {}) {
  const path = testInfo.outputPath(`${name}.png`);
  const fullPage = options.fullPage ?? false;
  const shoot = (file: string) => ('goto' in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
  const drawAll = fullPage && 'goto' in target ? await target.addStyleTag({ content: '* { content-visibility: visible !important; }' }) : null;
  try {
    await shoot(path);
    await testInfo.attach(name, { path, contentType: 'image/png' });
    if (options.docsName && process.env.FIRETIME_UPDATE_DOCS === '1') await shoot(resolve(DOCS, `${options.docsName}.png`));
  } finally {
    await drawAll?.evaluate((style) => (style as Element).remove());
  }
}
