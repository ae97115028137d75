import { describe, expect, it } from 'vitest';
import { ALLOWED_COMMANDS, RefusedCommandError, readOnlyCall, readOnlyCaller } from './allowList.ts';
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
  it('allows exactly SCAN, TYPE, ZCARD, ZRANGE and ZRANGEBYSCORE', () => {
    expect([...ALLOWED_COMMANDS].sort()).toEqual(['SCAN', 'TYPE', 'ZCARD', 'ZRANGE', 'ZRANGEBYSCORE']);
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
    '',
  ])('refuses %j before it reaches the client', async (command) => {
    const client = recorder();
    await expect(readOnlyCall(client, command, 'k', 1, 'm')).rejects.toBeInstanceOf(RefusedCommandError);
    expect(client.sent).toEqual([]);
  });

  it('says which command it refused and what it allows', async () => {
    const call = readOnlyCaller(recorder());
    await expect(call('zadd', 'k', 1, 'm')).rejects.toThrow(
      'the bridge is read-only: ZADD is not one of SCAN, TYPE, ZCARD, ZRANGE, ZRANGEBYSCORE',
    );
  });
});
