/**
 * Edge cases of the sorted-set commands, each run on MemoryRedis and on a real Redis 7.0.15
 * (FLUSHALL before every case), reply by reply: error texts in their precedence order, score
 * and range parsing, LIMIT, tie order of non-ASCII members, score printing, missing keys.
 * Number arguments reach the server as redis.call would send them (luaNumberArg text).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import type { Command } from './commandGenerator.ts';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import { fromMemory, fromServer, toWire } from './outcomes.ts';

const ties: Command = ['ZADD', 'k', 1, '9', 1, '10', 1, 'é', 1, 'e', 1, 'f', 1, '日本', 1, '😀', 1, '\uFFFF', 1, 'ｚ', 1, '', 1, 'a\0b', 1, 'a'];
const five: Command = ['ZADD', 'k', 1, 'a', 2, 'b', 3, 'c', 4, 'd', 5, 'e'];
const x65 = 'x'.repeat(65);
const many = (n: number, first: string | number): Command => [
  'ZADD',
  'big',
  ...Array.from({ length: n }, (_, i) => [i === 0 ? first : i, `m${i}`]).flat(),
];

/** Each case: commands run in order after FLUSHALL; every reply is compared. */
const CASES: Record<string, Command[]> = {
  'unknown command and arity errors': [
    ['foo'],
    ['foo', 'a', 'b'],
    [''],
    ['foo', x65, x65, x65],
    [`foo${x65}${x65}`, 'a'],
    [`x${'é'.repeat(70)}`, 'a'],
    ['foo', 'é'.repeat(70)],
    ['foo', 'a\r\nb', 'c\nd'],
    ['\r\nfoo\r\n', 'a'],
    ['foo\0bar', 'a\0b', 'c'],
    ['ZINCRBYX', 'k', 1, 'a'],
    ['ZRAN\u212A', 'k', 'a'],
    ['zAdD', 'k', 1],
    ['ZREM', 'k'],
    ['ZSCORE', 'k'],
    ['ZMSCORE', 'k'],
    ['ZRANK', 'k', 'a', 'WITHSCORE'],
    ['ZREVRANK', 'k'],
    ['ZCARD', 'k', 'x'],
    ['ZCOUNT', 'k', 1],
    ['ZRANGE', 'k', 1],
    ['ZRANGEBYSCORE', 'k', 1],
    ['ZREVRANGEBYSCORE', 'k', 1],
    ['ZPOPMIN'],
    ['ZPOPMAX'],
    ['DEL'],
    ['EXISTS'],
  ],
  'ZADD errors in precedence order': [
    ['ZADD', 'k', 'NX', 1],
    ['ZADD', 'k', 'NX', 'XX', 1],
    ['ZADD', 'k', 1, 'a', 'NX'],
    ['ZADD', 'k', 'NX', 'XX', 'GT', 'LT', 'INCR', 1, 'a', 2, 'b'],
    ['ZADD', 'k', 'XX', 'NX', 1, 'a'],
    ['ZADD', 'k', 'NX', 'GT', 1, 'a'],
    ['ZADD', 'k', 'lt', 'nx', 1, 'a'],
    ['ZADD', 'k', 'GT', 'LT', 'XX', 'INCR', 1, 'a', 2, 'b'],
    ['ZADD', 'k', 'INCR', 'x', 'a', 2, 'b'],
    ['ZADD', 'k', 1, 'a', 'x', 'b'],
    ['ZADD', 'k', 1, 'a', 'NX', 'b'],
    ['EXISTS', 'k'],
    ['ZADD', 'k', 'inf', 'z'],
    ['ZADD', 'k', 'INCR', '-inf', 'z'],
    ['ZSCORE', 'k', 'z'],
  ],
  'ZADD score parsing': [
    ...['', ' 1', '1 ', 'nan', 'NaN', '-nan', '1e400', '-1e400', '1e-400', '1_0', '0b1', '1e', 'e1', '(1', '1,5'].map(
      (score): Command => ['ZADD', 'bad', score, 'm'],
    ),
    ['EXISTS', 'bad'],
    ...['inf', '+inf', '-inf', 'Infinity', '-INF', '0x10', '0X1F', '-0x1p3', '1e-310', '.5', '5.', '+5', '-.5e1', '9007199254740993'].map(
      (score, i): Command => ['ZADD', 'k', score, `m${i}`],
    ),
    ['ZRANGE', 'k', 0, -1, 'WITHSCORES'],
  ],
  'ZADD flags, CH and INCR': [
    ['ZADD', 'k', 1, 'a', 2, 'b'],
    ['ZADD', 'k', 'CH', 1, 'x', 2, 'x'],
    ['ZADD', 'k', 'NX', 'CH', 9, 'a', 3, 'c'],
    ['ZADD', 'k', 'XX', 'CH', 9, 'a', 3, 'new'],
    ['ZADD', 'k', 'GT', 'CH', 1, 'a', 10, 'b', 0, 'fresh'],
    ['ZADD', 'k', 'LT', 'XX', 'CH', 0, 'a', 99, 'b'],
    ['ZADD', 'k', 'CH', 'INCR', 1, 'a'],
    ['ZADD', 'k', 'INCR', 'CH', 1, 'a'],
    ['ZADD', 'k', 'GT', 'INCR', 0, 'a'],
    ['ZADD', 'k', 'LT', 'INCR', -1, 'a'],
    ['ZADD', 'k', 'NX', 'INCR', 1, 'a'],
    ['ZADD', 'k', 'NX', 'INCR', 1, 'brand'],
    ['ZADD', 'k', 'XX', 'INCR', 1, 'nobody'],
    ['ZADD', 'missing', 'XX', 'INCR', 1, 'a'],
    ['ZADD', 'missing', 'XX', 1, 'a'],
    ['EXISTS', 'missing'],
    ['ZADD', 'k', 'INCR', 0, 'a'],
    ['ZRANGE', 'k', 0, -1, 'WITHSCORES'],
  ],
  'score printing': [
    ['ZADD', 'k', 0.1, 'a', 7e15, 'b', 1e20, 'c', '-0', 'd', 'inf', 'e', '-inf', 'f', 1 / 3, 'g', 2 ** 53 + 2, 'h'],
    ['ZADD', 'k', '123456789012345678', 'i', '5e-324', 'j', '1.7976931348623157e308', 'l', 0.1 + 0.2, 'm', -1.5, 'n'],
    ['ZRANGE', 'k', 0, -1, 'WITHSCORES'],
    ['ZMSCORE', 'k', 'a', 'd', 'zz'],
    ['ZADD', 'k', 'INCR', '-0', 'new'],
    ['ZSCORE', 'k', 'new'],
    ['ZADD', 'long', '-0', x65, '-0', 'm'],
    ['ZMSCORE', 'long', x65, 'm'],
    ['ZADD', 'late', '-0', 'm'],
    ['ZADD', 'late', 1, 'é'.repeat(33), '-0', 'n'],
    ['ZADD', 'fits', 1, 'é'.repeat(32), '-0', 'n'],
    ['ZMSCORE', 'late', 'm', 'n'],
    ['ZSCORE', 'fits', 'n'],
    many(129, '-0'),
    ['ZSCORE', 'big', 'm0'],
    ['ZADD', 'big', '-0', 'm1'],
    ['ZPOPMIN', 'big', 2],
  ],
  'a set that outgrows the small encoding keeps -0 only for later writes': [
    many(128, '-0'),
    ['ZSCORE', 'big', 'm0'],
    ['ZADD', 'big', '-0', 'm128'],
    ['ZADD', 'big', '-0', 'm1'],
    ['ZMSCORE', 'big', 'm0', 'm1', 'm128'],
    ['ZPOPMIN', 'big', 3],
    ['ZCARD', 'big'],
  ],
  'tie order of non-ASCII members': [
    ties,
    ['ZRANGE', 'k', 0, -1],
    ['ZRANGE', 'k', 0, -1, 'REV'],
    ['ZRANGEBYSCORE', 'k', 1, 1, 'LIMIT', 3, 4],
    ['ZREVRANGEBYSCORE', 'k', 1, 1, 'LIMIT', 3, 4],
    ['ZRANK', 'k', '😀'],
    ['ZREVRANK', 'k', '\uFFFF'],
    ['ZADD', 'n', 1, '1', 1, '10', 1, '100', 1, '2', 1, '9'],
    ['ZRANGE', 'n', 0, -1],
  ],
  // A client sends text as UTF-8, where a lone surrogate becomes U+FFFD: two different lone
  // surrogates name one member, and it reads back as U+FFFD.
  'lone UTF-16 surrogates arrive as U+FFFD': [
    ['ZADD', 'k', 1, 'a\uD800', 2, 'a\uDC00', 3, '\uDBFF', 4, 'b\uD83D\uDE00'],
    ['ZCARD', 'k'],
    ['ZRANGE', 'k', 0, -1, 'WITHSCORES'],
    ['ZSCORE', 'k', 'a\uFFFD'],
    ['ZRANK', 'k', '\uDFFF'],
    ['ZADD', 'k', 'XX', 'CH', 5, '\uD801'],
    ['ZREM', 'k', 'a\uDFFF'],
    ['ZRANGE', 'k', '[\uD800', '+', 'BYLEX'],
    ['ZRANGE', 'k', 0, -1],
    ['ZADD', '\uD800', 1, 'x'],
    ['EXISTS', '\uFFFD'],
  ],
  'score ranges: ( bounds, infinities and bad bounds': [
    five,
    ...[
      ['(1', 3], ['1', '(3'], ['(1', '(2'], ['(2', '(2'], [2, 2], ['(2', 2], [3, 1], ['-inf', '+inf'], ['(-inf', '(+inf'],
      ['-inf', '(1'], ['(5', '+inf'], ['inf', 'inf'], ['-inf', '-inf'], ['1e400', 1], ['-1e400', '1e400'], ['0x2', '0x3'],
      ['1e-400', 1], ['( 1', 3], [' 2', 3], ['', '('], ['(', '+inf'], [1.5, 4.5],
    ].flatMap(([min, max]): Command[] => [
      ['ZCOUNT', 'k', min!, max!],
      ['ZRANGEBYSCORE', 'k', min!, max!, 'WITHSCORES'],
      ['ZREVRANGEBYSCORE', 'k', max!, min!],
      ['ZRANGE', 'k', max!, min!, 'BYSCORE', 'REV'],
    ]),
    ...['nan', '(nan', '1 ', 'x', '((1', '[1', 'inff', '-nan'].flatMap((bad): Command[] => [
      ['ZCOUNT', 'k', bad, 5],
      ['ZRANGEBYSCORE', 'k', 0, bad],
      ['ZRANGE', 'missing', bad, 1, 'BYSCORE'],
    ]),
    ['ZCOUNT', 'missing', 'x', 2],
  ],
  'LIMIT with offsets and counts': [
    five,
    ...[
      [0, 1], [1, 2], [-1, 2], [1, -5], [1, 0], [5, 1], [4, 1], [2, -1], [0, -1], [-5, -5], [3, '9223372036854775807'],
    ].flatMap(([offset, count]): Command[] => [
      ['ZRANGEBYSCORE', 'k', '-inf', '+inf', 'LIMIT', offset!, count!],
      ['ZREVRANGEBYSCORE', 'k', '+inf', '-inf', 'WITHSCORES', 'LIMIT', offset!, count!],
      ['ZRANGE', 'k', 2, 4, 'BYSCORE', 'LIMIT', offset!, count!],
      ['ZRANGE', 'k', '-', '+', 'BYLEX', 'REV', 'LIMIT', offset!, count!],
    ]),
    ['ZRANGE', 'k', '-inf', '+inf', 'BYSCORE', 'LIMIT', 1, 1, 'LIMIT', 2, 1],
    ['ZRANGEBYSCORE', 'k', 2, 3, 'LIMIT', 1, 5],
    ['ZRANGEBYSCORE', 'k', 2, 3, 'LIMIT', 2, 5],
  ],
  'ZRANGE option errors in precedence order': [
    five,
    ['ZRANGE', 'k', 0, -1, 'LIMIT', 0, -1],
    ['ZRANGE', 'k', 0, -1, 'LIMIT', 5, -1],
    ['ZRANGE', 'k', 0, -1, 'LIMIT', 0, 1],
    ['ZRANGE', 'k', 'a', 'b', 'LIMIT', 0, 1],
    ['ZRANGE', 'k', 'a', 'b', 'LIMIT', 'x', 1],
    ['ZRANGE', 'k', 0, -1, 'LIMIT', 0],
    ['ZRANGE', 'k', 0, -1, 'REV', 'REV'],
    ['ZRANGE', 'k', 0, -1, 'BYSCORE', 'BYSCORE'],
    ['ZRANGE', 'k', 0, -1, 'BYSCORE', 'BYLEX'],
    ['ZRANGE', 'k', 0, -1, 'BYLEX', 'WITHSCORES'],
    ['ZRANGE', 'k', 0, -1, 'LIMIT', 0, 1, 'BYLEX', 'WITHSCORES'],
    ['ZRANGE', 'k', 0, -1, 'BYLEX'],
    ['ZRANGE', 'k', 'a', 'b', 'BYSCORE'],
    ['ZRANGE', 'k', 0, -1, 'withscores', 'rev'],
    ['ZRANGE', 'k', 0, 1, 'WITHSCORES', 'WITHSCORES'],
    ['ZRANGE', 'k', 0, -1, 'FOO'],
    ['ZRANGEBYSCORE', 'k', 0, 1, 'REV'],
    ['ZRANGEBYSCORE', 'k', 0, 1, 'BYSCORE'],
    ['ZREVRANGEBYSCORE', 'k', 1, 0, 'BYLEX'],
    ['ZRANGEBYSCORE', 'k', 'x', 1, 'LIMIT', 0, 'y'],
    ['ZRANGEBYSCORE', 'k', 'x', 1, 'FOO'],
    ['ZRANGEBYSCORE', 'k', 'x', 1],
    ['ZRANGE', 'missing', 'a', 'b'],
  ],
  'ranks and integer arguments': [
    five,
    ...[
      [0, -1], [-2, -1], [-100, 100], [3, 1], [5, 10], [-1, -2], [0, 0], [4, 4], [0, '9223372036854775807'],
      ['-9223372036854775808', 0],
    ].flatMap(([start, end]): Command[] => [
      ['ZRANGE', 'k', start!, end!],
      ['ZRANGE', 'k', start!, end!, 'REV', 'WITHSCORES'],
    ]),
    ...['+1', '01', '-0', ' 0', '0 ', '1.0', '1e3', '0x10', '9223372036854775808', '-9223372036854775809', ''].map(
      (bad): Command => ['ZRANGE', 'k', bad, 1],
    ),
    ['ZRANGE', 'k', 0.5, 1],
    ['ZRANGEBYSCORE', 'k', 0, 5, 'LIMIT', '-0', 1],
  ],
  'BYLEX ranges': [
    ['ZADD', 'k', 0, 'a', 0, 'b', 0, 'c', 0, 'd', 0, 'e', 0, 'é', 0, '😀'],
    ...[
      ['[a', '[c'], ['(a', '(c'], ['-', '+'], ['+', '-'], ['[a', '[a'], ['(a', '[a'], ['+', '+'], ['-', '-'], ['(', '+'],
      ['[', '+'], ['[c', '-'], ['[e', '(😀'], ['[é', '+'], ['(b', '[d'],
    ].flatMap(([min, max]): Command[] => [
      ['ZRANGE', 'k', min!, max!, 'BYLEX'],
      ['ZRANGE', 'k', max!, min!, 'BYLEX', 'REV', 'LIMIT', 1, 2],
    ]),
    ['ZRANGE', 'k', 'a', '+', 'BYLEX'],
    ['ZRANGE', 'k', '-a', '+', 'BYLEX'],
    ['ZRANGE', 'k', '+b', '+', 'BYLEX'],
    ['ZRANGE', 'missing', '+', 'x', 'BYLEX'],
    ['ZADD', 'mixed', 1, 'd', 2, 'a', 3, 'c', 4, 'b', 5, 'a2'],
    ['ZRANGE', 'mixed', '[b', '[c', 'BYLEX'],
    ['ZRANGE', 'mixed', '(a', '+', 'BYLEX'],
    ['ZRANGE', 'mixed', '[c', '[b', 'BYLEX', 'REV'],
    ['ZRANGE', 'mixed', '-', '+', 'BYLEX', 'LIMIT', 4, -1],
  ],
  'ZPOPMIN and ZPOPMAX': [
    five,
    ['ZPOPMIN', 'k', 0],
    ['ZPOPMIN', 'k', -1],
    ['ZPOPMIN', 'k', 'x'],
    ['ZPOPMIN', 'k', 1.5],
    ['ZPOPMAX', 'k', 1, 2],
    ['ZPOPMIN', 'missing', -1],
    ['ZPOPMIN', 'missing'],
    ['ZPOPMAX', 'missing', 0],
    ['ZPOPMIN', 'k'],
    ['ZPOPMAX', 'k', 1],
    ['ZPOPMAX', 'k', 2],
    ['ZPOPMIN', 'k', '9223372036854775807'],
    ['EXISTS', 'k'],
    ['ZPOPMIN', 'k', 3],
  ],
  'missing keys and emptied keys': [
    ['ZSCORE', 'k', 'a'],
    ['ZMSCORE', 'k', 'a', 'b'],
    ['ZRANK', 'k', 'a'],
    ['ZREVRANK', 'k', 'a'],
    ['ZCARD', 'k'],
    ['ZCOUNT', 'k', '-inf', '+inf'],
    ['ZRANGE', 'k', 0, -1],
    ['ZRANGE', 'k', 0, -1, 'BYSCORE'],
    ['ZRANGEBYSCORE', 'k', 0, 1],
    ['ZREVRANGEBYSCORE', 'k', 1, 0],
    ['ZREM', 'k', 'a'],
    ['ZPOPMIN', 'k', 2],
    ['DEL', 'k'],
    ['EXISTS', 'k'],
    five,
    ['ZREM', 'k', 'a', 'a', 'b', 'zz'],
    ['ZREM', 'k', 'c', 'd', 'e', 'c'],
    ['EXISTS', 'k'],
    ['ZADD', 'k', 1, 'a'],
    ['ZADD', 'j', 1, 'a'],
    ['EXISTS', 'k', 'k', 'missing', 'j'],
    ['DEL', 'k', 'k', 'missing', 'j'],
    ['EXISTS', 'k', 'j'],
  ],
  FLUSHALL: [
    ['ZADD', 'k', 1, 'a'],
    ['FLUSHALL', 'x'],
    ['FLUSHALL', 'sync', 'x'],
    ['EXISTS', 'k'],
    ['flushall', 'ASYNC'],
    ['EXISTS', 'k'],
    ['FLUSHALL', 'sync'],
    ['FLUSHALL'],
  ],
};

let redis: ConformanceRedis;
beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url); // a server of its own: the FLUSHALL case empties every database
});
afterAll(() => redis.close());

describe('sorted-set commands: MemoryRedis against redis-server 7.0.15', () => {
  it.each(Object.entries(CASES))('%s', async (_, commands) => {
    await redis.client.call('FLUSHALL');
    const wire = commands.map(toWire);
    const server = (await redis.client.pipeline(wire)).map(fromServer);
    const memory = new MemoryRedis();
    const local = commands.map((command) => fromMemory(memory, command));
    local.forEach((reply, i) => expect(reply, JSON.stringify(wire[i])).toEqual(server[i]));
  });
});
