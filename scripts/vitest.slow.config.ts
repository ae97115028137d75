/**
 * The slow lane (`npm run test:slow`, a step of `npm test`): tests that must wait on real time,
 * because what they check runs on a clock no test can inject (BullMQ's worker promotes by the
 * real one). They are named *.slow.test.ts, which the projects of vite.config.ts leave out.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the repository, not this folder: the paths below and the tests' imports are from there
    root: fileURLToPath(new URL('..', import.meta.url)),
    name: 'slow',
    environment: 'node',
    include: ['**/*.slow.test.ts'],
    exclude: ['**/node_modules/**', 'dist/**'],
  },
});
