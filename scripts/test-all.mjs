// Runs every check in order (typecheck, lint: ESLint and the import-cycle check, the Vitest
// projects: model, components and the real-Redis conformance suite, then the Playwright browser
// tests against the production build) and ends with one summary line counting every test. A
// skipped test counts as a failure of the run: nothing may be skipped silently. It first installs
// the conformance/ and bench/ packages (scripts/sub-packages.mjs) when they are missing or stale:
// the typecheck reads their types and the conformance suite runs their libraries.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const VITEST_JSON = '.vitest-results.json';
const PLAYWRIGHT_JSON = '.playwright-results.json';

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

rmSync(VITEST_JSON, { force: true });
rmSync(PLAYWRIGHT_JSON, { force: true });

if (!run('packages', 'node', ['scripts/sub-packages.mjs'])) {
  console.log('test-all: the conformance/ and bench/ packages could not be installed');
  process.exit(1);
}

const problems = [];
if (!run('typecheck', 'npx', ['tsc', '-b'])) problems.push('typecheck failed');
if (!run('lint', 'npm', ['run', 'lint'])) problems.push('lint failed');

const vitestOk = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_JSON}`,
]);
const playwrightOk = run('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON,
});

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = readJson(VITEST_JSON);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
} else problems.push('vitest wrote no results');
if (!vitestOk) problems.push('vitest failed');

const playwright = readJson(PLAYWRIGHT_JSON);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else problems.push('playwright wrote no results');
if (!playwrightOk) problems.push('playwright failed');

if (skipped > 0) problems.push(`${skipped} test(s) skipped`);
if (passed === 0) problems.push('no test ran');
for (const problem of problems) console.log(`test-all: ${problem}`);
console.log(`firetime: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(problems.length === 0 && failed === 0 ? 0 : 1);
