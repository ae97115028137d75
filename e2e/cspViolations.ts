import type { Page } from '@playwright/test';

/**
 * From the next navigation on, records every CSP violation the page reports (securitypolicyviolation
 * events, read with violationsIn) and returns the console errors and uncaught errors as they come.
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return errors;
}

/** The CSP violations the page has reported since watchViolations. */
export const violationsIn = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
