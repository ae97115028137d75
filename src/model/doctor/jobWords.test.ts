import { describe, expect, it } from 'vitest';
import { jobFacts } from './jobFacts.ts';
import type { FieldText, JobHashFields } from './jobFacts.ts';
import { jobAttemptText, jobWhatText, runAtText } from './jobWords.ts';

const T = Date.UTC(2026, 11, 3, 12, 0, 0);
const text = (t: string): FieldText => ({ text: t, cut: false });
const none: JobHashFields = { name: null, timestamp: null, delay: null, attemptsMade: null, atm: null, opts: null };
const hash = (fields: Partial<Record<keyof JobHashFields, string>>): JobHashFields => ({
  ...none,
  ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, text(v)])),
});

describe('a delayed job in words', () => {
  it('names a plain job, its attempt, and its run-at when the score agrees with timestamp + delay', () => {
    const facts = jobFacts('7', (T + 1000) * 0x1000, 'band', hash({ name: 'send', timestamp: String(T), delay: '1000' }));
    expect(jobWhatText(facts, T)).toBe('send');
    expect(jobAttemptText(facts)).toBe('attempt 1 of 1');
    expect(runAtText(facts, T)).toBe('runs 12:00:01.000 UTC');
  });

  it('says a retry moved by its backoff runs at the score, not at timestamp + delay', () => {
    const facts = jobFacts(
      '8',
      (T + 5000) * 0x1000 + 3,
      'band',
      hash({
        name: 'send',
        timestamp: String(T),
        delay: '1000',
        atm: '1',
        opts: '{"attempts":3,"backoff":{"type":"exponential","delay":1000}}',
      }),
    );
    expect(jobAttemptText(facts)).toBe('attempt 2 of 3, exponential backoff from 1000 ms');
    expect(runAtText(facts, T)).toBe(
      "runs 12:00:05.000 UTC, not timestamp + delay = 12:00:01.000 UTC: moved after it was added (a retry's backoff, changeDelay or moveToDelayed)",
    );
  });

  it("names a scheduler's repeat: member by its scheduler, and an orphan as one", () => {
    const repeat = jobFacts(`repeat:nightly:${T + 60_000}`, (T + 60_000) * 0x1000, 'band', hash({ name: 'report' }));
    expect(jobWhatText(repeat, T)).toBe("report (scheduler nightly's run of 12:01:00.000 UTC)");
    const orphan = jobFacts('9', T * 0x1000, 'band', none);
    expect(jobWhatText(orphan, T)).toMatch(/^no job hash: an orphan member/);
    expect(jobAttemptText(orphan)).toBe('');
  });
});
