import { describe, expect, it } from 'vitest';
import type { JobRow, JobsReply } from '../src/model/doctor/doctorWire.ts';
import { readOnlyCaller } from './allowList.ts';
import type { CommandArg, ReadOnlyCall } from './allowList.ts';
import { readJobs } from './routes/jobs.ts';
import { jobStateOf } from './jobState.ts';

type Value =
  | { type: 'hash'; fields: Map<string, string> }
  | { type: 'list'; items: string[] }
  | { type: 'zset'; scores: Map<string, number> };

/** A small Redis of hashes, lists and sorted sets behind the allow-list; every command recorded with its reply's size. */
function fakeRedis(data: Record<string, Value>): ReadOnlyCall & { sent: string[][]; bytesSent: () => number } {
  const sent: string[][] = [];
  let bytes = 0;
  const text = (arg: CommandArg) => (Buffer.isBuffer(arg) ? arg.toString('utf8') : String(arg));
  const wrong = () => Promise.reject(new Error('WRONGTYPE Operation against a key holding the wrong kind of value'));
  const call = readOnlyCaller({
    callBuffer: (command: string, ...raw: CommandArg[]) => {
      const args = raw.map(text);
      sent.push([command, ...args]);
      const value = data[args[0]!];
      switch (command) {
        case 'TYPE':
          return Promise.resolve(value?.type ?? 'none');
        case 'HGET':
          return Promise.resolve(null);
        case 'ZSCORE': {
          if (value === undefined) return Promise.resolve(null);
          if (value.type !== 'zset') return wrong();
          const score = value.scores.get(args[1]!);
          return Promise.resolve(score === undefined ? null : Buffer.from(String(score)));
        }
        case 'LLEN':
          if (value === undefined) return Promise.resolve(0);
          return value.type === 'list' ? Promise.resolve(value.items.length) : wrong();
        case 'LPOS': {
          if (value === undefined) return Promise.resolve(null);
          if (value.type !== 'list') return wrong();
          const [rank, max] = [Number(args[3]), Number(args[5])];
          const order = rank > 0 ? value.items.map((_, i) => i) : value.items.map((_, i) => value.items.length - 1 - i);
          const at = order.slice(0, max).find((i) => value.items[i] === args[1]);
          return Promise.resolve(at ?? null);
        }
        case 'HSTRLEN':
          if (value === undefined) return Promise.resolve(0);
          return value.type === 'hash' ? Promise.resolve(Buffer.byteLength(value.fields.get(args[1]!) ?? '')) : wrong();
        case 'HMGET': {
          if (value === undefined) return Promise.resolve(args.slice(1).map(() => null));
          if (value.type !== 'hash') return wrong();
          const reply = args.slice(1).map((field) => {
            const v = value.fields.get(field);
            if (v !== undefined) bytes += Buffer.byteLength(v);
            return v === undefined ? null : Buffer.from(v);
          });
          return Promise.resolve(reply);
        }
        case 'ZCOUNT':
          return Promise.resolve(0);
        default:
          return Promise.reject(new Error(`the fake does not answer ${command}`));
      }
    },
  });
  return Object.assign(call, { sent, bytesSent: () => bytes });
}

const hash = (fields: Record<string, string>): Value => ({ type: 'hash', fields: new Map(Object.entries(fields)) });
const zset = (members: Record<string, number>): Value => ({ type: 'zset', scores: new Map(Object.entries(members)) });
const list = (items: string[]): Value => ({ type: 'list', items });
const Q = Buffer.from('bull:q');
const T = 1_796_319_211_616;

describe('where a job is, in any state', () => {
  it('a set tells it by ZSCORE: failed, completed, delayed, prioritized, waiting-children', async () => {
    const redis = fakeRedis({
      'bull:q:failed': zset({ '1': T }),
      'bull:q:completed': zset({ '2': T }),
      'bull:q:delayed': zset({ '3': T * 4096 }),
      'bull:q:prioritized': zset({ '4': 5 }),
      'bull:q:waiting-children': zset({ '5': 0 }),
    });
    const states = await Promise.all(['1', '2', '3', '4', '5'].map((id) => jobStateOf(redis, Q, Buffer.from(id), true)));
    expect(states.map((s) => [s.state, s.by])).toEqual([
      ['failed', 'ZSCORE failed'],
      ['completed', 'ZSCORE completed'],
      ['delayed', 'ZSCORE delayed'],
      ['prioritized', 'ZSCORE prioritized'],
      ['waiting-children', 'ZSCORE waiting-children'],
    ]);
    expect(redis.sent.every(([command]) => command === 'ZSCORE')).toBe(true);
  });

  it('a list tells it by LPOS with MAXLEN: a short list whole, a long one at both ends, its middle said unread', async () => {
    const wait = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    const redis = fakeRedis({ 'bull:q:active': list(['a1']), 'bull:q:wait': list(wait), 'bull:q:x': hash({ name: 'x' }) });
    expect(await jobStateOf(redis, Q, Buffer.from('a1'), true)).toEqual({ state: 'active', by: 'LPOS active', unsearched: [] });
    // the head's newest and the tail's next-to-run are found
    expect((await jobStateOf(redis, Q, Buffer.from('w10'), true)).state).toBe('wait');
    expect((await jobStateOf(redis, Q, Buffer.from('w4990'), true)).state).toBe('wait');
    // the middle is not read: the job is 'unknown', the unread part said
    expect(await jobStateOf(redis, Q, Buffer.from('w2500'), true)).toEqual({
      state: 'unknown',
      by: null,
      unsearched: [{ list: 'wait', length: 5000, searched: 2000 }],
    });
    const lpos = redis.sent.filter(([command]) => command === 'LPOS');
    expect(lpos.every((command) => Number(command.at(-1)) <= 2000)).toBe(true);
    // no hash and nowhere: gone
    expect((await jobStateOf(redis, Q, Buffer.from('nope'), false)).state).toBe('gone');
  });

  it('a key of another type where a list or set should be holds no job (WRONGTYPE is not an error here)', async () => {
    const redis = fakeRedis({ 'bull:q:failed': list(['1']), 'bull:q:wait': zset({ '1': 1 }) });
    expect((await jobStateOf(redis, Q, Buffer.from('1'), true)).state).toBe('unknown');
  });
});

describe('/api/jobs on hostile job hashes', () => {
  const jobs = async (redis: ReadOnlyCall, query: string) => {
    const reply = await readJobs(redis, new URLSearchParams(query));
    expect(reply.status).toBe(200);
    return (reply.body as JobsReply).jobs;
  };

  it('a 10 MB opts named 100 times: read once, measured first, never pulled', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const redis = fakeRedis({
      'bull:q:delayed': zset({ '7': (T + 1000) * 4096 }),
      'bull:q:7': hash({ name: 'send', timestamp: String(T), delay: '1000', opts: big }),
    });
    const rows = await jobs(redis, `queue=bull:q&scheme=band${'&id=7'.repeat(100)}`);
    expect(rows).toHaveLength(1);
    expect(redis.bytesSent()).toBeLessThan(100);
    expect(redis.sent.filter(([command]) => command === 'HMGET')).toHaveLength(1);
    expect(redis.sent.find(([command]) => command === 'HMGET')).not.toContain('opts');
    const facts = rows[0]!.facts!;
    expect(facts.cutFields).toEqual(['opts']);
    expect(facts).toMatchObject({ name: 'send', backoff: null, runAt: T + 1000 });
  });

  it('one job whose attempt count is 2^53 - 1 (or -3) is said unreadable; the others of the page read as ever', async () => {
    const redis = fakeRedis({
      'bull:q:delayed': zset({ '1': (T + 1) * 4096, '2': (T + 2) * 4096, '3': (T + 3) * 4096 }),
      'bull:q:1': hash({ name: 'ok', atm: '1', opts: '{"attempts":3}' }),
      'bull:q:2': hash({ name: 'huge', atm: String(2 ** 53 - 1) }),
      'bull:q:3': hash({ name: 'negative', atm: '-3' }),
    });
    const rows = await jobs(redis, 'queue=bull:q&scheme=band&id=1&id=2&id=3');
    expect(rows.map((row: JobRow) => [row.facts?.name, row.facts?.attempt, row.facts?.unreadFields])).toEqual([
      ['ok', { n: 2, of: 3 }, undefined],
      ['huge', null, ['atm']],
      ['negative', null, ['atm']],
    ]);
  });

  it('state=1 tells a failed job’s story with its reason, cut to the cap', async () => {
    const reason = `boom ${'!'.repeat(5000)}`;
    const redis = fakeRedis({
      'bull:q:failed': zset({ '9': T }),
      'bull:q:9': hash({ name: 'charge', atm: '3', opts: '{"attempts":3}', finishedOn: String(T), failedReason: reason }),
      'bull:q:wrong': list(['x']),
    });
    const [failed, wrong] = await jobs(redis, 'queue=bull:q&scheme=band&id=9&id=wrong&state=1');
    expect(failed!.story).toMatchObject({
      state: { state: 'failed', by: 'ZSCORE failed' },
      name: 'charge',
      attempt: { n: 3, of: 3 },
      finishedOn: T,
      failedReason: { text: '', cut: true, bytes: Buffer.byteLength(reason) },
    });
    expect(wrong).toMatchObject({ unreadable: 'its key holds a list, not a job hash', facts: null });
  });
});
