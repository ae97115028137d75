import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_KEYS_PER_REPLY, MAX_PAGE_SIZE, MAX_REPLY_BYTES } from '../src/model/bridgeWire.ts';
import type { KeysReply, MembersReply } from '../src/model/bridgeWire.ts';
import { DISPLAY_CAP_BYTES } from '../src/model/printable.ts';
import { SkippedNodeError, UnexpectedReplyError, redisName } from './replies.ts';
import { health } from './routes/health.ts';
import { MAX_SCAN_ROUNDS, listKeys } from './routes/keys.ts';
import { readMembers } from './routes/members.ts';
import type { ReadOnlyCall } from './allowList.ts';

type Sent = Array<Array<string | number>>;

/** A ReadOnlyCall answering from a script of replies by command name, recording what was sent (Buffers as UTF-8 text). */
function fake(replies: (command: string, args: Array<string | number>) => unknown): { call: ReadOnlyCall; sent: Sent } {
  const sent: Sent = [];
  return {
    sent,
    call: (command, ...args) => {
      const plain = args.map((arg) => (Buffer.isBuffer(arg) ? arg.toString('utf8') : arg));
      sent.push([command, ...plain]);
      return Promise.resolve(replies(command, plain));
    },
  };
}

/** A RedisName of UTF-8 text short enough to be shown whole. */
const named = (text: string) => ({ base64: Buffer.from(text).toString('base64url'), text, byteLength: Buffer.byteLength(text) });

const query = (text: string) => new URLSearchParams(text);

describe('health', () => {
  it('names the bridge and its Redis without asking Redis', () => {
    expect(health('redis://:***@h:1')).toEqual({
      status: 200,
      body: { bridge: 'firetime', redis: 'redis://:***@h:1', maxPageSize: MAX_PAGE_SIZE },
    });
  });
});

describe('listKeys', () => {
  it('walks SCAN ... MATCH ... TYPE zset from the cursor until it returns 0', async () => {
    const cursors: Record<string, [string, string[]]> = { '0': ['17', ['bull:a:delayed']], '17': ['0', ['bull:b:delayed']] };
    const { call, sent } = fake((_, args) => cursors[String(args[0])]);
    const reply = await listKeys(call, query(''));
    expect(reply).toEqual({
      status: 200,
      body: {
        pattern: '*:delayed',
        keys: [named('bull:a:delayed'), named('bull:b:delayed')],
        cursor: '0',
        truncated: false,
      },
    });
    expect(sent).toEqual([
      ['SCAN', '0', 'MATCH', '*:delayed', 'COUNT', 250, 'TYPE', 'zset'],
      ['SCAN', '17', 'MATCH', '*:delayed', 'COUNT', 250, 'TYPE', 'zset'],
    ]);
  });

  it('names a node its sender skipped (SkippedNodeError) and goes on from the cursor it gives', async () => {
    // master 0 walks in two rounds, master 1 is down, master 2 holds c:delayed
    const replies: Record<string, unknown> = {
      '0': ['2000', ['a:delayed']],
      '2000': ['1', []],
      '1': Promise.reject(new SkippedNodeError('127.0.0.1:7001', '2', 'Connection is closed.')),
      '2': ['0', ['c:delayed']],
    };
    (replies['1'] as Promise<unknown>).catch(() => undefined);
    const { call, sent } = fake((_, args) => replies[String(args[0])]);
    const reply = await listKeys(call, query('pattern=*'));
    expect(reply.body).toEqual({
      pattern: '*',
      keys: [named('a:delayed'), named('c:delayed')],
      cursor: '0',
      truncated: false,
      incomplete: true,
      unreadNodes: ['127.0.0.1:7001'],
    });
    expect(sent.map((command) => command[1])).toEqual(['0', '2000', '1', '2']);
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
    [`pattern=${'x'.repeat(257)}`, 'the key pattern is longer than 256 bytes (UTF-8)'],
    [`pattern=${'é'.repeat(129)}`, 'the key pattern is longer than 256 bytes (UTF-8)'],
    ['cursor=-1', 'cursor must be the digits a previous reply gave (0 to 18446744073709551615)'],
    ['cursor=18446744073709551616', 'cursor must be the digits a previous reply gave (0 to 18446744073709551615)'],
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
      body: {
        key: named('bull:q:delayed'),
        size: 3,
        start: 1,
        entries: [
          [named('10'), '7356535848960000'],
          [named('9'), '7356535848960001'],
        ],
        truncated: false,
      },
    });
    expect(sent).toEqual([
      ['TYPE', 'bull:q:delayed'],
      ['ZCARD', 'bull:q:delayed'],
      ['ZRANGE', 'bull:q:delayed', 1, 2, 'WITHSCORES'],
    ]);
  });

  it(`cuts a page to ${MAX_PAGE_SIZE} members`, async () => {
    const { call, sent } = fake(zset);
    await readMembers(call, query('key=k&count=999999'));
    expect(sent.at(-1)).toEqual(['ZRANGE', 'k', 0, MAX_PAGE_SIZE - 1, 'WITHSCORES']);
  });

  it('says when the key is gone or is not a sorted set', async () => {
    expect(await readMembers(fake(() => 'none').call, query('key=k'))).toMatchObject({
      status: 404,
      body: { error: { code: 'not-found' } },
    });
    expect(await readMembers(fake(() => 'list').call, query('key=k'))).toEqual({
      status: 409,
      body: { error: { code: 'wrong-type', message: 'That key holds a list, not a sorted set.' } },
    });
  });

  it.each([
    ['', 'name a key: ?key64=<base64url, as /api/keys gives it> or ?key=<text>'],
    ['key64=a+b', 'key64 must be base64url (A-Z a-z 0-9 - _, no padding), as /api/keys gives it'],
    [`key=${'k'.repeat(4097)}`, 'the key is longer than 4096 bytes'],
    [`key=${'é'.repeat(2049)}`, 'the key is longer than 4096 bytes'],
    ['key=k&start=-1', 'start must be a whole number from 0 to 2147483647'],
    ['key=k&count=0', 'count must be at least 1'],
    ['key=k&count=1.5', 'count must be a whole number from 0 to 1000000000'],
  ])('refuses %j without asking Redis', async (text, message) => {
    const { call, sent } = fake(zset);
    expect(await readMembers(call, query(text))).toEqual({ status: 400, body: { error: { code: 'bad-request', message } } });
    expect(sent).toEqual([]);
  });
});

describe('replies of another shape than Redis gives', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'a' : [nested(depth - 1)]);

  it.each([
    ['SCAN: keys nested in arrays', () => ['0', [nested(1500)]]],
    ['SCAN: no key list', () => ['0']],
    ['SCAN: a cursor that is not digits', () => ['-1', []]],
  ])('listKeys rejects with UnexpectedReplyError (%s)', async (_what, reply) => {
    await expect(listKeys(fake(reply).call, query('pattern=*'))).rejects.toEqual(new UnexpectedReplyError('SCAN'));
  });

  it.each([
    ['TYPE', (command: string) => (command === 'TYPE' ? [] : 0)],
    ['ZCARD', (command: string) => (command === 'TYPE' ? 'zset' : command === 'ZCARD' ? 'many' : [])],
    ['ZRANGE', (command: string) => (command === 'TYPE' ? 'zset' : command === 'ZCARD' ? 1 : [nested(1500), '1'])],
  ])('readMembers rejects with UnexpectedReplyError naming %s', async (command, replies) => {
    await expect(readMembers(fake(replies).call, query('key=k'))).rejects.toEqual(new UnexpectedReplyError(command));
  });
});

describe('keys and members as bytes', () => {
  it('redisName keeps bytes that are not UTF-8, shows them as \\xHH, and cuts a long one at 4 KB with its length', () => {
    expect(redisName(Buffer.from([0x62, 0x69, 0x6e, 0xff]))).toEqual({ base64: 'Ymlu_w', text: 'bin\\xff', byteLength: 4 });
    const long = redisName(Buffer.alloc(10_000, 0x61));
    expect(long.byteLength).toBe(10_000);
    expect(Buffer.from(long.base64, 'base64url')).toHaveLength(DISPLAY_CAP_BYTES);
    expect(long.text).toBe(`${'a'.repeat(DISPLAY_CAP_BYTES)}… (10,000 bytes)`);
    expect(redisName(Buffer.from('short')).sha256).toBeUndefined();
  });

  it('gives a shortened name the SHA-256 of all its bytes: two sharing their first 4 KB and length stay two', () => {
    const first = Buffer.alloc(5000, 0x61);
    const second = Buffer.from(first);
    second[4999] = 0x62;
    const [a, b] = [redisName(first), redisName(second)];
    expect([a.base64, a.byteLength, a.text]).toEqual([b.base64, b.byteLength, b.text]);
    expect(a.sha256).toBe(createHash('sha256').update(first).digest('base64url'));
    expect(a.sha256).not.toBe(b.sha256);
  });

  it('opens a key named by ?key64= with exactly its bytes', async () => {
    const sent: unknown[][] = [];
    const call: ReadOnlyCall = (command, ...args) => {
      sent.push([command, ...args]);
      return Promise.resolve(command === 'TYPE' ? Buffer.from('zset') : command === 'ZCARD' ? 0 : []);
    };
    await readMembers(call, query('key64=Ymlu_w'));
    expect(sent[0]).toEqual(['TYPE', Buffer.from([0x62, 0x69, 0x6e, 0xff])]);
  });

  it(`stops a page before its JSON passes ${MAX_REPLY_BYTES} bytes and says truncated`, async () => {
    const member = 'm'.repeat(DISPLAY_CAP_BYTES);
    const flat = Array.from({ length: 2 * MAX_PAGE_SIZE }, (_, i) => (i % 2 === 0 ? `${member}${i}` : String(i)));
    const { call } = fake((command) => (command === 'TYPE' ? 'zset' : command === 'ZCARD' ? MAX_PAGE_SIZE : flat));
    const reply = await readMembers(call, query('key=k&count=5000'));
    const body = reply.body as MembersReply;
    expect(body.truncated).toBe(true);
    expect(body.entries.length).toBeLessThan(MAX_PAGE_SIZE);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(MAX_REPLY_BYTES);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(MAX_REPLY_BYTES - 20_000);
  });

  it(`leaves keys out past ${MAX_REPLY_BYTES} bytes and says truncated`, async () => {
    const { call } = fake(() => ['0', Array.from({ length: 3000 }, (_, i) => `${i}${'k'.repeat(5000)}`)]);
    const body = (await listKeys(call, query('pattern=*'))).body as KeysReply;
    expect(body.truncated).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(MAX_REPLY_BYTES);
  });
});
