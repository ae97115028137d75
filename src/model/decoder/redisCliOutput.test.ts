import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatScore } from '../redis/doubles.ts';
import { printCliArray, readPaste, whyNotAScore } from './redisCliOutput.ts';

/** Stand-in for the decoder's rule in these tests: whole numbers from 2^52 up look like band scores. */
const bandLike = (score: number) => Number.isInteger(score) && score >= 2 ** 52;

const pairsOf = (text: string) => readPaste(text, bandLike).scores.map(({ member, score }) => [member, score]);

describe('printCliArray', () => {
  it('right-aligns the numbers to the widest and quotes each value, as redis-cli does in a terminal', () => {
    const values = Array.from({ length: 10 }, (_, i) => `m${i}`);
    const lines = printCliArray(values, 'numbered').split('\n');
    expect(lines[0]).toBe(' 1) "m0"');
    expect(lines[9]).toBe('10) "m9"');
    expect(printCliArray(['日', '1'], 'numbered')).toBe('1) "\\xe6\\x97\\xa5"\n2) "1"\n');
    expect(printCliArray([], 'numbered')).toBe('(empty array)\n');
    expect(printCliArray(['a b', '1.5'], 'raw')).toBe('a b\n1.5\n');
  });
});

/**
 * One set, `ZADD z -5 neg 1.5 "sp ace" 7045120004096001 日 7045120004096002 "new<LF>line"
 * 7045120004096004 "" 7045120004096005 "tab<TAB>there" 7045120004099999 'q"uote' 1e20 huge`, as
 * `ZRANGE z 0 -1 WITHSCORES` gives it back; each layout's capture below is that reply, so both must
 * read to these rows.
 */
const CAPTURED_SET = [
  ['neg', -5],
  ['sp ace', 1.5],
  ['日', 7045120004096001],
  ['new\nline', 7045120004096002],
  ['', 7045120004096004],
  ['tab\there', 7045120004096005],
  ['q"uote', 7045120004099999],
  ['huge', 1e20],
];

// captured from redis-cli 7.0.15 in a terminal, which ends each line with \r\n (the pty adds the \r)
const TTY_CAPTURE = String.raw`
 1) "neg"
 2) "-5"
 3) "sp ace"
 4) "1.5"
 5) "\xe6\x97\xa5"
 6) "7045120004096001"
 7) "new\nline"
 8) "7045120004096002"
 9) ""
10) "7045120004096004"
11) "tab\there"
12) "7045120004096005"
13) "q\"uote"
14) "7045120004099999"
15) "huge"
16) "1e+20"
`
  .slice(1)
  .replaceAll('\n', '\r\n');

// captured from `redis-cli --raw` (and plain piped redis-cli) 7.0.15: the empty member is an empty
// line, the newline member spans two lines, and \t stands for the tab it prints
const RAW_CAPTURE = `neg
-5
sp ace
1.5
日
7045120004096001
new
line
7045120004096002

7045120004096004
tab\there
7045120004096005
q"uote
7045120004099999
huge
1e+20
`;

describe('readPaste: the numbered layout', () => {
  it('reads members and scores, unescaping members, with the line of each score', () => {
    const reading = readPaste(TTY_CAPTURE, bandLike);
    expect(reading.layout).toBe('numbered');
    expect(reading.unreadable).toEqual([]);
    expect(reading.scores.map(({ member, score }) => [member, score])).toEqual(CAPTURED_SET);
    expect(reading.scores[0]).toMatchObject({ line: 2, scoreText: '-5' });
  });

  it('skips prompt lines and empty replies, and pairs by item number across several replies', () => {
    // as pasted from a terminal: three prompts, one of them answered by an empty array
    const session = `127.0.0.1:6379> ZRANGE bull:q:delayed 0 1 WITHSCORES
1) "7"
2) "7045120004096000"
127.0.0.1:6379[2]> ZRANGE other 0 -1 WITHSCORES
(empty array)
[::1]:7000> ZRANGE bull:q:delayed 1 1 WITHSCORES
1) "8"
2) "7045120004096001"`;
    const reading = readPaste(session, bandLike);
    expect(reading.layout).toBe('numbered');
    expect(reading.scores.map(({ member, line }) => [member, line])).toEqual([
      ['7', 3],
      ['8', 8],
    ]);
    expect(reading.skipped.map(({ line }) => line)).toEqual([1, 4, 5, 6]);
    expect(reading.unreadable).toEqual([]);
  });

  it('reads RESP3 nested pairs (redis-cli -3) with (double) scores', () => {
    const resp3 = ['1) 1) "neg"', '   2) (double) -5', '2) 1) "job:1"', '   2) (double) 7045120004096000'].join('\n');
    expect(pairsOf(resp3)).toEqual([
      ['neg', -5],
      ['job:1', 7045120004096000],
    ]);
  });

  it('lists half lines, a lost member, a missing score and bad scores, and keeps reading', () => {
    const broken = [
      '1) "job:1"',
      '2) "7045120004096000"',
      '3) "job:2',
      '4) "7045120004096001"',
      '6) "7045120004096002"',
      '7) "job:4"',
      '8) "70451200040960oops"',
      '9) "job:5"',
      '10) "nan"',
      '11) "job:6"',
      '12) (nil)',
      'stray text',
      '13) "job:7"',
      '14) "1e400"',
      '15) "job:8"',
    ].join('\n');
    const reading = readPaste(broken, bandLike);
    expect(reading.layout).toBe('numbered');
    expect(reading.scores.map(({ member }) => member)).toEqual(['job:1']);
    expect(reading.unreadable.map(({ line, reason }) => [line, reason])).toEqual([
      [3, 'the quoted value has no closing quote: cut off?'],
      [4, 'a score whose member (item 3) is missing'],
      [5, 'a score whose member (item 5) is missing'],
      [7, 'the score of "job:4": a number followed by other text: cut off or joined to something?'],
      [9, 'the score of "job:5": NaN is not a score: Redis refuses it'],
      [10, 'a member with no readable score after it'],
      [11, '(nil): no value (the member is not in the set)'],
      [12, 'not a numbered redis-cli line (expected `N) "value"`)'],
      [14, 'the score of "job:7": out of the range of a double (Redis: "value is not a valid float")'],
      [15, 'a member with no score after it: cut off?'],
    ]);
  });

  it('reads a numbered list of scores only (ZMSCORE) as scores, (nil) as unreadable', () => {
    const reading = readPaste('1) "7045120004096000"\n2) (nil)\n3) "7045120004096001"', bandLike);
    expect(reading.layout).toBe('scores');
    expect(reading.scores.map(({ member, score }) => [member, score])).toEqual([
      [null, 7045120004096000],
      [null, 7045120004096001],
    ]);
    expect(reading.unreadable.map(({ line }) => line)).toEqual([2]);
  });
});

describe('readPaste: the raw layout', () => {
  it('reads alternating member and score lines, a member with a newline across two lines', () => {
    const reading = readPaste(RAW_CAPTURE, bandLike);
    expect(reading.layout).toBe('raw');
    expect(reading.multiLineMembers).toBe(1);
    expect(reading.unreadable).toEqual([]);
    expect(reading.scores.map(({ member, score }) => [member, score])).toEqual(CAPTURED_SET);
  });

  it('reads numeric job ids as members when every second line is a band score', () => {
    const reading = readPaste('1\n7045120004096000\n2\n7045120004096001\n10\n7045120004096002\n3', bandLike);
    expect(reading.layout).toBe('raw');
    expect(reading.scores.map(({ member }) => member)).toEqual(['1', '2', '10']);
    expect(reading.unreadable).toEqual([{ line: 7, text: '3', reason: 'a member with no score line after it: cut off?' }]);
  });

  it('round-trips printCliArray for members on one line each', () => {
    const member = fc
      .string({ unit: 'binary' })
      .filter((text) => !/[\n\r>]/.test(text)) // no line break, and never a prompt look-alike ("job:0>")
      .map((text) => `job:${text}`);
    const score = fc.oneof(fc.integer({ min: 2 ** 42, max: 2 ** 53 }), fc.double({ noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(member, score), { minLength: 1 }), (entries) => {
        const values = entries.flatMap(([m, s]) => [m, formatScore(s)]);
        expect(pairsOf(printCliArray(values, 'raw'))).toEqual(entries);
        expect(pairsOf(printCliArray(values, 'numbered'))).toEqual(entries);
      }),
    );
  });
});

describe('readPaste: a list of scores', () => {
  it('reads one score a line, or several separated by spaces, commas or quotes', () => {
    const reading = readPaste(
      '7045120004096000\n7045120004096001, 7045120004096002 "7045120004096003"\n\n  1764460800000  ',
      bandLike,
    );
    expect(reading.layout).toBe('scores');
    expect(reading.scores.map(({ line, score }) => [line, score])).toEqual([
      [1, 7045120004096000],
      [2, 7045120004096001],
      [2, 7045120004096002],
      [2, 7045120004096003],
      [4, 1764460800000],
    ]);
  });

  it('reads two band scores as two scores, not as a member and its score', () => {
    expect(readPaste('7045120004096000\n7045120004096001', bandLike).layout).toBe('scores');
  });

  it('parses exponent text exactly', () => {
    const [score] = readPaste('7.0451200040960005e+15', bandLike).scores;
    expect(score?.score).toBe(7045120004096000);
    expect(readPaste('9.007199254740993e15', bandLike).scores[0]?.score).toBe(2 ** 53);
    expect(readPaste('7.045120004099999e15', bandLike).scores[0]?.score).toBe(7045120004099999);
  });

  it('lists garbage with a reason and reads what it can', () => {
    const reading = readPaste('1e400 NaN -nan 12abc \u0000\u0001\uFFFD 7045120004096000 inf', bandLike);
    expect(reading.scores.map(({ score }) => score)).toEqual([7045120004096000, Infinity]);
    expect(reading.unreadable.map(({ text }) => text)).toEqual(['1e400', 'NaN', '-nan', '12abc', '\u0000\u0001\uFFFD']);
  });

  it('reads empty and blank text as empty', () => {
    expect(readPaste('', bandLike)).toEqual({ layout: 'empty', scores: [], unreadable: [], skipped: [], multiLineMembers: 0 });
    expect(readPaste('  \n\r\n \t ', bandLike).layout).toBe('empty');
  });

  it('never throws, and accounts for every line that holds something', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const reading = readPaste(text, bandLike);
        const seen = new Set([...reading.scores, ...reading.unreadable, ...reading.skipped].map(({ line }) => line));
        const lines = text.split('\n');
        lines.forEach((line, i) => {
          const spanned = reading.layout === 'raw' || reading.multiLineMembers > 0;
          if (line.trim() !== '' && !spanned) expect(seen.has(i + 1)).toBe(true);
        });
      }),
    );
  });
});

describe('whyNotAScore', () => {
  it('names the reason string2d refuses a text', () => {
    expect(whyNotAScore('')).toBe('empty: no score here');
    expect(whyNotAScore('nan')).toBe('NaN is not a score: Redis refuses it');
    expect(whyNotAScore('1e400')).toMatch(/out of the range/);
    expect(whyNotAScore('1e-400')).toMatch(/out of the range/);
    expect(whyNotAScore('12 34')).toMatch(/followed by other text/);
    expect(whyNotAScore('job')).toBe('not a number');
  });
});

describe('readPaste at scale', () => {
  it('reads 100,000 lines of numbered output', () => {
    const values: string[] = [];
    for (let i = 0; i < 50_000; i++) values.push(`job:${i}`, String(7045120004096000 + i));
    const reading = readPaste(printCliArray(values, 'numbered'), bandLike);
    expect(reading.scores).toHaveLength(50_000);
    expect(reading.scores[49_999]).toMatchObject({ line: 100_000, member: 'job:49999', score: 7045120004096000 + 49_999 });
  });
});
