// The closing line of `npm test`, from what each step reported. Kept apart from test-all.mjs so the
// rule "a suite that did not run is a failure, never 0 failed" is tested without running a suite.

/**
 * @param {object} run
 * @param {string[]} run.problems  what already went wrong before the suites (typecheck, lint, a taken port)
 * @param {{ ok: boolean, json?: any }} run.vitest  its exit and its JSON report, when it wrote one
 * @param {{ ok: boolean, json?: any }} run.slow  the slow lane (Vitest, scripts/vitest.slow.config.ts), likewise
 * @param {{ ok: boolean, json?: any, started: boolean }} run.playwright  likewise; started false when it could not be run
 * @returns {{ passed: number, failed: number, skipped: number, problems: string[], line: string, ok: boolean }}
 */
export function tally({ problems: before, vitest, slow, playwright }) {
  const problems = [...before];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  // A step that failed without a failing test of its own (a typecheck or lint error, a suite that
  // could not start or crashed before reporting) counts as one failure in the closing line.
  let stepFailures = before.length;

  /** One Vitest run's report into the counts; a run that wrote none did not run, and fails. */
  const countVitest = (label, what, { ok, json }) => {
    if (json) {
      passed += json.numPassedTests;
      failed += json.numFailedTests;
      skipped += json.numPendingTests + json.numTodoTests;
    } else {
      // even when it exited cleanly: a lane that reported nothing cannot be counted as passed
      problems.push(`${label} wrote no results: ${what} did not run`);
      stepFailures += 1;
    }
    if (!ok) {
      problems.push(`${label} failed`);
      if (json && json.numFailedTests === 0) stepFailures += 1;
    }
  };
  countVitest('vitest', 'the unit, component and conformance tests', vitest);
  countVitest('the slow lane', 'the tests that wait on real time', slow);

  if (playwright.json) {
    passed += playwright.json.stats.expected + playwright.json.stats.flaky;
    failed += playwright.json.stats.unexpected;
    skipped += playwright.json.stats.skipped;
  }
  if (playwright.started) {
    if (!playwright.json) problems.push('playwright wrote no results: the browser tests did not run');
    if (!playwright.ok) {
      problems.push('playwright failed');
      if (!playwright.json || playwright.json.stats.unexpected === 0) stepFailures += 1;
    }
  }

  if (skipped > 0) problems.push(`${skipped} test(s) skipped`);
  if (passed === 0) {
    problems.push('no test ran');
    stepFailures += 1;
  }
  failed += stepFailures;
  const line = `firetime: ${passed} passed, ${failed} failed, ${skipped} skipped`;
  return { passed, failed, skipped, problems, line, ok: problems.length === 0 && failed === 0 };
}
