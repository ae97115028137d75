import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { devPolicy, extraConnectSources, productionPolicy, securityHeaders } from './scripts/securityHeaders.ts';

/**
 * The dev server's CSP nonce. Vite writes it on every script and style it puts in the page; it is
 * fixed because the dev server serves one developer on this machine (never use it in production:
 * the built app needs no nonce at all).
 */
const DEV_NONCE = 'firetime-dev';
const extraConnect = extraConnectSources(process.env);

export default defineConfig(({ command }) => ({
  plugins: [react()],
  ...(command === 'serve' ? { html: { cspNonce: DEV_NONCE } } : {}),
  server: { headers: securityHeaders(devPolicy(DEV_NONCE, extraConnect)) },
  preview: { headers: securityHeaders(productionPolicy(extraConnect)) },
  build: {
    // The modulepreload polyfill only helps browsers without <link rel="modulepreload"> (Safari
    // before 17) fetch chunks a little earlier; they load the same modules without it. Leaving it
    // out keeps ~0.3 KB gzip off the start bundle, whose budget is 90 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Small modules that the start script and the later parts both import (the store's
              // context, score and number formatting, a memo helper): left to the automatic
              // splitting, each became a start chunk of a few hundred bytes of its own. One chunk
              // holds them, so the page starts with one script and at most three preloads
              // (e2e/start-files.spec.ts holds it to that).
              name: 'start-shared',
              test: /\/src\/(store\/(StoreContext\.tsx|memo\.ts)|model\/(format|uuid|printable)\.ts|model\/protocol\/score\.ts|model\/redis\/doubles\.ts|session\/input\.ts|ui\/panel\.module\.css)/,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts', 'bridge/**/*.test.ts', 'bench/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'components', environment: 'jsdom', include: ['src/**/*.test.tsx'], setupFiles: ['src/test-setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['conformance/**/*.test.ts'],
          globalSetup: ['conformance/redis-server.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
