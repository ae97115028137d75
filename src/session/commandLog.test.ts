import { describe, expect, it } from 'vitest';
import { CommandLog } from './commandLog.ts';
import { LoggingRedis } from './loggingRedis.ts';
import { MemoryRedis, RedisError } from '../model/redis/memoryRedis.ts';

describe('CommandLog', () => {
  it('reads newest first and forgets the oldest past its capacity', () => {
    const log = new CommandLog(3);
    for (let i = 1; i <= 5; i++) log.record('band', 'ZCARD', [`k${i}`], i, undefined);
    expect(log.size).toBe(3);
    expect(log.total).toBe(5);
    expect([0, 1, 2].map((i) => log.newest(i)?.args[0])).toEqual(['k5', 'k4', 'k3']);
    expect(log.newest(3)).toBeUndefined();
    log.clear();
    expect([log.size, log.total, log.newest(0)]).toEqual([0, 0, undefined]);
  });

  it('reads oldest first from the oldest entry it still holds, the order the commands were sent', () => {
    const log = new CommandLog(3);
    for (let i = 1; i <= 5; i++) log.record('band', 'ZCARD', [`k${i}`], i, undefined);
    expect([0, 1, 2].map((i) => log.oldest(i)?.args[0])).toEqual(['k3', 'k4', 'k5']);
    expect([log.oldest(-1), log.oldest(3)]).toEqual([undefined, undefined]);
    log.record('band', 'ZCARD', ['k6'], 6, undefined);
    expect([0, 1, 2].map((i) => log.oldest(i)?.seq)).toEqual([4, 5, 6]);
  });

  it('restore(mark) goes back to the mark, newest mark first, past wrap-around and a clear', () => {
    const log = new CommandLog(4);
    const view = () => ({ total: log.total, entries: [0, 1, 2, 3].map((i) => log.newest(i)?.args[0]) });
    const record = (n: number, from: number) => {
      for (let i = 0; i < n; i++) log.record('band', 'ZCARD', [`k${from + i}`], 0, undefined);
    };
    record(3, 1);
    const views = [view()];
    const marks = [];
    for (const [step, n] of [
      ['records', 2],
      ['wraps twice', 9],
      ['clears', 0],
      ['after a clear', 2],
      ['clears after records', 3],
    ] as const) {
      marks.push(log.mark());
      record(n, 100 * marks.length);
      if (step === 'clears' || step === 'clears after records') log.clear();
      views.push(view());
    }
    for (let i = marks.length - 1; i >= 0; i--) {
      log.restore(marks[i]!);
      expect(view()).toEqual(views[i]);
    }
  });
});

describe('LoggingRedis', () => {
  it('keeps no copy for a clear of an empty log (a run of resets), and restores through it', () => {
    const log = new CommandLog(4);
    const mark = log.mark();
    log.clear();
    expect(mark.cleared).toBeNull();
    log.record('band', 'ZCARD', ['k'], 0, undefined);
    log.restore(mark);
    expect(log.total).toBe(0);
    expect(log.newest(0)).toBeUndefined();
  });

  it('passes replies through and logs them', () => {
    const log = new CommandLog();
    const redis = new LoggingRedis(new MemoryRedis(), log, 'textbook');
    expect(redis.call('ZADD', 'k', 1, 'a')).toBe(1);
    expect(log.newest(0)).toMatchObject({
      seq: 1,
      set: 'textbook',
      command: 'ZADD',
      args: ['k', 1, 'a'],
      reply: 1,
      error: undefined,
    });
  });

  it('logs an error reply and rethrows it unchanged', () => {
    const log = new CommandLog();
    const redis = new LoggingRedis(new MemoryRedis(), log, 'band');
    expect(() => redis.call('ZADD', 'k', 'nope', 'a')).toThrow(RedisError);
    expect(log.newest(0)).toMatchObject({ command: 'ZADD', reply: undefined, error: 'ERR value is not a valid float' });
  });
});
