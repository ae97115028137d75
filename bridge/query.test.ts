import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursor, flag, list, ms, parseQuery, queueNameOf, scheme, single, whole } from './query.ts';

const Query = z.object({
  one: single,
  many: list,
  n: whole('n', 7, 10),
  at: ms('at'),
  on: flag('on is 1 or left out'),
  scheme: scheme('band'),
  cursor,
});
const parse = (text: string) => parseQuery(Query, new URLSearchParams(text));

describe('parseQuery', () => {
  it('reads a parameter given once as its first value, a list as every value, and the defaults', () => {
    expect(parse('one=a&one=b&many=x&many=y&at=-5&on=1')).toEqual({
      ok: true,
      value: { one: 'a', many: ['x', 'y'], n: 7, at: -5, on: true, scheme: 'band', cursor: '0' },
    });
    expect(parse('')).toEqual({
      ok: true,
      value: { one: null, many: [], n: 7, at: null, on: false, scheme: 'band', cursor: '0' },
    });
  });

  it('a value that does not fit gives a message naming its parameter', () => {
    expect(parse('n=11')).toEqual({ ok: false, message: 'n must be a whole number from 0 to 10' });
    expect(parse('at=1.5')).toEqual({ ok: false, message: 'at must be whole milliseconds (a safe integer)' });
    expect(parse('on=yes')).toEqual({ ok: false, message: 'on is 1 or left out' });
    expect(parse('scheme=ms')).toEqual({ ok: false, message: 'scheme must be one of band, id-counter, bare-ms' });
    expect(parse('cursor=18446744073709551616')).toMatchObject({ ok: false, message: expect.stringMatching(/^cursor must be/) });
  });
});

describe('queueNameOf', () => {
  it('splits <prefix>:<name> at the last colon; an empty part is no queue name', () => {
    expect(queueNameOf(Buffer.from('{a}:bull:orders'))).toEqual({ prefix: Buffer.from('{a}:bull'), name: Buffer.from('orders') });
    expect([queueNameOf(Buffer.from('orders')), queueNameOf(Buffer.from(':orders')), queueNameOf(Buffer.from('bull:'))]).toEqual([
      null,
      null,
      null,
    ]);
  });
});
