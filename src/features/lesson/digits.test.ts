import { describe, expect, it } from 'vitest';
import { digitsPartAt, splitDigits } from './digits.ts';

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
