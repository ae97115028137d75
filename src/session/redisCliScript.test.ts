import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cliArgument, cliLine, redisCliScript } from './redisCliScript.ts';
import { parseScoreArg } from '../model/redis/doubles.ts';

const HEX = /^[0-9a-fA-F]$/;

/**
 * sds.c sdssplitargs, written out for the test: splits one line into arguments (as bytes, read
 * back as UTF-8), or null when the quotes are unbalanced. The exporter is held to this reader.
 */
function splitArgs(line: string): string[] | null {
  const bytes = new TextEncoder().encode(line);
  const args: string[] = [];
  const isSpace = (b: number | undefined) => b === 32 || (b !== undefined && b >= 9 && b <= 13);
  let p = 0;
  for (;;) {
    while (isSpace(bytes[p])) p++;
    if (p >= bytes.length) return args;
    const current: number[] = [];
    let inQuotes = false;
    let inSingle = false;
    let done = false;
    while (!done) {
      const c = bytes[p];
      if (inQuotes) {
        if (c === undefined) return null;
        const n1 = bytes[p + 1];
        const n2 = bytes[p + 2];
        const n3 = bytes[p + 3];
        if (
          c === 92 &&
          n1 === 120 &&
          n2 !== undefined &&
          n3 !== undefined &&
          HEX.test(String.fromCharCode(n2)) &&
          HEX.test(String.fromCharCode(n3))
        ) {
          current.push(parseInt(String.fromCharCode(n2, n3), 16));
          p += 3;
        } else if (c === 92 && n1 !== undefined) {
          const map: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 97: 7 };
          current.push(map[n1] ?? n1);
          p++;
        } else if (c === 34) {
          if (n1 !== undefined && !isSpace(n1)) return null;
          done = true;
        } else current.push(c);
      } else if (inSingle) {
        if (c === undefined) return null;
        if (c === 92 && bytes[p + 1] === 39) {
          current.push(39);
          p++;
        } else if (c === 39) {
          if (bytes[p + 1] !== undefined && !isSpace(bytes[p + 1])) return null;
          done = true;
        } else current.push(c);
      } else if (c === undefined || isSpace(c)) {
        done = true;
      } else if (c === 34) inQuotes = true;
      else if (c === 39) inSingle = true;
      else current.push(c);
      if (c !== undefined) p++;
    }
    args.push(new TextDecoder().decode(new Uint8Array(current)));
  }
}

describe('cliArgument', () => {
  it('leaves plain job ids and keys bare and quotes the rest', () => {
    expect(cliArgument('bull:firetime:delayed')).toBe('bull:firetime:delayed');
    expect(cliArgument('job:12')).toBe('job:12');
    expect(cliArgument('a b')).toBe('"a b"');
    expect(cliArgument('')).toBe('""');
    expect(cliArgument('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(cliArgument('日')).toBe('"\\xe6\\x97\\xa5"');
    expect(cliArgument('two\nlines')).toBe('"two\\nlines"');
    expect(cliArgument("it's")).toBe('"it\'s"');
  });

  it('writes numbers as Lua hands them to redis.call', () => {
    expect(cliArgument(7364608000000000)).toBe('7364608000000000');
    expect(cliArgument(2 ** 53 + 2)).toBe('9007199254740994');
    expect(cliArgument(0.1)).toBe('0.10000000000000001');
  });
});

describe('redisCliScript', () => {
  it('puts one command on each line', () => {
    const script = redisCliScript([
      { command: 'ZADD', args: ['k', 7364608000000000, 'job:1'] },
      { command: 'ZREM', args: ['k', 'job 1', 'job:2'] },
    ]);
    expect(script).toBe('ZADD k 7364608000000000 job:1\nZREM k "job 1" job:2\n');
    expect(redisCliScript([])).toBe('');
  });

  it('reads back through sdssplitargs as the same arguments, whatever the members hold', () => {
    const member = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }).filter((s) => !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))),
      fc.constantFrom('"', "'", '\\', '\\x41', ' ', '\n', '\r\n', '#', '"a"b'),
    );
    const score = fc.oneof(fc.integer({ min: 0, max: 2 ** 53 }), fc.double({ noNaN: true }));
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: 6 }), score, (members, value) => {
        const line = cliLine({ command: 'ZADD', args: ['key', value, ...members] });
        expect(line).not.toMatch(/[\n\r]/);
        const parsed = splitArgs(line);
        expect(parsed).not.toBeNull();
        expect(parsed!.slice(3)).toEqual(members);
        expect(parseScoreArg(parsed![2]!)).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});
