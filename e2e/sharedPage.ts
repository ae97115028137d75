import { test as base } from '@playwright/test';
import type { BrowserContext, CDPSession, Disposable, Page } from '@playwright/test';
import { APP_ORIGIN } from './appOrigin.ts';

interface SharedPage {
  readonly page: Page;
  readonly cdp: CDPSession;
}

/**
 * `test` for a spec whose tests may share one browser page: each test still opens the app itself
 * (its own page.goto, a new document after a blank one), but in the worker's one page, not in a
 * new context and page of its own. A new page is a new renderer process that starts and compiles
 * the app afresh, which cost more CPU than many tests' own steps.
 *
 * What a test sets on the page is put back before the next: the viewport, colour scheme, reduced
 * motion and media type (the test's `use` options, or Playwright's defaults), the CPU speed, its
 * init scripts and routes, the permissions and cookies it granted or set, and the console and
 * error listeners (the app keeps nothing in web storage). The HTTP cache is off, so each
 * visit fetches what a first visit fetches. Not for a spec that installs page.clock (it cannot be
 * taken off a page) or needs options a context is made with (JavaScript off): those stay with
 * Playwright's own `test`.
 */
export const test = base.extend<object, { shared: SharedPage }>({
  shared: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: APP_ORIGIN });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await use({ page, cdp });
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ shared }, use) => {
    await use(shared.page.context() as BrowserContext);
  },
  page: async ({ shared, viewport, colorScheme, reducedMotion }, use) => {
    const { page, cdp } = shared;
    // a blank document first: the test's first page.goto is then a load, as in a new page, even to
    // an address that differs from the last test's only after the # (which would not reload)
    await page.goto('about:blank');
    await page.setViewportSize(viewport ?? { width: 1280, height: 720 });
    await page.emulateMedia({
      media: null,
      colorScheme: colorScheme ?? 'light',
      reducedMotion: reducedMotion ?? 'no-preference',
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const scripts: Disposable[] = [];
    const addInitScript = page.addInitScript;
    page.addInitScript = async (...args: Parameters<Page['addInitScript']>) => {
      const script = await addInitScript.apply(page, args);
      scripts.push(script);
      return script;
    };
    try {
      await use(page);
    } finally {
      page.addInitScript = addInitScript;
    }
    for (const script of scripts) await script.dispose();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // what a test granted (the clipboard) is not granted to the next
    await page.context().clearPermissions();
    await page.context().clearCookies();
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  },
});

export { expect } from '@playwright/test';
