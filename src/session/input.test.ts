import { describe, expect, it } from 'vitest';
import {
  CLOCK_RANGE_MESSAGE,
  MAX_CLOCK_MS,
  MAX_DELAY_MS,
  parseBatchSize,
  parseBurst,
  parseClock,
  parseDelay,
  parseIdPrefix,
  parsePosition,
  parseRate,
} from './input.ts';

function value<T>(parsed: { ok: boolean; value?: T }): T | undefined {
  return parsed.ok ? parsed.value : undefined;
}

describe('parseDelay', () => {
  it('accepts whole ms from 0 to 100 years, with digit groups', () => {
    expect(value(parseDelay('0'))).toBe(0);
    expect(value(parseDelay(' 5,000 '))).toBe(5000);
    expect(value(parseDelay('3_155_760_000_000'))).toBe(MAX_DELAY_MS);
  });

  it.each(['', '   ', 'abc', 'NaN', '1.5', '1e3', '0x10', '5000ms'])('refuses %j', (text) => {
    expect(parseDelay(text).ok).toBe(false);
  });

  it('says why a negative or too long delay is refused', () => {
    expect(parseDelay('-1')).toEqual({ ok: false, message: 'A delay cannot be negative.' });
    expect(parseDelay(String(MAX_DELAY_MS + 1))).toMatchObject({ ok: false, message: expect.stringMatching(/100 years/) });
  });
});

describe('parseBatchSize', () => {
  it('accepts 2 to 10,000', () => {
    expect(value(parseBatchSize('2'))).toBe(2);
    expect(value(parseBatchSize('10,000'))).toBe(10_000);
  });

  it.each(['', '1', '0', '-3', '10001', '2.5', 'many'])('refuses %j', (text) => {
    expect(parseBatchSize(text).ok).toBe(false);
  });
});

describe('parseClock', () => {
  it('accepts Unix ms and ISO instants with a zone', () => {
    expect(value(parseClock('1798000000000'))).toBe(1_798_000_000_000);
    expect(value(parseClock('2026-11-30T12:00:00.000Z'))).toBe(Date.UTC(2026, 10, 30, 12));
    expect(value(parseClock('2026-11-30T13:00+01:00'))).toBe(Date.UTC(2026, 10, 30, 12));
  });

  it('accepts the last day of a month, and 29 February in a leap year', () => {
    expect(value(parseClock('2039-02-28T00:00Z'))).toBe(Date.UTC(2039, 1, 28));
    expect(value(parseClock('2040-02-29T00:00Z'))).toBe(Date.UTC(2040, 1, 29));
  });

  it.each([
    '',
    'now',
    '-1',
    '2026-11-30',
    '2026-13-01T00:00Z',
    '2039-02-30T00:00:00Z',
    '2039-02-29T00:00Z',
    '2026-04-31T00:00Z',
    '2026-11-00T00:00Z',
    '2026-11-30T12:00:00',
    '1969-12-31T23:59:59Z',
    '253402300800000',
  ])('refuses %j', (text) => {
    expect(parseClock(text).ok).toBe(false);
  });

  it('accepts the first and the last instant of its range, as ms or ISO', () => {
    expect(value(parseClock('0'))).toBe(0);
    expect(value(parseClock('1970-01-01T00:00Z'))).toBe(0);
    expect(value(parseClock(String(MAX_CLOCK_MS)))).toBe(MAX_CLOCK_MS);
    expect(value(parseClock('9999-12-31T23:59:59.999Z'))).toBe(MAX_CLOCK_MS);
    // the same instant written in another zone
    expect(value(parseClock('9999-12-31T11:59:59.999-12:00'))).toBe(MAX_CLOCK_MS);
  });

  // A zone offset moves a four-digit-year instant past either end; the field must refuse it where
  // it is typed (the session would drop it, and the field would look accepted).
  it.each([
    '9999-12-31T23:59:59.999-12:00',
    '9999-12-31T12:00:00.000-12:00',
    '1970-01-01T00:00:00.000+00:01',
    '0000-01-01T00:00Z',
    '253402300800000',
    '99999999999999999999',
    '-1',
  ])('refuses %j outside 1970 to year 9999, naming the range', (text) => {
    expect(parseClock(text)).toEqual({ ok: false, message: CLOCK_RANGE_MESSAGE });
  });

  it('names both ends of the range, as ISO and as ms', () => {
    expect(CLOCK_RANGE_MESSAGE).toBe(
      'Use an instant from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z (0 to 253,402,300,799,999 ms).',
    );
  });
});

describe('parseIdPrefix', () => {
  it('keeps any printable text as it is', () => {
    expect(value(parseIdPrefix('<b>job</b>:'))).toBe('<b>job</b>:');
  });

  it.each(['', 'x'.repeat(41), 'a\nb', 'job\uD800:'])('refuses %j', (text) => {
    expect(parseIdPrefix(text).ok).toBe(false);
  });

  it('names the broken character when half of a surrogate pair is left', () => {
    expect(parseIdPrefix('job\uDE00')).toMatchObject({ message: expect.stringMatching(/broken character/) });
    expect(value(parseIdPrefix('job\u{1F600}:'))).toBe('job\u{1F600}:');
  });
});

describe('parseRate', () => {
  it('takes 1 to 1,000 jobs per second, decimals and separators included', () => {
    expect(value(parseRate('4'))).toBe(4);
    expect(value(parseRate(' 2.5 '))).toBe(2.5);
    expect(value(parseRate('1,000'))).toBe(1000);
    expect(value(parseRate('1'))).toBe(1);
  });
  it('refuses rates out of range or not a number, with a message', () => {
    expect(parseRate('0')).toMatchObject({ ok: false, message: 'At least 1 job/s.' });
    expect(parseRate('0.5')).toMatchObject({ ok: false, message: 'At least 1 job/s.' });
    expect(parseRate('1001')).toMatchObject({ ok: false, message: 'At most 1,000 jobs/s.' });
    expect(parseRate('-3')).toMatchObject({ ok: false, message: expect.stringMatching(/jobs per second/) });
    expect(parseRate('fast')).toMatchObject({ ok: false });
    expect(parseRate('')).toMatchObject({ ok: false, message: expect.stringMatching(/Enter a rate/) });
    expect(parseRate('1e3')).toMatchObject({ ok: false });
  });
});

describe('parseBurst', () => {
  it('takes 1 to 10,000 jobs', () => {
    expect(value(parseBurst('1'))).toBe(1);
    expect(value(parseBurst('10,000'))).toBe(10_000);
    expect(parseBurst('0')).toMatchObject({ ok: false });
    expect(parseBurst('10001')).toMatchObject({ ok: false, message: 'At most 10,000 jobs at once.' });
    expect(parseBurst('two')).toMatchObject({ ok: false });
  });
});

describe('parsePosition', () => {
  it('takes a position inside the set, and names the last one otherwise', () => {
    expect(value(parsePosition('4,095', 4100))).toBe(4095);
    expect(value(parsePosition('0', 1))).toBe(0);
    expect(parsePosition('4100', 4100)).toMatchObject({ ok: false, message: 'The last position is 4,099.' });
    expect(parsePosition('3', 0)).toMatchObject({ ok: false, message: 'The set is empty.' });
    expect(parsePosition('-1', 10)).toMatchObject({ ok: false });
    expect(parsePosition('', 10)).toMatchObject({ ok: false, message: 'Enter a position.' });
  });
});
