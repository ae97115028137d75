import { describe, expect, it } from 'vitest';
import { commandText, replyText } from './logFormat.ts';
import { luaNumberArg } from '../model/redis/doubles.ts';

describe('commandText', () => {
  it('writes number arguments as Lua hands them to redis.call', () => {
    const score = 7_364_608_020_480_000;
    expect(commandText({ command: 'ZADD', args: ['q:delayed', score, 'job:1'] })).toBe(
      `ZADD q:delayed ${luaNumberArg(score)} job:1`,
    );
  });

  it('quotes members that are not plain words, as text', () => {
    expect(commandText({ command: 'ZADD', args: ['k', 1, '<img src=x>'] })).toBe('ZADD k 1 "<img src=x>"');
  });

  it('cuts long argument lists short and says how many are left', () => {
    const args = ['k', ...Array.from({ length: 1000 }, (_, i) => `job:${i}`)];
    expect(commandText({ command: 'ZREM', args })).toBe('ZREM k job:0 job:1 job:2 job:3 job:4 job:5 job:6 … (+993 more)');
  });
});

describe('replyText', () => {
  it('writes replies the way redis-cli shows them', () => {
    expect(replyText({ reply: 1, error: undefined })).toBe('(integer) 1');
    expect(replyText({ reply: null, error: undefined })).toBe('(nil)');
    expect(replyText({ reply: [], error: undefined })).toBe('(empty array)');
    expect(replyText({ reply: ['job:1', '7'], error: undefined })).toBe('1) "job:1" 2) "7"');
    expect(replyText({ reply: undefined, error: 'ERR syntax error' })).toBe('(error) ERR syntax error');
  });
});
