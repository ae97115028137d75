/**
 * Number texts as redis-server 7.0.15 reads them, each with the value it takes or its refusal:
 * score arguments (string2d), range bounds (zslParseRange) and integer arguments (string2ll).
 * src/model/redis/doubles.test.ts holds the model's parsers to these values, and
 * conformance/doubles.test.ts sends the same texts to a real redis-server, so a value written here
 * by hand is checked against Redis itself.
 */

/** Score texts ZADD takes, with the double it stores. */
const scoreTaken: ReadonlyArray<readonly [text: string, value: number]> = [
  ['5', 5],
  ['+5', 5],
  ['-5', -5],
  ['.5', 0.5],
  ['5.', 5],
  ['+.5', 0.5],
  ['-.5', -0.5],
  ['00012', 12],
  ['1e5', 100000],
  ['1E5', 100000],
  ['0x10', 16],
  ['0X1.8P1', 3],
  ['0x1p3', 8],
  ['0x1P+3', 8],
  ['0x.8', 0.5],
  ['0x1p-1074', 5e-324],
  ['0x1.0000000000001p-1075', 5e-324],
  ['0x1.fffffffffffffp1023', 1.7976931348623157e308],
  ['inf', Infinity],
  ['+inf', Infinity],
  ['-inf', -Infinity],
  ['INF', Infinity],
  ['Infinity', Infinity],
  ['-INFINITY', -Infinity],
  ['0e-400', 0],
  ['0e400', 0],
  ['4.9e-324', 5e-324],
  // just above half the smallest denormal: rounds up to it
  ['2.4703282292062328e-324', 5e-324],
  ['1e-310', 1e-310],
  ['1.7976931348623157e308', 1.7976931348623157e308],
  ['0.0', 0],
  ['7045120004096005', 7045120004096005],
];

/** Score texts ZADD refuses ("value is not a valid float"): NaN, overflow, underflow, stray bytes. */
const scoreRefused: readonly string[] = [
  '',
  ' 5',
  '\t5',
  '5 ',
  '5\n',
  '.',
  '+',
  '-',
  '--1',
  '0x',
  '0x1p',
  '0x1p+',
  '1e',
  '1e+',
  'infinit',
  'nan',
  'NaN',
  '-nan',
  'nan(123)',
  '1e400',
  '-1e400',
  '1e-400',
  '-1e-400',
  '0x1p-1075',
  '0x1p1024',
  '0x1.fffffffffffff8p1023',
  // just below half the smallest denormal: underflow, refused
  '2.4703282292062327e-324',
  '1.7976931348623159e308',
  '5\0',
  '5\u00001',
  '1_000',
  '1,5',
  ' ',
  'abc',
];

/** Range bounds ZRANGEBYSCORE takes, with the value and whether "(" made it exclusive. */
const boundTaken: ReadonlyArray<readonly [text: string, value: number, exclusive: boolean]> = [
  ['5', 5, false],
  ['(5', 5, true],
  [' 5', 5, false],
  ['\t5', 5, false],
  ['( 5', 5, true],
  ['', 0, false],
  ['(', 0, true],
  ['-inf', -Infinity, false],
  ['+inf', Infinity, false],
  ['(-inf', -Infinity, true],
  ['1e400', Infinity, false],
  ['-1e400', -Infinity, false],
  ['1e-400', 0, false],
  ['0x1p-1075', 0, false],
  ['5\0', 5, false],
  ['5\0junk', 5, false],
  ['0x10', 16, false],
];

/** Range bounds ZRANGEBYSCORE refuses ("min or max is not a float"). */
const boundRefused: readonly string[] = ['5 ', ' ', '((5', 'nan', '(nan', '-nan', 'infinit', '1e', '0x', '.', '+', 'abc', '5x'];

/** Integer texts LIMIT takes, with their value (as a double: 2^63 - 1 rounds to 2^63). */
const integerTaken: ReadonlyArray<readonly [text: string, value: number]> = [
  ['0', 0],
  ['1', 1],
  ['-1', -1],
  ['1000', 1000],
  ['9223372036854775807', 2 ** 63],
  ['-9223372036854775808', -9223372036854775808],
  ['123456789012345', 123456789012345],
];

/** Integer texts LIMIT refuses ("value is not an integer or out of range"): signs, spaces, leading zeros, overflow. */
const integerRefused: readonly string[] = [
  '',
  '-',
  '-0',
  '00',
  '01',
  '-01',
  '+1',
  ' 1',
  '1 ',
  '1.0',
  '1e2',
  '0x1',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '12345678901234567890',
  '000000000000000000001',
  'abc',
];

/** Score arguments (ZADD, string2d). */
export const SCORE_ARGS = { taken: scoreTaken, refused: scoreRefused };
/** Range bounds (ZRANGEBYSCORE min and max, zslParseRange). */
export const RANGE_BOUNDS = { taken: boundTaken, refused: boundRefused };
/** Integer arguments (LIMIT offset and count, string2ll). */
export const INTEGER_ARGS = { taken: integerTaken, refused: integerRefused };
