import { describe, expect, it } from 'vitest';
import { jobFacts, jobStory } from './jobFacts.ts';
import type { FieldText, JobHashFields, JobStateReading } from './jobFacts.ts';
import { REASON_CHARS, failedText, jobAttemptText, jobWhatText, reasonText, runAtText, storyText } from './jobWords.ts';

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
    // no failedReason read: nothing tells a retry from another move, and the words do not guess
    expect(runAtText(facts, T)).toBe(
      'runs 12:00:05.000 UTC, not timestamp + delay = 12:00:01.000 UTC: its delay was changed after it was added, before any worker took it (changeDelay)',
    );
  });

  it('names what moved the run-at by the hash: a retry (failedReason), moveToDelayed (processedOn), changeDelay (neither)', () => {
    const fields = {
      name: 'send',
      timestamp: String(T),
      delay: '1000',
      opts: '{"attempts":3,"backoff":{"type":"exponential","delay":1000}}',
    };
    const retry = jobFacts(
      '8',
      (T + 5000) * 0x1000,
      'band',
      hash({ ...fields, atm: '1', failedReason: 'smtp 421', processedOn: String(T + 1000) }),
    );
    expect(retry.movedBy).toBe('retry');
    expect(runAtText(retry, T)).toBe(
      'runs 12:00:05.000 UTC, not timestamp + delay = 12:00:01.000 UTC: a retry: attempt 1 failed, and its exponential backoff set the run-at',
    );
    expect(failedText(retry)).toBe('last failure: smtp 421');
    const moved = jobFacts('8', (T + 5000) * 0x1000, 'band', hash({ ...fields, processedOn: String(T + 1000) }));
    expect(runAtText(moved, T)).toMatch(
      /: a worker took it at 12:00:01\.000 UTC and moved it back to delayed \(moveToDelayed\)$/,
    );
    const unmoved = jobFacts('8', (T + 1000) * 0x1000, 'band', hash({ ...fields, failedReason: 'x', atm: '1' }));
    expect(unmoved.movedBy).toBeNull();
  });

  it('says how overdue a job is by the server’s now, not only when it was due', () => {
    const facts = jobFacts(
      '1',
      (T - 69_000) * 0x1000,
      'band',
      hash({ name: 'send', timestamp: String(T - 70_000), delay: '1000' }),
    );
    expect(runAtText(facts, T)).toBe('overdue by 1 min 9 s (due 11:58:51.000 UTC)');
    expect(runAtText(facts, T - 69_000)).toBe('overdue by 0 ms (due 11:58:51.000 UTC)');
    expect(runAtText(facts, T - 69_001)).toBe('runs 11:58:51.000 UTC');
  });

  it('caps a failure’s reason and says a reason too long to read', () => {
    expect(reasonText({ text: 'x'.repeat(400), cut: false })).toBe(`${'x'.repeat(REASON_CHARS)}…`);
    expect(reasonText({ text: 'line\nbreak', cut: false })).toBe('line\\nbreak');
    expect(reasonText({ text: '', cut: true, bytes: 5005 })).toBe('(a reason of 5,005 bytes, not read)');
  });
});

describe('a job in any state in words (Find)', () => {
  const state = (s: JobStateReading['state'], by: string | null = `ZSCORE ${s}`): JobStateReading => ({
    state: s,
    by,
    unsearched: [],
  });
  it('a failed job: when, its last attempt, its reason and what told it', () => {
    const story = jobStory(
      state('failed'),
      hash({ name: 'charge', atm: '3', opts: '{"attempts":3}', finishedOn: String(T), failedReason: 'card declined' }),
    );
    expect(storyText(story, T)).toBe('failed at 12:00:00.000 UTC, attempt 3 of 3: card declined (ZSCORE failed)');
  });
  it('waiting, active and completed jobs; a job gone; one past the part of a long list read', () => {
    expect(storyText(jobStory(state('wait', 'LPOS wait'), hash({ name: 'a' })), T)).toBe(
      'waiting in wait: the next free worker takes it, attempt 1 of 1 (LPOS wait)',
    );
    // on a queue that holds its ready jobs (paused, rate-limited, busy), the hold is said instead
    expect(storyText(jobStory(state('wait', 'LPOS wait'), hash({ name: 'a' })), T, 'the queue is paused')).toBe(
      'waiting in wait: the queue is paused, attempt 1 of 1 (LPOS wait)',
    );
    expect(storyText(jobStory(state('prioritized'), hash({ name: 'a' })), T)).toBe(
      'waiting among the prioritized jobs: a free worker takes it by its priority, attempt 1 of 1 (ZSCORE prioritized)',
    );
    expect(storyText(jobStory(state('active', 'LPOS active'), hash({ name: 'a', processedOn: String(T) })), T)).toBe(
      'active: a worker is running it, taken at 12:00:00.000 UTC, attempt 1 of 1 (LPOS active)',
    );
    expect(storyText(jobStory(state('completed'), hash({ name: 'a', atm: '1', finishedOn: String(T) })), T)).toBe(
      'completed at 12:00:00.000 UTC, attempt 1 of 1 (ZSCORE completed)',
    );
    expect(storyText(jobStory(state('gone', null), none), T)).toMatch(/^gone: no job hash/);
    const far: JobStateReading = { state: 'unknown', by: null, unsearched: [{ list: 'wait', length: 12_345, searched: 2000 }] };
    expect(storyText(jobStory(far, hash({ name: 'a' })), T)).toMatch(/may sit among the 10,345 of wait's 12,345 not read$/);
  });

  it("names a scheduler's repeat: member by its scheduler, and an orphan as one", () => {
    const repeat = jobFacts(`repeat:nightly:${T + 60_000}`, (T + 60_000) * 0x1000, 'band', hash({ name: 'report' }));
    expect(jobWhatText(repeat, T)).toBe("report (scheduler nightly's run of 12:01:00.000 UTC)");
    const orphan = jobFacts('9', T * 0x1000, 'band', none);
    expect(jobWhatText(orphan, T)).toMatch(/^no job hash: an orphan member/);
    expect(jobAttemptText(orphan)).toBe('');
  });
});
