// Runs every check in order (typecheck and lint in one pass: scripts/check.mjs, then the
// import-cycle check, the Vitest projects: model, components and the real-Redis conformance suite,
// the slow lane of tests that wait on real time, then the Playwright browser tests against the
// production build) and ends with one summary line counting every test. A skipped test counts as a
// failure of the run: nothing may be skipped silently. It first installs the conformance/ and
// bench/ packages (scripts/sub-packages.mjs) when they are missing or stale: the typecheck reads
// their types and the conformance suite runs their libraries.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tally } from './testTally.mjs';

const VITEST_JSON = '.vitest-results.json';
const SLOW_JSON = '.vitest-slow-results.json';
const PLAYWRIGHT_JSON = '.playwright-results.json';

/**
 * A tool of the root's node_modules, run by its own bin link: `npx` would first start npm to find
 * it, about a second of CPU a call for nothing.
 */
const bin = (name) => `node_modules/.bin/${name}`;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/** Resolves with the port when nothing listens on it on 127.0.0.1 (0 asks the system for a free one), else null. */
function listenable(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/**
 * The browser tests' preview port: FIRETIME_E2E_PORT when set (and then it must be free), else one
 * the system says is free, so another program on the usual port does not stop the browser tests.
 */
async function e2ePort() {
  const asked = process.env.FIRETIME_E2E_PORT;
  if (asked === undefined) return { port: await listenable(0) };
  const port = await listenable(Number(asked));
  return port === null ? { port: null, why: `FIRETIME_E2E_PORT=${asked} is taken by another program` } : { port };
}

rmSync(VITEST_JSON, { force: true });
rmSync(SLOW_JSON, { force: true });
rmSync(PLAYWRIGHT_JSON, { force: true });

if (!run('packages', 'node', ['scripts/sub-packages.mjs'])) {
  console.log('test-all: the conformance/ and bench/ packages could not be installed, so no test ran');
  console.log('firetime: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

const problems = [];
// The typecheck and ESLint share one TypeScript program (scripts/check.mjs), then the cycles and Prettier.
if (!run('typecheck and lint', 'npm', ['run', 'check'])) problems.push('typecheck or lint failed');

const vitestOk = run('vitest', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_JSON}`,
]);
const slowOk = run('slow lane', bin('vitest'), [
  'run',
  '--config',
  'scripts/vitest.slow.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${SLOW_JSON}`,
]);
const e2e = await e2ePort();
const playwrightOk =
  e2e.port !== null &&
  run('playwright', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON,
    FIRETIME_E2E_PORT: String(e2e.port),
  });
if (e2e.port === null) problems.push(`the browser tests did not run: ${e2e.why}`);

const result = tally({
  problems,
  vitest: { ok: vitestOk, json: readJson(VITEST_JSON) },
  slow: { ok: slowOk, json: readJson(SLOW_JSON) },
  playwright: { ok: playwrightOk, json: readJson(PLAYWRIGHT_JSON), started: e2e.port !== null },
});
for (const problem of result.problems) console.log(`test-all: ${problem}`);
console.log(result.line);
process.exit(result.ok ? 0 : 1);
