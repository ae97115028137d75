import { describe, expect, it } from 'vitest';
import { tally } from './testTally.mjs';

const vitestReport = (passedTests: number, failedTests = 0) => ({
  numPassedTests: passedTests,
  numFailedTests: failedTests,
  numPendingTests: 0,
  numTodoTests: 0,
});
const playwrightReport = (expected: number, unexpected = 0, skipped = 0) => ({
  stats: { expected, unexpected, flaky: 0, skipped },
});

describe('the closing line of npm test', () => {
  it('counts every test when all ran and passed', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(10) },
      playwright: { ok: true, json: playwrightReport(3), started: true },
    });
    expect(result.line).toBe('firetime: 13 passed, 0 failed, 0 skipped');
    expect(result.ok).toBe(true);
  });

  it('counts browser tests that could not start (a taken port) as a failure, never 0 failed', () => {
    const result = tally({
      problems: ['the browser tests did not run: FIRETIME_E2E_PORT=4317 is taken by another program'],
      vitest: { ok: true, json: vitestReport(1583) },
      playwright: { ok: false, started: false },
    });
    expect(result.line).toBe('firetime: 1583 passed, 1 failed, 0 skipped');
    expect(result.ok).toBe(false);
  });

  it('counts a Playwright run that wrote no report as a failure', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(5) },
      playwright: { ok: false, started: true },
    });
    expect(result.failed).toBe(1);
    expect(result.problems).toContain('playwright wrote no results: the browser tests did not run');
  });

  it('counts a Vitest run that failed with no failing test (a file that did not load) once', () => {
    const result = tally({
      problems: [],
      vitest: { ok: false, json: vitestReport(5, 0) },
      playwright: { ok: true, json: playwrightReport(2), started: true },
    });
    expect(result.line).toBe('firetime: 7 passed, 1 failed, 0 skipped');
  });

  it('does not add a step failure on top of failing tests', () => {
    const result = tally({
      problems: [],
      vitest: { ok: false, json: vitestReport(5, 2) },
      playwright: { ok: true, json: playwrightReport(2), started: true },
    });
    expect(result.failed).toBe(2);
  });

  it('counts a failed typecheck or lint as a failure and skipped tests as not ok', () => {
    const result = tally({
      problems: ['typecheck failed', 'lint failed'],
      vitest: { ok: true, json: vitestReport(5) },
      playwright: { ok: true, json: playwrightReport(2, 0, 1), started: true },
    });
    expect(result.line).toBe('firetime: 7 passed, 2 failed, 1 skipped');
    expect(result.ok).toBe(false);
  });

  it('says no test ran when nothing passed', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(0) },
      playwright: { ok: true, json: playwrightReport(0), started: true },
    });
    expect(result.problems).toContain('no test ran');
    expect(result.failed).toBe(1);
  });
});
