/**
 * /api/queues under a hostile or merely large keyspace, read through listQueues with a keyspace
 * of the test's own (strings, hashes and lists here, sorted sets in the project's MemoryRedis),
 * every command recorded: one queue with an infinite score is that queue's problem alone; a
 * lone `:id` string or `:meta` key is no queue; the walk pages through every queue however many;
 * a request's rows stop at their command budget; a queue named twice is read once.
 */
import { describe, expect, it } from 'vitest';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import type { QueuesReply } from '../src/model/doctor/doctorWire.ts';
import { readOnlyCaller } from './allowList.ts';
import type { CommandArg, ReadOnlyCall } from './allowList.ts';
import { BAND_SEARCH_LIMITS } from '../src/model/doctor/bandScan.ts';
import { MAX_DISCOVERY_KEYS, MAX_ROUND_KEYS } from './queueDiscovery.ts';
import { listQueues, MAX_QUEUES, MAX_ROW_COMMANDS } from './routes/queues.ts';

const NOW = 1_796_319_211_616;

/** A keyspace the bridge's reads are answered from; SCAN walks the keys in order, `count` a round. */
class Keyspace {
  readonly strings = new Set<string>();
  readonly hashes = new Map<string, Map<string, string>>();
  readonly lists = new Set<string>();
  readonly zsets = new MemoryRedis();
  readonly zsetKeys = new Set<string>();
  /** Every command sent, its name first. */
  readonly sent: string[][] = [];
  private sortedKeys: string[] | null = null;

  bullmq(prefix: string, name: string, version = 'bullmq:6.7.0') {
    this.hashes.set(`${prefix}:${name}:meta`, new Map([['version', version]]));
    this.sortedKeys = null;
  }

  zadd(key: string, score: number | string, member: string) {
    this.zsets.call('ZADD', key, score, member);
    this.zsetKeys.add(key);
    this.sortedKeys = null;
  }

  private keys(): string[] {
    this.sortedKeys ??= [...this.strings, ...this.hashes.keys(), ...this.lists, ...this.zsetKeys].sort();
    return this.sortedKeys;
  }

  readonly call: ReadOnlyCall = readOnlyCaller({
    callBuffer: (command: string, ...raw: CommandArg[]) => {
      const args = raw.map((arg) => (Buffer.isBuffer(arg) ? arg.toString('latin1') : String(arg)));
      this.sent.push([command, ...args]);
      const key = args[0]!;
      switch (command) {
        case 'TIME':
          return Promise.resolve([String(Math.floor(NOW / 1000)), String((NOW % 1000) * 1000)]);
        case 'SCAN': {
          const from = Number(key);
          const count = Number(args[args.indexOf('COUNT') + 1]);
          const keys = this.keys();
          const next = from + count >= keys.length ? '0' : String(from + count);
          return Promise.resolve([next, keys.slice(from, from + count).filter((k) => /:[mi][ed]/.test(k))]);
        }
        case 'TYPE':
          return Promise.resolve(
            this.strings.has(key)
              ? 'string'
              : this.hashes.has(key)
                ? 'hash'
                : this.lists.has(key)
                  ? 'list'
                  : this.zsetKeys.has(key)
                    ? 'zset'
                    : 'none',
          );
        case 'EXISTS':
          return Promise.resolve(
            args.filter((k) => this.strings.has(k) || this.hashes.has(k) || this.lists.has(k) || this.zsetKeys.has(k)).length,
          );
        case 'HGET':
          return Promise.resolve(this.hashes.get(key)?.get(args[1]!) ?? null);
        case 'HMGET':
          return Promise.resolve(args.slice(1).map((field) => this.hashes.get(key)?.get(field) ?? null));
        // the verdict's reads (bridge/queueState.ts): the lists here are empty, no limiter key lives
        case 'LLEN':
          return Promise.resolve(0);
        case 'PTTL':
          return Promise.resolve(-2);
        default:
          return Promise.resolve(this.zsets.call(command, ...args));
      }
    },
  });

  count(command: string): number {
    return this.sent.filter((c) => c[0] === command).length;
  }
}

async function queuesOf(keyspace: Keyspace, query = ''): Promise<QueuesReply> {
  const reply = await listQueues(keyspace.call, new URLSearchParams(query));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  // what goes on the wire: a number JSON cannot hold would arrive as null
  return JSON.parse(JSON.stringify(reply.body)) as QueuesReply;
}

/** Every queue a page would list: the walk from cursor 0 on, and each reply's `toRead` asked for by ?queue64=. */
async function walkAll(keyspace: Keyspace): Promise<{ names: string[]; requests: number }> {
  const names = new Set<string>();
  let cursor = '0';
  let requests = 0;
  const toRead: string[] = [];
  const take = (reply: QueuesReply) => {
    requests++;
    for (const row of reply.queues) names.add(`${row.prefix}:${row.name}`);
    toRead.push(...reply.toRead.map((name) => name.base64));
  };
  do {
    const reply = await queuesOf(keyspace, `cursor=${cursor}`);
    take(reply);
    cursor = reply.cursor;
    while (toRead.length > 0)
      take(
        await queuesOf(
          keyspace,
          toRead
            .splice(0, 200)
            .map((q) => `queue64=${q}`)
            .join('&'),
        ),
      );
  } while (cursor !== '0' && requests < 1000);
  return { names: [...names].sort(), requests };
}

describe('a score of inf or -inf', () => {
  it.each(['+inf', '-inf'])(
    '%s in one delayed set: that queue is unreadable, with why; the queue beside it is read',
    async (score) => {
      const keyspace = new Keyspace();
      keyspace.bullmq('bull', 'broken');
      keyspace.zadd('bull:broken:delayed', score, 'x');
      keyspace.bullmq('bull', 'orders');
      keyspace.zadd('bull:orders:delayed', (NOW + 60_000) * 4096, '1');
      const reply = await queuesOf(keyspace);
      expect(reply.queues.map((q) => `${q.prefix}:${q.name}`)).toEqual(['bull:orders']);
      expect(reply.queues[0]!.nextFireTime).toBe(NOW + 60_000);
      expect(reply.unreadable).toHaveLength(1);
      expect(reply.unreadable[0]).toMatchObject({ prefix: 'bull', name: 'broken', queue: { text: 'bull:broken' } });
      expect(reply.unreadable[0]!.why).toMatch(/^its [\w.]+ came out as -?Infinity, not a number the page can show \(/);
      expect(reply.unreadable[0]!.why).toContain(`a score of ${score.replace('+', '')} in its keys`);
      // nothing on the wire is null where the row's type says a number
      expect(JSON.stringify(reply)).not.toMatch(/"(fireTime|nextFireTime)":null/);
    },
  );
});

describe('which keys make a queue', () => {
  it('300 plain `app:uN:id` strings and `:meta` strings beside a real bull:orders: only bull:orders is listed', async () => {
    const keyspace = new Keyspace();
    for (let i = 0; i < 300; i++) keyspace.strings.add(`app:u${i}:id`);
    for (let i = 0; i < 300; i++) keyspace.strings.add(`cfg:s${i}:meta`);
    keyspace.hashes.set('app:profile:meta', new Map([['colour', 'blue']]));
    keyspace.bullmq('bull', 'orders');
    keyspace.strings.add('bull:orders:id');
    keyspace.zadd('bull:orders:delayed', (NOW + 1000) * 4096, '1');
    const reply = await queuesOf(keyspace);
    expect(reply.queues.map((q) => `${q.prefix}:${q.name}`)).toEqual(['bull:orders']);
    expect([reply.complete, reply.truncated, reply.toRead, reply.cursor]).toEqual([true, false, [], '0']);
  });

  it('tells BullMQ (meta with a version, or versionless beside its keys), Bull (id beside a wait list) and bee-queue (id beside its jobs hash)', async () => {
    const keyspace = new Keyspace();
    keyspace.bullmq('bull', 'new');
    keyspace.hashes.set('bull:old:meta', new Map([['opts.maxLenEvents', '10000']]));
    keyspace.zadd('bull:old:delayed', 5 * 4096 + 1, '5');
    keyspace.strings.add('bull:legacy:id');
    keyspace.lists.add('bull:legacy:wait');
    keyspace.strings.add('bq:bees:id');
    keyspace.hashes.set('bq:bees:jobs', new Map([['1', '{}']]));
    keyspace.strings.add('lone:counter:id');
    const reply = await queuesOf(keyspace);
    expect(reply.queues.map((q) => [`${q.prefix}:${q.name}`, q.library, q.version])).toEqual([
      ['bq:bees', 'bee-queue', null],
      ['bull:legacy', 'bull', null],
      ['bull:new', 'bullmq', '6.7.0'],
      ['bull:old', 'bullmq', null],
    ]);
  });
});

describe('what telling them costs', () => {
  /** 300 plain `app:uN:id` strings beside a Bull queue (id and wait list) and a bee-queue queue (id and jobs hash). */
  function counters(): Keyspace {
    const keyspace = new Keyspace();
    for (let i = 0; i < 300; i++) keyspace.strings.add(`app:u${i}:id`);
    keyspace.strings.add('bull:legacy:id');
    keyspace.lists.add('bull:legacy:wait');
    keyspace.strings.add('bq:bees:id');
    keyspace.hashes.set('bq:bees:jobs', new Map([['1', '{}']]));
    return keyspace;
  }

  it('an `id` string with no key of a queue beside it costs one EXISTS after its two TYPEs, not four TYPEs more', async () => {
    const keyspace = counters();
    const reply = await queuesOf(keyspace);
    expect(reply.queues.map((q) => [`${q.prefix}:${q.name}`, q.library])).toEqual([
      ['bq:bees', 'bee-queue'],
      ['bull:legacy', 'bull'],
    ]);
    const exists = keyspace.sent.filter(([command]) => command === 'EXISTS');
    expect(exists).toHaveLength(302);
    expect(exists).toContainEqual(['EXISTS', 'app:u7:delayed', 'app:u7:wait', 'app:u7:paused', 'app:u7:jobs']);
    // the two queues' rows read more TYPEs: count the walk's alone, before TIME
    const walk = keyspace.sent.slice(
      0,
      keyspace.sent.findIndex(([command]) => command === 'TIME'),
    );
    expect(walk.filter(([command]) => command === 'TYPE')).toHaveLength(302 * 2 + 2 * 4);
  });

  it.each([
    ['a cluster (keys of several slots)', "CROSSSLOT Keys in request don't hash to the same slot"],
    ['an ACL user set up without +exists', "NOPERM this user has no permissions to run the 'exists' command"],
  ])('a server refusing EXISTS, as %s, gets the four TYPEs and the same queues', async (_, refusal) => {
    const keyspace = counters();
    const refusing: ReadOnlyCall = (command, ...args) =>
      command === 'EXISTS' ? Promise.reject(new Error(refusal)) : keyspace.call(command, ...args);
    const reply = (await listQueues(refusing, new URLSearchParams())).body as QueuesReply;
    expect(reply.queues.map((q) => [`${q.prefix}:${q.name}`, q.library])).toEqual([
      ['bq:bees', 'bee-queue'],
      ['bull:legacy', 'bull'],
    ]);
    const walk = keyspace.sent.slice(
      0,
      keyspace.sent.findIndex(([command]) => command === 'TIME'),
    );
    expect(walk.filter(([command]) => command === 'TYPE')).toHaveLength(302 * 6);
  });
});

describe('paging', () => {
  it('450 queues in one part of the walk: 200 rows, the rest named in toRead, and following them reaches every queue', async () => {
    const keyspace = new Keyspace();
    for (let i = 0; i < 450; i++) keyspace.bullmq('bull', `q${String(i).padStart(3, '0')}`);
    const first = await queuesOf(keyspace);
    expect(first.queues).toHaveLength(MAX_QUEUES);
    expect(first.toRead.length).toBeGreaterThan(0);
    expect(first.complete).toBe(false);
    const { names } = await walkAll(keyspace);
    expect(names).toEqual(Array.from({ length: 450 }, (_, i) => `bull:q${String(i).padStart(3, '0')}`));
  });

  it('20,000 meta hashes: every one is reached through the cursor and toRead, none hidden by the cap', async () => {
    const keyspace = new Keyspace();
    for (let i = 0; i < 20_000; i++) keyspace.bullmq('bull', `q${String(i).padStart(5, '0')}`);
    const { names, requests } = await walkAll(keyspace);
    expect(names).toHaveLength(20_000);
    console.log(`20,000 queues listed in ${requests} requests`);
  }, 60_000);
});

describe('the work of one request', () => {
  it('naming one queue 200 times reads it once', async () => {
    const keyspace = new Keyspace();
    keyspace.bullmq('bull', 'orders');
    keyspace.zadd('bull:orders:delayed', (NOW + 1000) * 4096, '1');
    await queuesOf(keyspace, 'queue=bull:orders');
    const once = [...keyspace.sent];
    keyspace.sent.length = 0;
    const query = [
      ...Array.from({ length: 150 }, () => 'queue=bull:orders'),
      ...Array.from({ length: 50 }, () => `queue64=${Buffer.from('bull:orders').toString('base64url')}`),
    ].join('&');
    const reply = await queuesOf(keyspace, query);
    expect(reply.queues.map((q) => q.name)).toEqual(['orders']);
    // the same commands as a request that names it once
    expect(keyspace.sent).toEqual(once);
    expect(keyspace.count('HGET')).toBe(1);
  });

  it('30 queues of 4,000 spread jobs: the rows stop at the command budget, the rest wait in toRead', async () => {
    const keyspace = new Keyspace();
    for (let q = 0; q < 30; q++) {
      keyspace.bullmq('bull', `spread${String(q).padStart(2, '0')}`);
      for (let j = 0; j < 4000; j++)
        keyspace.zadd(`bull:spread${String(q).padStart(2, '0')}:delayed`, (NOW + j * 7) * 4096, `${j}`);
    }
    const before = keyspace.sent.length;
    const reply = await queuesOf(keyspace);
    const sent = keyspace.sent.length - before;
    // a row started before the budget ran out is finished: at most its own search's counts on top
    expect(sent).toBeLessThanOrEqual(MAX_ROW_COMMANDS + BAND_SEARCH_LIMITS.maxCounts + 200);
    expect(reply.queues.length + reply.toRead.length).toBe(30);
    console.log(`one request: ${sent} commands, ${reply.queues.length} rows, ${reply.toRead.length} left for later`);
    const { names } = await walkAll(keyspace);
    expect(names).toHaveLength(30);
  }, 60_000);
});

describe('a server answering each SCAN round with 50,000 keys', () => {
  it('is walked by keys, not rounds: two rounds at most, each cut to its bound, and the reply says some were left out', async () => {
    const sent: string[] = [];
    const round = Array.from({ length: 50_000 }, (_, i) => `x:k${i}:data`);
    const call = readOnlyCaller({
      callBuffer: (command: string, ...args: CommandArg[]) => {
        sent.push(command);
        if (command === 'SCAN') return Promise.resolve([String(Number(args[0]) + 1), round]);
        if (command === 'TIME') return Promise.resolve([String(Math.floor(NOW / 1000)), '0']);
        return Promise.resolve('none');
      },
    });
    const reply = await listQueues(call, new URLSearchParams());
    const body = reply.body as QueuesReply;
    expect(sent.filter((command) => command === 'SCAN').length).toBeLessThanOrEqual(MAX_DISCOVERY_KEYS / MAX_ROUND_KEYS);
    expect([reply.status, body.truncated, body.complete, body.cursor]).toEqual([200, true, false, '2']);
  });
});
