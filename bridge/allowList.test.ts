import { describe, expect, it } from 'vitest';
import {
  ALLOWED_COMMANDS,
  JOB_HASH_FIELDS,
  META_STATE_FIELDS,
  RefusedCommandError,
  readOnlyCall,
  readOnlyCaller,
} from './allowList.ts';
import type { CommandArg, CommandSender } from './allowList.ts';

/** A client that records what reaches it. */
function recorder(): CommandSender & { sent: Array<Array<CommandArg>> } {
  const sent: Array<Array<CommandArg>> = [];
  return {
    sent,
    callBuffer: (command, ...args) => {
      sent.push([command, ...args]);
      return Promise.resolve('OK');
    },
  };
}

describe('readOnlyCall', () => {
  it('allows exactly the fifteen reads', () => {
    expect([...ALLOWED_COMMANDS].sort()).toEqual([
      'EXISTS',
      'HGET',
      'HMGET',
      'HSTRLEN',
      'LLEN',
      'LPOS',
      'PTTL',
      'SCAN',
      'TIME',
      'TYPE',
      'ZCARD',
      'ZCOUNT',
      'ZRANGE',
      'ZRANGEBYSCORE',
      'ZSCORE',
    ]);
  });

  it('sends the hash reads with their allowed fields only', async () => {
    const client = recorder();
    await readOnlyCall(client, 'HGET', 'bull:q:meta', 'version');
    await readOnlyCall(client, 'hmget', 'bull:q:7', ...JOB_HASH_FIELDS);
    await readOnlyCall(client, 'HMGET', Buffer.from('bull:q:7'), Buffer.from('name'));
    await readOnlyCall(client, 'TIME');
    await readOnlyCall(client, 'HSTRLEN', 'bull:q:7', 'failedReason');
    await readOnlyCall(client, 'LPOS', 'bull:q:wait', '7', 'RANK', -1, 'MAXLEN', 1000);
    await readOnlyCall(client, 'EXISTS', 'b:q:delayed', 'b:q:wait', 'b:q:paused', 'b:q:jobs');
    expect(client.sent.map(([command]) => command)).toEqual(['HGET', 'HMGET', 'HMGET', 'TIME', 'HSTRLEN', 'LPOS', 'EXISTS']);
  });

  it.each([
    ['HGET', 'bull:q:7', 'data'],
    ['HGET', 'bull:q:meta'],
    ['HGET', 'bull:q:meta', 'version', 'extra'],
    ['HMGET', 'bull:q:7', 'name', 'data'],
    ['HMGET', 'bull:q:7', 'stacktrace'],
    ['HMGET', 'bull:q:7'],
    ['TIME', 'now'],
    ['HSTRLEN', 'bull:q:7', 'data'],
    ['HSTRLEN', 'bull:q:7'],
    ['LPOS', 'bull:q:wait', '7'],
    ['LPOS', 'bull:q:wait', '7', 'RANK', '1'],
    ['LPOS', 'bull:q:wait', '7', 'RANK', '1', 'MAXLEN', '0'],
    ['LPOS', 'bull:q:wait', '7', 'RANK', '1', 'MAXLEN', '2001'],
    ['LPOS', 'bull:q:wait', '7', 'RANK', '0', 'MAXLEN', '10'],
    ['LPOS', 'bull:q:wait', '7', 'COUNT', '0', 'MAXLEN', '10'],
    ['LPOS', 'bull:q:wait', '7', 'RANK', '1', 'MAXLEN', '10', 'COUNT', '0'],
    ['EXISTS'],
    ['EXISTS', 'a', 'b', 'c', 'd', 'e'],
  ])('refuses %s with fields it does not allow (%j...)', async (command, ...args) => {
    const client = recorder();
    await expect(readOnlyCall(client, command, ...args)).rejects.toBeInstanceOf(RefusedCommandError);
    expect(client.sent).toEqual([]);
  });

  it('sends an allowed command, in capitals, with its arguments', async () => {
    const client = recorder();
    await readOnlyCall(client, 'zrange', 'bull:q:delayed', 0, 9, 'WITHSCORES');
    expect(client.sent).toEqual([['ZRANGE', 'bull:q:delayed', 0, 9, 'WITHSCORES']]);
  });

  it.each([
    'ZADD',
    'zadd',
    'DEL',
    'FLUSHALL',
    'ZREM',
    'ZRANGESTORE',
    'EVAL',
    'CONFIG',
    'KEYS',
    'MULTI',
    'AUTH',
    'ZPOPMIN',
    'SET',
    'HGETALL',
    'HSET',
    'HKEYS',
    'GET',
    'MONITOR',
    'ZREMRANGEBYSCORE',
    'BZPOPMIN',
    '',
  ])('refuses %j before it reaches the client', async (command) => {
    const client = recorder();
    await expect(readOnlyCall(client, command, 'k', 1, 'm')).rejects.toBeInstanceOf(RefusedCommandError);
    expect(client.sent).toEqual([]);
  });

  it('says which command it refused and what it allows', async () => {
    const call = readOnlyCaller(recorder());
    await expect(call('zadd', 'k', 1, 'm')).rejects.toThrow(
      'the bridge is read-only: ZADD is not one of SCAN, TYPE, ZCARD, ZRANGE, ZRANGEBYSCORE, ZCOUNT, ZSCORE, LLEN, PTTL, TIME, HGET, HMGET',
    );
  });
});

describe('what decides a queue’s verdict', () => {
  it('HMGET reads a meta’s paused and concurrency, never a mix with other fields', async () => {
    const client = recorder();
    await readOnlyCall(client, 'HMGET', 'bull:q:meta', ...META_STATE_FIELDS);
    await readOnlyCall(client, 'LLEN', 'bull:q:wait');
    await readOnlyCall(client, 'PTTL', 'bull:q:limiter');
    expect(client.sent.map(([command]) => command)).toEqual(['HMGET', 'LLEN', 'PTTL']);
    await expect(readOnlyCall(client, 'HMGET', 'bull:q:meta', 'paused', 'opts')).rejects.toBeInstanceOf(RefusedCommandError);
    await expect(readOnlyCall(client, 'HMGET', 'bull:q:meta', 'paused', 'version')).rejects.toBeInstanceOf(RefusedCommandError);
    expect(client.sent).toHaveLength(3);
  });

  it('CLIENT LIST only when the bridge was started with --client-list, and no other CLIENT subcommand', async () => {
    const refused = recorder();
    await expect(readOnlyCaller(refused)('CLIENT', 'LIST')).rejects.toThrow(
      'the bridge is read-only: CLIENT LIST is sent only when the bridge is started with --client-list',
    );
    await expect(readOnlyCall(refused, 'client', 'list')).rejects.toBeInstanceOf(RefusedCommandError);
    expect(refused.sent).toEqual([]);
    const allowed = recorder();
    const call = readOnlyCaller(allowed, { clientList: true });
    await call('CLIENT', 'LIST');
    for (const args of [['KILL', 'ID', '1'], ['SETNAME', 'x'], ['LIST', 'TYPE', 'normal'], ['PAUSE', '1000'], []])
      await expect(call('CLIENT', ...args)).rejects.toBeInstanceOf(RefusedCommandError);
    await expect(call('CONFIG', 'GET', '*')).rejects.toBeInstanceOf(RefusedCommandError);
    expect(allowed.sent).toEqual([['CLIENT', 'LIST']]);
  });
});
