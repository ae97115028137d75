import { defineConfig } from '@playwright/test';
import { APP_ORIGIN, APP_PORT } from './e2e/appOrigin.ts';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the Blink, V8 and Skia of
 * Debian's chromium of the same version, without the desktop browser around them, as Playwright
 * runs headless tests with its own builds. The pages are the same; the browser process does less
 * for each page and frame (docs/decisions.md). CHROMIUM_PATH runs the tests in another build, e.g.
 * /usr/bin/chromium.
 */
const DEFAULT_BROWSER = '/usr/bin/chromium-headless-shell';

/** Browser tests drive Debian's Chromium against the production build served by `vite preview`. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Spec files run side by side, one worker each (the tests of a file stay in order, in one
  // worker: some share a server or a page set up in beforeAll). Every spec serves itself from the
  // one preview server, which holds no state, and starts its own redis-server and bridge on free
  // ports. FIRETIME_E2E_WORKERS=1 runs them one at a time.
  fullyParallel: false,
  workers: Number(process.env.FIRETIME_E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  forbidOnly: true,
  use: {
    baseURL: APP_ORIGIN,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? DEFAULT_BROWSER,
      args: [
        ...(isRoot ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Vite's own script, not `npx vite`: npx starts npm to find a binary that is always here.
    command: `node node_modules/vite/bin/vite.js build && node node_modules/vite/bin/vite.js preview --host 127.0.0.1 --port ${APP_PORT} --strictPort`,
    url: APP_ORIGIN,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
