import { describe, expect, it } from 'vitest';
import { durationText, exactDurationText, instantText } from './words.ts';

describe('the doctor’s words for time', () => {
  it('says a window’s width exactly: every unit, or the milliseconds when not whole seconds', () => {
    expect(exactDurationText(1351)).toBe('1,351 ms');
    expect(exactDurationText(1)).toBe('1 ms');
    expect(exactDurationText(1000)).toBe('1 s');
    expect(exactDurationText(120_000)).toBe('2 min');
    expect(exactDurationText(90_061_000)).toBe('1 d 1 h 1 min 1 s');
    expect(exactDurationText(86_400_123)).toBe('86,400,123 ms');
    // where durationText rounds: 1,351 ms is "1 s" there
    expect(durationText(1351)).toBe('1 s');
  });

  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [42_999, '42 s'],
    [4 * 60_000 + 12_000, '4 min 12 s'],
    [13 * 60_000, '13 min'],
    [13 * 60_000 + 400, '13 min'],
    [2 * 3_600_000 + 5 * 60_000 + 59_000, '2 h 5 min'],
    [3 * 86_400_000 + 4 * 3_600_000, '3 d 4 h'],
    [-90_000, '1 min 30 s'],
  ])('%d ms is "%s"', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });

  it('an instant on the same UTC day as now as a time of day, another day with its date', () => {
    const marker = Date.UTC(2026, 11, 3, 5, 55, 50, 444);
    expect(instantText(marker, marker + 13 * 60_000)).toBe('05:55:50.444 UTC');
    expect(instantText(marker, Date.UTC(2026, 11, 4))).toBe('2026-12-03 05:55:50.444 UTC');
    expect(instantText(Number.NaN, marker)).toBe('NaN ms');
  });
});
