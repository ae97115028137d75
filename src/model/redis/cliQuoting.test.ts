import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quoteCliString, unquoteCliString } from './cliQuoting.ts';

describe('unquoteCliString (inverse of sdscatrepr)', () => {
  it('reads every escape redis-cli 7.0 prints', () => {
    expect(unquoteCliString('"\\xe6\\x97\\xa5"')).toBe('日');
    expect(unquoteCliString('"q\\"uote"')).toBe('q"uote');
    expect(unquoteCliString('"back\\\\slash"')).toBe('back\\slash');
    expect(unquoteCliString('"new\\nline\\r\\t\\a\\b"')).toBe('new\nline\r\t\x07\b');
    expect(unquoteCliString('"digest:m\\xc3\\xbcnchen \\"x\\""')).toBe('digest:münchen "x"');
    expect(unquoteCliString('""')).toBe('');
  });

  it('takes characters pasted as themselves beside byte escapes', () => {
    expect(unquoteCliString('"日\\xe6\\x97\\xa5😀"')).toBe('日日😀');
  });

  it('keeps a leading byte order mark (EF BB BF) as U+FEFF, as the member holds it', () => {
    expect(unquoteCliString('"\\xef\\xbb\\xbfjob:1"')).toBe('\ufeffjob:1');
    expect(unquoteCliString(quoteCliString('\ufeff'))).toBe('\ufeff');
  });

  it('reads bytes that are not UTF-8 as U+FFFD', () => {
    expect(unquoteCliString('"\\xff\\xfe"')).toBe('\uFFFD\uFFFD');
  });

  it('refuses text without its closing quote, or with more after it', () => {
    expect(unquoteCliString('"job:1')).toBeNull();
    expect(unquoteCliString('"job:1\\"')).toBeNull();
    expect(unquoteCliString('"a" b')).toBeNull();
    expect(unquoteCliString('job')).toBeNull();
  });

  it('round-trips quoteCliString for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        expect(unquoteCliString(quoteCliString(value))).toBe(value);
      }),
    );
  });
});
