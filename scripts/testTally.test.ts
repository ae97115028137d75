import { describe, expect, it } from 'vitest';
import { tally } from './testTally.mjs';

const vitestReport = (passedTests: number, failedTests = 0) => ({
  numPassedTests: passedTests,
  numFailedTests: failedTests,
  numPendingTests: 0,
  numTodoTests: 0,
});
/** The slow lane as it runs in every case below but its own: one test, passed. */
const slowRan = { ok: true, json: vitestReport(1) };
const playwrightReport = (expected: number, unexpected = 0, skipped = 0) => ({
  stats: { expected, unexpected, flaky: 0, skipped },
});

describe('the closing line of npm test', () => {
  it('counts every test when all ran and passed', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(10) },
      slow: slowRan,
      playwright: { ok: true, json: playwrightReport(3), started: true },
    });
    expect(result.line).toBe('firetime: 14 passed, 0 failed, 0 skipped');
    expect(result.ok).toBe(true);
  });

  it('counts browser tests that could not start (a taken port) as a failure, never 0 failed', () => {
    const result = tally({
      problems: ['the browser tests did not run: FIRETIME_E2E_PORT=4317 is taken by another program'],
      vitest: { ok: true, json: vitestReport(1583) },
      slow: slowRan,
      playwright: { ok: false, started: false },
    });
    expect(result.line).toBe('firetime: 1584 passed, 1 failed, 0 skipped');
    expect(result.ok).toBe(false);
  });

  it('counts a Playwright run that wrote no report as a failure', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(5) },
      slow: slowRan,
      playwright: { ok: false, started: true },
    });
    expect(result.failed).toBe(1);
    expect(result.problems).toContain('playwright wrote no results: the browser tests did not run');
  });

  it('counts a Vitest run that failed with no failing test (a file that did not load) once', () => {
    const result = tally({
      problems: [],
      vitest: { ok: false, json: vitestReport(5, 0) },
      slow: slowRan,
      playwright: { ok: true, json: playwrightReport(2), started: true },
    });
    expect(result.line).toBe('firetime: 8 passed, 1 failed, 0 skipped');
  });

  it('does not add a step failure on top of failing tests', () => {
    const result = tally({
      problems: [],
      vitest: { ok: false, json: vitestReport(5, 2) },
      slow: slowRan,
      playwright: { ok: true, json: playwrightReport(2), started: true },
    });
    expect(result.failed).toBe(2);
  });

  it('counts a failed typecheck or lint as a failure and skipped tests as not ok', () => {
    const result = tally({
      problems: ['typecheck failed', 'lint failed'],
      vitest: { ok: true, json: vitestReport(5) },
      slow: slowRan,
      playwright: { ok: true, json: playwrightReport(2, 0, 1), started: true },
    });
    expect(result.line).toBe('firetime: 8 passed, 2 failed, 1 skipped');
    expect(result.ok).toBe(false);
  });

  it('says no test ran when nothing passed', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(0) },
      slow: { ok: true, json: vitestReport(0) },
      playwright: { ok: true, json: playwrightReport(0), started: true },
    });
    expect(result.problems).toContain('no test ran');
    expect(result.failed).toBe(1);
  });

  it('counts the slow lane’s tests in the closing line', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(10) },
      slow: { ok: false, json: vitestReport(2, 1) },
      playwright: { ok: true, json: playwrightReport(3), started: true },
    });
    expect(result.line).toBe('firetime: 15 passed, 1 failed, 0 skipped');
    expect(result.problems).toContain('the slow lane failed');
    expect(result.ok).toBe(false);
  });

  it('counts a slow lane that did not run (no report) as a failure, never 0 failed', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(10) },
      slow: { ok: false },
      playwright: { ok: true, json: playwrightReport(3), started: true },
    });
    expect(result.line).toBe('firetime: 13 passed, 1 failed, 0 skipped');
    expect(result.problems).toContain('the slow lane wrote no results: the tests that wait on real time did not run');
    expect(result.ok).toBe(false);
  });

  it('counts a slow lane that exited cleanly without a report as a failure too', () => {
    const result = tally({
      problems: [],
      vitest: { ok: true, json: vitestReport(10) },
      slow: { ok: true },
      playwright: { ok: true, json: playwrightReport(3), started: true },
    });
    expect(result.failed).toBeGreaterThan(0);
    expect(result.ok).toBe(false);
  });
});
