import { beforeEach, describe, expect, it } from 'vitest';
import { WRONG_ARITY } from '../../../test-support/wrongArity.ts';
import { MemoryRedis, RedisError, type Reply } from './memoryRedis.ts';

let redis: MemoryRedis;
beforeEach(() => {
  redis = new MemoryRedis();
});

/** The error line a command replies with (fails the test when it replies normally). */
function errorOf(command: string, ...args: Array<string | number>): string {
  try {
    const reply = redis.call(command, ...args);
    throw new Error(`expected an error, got ${JSON.stringify(reply)}`);
  } catch (error) {
    if (!(error instanceof RedisError)) throw error;
    return error.message;
  }
}

function call(command: string, ...args: Array<string | number>): Reply {
  return redis.call(command, ...args);
}

function seed(): void {
  call('ZADD', 'k', 1, 'a', 2, 'b', 3, 'c', 4, 'd', 5, 'e');
}

describe('dispatch', () => {
  it('matches command names ASCII case-insensitively', () => {
    expect(call('zAdD', 'k', '1', 'a')).toBe(1);
    expect(call('ZCARD', 'k')).toBe(1);
    expect(errorOf('ZRAN\u212A', 'k', 'a')).toBe("ERR unknown command 'ZRAN\u212A', with args beginning with: 'k' 'a' ");
  });

  it('names an unknown command with its arguments, a trailing space included', () => {
    expect(errorOf('foo')).toBe("ERR unknown command 'foo', with args beginning with: ");
    expect(errorOf('\ufefffoo', '\ufeffa')).toBe("ERR unknown command '\ufefffoo', with args beginning with: '\ufeffa' ");
    expect(errorOf('foo', 'a', 'b')).toBe("ERR unknown command 'foo', with args beginning with: 'a' 'b' ");
    expect(errorOf('foo', 'a\r\nb', 'c\nd')).toBe("ERR unknown command 'foo', with args beginning with: 'a  b' 'c d' ");
    expect(errorOf('foo\0bar', 'a\0b', 'c')).toBe("ERR unknown command 'foo', with args beginning with: 'a' 'c' ");
    expect(errorOf('ZINCRBYX', 'k', 1, 'm')).toBe("ERR unknown command 'ZINCRBYX', with args beginning with: 'k' '1' 'm' ");
  });

  it('cuts the name and the argument list at 128 bytes, as %.128s does', () => {
    const x65 = 'x'.repeat(65);
    expect(errorOf('foo', x65, x65, x65)).toBe(
      `ERR unknown command 'foo', with args beginning with: '${x65}' '${'x'.repeat(60)}' `,
    );
    expect(errorOf(`x${'é'.repeat(70)}`, 'a')).toBe(
      `ERR unknown command 'x${'é'.repeat(63)}\uFFFD', with args beginning with: 'a' `,
    );
  });

  it('takes a lone UTF-16 surrogate as U+FFFD, as the UTF-8 a client sends carries it', () => {
    expect(redis.call('ZADD', 'k', 1, 'a\uD800', 2, 'a\uDC00', 3, 'b\uD83D\uDE00')).toBe(2);
    expect(redis.call('ZRANGE', 'k', 0, -1, 'WITHSCORES')).toEqual(['a\uFFFD', '2', 'b\u{1F600}', '3']);
    expect(redis.call('ZSCORE', 'k', 'a\uDBFF')).toBe('2');
  });

  it('checks arity as Redis does, naming the command in lower case', () => {
    for (const [command, ...args] of WRONG_ARITY) {
      expect(errorOf(command, ...args)).toBe(`ERR wrong number of arguments for '${command.toLowerCase()}' command`);
    }
  });
});

describe('ZADD', () => {
  it('adds and updates, replying the number added (or changed with CH)', () => {
    expect(call('ZADD', 'k', 1, 'a', 2, 'b')).toBe(2);
    expect(call('ZADD', 'k', 5, 'a', 3, 'c')).toBe(1);
    expect(call('ZADD', 'k', 'CH', 6, 'a', 3, 'c', 4, 'd')).toBe(2);
    expect(call('ZADD', 'k', 'CH', '1', 'x', '2', 'x')).toBe(2);
    expect(call('ZADD', 'k', 2, 'x', 2, 'x')).toBe(0);
    expect(call('ZRANGE', 'k', 0, -1, 'WITHSCORES')).toEqual(['b', '2', 'x', '2', 'c', '3', 'd', '4', 'a', '6']);
  });

  it('orders ties by member bytes', () => {
    call('ZADD', 'k', 1, '9', 1, '10', 1, '11', 1, 'é', 1, 'z', 0, 'first');
    expect(call('ZRANGE', 'k', 0, -1)).toEqual(['first', '10', '11', '9', 'z', 'é']);
  });

  it('honours NX, XX, GT and LT', () => {
    call('ZADD', 'k', 5, 'a');
    expect(call('ZADD', 'k', 'NX', 1, 'a', 1, 'b')).toBe(1);
    expect(call('ZSCORE', 'k', 'a')).toBe('5');
    expect(call('ZADD', 'k', 'XX', 'CH', 7, 'a', 1, 'new')).toBe(1);
    expect(call('ZSCORE', 'k', 'new')).toBeNull();
    expect(call('ZADD', 'k', 'GT', 'CH', 6, 'a', 8, 'b')).toBe(1);
    expect(call('ZADD', 'k', 'LT', 'CH', 9, 'a', 2, 'b', 0, 'c')).toBe(2);
    expect(call('ZRANGE', 'k', 0, -1, 'WITHSCORES')).toEqual(['c', '0', 'b', '2', 'a', '7']);
    expect(call('ZADD', 'missing', 'XX', 1, 'a')).toBe(0);
    expect(call('EXISTS', 'missing')).toBe(0);
  });

  it('replies the new score with INCR, or nil when a flag blocked it', () => {
    expect(call('ZADD', 'k', 'INCR', 2, 'a')).toBe('2');
    expect(call('ZADD', 'k', 'incr', 'CH', '0.5', 'a')).toBe('2.5');
    expect(call('ZADD', 'k', 'GT', 'INCR', 0, 'a')).toBeNull();
    expect(call('ZADD', 'k', 'LT', 'INCR', -1, 'a')).toBe('1.5');
    expect(call('ZADD', 'k', 'NX', 'INCR', 1, 'a')).toBeNull();
    expect(call('ZADD', 'k', 'XX', 'INCR', 1, 'b')).toBeNull();
    expect(call('ZADD', 'missing', 'XX', 'INCR', 1, 'b')).toBeNull();
    expect(call('ZADD', 'k', 'INCR', 0, 'a')).toBe('1.5');
  });

  it('reports incompatible options and bad arguments in Redis order', () => {
    expect(errorOf('ZADD', 'k', 'NX', 1)).toBe('ERR syntax error');
    expect(errorOf('ZADD', 'k', 'NX', 'XX', 1)).toBe('ERR syntax error');
    expect(errorOf('ZADD', 'k', 1, 'a', 'NX')).toBe('ERR syntax error');
    expect(errorOf('ZADD', 'k', 'NX', 'XX', 'GT', 1, 'a')).toBe('ERR XX and NX options at the same time are not compatible');
    expect(errorOf('ZADD', 'k', 'NX', 'GT', 1, 'a')).toBe('ERR GT, LT, and/or NX options at the same time are not compatible');
    expect(errorOf('ZADD', 'k', 'gt', 'lt', 'xx', 1, 'a')).toBe(
      'ERR GT, LT, and/or NX options at the same time are not compatible',
    );
    expect(errorOf('ZADD', 'k', 'INCR', 'x', 'a', 2, 'b')).toBe('ERR INCR option supports a single increment-element pair');
    expect(errorOf('ZADD', 'k', 1, 'a', 'NX', 'b')).toBe('ERR value is not a valid float');
    for (const bad of ['', ' 1', '1 ', 'nan', '1e400', '1e-400', '1_0', 'x']) {
      expect(errorOf('ZADD', 'k', bad, 'a')).toBe('ERR value is not a valid float');
    }
    expect(errorOf('ZADD', 'k', 1, 'a', NaN, 'b')).toBe('ERR value is not a valid float');
    expect(call('EXISTS', 'k')).toBe(0);
  });

  it('accepts inf, hex and exponent scores', () => {
    expect(call('ZADD', 'k', '+inf', 'p', '-inf', 'm', '0x10', 'h', '-.5e1', 'e', Infinity, 'i')).toBe(5);
    expect(call('ZRANGE', 'k', 0, -1, 'WITHSCORES')).toEqual(['m', '-inf', 'e', '-5', 'h', '16', 'i', 'inf', 'p', 'inf']);
  });

  it('fails INCR to NaN without changing the member', () => {
    call('ZADD', 'k', 'inf', 'z');
    expect(errorOf('ZADD', 'k', 'INCR', '-inf', 'z')).toBe('ERR resulting score is not a number (NaN)');
    expect(call('ZSCORE', 'k', 'z')).toBe('inf');
  });

  it('stores -0 as 0 in a small set, but keeps -0 once the set is a skiplist', () => {
    expect(call('ZADD', 'k', 'INCR', '-0', 'm')).toBe('-0');
    expect(call('ZSCORE', 'k', 'm')).toBe('0');
    const long = 'x'.repeat(65);
    call('ZADD', 'big', '-0', long, '-0', 'm');
    expect(call('ZMSCORE', 'big', long, 'm')).toEqual(['-0', '-0']);
    call('ZADD', 'late', '-0', 'm');
    call('ZADD', 'late', 1, 'é'.repeat(33), '-0', 'n');
    expect(call('ZMSCORE', 'late', 'm', 'n')).toEqual(['0', '-0']);
    call('ZADD', 'fits', 1, 'é'.repeat(32), '-0', 'n');
    expect(call('ZSCORE', 'fits', 'n')).toBe('0');
    const pairs = Array.from({ length: 129 }, (_, i) => [i === 0 ? '-0' : i, `m${i}`]).flat();
    call('ZADD', 'many', ...pairs);
    expect(call('ZMSCORE', 'many', 'm0', 'm128')).toEqual(['0', '128']);
    call('ZADD', 'many', '-0', 'm1');
    expect(call('ZSCORE', 'many', 'm1')).toBe('-0');
    call('ZADD', 'grown', ...pairs.slice(0, 256));
    call('ZADD', 'grown', '-0', 'm128');
    expect(call('ZMSCORE', 'grown', 'm0', 'm128')).toEqual(['0', '-0']);
    // a skiplist stays one when it shrinks back to listpack size
    call('ZADD', 'shrunk', ...pairs);
    call('ZREM', 'shrunk', ...Array.from({ length: 128 }, (_, i) => `m${i + 1}`));
    call('ZADD', 'shrunk', '-0', 'n', '-0', 'm0');
    expect(call('ZMSCORE', 'shrunk', 'm0', 'n')).toEqual(['0', '-0']);
    call('ZADD', 'shrunk', 'NX', '-0', 'p');
    expect(call('ZSCORE', 'shrunk', 'p')).toBe('-0');
  });

  it('takes numbers the way redis.call takes Lua numbers', () => {
    call('ZADD', 'k', 0.1, 1.5, 7e15, 2);
    expect(call('ZRANGE', 'k', 0, -1, 'WITHSCORES')).toEqual(['1.5', '0.10000000000000001', '2', '7000000000000000']);
    expect(call('ZSCORE', 'k', 1.5)).toBe('0.10000000000000001');
  });
});

describe('ZREM', () => {
  it('removes members, counts each once, and drops the emptied key', () => {
    seed();
    expect(call('ZREM', 'k', 'a', 'a', 'b', 'zz')).toBe(2);
    expect(call('ZREM', 'k', 'c', 'd', 'e', 'c')).toBe(3);
    expect(call('EXISTS', 'k')).toBe(0);
    expect(call('ZREM', 'k', 'a')).toBe(0);
  });
});

describe('ZSCORE, ZMSCORE, ZCARD, ZRANK, ZREVRANK', () => {
  it('answer for present and missing members and keys', () => {
    seed();
    expect(call('ZSCORE', 'k', 'c')).toBe('3');
    expect(call('ZSCORE', 'k', 'q')).toBeNull();
    expect(call('ZSCORE', 'nokey', 'a')).toBeNull();
    expect(call('ZMSCORE', 'k', 'a', 'q', 'e')).toEqual(['1', null, '5']);
    expect(call('ZMSCORE', 'nokey', 'a', 'b')).toEqual([null, null]);
    expect(call('ZCARD', 'k')).toBe(5);
    expect(call('ZCARD', 'nokey')).toBe(0);
    expect(call('ZRANK', 'k', 'a')).toBe(0);
    expect(call('ZREVRANK', 'k', 'a')).toBe(4);
    expect(call('ZRANK', 'k', 'q')).toBeNull();
    expect(call('ZREVRANK', 'nokey', 'a')).toBeNull();
  });

  it('print scores in the chosen Redis version', () => {
    const modern = new MemoryRedis({ scoreFormat: '7.2' });
    modern.call('ZADD', 'k', '0.1', 'a', '7e15', 'b', '1e20', 'c');
    call('ZADD', 'k', '0.1', 'a', '7e15', 'b', '1e20', 'c');
    expect(call('ZMSCORE', 'k', 'a', 'b', 'c')).toEqual(['0.10000000000000001', '7000000000000000', '1e+20']);
    expect(modern.call('ZMSCORE', 'k', 'a', 'b')).toEqual(['0.1', '7000000000000000']);
  });
});

describe('ZCOUNT', () => {
  it('counts inclusive and exclusive ranges', () => {
    seed();
    expect(call('ZCOUNT', 'k', 2, 4)).toBe(3);
    expect(call('ZCOUNT', 'k', '(2', '(4')).toBe(1);
    expect(call('ZCOUNT', 'k', 2, 2)).toBe(1);
    expect(call('ZCOUNT', 'k', '(2', 2)).toBe(0);
    expect(call('ZCOUNT', 'k', '-inf', '+inf')).toBe(5);
    expect(call('ZCOUNT', 'k', 4, 2)).toBe(0);
    expect(call('ZCOUNT', 'k', '(', '+inf')).toBe(5);
    expect(call('ZCOUNT', 'nokey', 1, 2)).toBe(0);
  });

  it('checks the range before the key', () => {
    expect(errorOf('ZCOUNT', 'nokey', 'x', 2)).toBe('ERR min or max is not a float');
    expect(errorOf('ZCOUNT', 'nokey', 1, '(nan')).toBe('ERR min or max is not a float');
    expect(errorOf('ZCOUNT', 'nokey', 1, NaN)).toBe('ERR min or max is not a float');
  });
});

describe('ZRANGE by rank', () => {
  beforeEach(seed);

  it('takes negative ranks from the end and clamps', () => {
    expect(call('ZRANGE', 'k', 0, -1)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(call('ZRANGE', 'k', -2, -1, 'WITHSCORES')).toEqual(['d', '4', 'e', '5']);
    expect(call('ZRANGE', 'k', -100, 100)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(call('ZRANGE', 'k', 3, 1)).toEqual([]);
    expect(call('ZRANGE', 'k', 5, 10)).toEqual([]);
    expect(call('ZRANGE', 'k', 0, '9223372036854775807')).toHaveLength(5);
    expect(call('ZRANGE', 'k', '-9223372036854775808', 0)).toEqual(['a']);
  });

  it('reverses with REV', () => {
    expect(call('ZRANGE', 'k', 0, 1, 'rev', 'withscores')).toEqual(['e', '5', 'd', '4']);
    expect(call('ZRANGE', 'k', -2, -1, 'REV')).toEqual(['b', 'a']);
  });

  it('accepts LIMIT only when its count is -1', () => {
    expect(call('ZRANGE', 'k', 0, 1, 'LIMIT', 5, -1)).toEqual(['a', 'b']);
    expect(errorOf('ZRANGE', 'k', 0, 1, 'LIMIT', 0, 1)).toBe(
      'ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX',
    );
  });

  it('rejects bad ranks and options in Redis order', () => {
    for (const bad of ['+1', '01', '-0', ' 0', '1.5', '9223372036854775808', 'x']) {
      expect(errorOf('ZRANGE', 'k', bad, 1)).toBe('ERR value is not an integer or out of range');
    }
    expect(errorOf('ZRANGE', 'k', 0.5, 1)).toBe('ERR value is not an integer or out of range');
    expect(errorOf('ZRANGE', 'k', 0, -1, 'REV', 'REV')).toBe('ERR syntax error');
    expect(errorOf('ZRANGE', 'k', 0, -1, 'LIMIT', 0)).toBe('ERR syntax error');
    expect(errorOf('ZRANGE', 'k', 'a', 'b', 'LIMIT', 'x', 1)).toBe('ERR value is not an integer or out of range');
    expect(errorOf('ZRANGE', 'k', 'a', 'b', 'LIMIT', 0, 1)).toBe(
      'ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX',
    );
    expect(errorOf('ZRANGE', 'nokey', 'a', 'b')).toBe('ERR value is not an integer or out of range');
    expect(call('ZRANGE', 'nokey', 0, -1)).toEqual([]);
  });
});

describe('ZRANGE BYSCORE, ZRANGEBYSCORE, ZREVRANGEBYSCORE', () => {
  beforeEach(seed);

  it('selects by score with exclusive bounds and infinities', () => {
    expect(call('ZRANGEBYSCORE', 'k', '(1', 3, 'WITHSCORES')).toEqual(['b', '2', 'c', '3']);
    expect(call('ZRANGE', 'k', '-inf', '(3', 'BYSCORE')).toEqual(['a', 'b']);
    expect(call('ZRANGEBYSCORE', 'k', '0x2', '0x3')).toEqual(['b', 'c']);
    expect(call('ZRANGEBYSCORE', 'k', '1e400', 1)).toEqual([]);
    expect(call('ZRANGEBYSCORE', 'k', '( 1', 3)).toEqual(['b', 'c']);
    expect(call('ZRANGEBYSCORE', 'k', '', '(')).toEqual([]);
    expect(call('ZRANGEBYSCORE', 'k', 3, 2)).toEqual([]);
  });

  it('takes max first when reversed', () => {
    expect(call('ZREVRANGEBYSCORE', 'k', 4, 2, 'WITHSCORES', 'LIMIT', 0, 1)).toEqual(['d', '4']);
    expect(call('ZREVRANGEBYSCORE', 'k', 2, 4)).toEqual([]);
    expect(call('ZRANGE', 'k', '(4', 2, 'BYSCORE', 'REV')).toEqual(['c', 'b']);
    expect(call('ZRANGE', 'k', 2, '(4', 'BYSCORE', 'REV')).toEqual([]);
  });

  it('applies LIMIT: negative offset empty, negative count all, last LIMIT wins', () => {
    expect(call('ZRANGE', 'k', '+inf', '-inf', 'BYSCORE', 'REV', 'LIMIT', 1, 2, 'WITHSCORES')).toEqual(['d', '4', 'c', '3']);
    expect(call('ZRANGEBYSCORE', 'k', '-inf', '+inf', 'LIMIT', -1, 2)).toEqual([]);
    expect(call('ZRANGEBYSCORE', 'k', '-inf', '+inf', 'LIMIT', 1, -5)).toEqual(['b', 'c', 'd', 'e']);
    expect(call('ZRANGEBYSCORE', 'k', '-inf', '+inf', 'LIMIT', 1, 0)).toEqual([]);
    expect(call('ZRANGEBYSCORE', 'k', '-inf', '+inf', 'LIMIT', 5, 1)).toEqual([]);
    expect(call('ZRANGEBYSCORE', 'k', 2, 3, 'LIMIT', 1, 5)).toEqual(['c']);
    expect(call('ZRANGEBYSCORE', 'k', 2, 3, 'LIMIT', 2, 5)).toEqual([]);
    expect(call('ZRANGE', 'k', '-inf', '+inf', 'BYSCORE', 'LIMIT', 1, 1, 'LIMIT', 2, 1)).toEqual(['c']);
  });

  it('rejects options the command does not take, and bad bounds', () => {
    expect(errorOf('ZRANGEBYSCORE', 'k', 0, 1, 'REV')).toBe('ERR syntax error');
    expect(errorOf('ZRANGEBYSCORE', 'k', 0, 1, 'LIMIT', 0, 1, 'BYSCORE')).toBe('ERR syntax error');
    expect(errorOf('ZRANGE', 'k', 0, 1, 'BYSCORE', 'BYLEX')).toBe('ERR syntax error');
    expect(errorOf('ZRANGEBYSCORE', 'k', 'x', 1, 'LIMIT', 0, 'y')).toBe('ERR value is not an integer or out of range');
    expect(errorOf('ZRANGEBYSCORE', 'k', 'x', 1, 'FOO')).toBe('ERR syntax error');
    for (const bad of ['nan', '(nan', '1 ', 'x', '((1']) {
      expect(errorOf('ZRANGEBYSCORE', 'k', bad, 1)).toBe('ERR min or max is not a float');
    }
    expect(errorOf('ZRANGE', 'nokey', 'a', 'b', 'BYSCORE')).toBe('ERR min or max is not a float');
  });
});

describe('ZRANGE BYLEX', () => {
  it('selects equal-score members by byte order', () => {
    call('ZADD', 'k', 0, 'a', 0, 'b', 0, 'c', 0, 'd', 0, 'e');
    expect(call('ZRANGE', 'k', '[a', '[c', 'BYLEX')).toEqual(['a', 'b', 'c']);
    expect(call('ZRANGE', 'k', '-', '+', 'BYLEX', 'LIMIT', 1, 2)).toEqual(['b', 'c']);
    expect(call('ZRANGE', 'k', '[c', '-', 'BYLEX', 'REV')).toEqual(['c', 'b', 'a']);
    expect(call('ZRANGE', 'k', '+', '-', 'BYLEX', 'REV', 'LIMIT', 0, 2)).toEqual(['e', 'd']);
    expect(call('ZRANGE', 'k', '(a', '(c', 'BYLEX')).toEqual(['b']);
    expect(call('ZRANGE', 'k', '(', '+', 'BYLEX')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(call('ZRANGE', 'k', '+', '+', 'BYLEX')).toEqual([]);
    expect(call('ZRANGE', 'k', '[a', '[a', 'BYLEX')).toEqual(['a']);
    expect(call('ZRANGE', 'k', '(a', '[a', 'BYLEX')).toEqual([]);
  });

  it('walks mixed scores as a small set does', () => {
    call('ZADD', 'k', 1, 'd', 2, 'a', 3, 'c', 4, 'b', 5, 'a2');
    expect(call('ZRANGE', 'k', '[b', '[c', 'BYLEX')).toEqual([]);
    expect(call('ZRANGE', 'k', '(a', '+', 'BYLEX')).toEqual(['d', 'a', 'c', 'b', 'a2']);
    expect(call('ZRANGE', 'k', '-', '+', 'BYLEX', 'LIMIT', 4, -1)).toEqual(['a2']);
  });

  it('rejects bad items and WITHSCORES', () => {
    call('ZADD', 'k', 0, 'a');
    expect(errorOf('ZRANGE', 'k', 'a', '+', 'BYLEX')).toBe('ERR min or max not valid string range item');
    expect(errorOf('ZRANGE', 'k', '-a', '+', 'BYLEX')).toBe('ERR min or max not valid string range item');
    expect(errorOf('ZRANGE', 'nokey', '+', 'x', 'BYLEX')).toBe('ERR min or max not valid string range item');
    expect(errorOf('ZRANGE', 'k', 0, 1, 'LIMIT', 0, 1, 'BYLEX', 'WITHSCORES')).toBe(
      'ERR syntax error, WITHSCORES not supported in combination with BYLEX',
    );
  });
});

describe('ZPOPMIN, ZPOPMAX', () => {
  beforeEach(seed);

  it('pop from either end, flat member/score pairs', () => {
    expect(call('ZPOPMIN', 'k')).toEqual(['a', '1']);
    expect(call('ZPOPMAX', 'k', 2)).toEqual(['e', '5', 'd', '4']);
    expect(call('ZPOPMIN', 'k', 0)).toEqual([]);
    expect(call('ZPOPMIN', 'k', '9223372036854775807')).toEqual(['b', '2', 'c', '3']);
    expect(call('EXISTS', 'k')).toBe(0);
    expect(call('ZPOPMAX', 'k')).toEqual([]);
    expect(call('ZPOPMAX', 'k', 3)).toEqual([]);
  });

  it('check the count before the key, with one message for negative and non-integer', () => {
    for (const bad of ['-1', 'x', '1.5']) {
      expect(errorOf('ZPOPMIN', 'nokey', bad)).toBe('ERR value is out of range, must be positive');
    }
    expect(errorOf('ZPOPMAX', 'k', 1, 2)).toBe('ERR syntax error');
    expect(call('ZCARD', 'k')).toBe(5);
  });
});

describe('DEL, EXISTS, FLUSHALL', () => {
  it('count keys: DEL once per key, EXISTS once per mention', () => {
    call('ZADD', 'k', 1, 'a');
    call('ZADD', 'j', 1, 'a');
    expect(call('EXISTS', 'k', 'k', 'nokey')).toBe(2);
    expect(call('DEL', 'k', 'k', 'nokey')).toBe(1);
    expect(call('EXISTS', 'k', 'j')).toBe(1);
  });

  it('FLUSHALL takes SYNC or ASYNC and nothing else', () => {
    call('ZADD', 'k', 1, 'a');
    expect(errorOf('FLUSHALL', 'x')).toBe('ERR syntax error');
    expect(errorOf('FLUSHALL', 'sync', 'x')).toBe('ERR syntax error');
    expect(call('EXISTS', 'k')).toBe(1);
    expect(call('flushall', 'async')).toBe('OK');
    expect(call('EXISTS', 'k')).toBe(0);
    expect(call('FLUSHALL')).toBe('OK');
  });
});
