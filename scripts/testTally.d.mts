export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  problems: string[];
  line: string;
  ok: boolean;
}
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}
export function tally(run: {
  problems: string[];
  vitest: { ok: boolean; json?: VitestReport };
  slow: { ok: boolean; json?: VitestReport };
  playwright: { ok: boolean; json?: PlaywrightReport; started: boolean };
}): Tally;
