import { describe, expect, it } from 'vitest';
import { attemptText, jobFacts, schedulerOf } from './jobFacts.ts';
import type { JobHashFields } from './jobFacts.ts';

const t = 1_796_319_211_616;
const text = (value: string) => ({ text: value, cut: false });
const none: JobHashFields = { name: null, timestamp: null, delay: null, attemptsMade: null, atm: null, opts: null };

describe('a job read from its hash and its score', () => {
  it('a first attempt whose score is timestamp + delay', () => {
    const facts = jobFacts('1', (t + 60_000) * 4096, 'band', {
      ...none,
      name: text('email'),
      timestamp: text(String(t)),
      delay: text('60000'),
      opts: text('{"attempts":3,"backoff":{"type":"exponential","delay":1000}}'),
    });
    expect(facts).toMatchObject({
      found: true,
      name: 'email',
      attempt: { n: 1, of: 3 },
      backoff: { type: 'exponential', delay: 1000 },
      plannedRunAt: t + 60_000,
      runAt: t + 60_000,
      runAtDiffers: false,
    });
    expect(attemptText(facts)).toBe('attempt 1 of 3, exponential backoff from 1000 ms');
  });

  it('a retry (BullMQ’s atm) whose score is not timestamp + delay: flagged', () => {
    const facts = jobFacts('7', (t + 90_000) * 4096 + 2, 'band', {
      ...none,
      timestamp: text(String(t)),
      delay: text('2000'),
      atm: text('2'),
      opts: text('{"attempts":5,"backoff":2000}'),
    });
    expect(facts.attempt).toEqual({ n: 3, of: 5 });
    expect(facts.backoff).toEqual({ type: 'fixed', delay: 2000 });
    expect([facts.plannedRunAt, facts.runAt, facts.runAtDiffers]).toEqual([t + 2000, t + 90_000, true]);
  });

  it('Bull’s attemptsMade and id-counter scores', () => {
    const facts = jobFacts('9', (t + 5000) * 4096 + 9, 'id-counter', {
      ...none,
      timestamp: text(String(t)),
      delay: text('5000'),
      attemptsMade: text('1'),
      opts: text('{"attempts":2}'),
    });
    expect([facts.attempt, facts.runAt, facts.runAtDiffers]).toEqual([{ n: 2, of: 2 }, t + 5000, false]);
  });

  it('a scheduler member is named as such; a missing hash is said; a cut or broken opts is not read', () => {
    expect(schedulerOf('repeat:every-min:1796319211625')).toEqual({ id: 'every-min', at: 1796319211625 });
    expect(schedulerOf('repeat:a:b:17')).toEqual({ id: 'a:b', at: 17 });
    expect(schedulerOf('7')).toBeNull();
    const orphan = jobFacts('repeat:every-min:1796319211625', 1796319211625 * 4096, 'band', none);
    expect([orphan.found, orphan.scheduler?.id, orphan.plannedRunAt, orphan.runAtDiffers]).toEqual([
      false,
      'every-min',
      null,
      false,
    ]);
    const cut = jobFacts('1', t * 4096, 'band', { ...none, opts: { text: '{"attempts":3', cut: true } });
    expect([cut.attempt, cut.cutFields]).toEqual([{ n: 1, of: 1 }, ['opts']]);
    expect(jobFacts('1', t * 4096, 'band', { ...none, opts: text('[1,2]') }).backoff).toBeNull();
  });

  it('what is shown is printable: a name with control characters is written out', () => {
    const facts = jobFacts('1', t * 4096, 'band', { ...none, name: text('a\u001b[31mb\u202e') });
    expect(facts.name).not.toContain('\u001b');
    expect(facts.name).not.toContain('\u202e');
  });
});
