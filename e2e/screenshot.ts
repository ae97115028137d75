import { resolve } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

/** Where the README's pictures live; written only when FIRETIME_UPDATE_DOCS=1 (`npm run docs:screenshots`). */
const DOCS = resolve(import.meta.dirname, '..', 'docs');

/**
 * Saves a screenshot of a page or an element as a test artifact (attached to the report), and
 * also as docs/<docsName>.png when asked to refresh the README's pictures, so a plain test run
 * never changes tracked files.
 */
export async function screenshot(target: Page | Locator, testInfo: TestInfo, name: string, options: { docsName?: string; fullPage?: boolean } = {}) {
  const path = testInfo.outputPath(`${name}.png`);
  const fullPage = options.fullPage ?? false;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
  await testInfo.attach(name, { path, contentType: 'image/png' });
  if (options.docsName && process.env.FIRETIME_UPDATE_DOCS === '1') {
    await ('goto' in target ? target.screenshot({ path: resolve(DOCS, `${options.docsName}.png`), fullPage }) : target.screenshot({ path: resolve(DOCS, `${options.docsName}.png`) }));
  }
}
