import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPLAY_CAP_BYTES, base64UrlFromBytes, bytesFromBase64, printable, printableBytes } from './printable.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('printable', () => {
  it('names the empty string and keeps ordinary text, non-ASCII included', () => {
    expect(printable('')).toBe('(empty)');
    expect(printable('', '(empty member)')).toBe('(empty member)');
    expect(printable('bull:mail:delayed 日本 ✓ 🙂')).toBe('bull:mail:delayed 日本 ✓ 🙂');
  });

  it('writes out CR, LF, tab and every other control character', () => {
    expect(printable('a\r\nb\tc\x00\x1b[31m\x7f\x85')).toBe('a\\r\\nb\\tc\\u{0}\\u{1b}[31m\\u{7f}\\u{85}');
  });

  it.each([
    ['\u202a', '202a'],
    ['\u202b', '202b'],
    ['\u202c', '202c'],
    ['\u202d', '202d'],
    ['\u202e', '202e'],
    ['\u2066', '2066'],
    ['\u2067', '2067'],
    ['\u2068', '2068'],
    ['\u2069', '2069'],
    ['\u200e', '200e'],
    ['\u200f', '200f'],
    ['\u061c', '61c'],
    ['\u200b', '200b'],
    ['\ufeff', 'feff'],
    ['\u00ad', 'ad'],
    ['\u2028', '2028'],
    ['\u2029', '2029'],
    ['\ud800', 'd800'],
  ])('writes out U+%s (bidi control, invisible or line-breaking) as \\u{%s}', (char, hex) => {
    expect(printable(`job${char}1`)).toBe(`job\\u{${hex}}1`);
  });

  it('gives text with nothing hidden, and is idempotent (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const shown = printable(text);
        expect(shown).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u);
        expect(printable(shown)).toBe(shown);
      }),
    );
  });
});

describe('printableBytes', () => {
  it('shows UTF-8 as text and every other byte as \\xHH', () => {
    expect(printableBytes(utf8('bull:日:delayed'))).toBe('bull:日:delayed');
    // a leading byte order mark is shown, not dropped as a decoder does by default
    expect(printableBytes(utf8('\ufeffjob:1'))).toBe('\\u{feff}job:1');
    expect(printableBytes(bytes(0x62, 0x69, 0x6e, 0xff, 0x3a))).toBe('bin\\xff:');
    expect(printableBytes(bytes(0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80))).toBe(
      '\\xc0\\xaf\\xed\\xa0\\x80\\xf4\\x90\\x80\\x80',
    );
    expect(printableBytes(bytes(0xe6, 0x97))).toBe('\\xe6\\x97');
    expect(printableBytes(utf8('a\u202eb\n'))).toBe('a\\u{202e}b\\n');
    expect(printableBytes(bytes())).toBe('(empty)');
  });

  it('marks a shortened name with its full length, dropping a character the cut split', () => {
    expect(printableBytes(utf8('abc'), 10_000)).toBe('abc… (10,000 bytes)');
    expect(printableBytes(bytes(0x61, 0xe6, 0x97), 5000)).toBe('a… (5,000 bytes)');
    expect(printableBytes(new Uint8Array(DISPLAY_CAP_BYTES).fill(1), 99_614_720)).toBe(
      `${'\\u{1}'.repeat(DISPLAY_CAP_BYTES)}… (99,614,720 bytes)`,
    );
  });

  it('agrees with TextDecoder on valid UTF-8 (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        expect(printableBytes(utf8(text), undefined, '')).toBe(printable(text, ''));
      }),
    );
  });
});

describe('base64url', () => {
  it('round-trips any bytes (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (value) => {
        const text = base64UrlFromBytes(value);
        expect(text).toMatch(/^[\w-]*$/);
        expect(bytesFromBase64(text)).toEqual(value);
      }),
    );
  });

  it('refuses what is not base64', () => {
    expect(bytesFromBase64('a')).toBeNull();
    expect(bytesFromBase64('a b')).toBeNull();
    expect(bytesFromBase64('Ymlu_w')).toEqual(bytes(0x62, 0x69, 0x6e, 0xff));
    expect(bytesFromBase64('Ymlu/w==')).toEqual(bytes(0x62, 0x69, 0x6e, 0xff));
  });
});
