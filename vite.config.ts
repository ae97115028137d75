import { randomBytes } from 'node:crypto';
import { configDefaults, defineConfig } from 'vitest/config';
import type { UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bullmqScript } from './scripts/bullmqScript.ts';
import { devPolicy, extraConnectSources, productionPolicy, securityHeaders } from './scripts/securityHeaders.ts';
import { firetimeEmbeds } from './scripts/embedBuild.ts';
import { firstPaint } from './scripts/firstPaint.ts';

const extraConnect = extraConnectSources(process.env);

/**
 * The dev server's options. Its CSP nonce, which Vite writes on every script and style it puts in
 * the page, is drawn here: Vite resolves this config afresh at each start of a server, so each
 * start has its own, and markup that reaches the page some other way cannot carry a nonce known in
 * advance. The built app needs none (its policy allows only 'self').
 *
 * cors: false (here and for preview) sends no Access-Control-* header at all. The page loads
 * everything from its own origin, which needs none; Vite's default grants any origin on this
 * machine (another dev server, any local page) a read of every file the server would serve.
 */
function devServer(command: 'build' | 'serve'): Pick<UserConfig, 'html' | 'server'> {
  const nonce = randomBytes(16).toString('base64');
  return {
    ...(command === 'serve' ? { html: { cspNonce: nonce } } : {}),
    server: { headers: securityHeaders(devPolicy(nonce, extraConnect)), cors: false },
  };
}

export default defineConfig(({ command }) => ({
  // firetimeEmbeds: the embed cards' headers (dev, preview) and their builds (dist/embed/, dist/firetime-card.js).
  // firstPaint: the stage's frame and top line written into index.html, from the strings App renders.
  // bullmqScript: the installed bullmq's getDelayedScore.lua for the script stepper (virtual:bullmq/getDelayedScore.lua).
  plugins: [react(), firstPaint(), firetimeEmbeds(process.env, extraConnect), bullmqScript()],
  ...devServer(command),
  // The dev server's dependency scan starts from the pages it serves, not from examples/ (whose
  // pages load the built card, which the scan cannot resolve: it then skipped pre-bundling, found
  // each dependency as a chunk first imported it, and reloaded the page at each new one, which ran
  // two copies of React when the stage's chunk brought zustand after React had loaded).
  optimizeDeps: { entries: ['index.html', 'embed/index.html'] },
  preview: { headers: securityHeaders(productionPolicy(extraConnect)), cors: false },
  build: {
    // The modulepreload polyfill only helps browsers without <link rel="modulepreload"> (Safari
    // before 17) fetch chunks a little earlier; they load the same modules without it. Leaving it
    // out keeps ~0.3 KB gzip off the start bundle (its target is 90 KB, docs/benchmarks.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Small modules that both pages (the lesson's and the stage's chunks) and the later
              // parts import (the store's context, score and number formatting, a memo helper):
              // left to the automatic splitting, each became a chunk of a few hundred bytes of its
              // own. One chunk holds them (with React, which they import), preloaded by index.html,
              // so the page starts with one script and at most three preloads
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
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'bridge/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          // tests that wait on real time run in their own lane (scripts/vitest.slow.config.ts)
          exclude: [...configDefaults.exclude, '**/*.slow.test.ts'],
          // Files share a worker's module graph instead of each importing it afresh: the tests hold
          // no state between files (each builds its own store, session and servers), and the fresh
          // imports cost much of the project's CPU time (docs/testing.md has the figures).
          isolate: false,
          // the tests at scale (100,000 lines, a 1,000,000-job set) can pass 5 s on two loaded cores
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test-setup.ts'],
          // One jsdom per worker instead of one per file: building the environment cost most of the
          // project's CPU time. Testing Library's cleanup (test-setup.ts) empties the document after
          // each test, and every test renders its own store.
          isolate: false,
          // a test that renders the whole page in jsdom can pass 5 s on two loaded cores
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['conformance/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.slow.test.ts'],
          globalSetup: ['conformance/redis-server.ts'],
          // As in unit: files share a worker's module graph (the libraries, the model) instead of
          // importing it afresh. Each file keeps its keys in its own database or server
          // (conformance/databases.ts) and restores the clock it holds (libraries.ts's atClock).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
