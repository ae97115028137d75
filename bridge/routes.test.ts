import { describe, expect, it } from 'vitest';
import { MAX_KEYS_PER_REPLY, MAX_PAGE_SIZE } from '../src/features/live/bridgeProtocol.ts';
import { MAX_SCAN_ROUNDS, health, listKeys, readMembers } from './routes.ts';
import type { ReadOnlyCall } from './allowList.ts';

type Sent = Array<Array<string | number>>;

/** A ReadOnlyCall answering from a script of replies by command name, recording what was sent. */
function fake(replies: (command: string, args: Array<string | number>) => unknown): { call: ReadOnlyCall; sent: Sent } {
  const sent: Sent = [];
  return {
    sent,
    call: (command, ...args) => {
      sent.push([command, ...args]);
      return Promise.resolve(replies(command, args));
    },
  };
}

const query = (text: string) => new URLSearchParams(text);

describe('health', () => {
  it('names the bridge and its Redis without asking Redis', () => {
    expect(health('redis://:***@h:1')).toEqual({ status: 200, body: { bridge: 'firetime', redis: 'redis://:***@h:1', maxPageSize: MAX_PAGE_SIZE } });
  });
});

describe('listKeys', () => {
  it('walks SCAN ... MATCH ... TYPE zset from the cursor until it returns 0', async () => {
    const cursors: Record<string, [string, string[]]> = { '0': ['17', ['bull:a:delayed']], '17': ['0', ['bull:b:delayed']] };
    const { call, sent } = fake((_, args) => cursors[String(args[0])]);
    const reply = await listKeys(call, query(''));
    expect(reply).toEqual({ status: 200, body: { pattern: '*:delayed', keys: ['bull:a:delayed', 'bull:b:delayed'], cursor: '0' } });
    expect(sent).toEqual([
      ['SCAN', '0', 'MATCH', '*:delayed', 'COUNT', 250, 'TYPE', 'zset'],
      ['SCAN', '17', 'MATCH', '*:delayed', 'COUNT', 250, 'TYPE', 'zset'],
    ]);
  });

  it('stops with the cursor once it holds enough keys, or after its rounds', async () => {
    const many = fake(() => ['5', Array.from({ length: MAX_KEYS_PER_REPLY }, (_, i) => `k${i}`)]);
    expect((await listKeys(many.call, query('pattern=k*'))).body).toMatchObject({ cursor: '5', pattern: 'k*' });
    expect(many.sent).toHaveLength(1);
    const none = fake(() => ['9', []]);
    expect((await listKeys(none.call, query('cursor=3'))).body).toMatchObject({ keys: [], cursor: '9' });
    expect(none.sent).toHaveLength(MAX_SCAN_ROUNDS);
  });

  it.each([
    ['pattern=', 'the key pattern is empty (use * for every key)'],
    [`pattern=${'x'.repeat(257)}`, 'the key pattern is longer than 256 characters'],
    ['cursor=-1', 'cursor must be the digits a previous reply gave'],
  ])('refuses %s without asking Redis', async (text, message) => {
    const { call, sent } = fake(() => ['0', []]);
    expect(await listKeys(call, query(text))).toEqual({ status: 400, body: { error: { code: 'bad-request', message } } });
    expect(sent).toEqual([]);
  });
});

describe('readMembers', () => {
  const zset = (command: string) => {
    if (command === 'TYPE') return 'zset';
    if (command === 'ZCARD') return 3;
    return ['10', '7356535848960000', '9', '7356535848960001'];
  };

  it('reads TYPE, ZCARD and one page of ZRANGE ... WITHSCORES, scores as Redis sent them', async () => {
    const { call, sent } = fake(zset);
    expect(await readMembers(call, query('key=bull:q:delayed&start=1&count=2'))).toEqual({
      status: 200,
      body: { key: 'bull:q:delayed', size: 3, start: 1, entries: [['10', '7356535848960000'], ['9', '7356535848960001']] },
    });
    expect(sent).toEqual([['TYPE', 'bull:q:delayed'], ['ZCARD', 'bull:q:delayed'], ['ZRANGE', 'bull:q:delayed', 1, 2, 'WITHSCORES']]);
  });

  it(`cuts a page to ${MAX_PAGE_SIZE} members`, async () => {
    const { call, sent } = fake(zset);
    await readMembers(call, query('key=k&count=999999'));
    expect(sent.at(-1)).toEqual(['ZRANGE', 'k', 0, MAX_PAGE_SIZE - 1, 'WITHSCORES']);
  });

  it('says when the key is gone or is not a sorted set', async () => {
    expect(await readMembers(fake(() => 'none').call, query('key=k'))).toMatchObject({ status: 404, body: { error: { code: 'not-found' } } });
    expect(await readMembers(fake(() => 'list').call, query('key=k'))).toEqual({
      status: 409,
      body: { error: { code: 'wrong-type', message: 'That key holds a list, not a sorted set.' } },
    });
  });

  it.each([
    ['', 'name a key: ?key=...'],
    ['key=k&start=-1', 'start must be a whole number from 0 to 2147483647'],
    ['key=k&count=0', 'count must be at least 1'],
    ['key=k&count=1.5', 'count must be a whole number from 0 to 1000000000'],
  ])('refuses %j without asking Redis', async (text, message) => {
    const { call, sent } = fake(zset);
    expect(await readMembers(call, query(text))).toEqual({ status: 400, body: { error: { code: 'bad-request', message } } });
    expect(sent).toEqual([]);
  });
});
