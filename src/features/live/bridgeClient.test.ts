import { describe, expect, it } from 'vitest';
import * as bridge from './bridgeClient.ts';
import type { Fetch } from './bridgeClient.ts';
import { named } from '../../../test-support/redisNameFixture.ts';

const BASE = 'http://127.0.0.1:7379';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch answering from `answer(url)`, recording the URLs asked. */
function fakeFetch(answer: (url: URL) => Response | Promise<Response>): Fetch & { urls: URL[] } {
  const urls: URL[] = [];
  const fetchImpl = (url: string) => {
    const parsed = new URL(url);
    urls.push(parsed);
    return Promise.resolve(answer(parsed));
  };
  return Object.assign(fetchImpl, { urls });
}

describe('the fields', () => {
  it('bridge URL: an http(s) origin', () => {
    expect(bridge.parseBridgeUrl(' http://127.0.0.1:7379/ ')).toEqual({ ok: true, value: 'http://127.0.0.1:7379' });
    expect(bridge.parseBridgeUrl('https://bridge.test')).toEqual({ ok: true, value: 'https://bridge.test' });
    for (const [text, message] of [
      ['', 'Enter the bridge address, e.g. http://127.0.0.1:7379.'],
      ['127.0.0.1 7379', 'Not an address: write it as http://127.0.0.1:7379.'],
      ['redis://127.0.0.1:6379', 'Use http:// (or https://), as npm run bridge prints it.'],
      ['javascript:alert(1)', 'Use http:// (or https://), as npm run bridge prints it.'],
      ['http://u:pw@127.0.0.1:7379', 'No user or password here: the bridge holds the Redis password, the page never does.'],
      ['http://127.0.0.1:7379/api', 'Only scheme, host and port, e.g. http://127.0.0.1:7379.'],
    ]) {
      expect(bridge.parseBridgeUrl(text!)).toEqual({ ok: false, message });
    }
  });

  it('key pattern: 1 to 256 bytes of UTF-8 (as the bridge counts), no control characters', () => {
    expect(bridge.parseKeyPattern('bull:*:delayed')).toEqual({ ok: true, value: 'bull:*:delayed' });
    expect(bridge.parseKeyPattern('').ok).toBe(false);
    expect(bridge.parseKeyPattern('x'.repeat(256)).ok).toBe(true);
    expect(bridge.parseKeyPattern('x'.repeat(257)).ok).toBe(false);
    expect(bridge.parseKeyPattern('é'.repeat(128)).ok).toBe(true);
    expect(bridge.parseKeyPattern('é'.repeat(129))).toEqual({
      ok: false,
      message: 'At most 256 bytes (UTF-8): 256 plain ASCII characters, fewer accented ones.',
    });
    expect(bridge.parseKeyPattern('a\nb').ok).toBe(false);
  });

  it('refresh seconds: 1 to 3600', () => {
    expect(bridge.parseRefreshSeconds(' 5 ')).toEqual({ ok: true, value: 5 });
    for (const text of ['0', '3601', '1.5', '-2', '', 'five']) expect(bridge.parseRefreshSeconds(text).ok).toBe(false);
  });
});

describe('getJson', () => {
  it("passes on the bridge's JSON error", async () => {
    const fetchImpl = fakeFetch(() =>
      json({ error: { code: 'redis-auth', message: 'Redis at redis://:***@h:1 needs a password (NOAUTH)' } }, 502),
    );
    await expect(bridge.getJson(BASE, '/api/keys', fetchImpl)).rejects.toEqual(
      new bridge.BridgeRequestError('redis-auth', 'Redis at redis://:***@h:1 needs a password (NOAUTH)'),
    );
  });

  it('says the bridge cannot be reached when fetch fails (down, or CORS refused)', async () => {
    const fetchImpl: Fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await bridge.getJson(BASE, '/api/keys', fetchImpl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(bridge.BridgeRequestError);
    expect((error as bridge.BridgeRequestError).code).toBe('unreachable');
    expect((error as bridge.BridgeRequestError).message).toContain(
      `Cannot reach the bridge at ${BASE}. Start it with "npm run bridge`,
    );
  });

  it('refuses an answer that is not JSON, or not 2xx', async () => {
    await expect(
      bridge.getJson(
        BASE,
        '/',
        fakeFetch(() => new Response('<html>', { status: 200 })),
      ),
    ).rejects.toMatchObject({ code: 'not-a-bridge' });
    await expect(
      bridge.getJson(
        BASE,
        '/',
        fakeFetch(() => json({}, 500)),
      ),
    ).rejects.toMatchObject({ code: 'not-a-bridge' });
  });
});

describe('listKeys', () => {
  it('follows the cursor and sorts the keys as Redis orders members', async () => {
    const fetchImpl = fakeFetch((url) =>
      url.searchParams.get('cursor') === '0'
        ? json({ pattern: '*', keys: [named('b:delayed'), named('a:delayed')], cursor: '12', truncated: false })
        : json({ pattern: '*', keys: [named('B:delayed')], cursor: '0', truncated: false }),
    );
    const listed = await bridge.listKeys(BASE, 'x*:delayed', fetchImpl);
    expect(listed.complete).toBe(true);
    expect(listed.keys.map((k) => k.text)).toEqual(['B:delayed', 'a:delayed', 'b:delayed']);
    expect(fetchImpl.urls.map((u) => u.search)).toEqual(['?pattern=x*%3Adelayed&cursor=0', '?pattern=x*%3Adelayed&cursor=12']);
  });

  it('gathers the cluster nodes the bridge could not read, over every reply, escaped', async () => {
    const fetchImpl = fakeFetch((url) =>
      url.searchParams.get('cursor') === '0'
        ? json({
            pattern: '*',
            keys: [named('a:delayed')],
            cursor: '1',
            truncated: false,
            incomplete: true,
            unreadNodes: ['10.0.0.2:7001'],
          })
        : json({
            pattern: '*',
            keys: [],
            cursor: '0',
            truncated: false,
            incomplete: true,
            unreadNodes: ['10.0.0.2:7001', 'h\u202e:1', 7],
          }),
    );
    const listed = await bridge.listKeys(BASE, '*', fetchImpl);
    expect(listed).toMatchObject({ complete: true, unreadNodes: ['10.0.0.2:7001', 'h\\u{202e}:1'] });
    // a bridge that sends no unreadNodes (an older one) lists as before
    const plain = await bridge.listKeys(
      BASE,
      '*',
      fakeFetch(() => json({ pattern: '*', keys: [], cursor: '0', truncated: false })),
    );
    expect(plain.unreadNodes).toEqual([]);
  });

  it('refuses a body that is not a key list', async () => {
    await expect(
      bridge.listKeys(
        BASE,
        '*',
        fakeFetch(() => json({ keys: 'nope' })),
      ),
    ).rejects.toMatchObject({ code: 'not-a-bridge' });
    await expect(
      bridge.listKeys(
        BASE,
        '*',
        fakeFetch(() => json({ keys: ['plain text'], cursor: '0' })),
      ),
    ).rejects.toMatchObject({ code: 'not-a-bridge' });
    await expect(
      bridge.listKeys(
        BASE,
        '*',
        fakeFetch(() => json({ keys: [{ base64: '!', text: 'k', byteLength: 1 }], cursor: '0' })),
      ),
    ).rejects.toMatchObject({ code: 'not-a-bridge' });
  });

  it('orders keys by their bytes (a key that is not UTF-8 included) and escapes their text again', async () => {
    const fetchImpl = fakeFetch(() =>
      json({
        pattern: '*',
        keys: [named(new Uint8Array([0x62, 0xff]), 'b\\xff'), named('b\u202e:delayed'), named('a\r\n')],
        cursor: '0',
        truncated: false,
      }),
    );
    const { keys } = await bridge.listKeys(BASE, '*', fetchImpl);
    expect(keys.map((k) => k.text)).toEqual(['a\\r\\n', 'b\\u{202e}:delayed', 'b\\xff']);
    expect([...keys[2]!.bytes]).toEqual([0x62, 0xff]);
  });

  it('says the list is incomplete when a reply left keys out (truncated)', async () => {
    const fetchImpl = fakeFetch(() => json({ pattern: '*', keys: [named('a')], cursor: '0', truncated: true }));
    expect((await bridge.listKeys(BASE, '*', fetchImpl)).complete).toBe(false);
  });
});

describe('the token', () => {
  it('is empty or 16 to 256 visible characters', () => {
    expect(bridge.parseToken('')).toEqual({ ok: true, value: '' });
    expect(bridge.parseToken(' abcdefghijklmnop ')).toEqual({ ok: true, value: 'abcdefghijklmnop' });
    expect(bridge.parseToken('short').ok).toBe(false);
    expect(bridge.parseToken('has spaces in the middle').ok).toBe(false);
  });

  it('travels as Authorization: Bearer, and not at all when empty; X-Firetime-Bridge: 1 always', async () => {
    const seen: Array<Record<string, string> | undefined> = [];
    const base: Fetch = (_url, init) => {
      seen.push(init.headers);
      return Promise.resolve(json({ bridge: 'firetime' }));
    };
    await bridge.getJson(BASE, '/api/health', bridge.withToken(base, 'abcdefghijklmnop'));
    await bridge.getJson(BASE, '/api/health', bridge.withToken(base, ''));
    // a view's access to the bridge sends it too, and tells its query keys only whether one is sent
    const access = bridge.bridgeAccess(BASE, 'abcdefghijklmnop', base);
    await bridge.getJson(access.url, '/api/health', access.send);
    const sent = { 'X-Firetime-Bridge': '1', Authorization: 'Bearer abcdefghijklmnop' };
    expect(seen).toEqual([sent, { 'X-Firetime-Bridge': '1' }, sent]);
    expect([access.tokenSent, bridge.bridgeAccess(BASE, '', base).tokenSent]).toEqual([true, false]);
    expect(JSON.stringify(access)).not.toContain('abcdefghijklmnop');
  });
});

describe('readSetHead', () => {
  it('reads pages until the set is read', async () => {
    const all = Array.from({ length: 7000 }, (_, i): [string, string] => [String(i), String(i)]);
    const fetchImpl = fakeFetch((url) => {
      const start = Number(url.searchParams.get('start'));
      const count = Number(url.searchParams.get('count'));
      return json({
        key: named('k'),
        size: all.length,
        start,
        entries: all.slice(start, start + count).map(([m, s]) => [named(m), s]),
        truncated: false,
      });
    });
    const head = await bridge.readSetHead(BASE, named('bull:q:delayed'), fetchImpl);
    expect(head.size).toBe(7000);
    expect(head.entries).toEqual(all);
    expect(fetchImpl.urls.map((u) => u.searchParams.get('start'))).toEqual(['0', '5000']);
    expect(fetchImpl.urls[0]!.searchParams.get('key64')).toBe(named('bull:q:delayed').base64);
  });

  it('goes on from where a truncated page stopped, and escapes every member again', async () => {
    const fetchImpl = fakeFetch((url) => {
      const start = Number(url.searchParams.get('start'));
      const entries =
        start === 0
          ? [[named('a\u202eb'), '1']]
          : [
              [named('c'), '2'],
              [named('d\n'), '3'],
            ];
      return json({ key: named('k'), size: 3, start, entries, truncated: start === 0 });
    });
    const head = await bridge.readSetHead(BASE, named('k'), fetchImpl);
    expect(head.entries).toEqual([
      ['a\\u{202e}b', '1'],
      ['c', '2'],
      ['d\\n', '3'],
    ]);
    expect(fetchImpl.urls.map((u) => u.searchParams.get('start'))).toEqual(['0', '1']);
  });

  it(`stops at ${bridge.MAX_LIVE_MEMBERS.toLocaleString('en-US')} members of a larger set`, async () => {
    const fetchImpl = fakeFetch((url) => {
      const start = Number(url.searchParams.get('start'));
      const count = Number(url.searchParams.get('count'));
      return json({
        key: named('k'),
        size: 1_000_000,
        start,
        entries: Array.from({ length: count }, (_, i) => [named(`m${start + i}`), '1']),
        truncated: false,
      });
    });
    const head = await bridge.readSetHead(BASE, named('k'), fetchImpl);
    expect(head).toMatchObject({ size: 1_000_000 });
    expect(head.entries).toHaveLength(bridge.MAX_LIVE_MEMBERS);
  });
});
