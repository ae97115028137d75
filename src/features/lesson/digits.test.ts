import { describe, expect, it } from 'vitest';
import { changedDigits, digitsPartAt, groupedRuns, splitDigits } from './digits.ts';

describe('digitsPartAt', () => {
  it("finds where a band's floor and ceiling part: only the last four digits move", () => {
    expect(digitsPartAt('7356579860480000', '7356579860484095')).toBe(12);
  });

  it('finds the digits a delay adds to now', () => {
    expect(digitsPartAt('1796040000000', '1796040005000')).toBe(9);
    expect(digitsPartAt('1796040000000', '1796040000000')).toBe(13);
  });

  it('shares no place between numbers of different lengths', () => {
    expect(digitsPartAt('999', '1000')).toBe(0);
  });
});

describe('splitDigits', () => {
  it('splits at the place, kept within the text', () => {
    expect(splitDigits('7356579860480001', 12)).toEqual({ plain: '735657986048', marked: '0001' });
    expect(splitDigits('123', 5)).toEqual({ plain: '123', marked: '' });
    expect(splitDigits('123', -1)).toEqual({ plain: '', marked: '123' });
  });
});

describe('changedDigits and groupedRuns', () => {
  it('marks the digits that differ from the previous value, aligned at the last digit', () => {
    expect(changedDigits('7356579860480000', '7356579860480001')).toEqual([...Array(15).fill(false), true]);
    expect(changedDigits(null, '12')).toEqual([false, false]);
    expect(changedDigits('999', '1000')).toEqual([true, true, true, true]);
  });

  it('groups by three with the marked tail as one run', () => {
    const text = '7356579860480001';
    expect(groupedRuns(text, changedDigits('7356579860479999', text))).toEqual([
      { text: '7,356,579,860,4', marked: false },
      { text: '80,001', marked: true },
    ]);
    expect(groupedRuns('1000', [false, false, false, false])).toEqual([{ text: '1,000', marked: false }]);
    expect(groupedRuns('-1000', [false, false, false, false, false])).toEqual([{ text: '-1,000', marked: false }]);
  });
});
