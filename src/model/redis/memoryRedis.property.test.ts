/**
 * Random command sequences on MemoryRedis against a plain reference model: one array per key,
 * kept sorted by score then member bytes, each command written the simplest way it can be. A
 * second MemoryRedis gets every number argument as luaNumberArg text, which checks that numbers
 * are read exactly as redis.call would pass them.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listKindArb, zremList } from './zremLists.ts';
import { MemoryRedis, RedisError, type Reply } from './memoryRedis.ts';
import { formatScore, luaNumberArg } from './doubles.ts';
import { isKeyword } from './commandArgs.ts';
import { SYNTAX_ERROR } from './redisError.ts';

type Arg = string | number;
type Outcome = Reply | { error: string };
interface Entry {
  member: string;
  score: number;
}
type Model = Map<string, Entry[]>;
interface Step {
  readonly args: readonly [string, ...Arg[]];
  readonly expect: (model: Model) => Outcome;
}

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function entriesOf(model: Model, key: string): Entry[] {
  return model.get(key) ?? [];
}

/** Writes a member into a (small) set: ties by member bytes; a small set stores -0 as 0. */
function put(model: Model, key: string, member: string, score: number): void {
  const entries = entriesOf(model, key).filter((e) => e.member !== member);
  entries.push({ member, score: score === 0 ? 0 : score });
  entries.sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : byteOrder(a.member, b.member)));
  model.set(key, entries);
}

function remove(model: Model, key: string, member: string): boolean {
  const entries = entriesOf(model, key);
  const left = entries.filter((e) => e.member !== member);
  if (left.length === 0) model.delete(key);
  else model.set(key, left);
  return left.length < entries.length;
}

function flat(entries: Entry[], withScores: boolean): Reply[] {
  return entries.flatMap((e) => (withScores ? [e.member, formatScore(e.score)] : [e.member]));
}

const keys = fc.constantFrom('k1', 'k2', 'k3');
const members = fc.constantFrom('a', 'b', 'A', '10', '9', 'é', '日本', '😀', '\uFFFF');
const scores = fc.constantFrom(0, -0, 1, 1, 2, 2, 1.5, 0.1, -3, 7e15, 1e20, 2 ** 53, 5e-324, Infinity, -Infinity);

interface Bound {
  value: number;
  exclusive: boolean;
  arg: Arg;
}
const bounds: fc.Arbitrary<Bound> = fc.tuple(scores, fc.boolean(), fc.boolean()).map(([value, exclusive, asText]) => ({
  value,
  exclusive,
  arg: exclusive ? `(${luaNumberArg(value)}` : asText ? luaNumberArg(value) : value,
}));
const inRange = (score: number, min: Bound, max: Bound): boolean =>
  (min.exclusive ? score > min.value : score >= min.value) && (max.exclusive ? score < max.value : score <= max.value);

const zadd: fc.Arbitrary<Step> = fc
  .record({
    key: keys,
    flags: fc.constantFrom([], ['NX'], ['XX'], ['GT'], ['LT'], ['XX', 'GT'], ['LT', 'XX'], ['CH'], ['gt', 'ch'], ['NX', 'CH']),
    incr: fc.boolean(),
    pairs: fc.array(fc.tuple(scores, members), { minLength: 1, maxLength: 3 }),
    asText: fc.boolean(),
  })
  .map(({ key, flags, incr, pairs: all, asText }) => {
    const pairs = incr ? all.slice(0, 1) : all;
    const has = (flag: string): boolean => flags.some((f) => f.toUpperCase() === flag);
    return {
      args: ['ZADD', key, ...flags, ...(incr ? ['INCR'] : []), ...pairs.flatMap(([s, m]) => [asText ? luaNumberArg(s) : s, m])],
      expect: (model: Model): Outcome => {
        let added = 0;
        let changed = 0;
        let last: number | null = null;
        if (!model.has(key) && has('XX')) return incr ? null : 0;
        for (const [score, member] of pairs) {
          const current = entriesOf(model, key).find((e) => e.member === member)?.score;
          if (current === undefined) {
            if (has('XX')) continue;
            put(model, key, member, score);
            added++;
            last = score;
            continue;
          }
          if (has('NX')) continue;
          const next = incr ? current + score : score;
          if (Number.isNaN(next)) return { error: 'ERR resulting score is not a number (NaN)' };
          if ((has('LT') && next >= current) || (has('GT') && next <= current)) continue;
          last = next;
          if (next !== current) {
            put(model, key, member, next);
            changed++;
          }
        }
        if (incr) return last === null ? null : formatScore(last);
        return has('CH') ? added + changed : added;
      },
    };
  });

const zrem: fc.Arbitrary<Step> = fc.tuple(keys, fc.array(members, { minLength: 1, maxLength: 3 })).map(([key, ms]) => ({
  args: ['ZREM', key, ...ms],
  expect: (model) => ms.filter((m) => remove(model, key, m)).length,
}));

const lookups: fc.Arbitrary<Step> = fc
  .tuple(fc.constantFrom('ZSCORE', 'ZRANK', 'ZREVRANK', 'ZMSCORE', 'ZCARD'), keys, members, members)
  .map(([command, key, m1, m2]) => {
    const entries = (model: Model): Entry[] => entriesOf(model, key);
    const scoreOf = (model: Model, m: string): Reply => {
      const e = entries(model).find((x) => x.member === m);
      return e ? formatScore(e.score) : null;
    };
    const rankOf = (model: Model, m: string): number => entries(model).findIndex((x) => x.member === m);
    switch (command) {
      case 'ZSCORE':
        return { args: [command, key, m1], expect: (model) => scoreOf(model, m1) };
      case 'ZMSCORE':
        return { args: [command, key, m1, m2], expect: (model) => [scoreOf(model, m1), scoreOf(model, m2)] };
      case 'ZRANK':
        return { args: [command, key, m1], expect: (model) => (rankOf(model, m1) < 0 ? null : rankOf(model, m1)) };
      case 'ZREVRANK':
        return {
          args: [command, key, m1],
          expect: (model) => (rankOf(model, m1) < 0 ? null : entries(model).length - 1 - rankOf(model, m1)),
        };
      default:
        return { args: [command, key], expect: (model) => entries(model).length };
    }
  });

const zcount: fc.Arbitrary<Step> = fc.tuple(keys, bounds, bounds).map(([key, min, max]) => ({
  args: ['ZCOUNT', key, min.arg, max.arg],
  expect: (model) => entriesOf(model, key).filter((e) => inRange(e.score, min, max)).length,
}));

const byRank: fc.Arbitrary<Step> = fc
  .tuple(keys, fc.integer({ min: -7, max: 7 }), fc.integer({ min: -7, max: 7 }), fc.boolean(), fc.boolean())
  .map(([key, start, end, rev, withScores]) => ({
    args: ['ZRANGE', key, start, end, ...(rev ? ['REV'] : []), ...(withScores ? ['WITHSCORES'] : [])],
    expect: (model) => {
      const entries = rev ? [...entriesOf(model, key)].reverse() : entriesOf(model, key);
      const n = entries.length;
      const from = Math.max(start < 0 ? n + start : start, 0);
      const to = Math.min(end < 0 ? n + end : end, n - 1);
      return from > to || from >= n ? [] : flat(entries.slice(from, to + 1), withScores);
    },
  }));

const byScore: fc.Arbitrary<Step> = fc
  .record({
    key: keys,
    form: fc.constantFrom('ZRANGE', 'ZRANGE REV', 'ZRANGEBYSCORE', 'ZREVRANGEBYSCORE'),
    min: bounds,
    max: bounds,
    limit: fc.option(fc.tuple(fc.integer({ min: -2, max: 5 }), fc.integer({ min: -2, max: 5 }))),
    withScores: fc.boolean(),
  })
  .map(({ key, form, min, max, limit, withScores }) => {
    const rev = form.includes('REV');
    const options = [
      ...(limit ? ['LIMIT', limit[0], limit[1]] : []),
      ...(withScores ? ['WITHSCORES'] : []),
      ...(form === 'ZRANGE' ? ['BYSCORE'] : form === 'ZRANGE REV' ? ['REV', 'BYSCORE'] : []),
    ];
    const command = form.startsWith('ZRANGE ') ? 'ZRANGE' : form;
    return {
      args: [command, key, ...(rev ? [max.arg, min.arg] : [min.arg, max.arg]), ...options],
      expect: (model: Model): Outcome => {
        const all = entriesOf(model, key).filter((e) => inRange(e.score, min, max));
        const ordered = rev ? all.reverse() : all;
        if (!limit) return flat(ordered, withScores);
        const [offset, count] = limit;
        if (offset < 0) return [];
        return flat(ordered.slice(offset, count < 0 ? undefined : offset + count), withScores);
      },
    };
  });

const zpop: fc.Arbitrary<Step> = fc
  .tuple(fc.constantFrom('ZPOPMIN', 'ZPOPMAX'), keys, fc.option(fc.integer({ min: 0, max: 4 })))
  .map(([command, key, count]) => ({
    args: [command, key, ...(count === null ? [] : [count])],
    expect: (model) => {
      const entries = command === 'ZPOPMIN' ? entriesOf(model, key) : [...entriesOf(model, key)].reverse();
      const popped = entries.slice(0, count ?? 1);
      for (const e of popped) remove(model, key, e.member);
      return flat(popped, true);
    },
  }));

const keyCommands: fc.Arbitrary<Step> = fc
  .tuple(fc.constantFrom('DEL', 'EXISTS'), fc.array(keys, { minLength: 1, maxLength: 3 }))
  .map(([command, ks]) => ({
    args: [command, ...ks],
    expect: (model) => ks.filter((k) => (command === 'DEL' ? model.delete(k) : model.has(k))).length,
  }));

const steps = fc.oneof(
  { weight: 6, arbitrary: zadd },
  { weight: 2, arbitrary: zrem },
  { weight: 2, arbitrary: lookups },
  { weight: 1, arbitrary: zcount },
  { weight: 2, arbitrary: byRank },
  { weight: 3, arbitrary: byScore },
  { weight: 1, arbitrary: zpop },
  { weight: 1, arbitrary: keyCommands },
);

function outcome(redis: MemoryRedis, [command, ...args]: readonly [string, ...Arg[]]): Outcome {
  try {
    return redis.call(command, ...args);
  } catch (error) {
    if (error instanceof RedisError) return { error: error.message };
    throw error;
  }
}

/** outcome() through callArgs, the arguments in one array as a script bridge holds them. */
function outcomeOfArgs(redis: MemoryRedis, [command, ...args]: readonly [string, ...Arg[]]): Outcome {
  try {
    return redis.callArgs(command, args);
  } catch (error) {
    if (error instanceof RedisError) return { error: error.message };
    throw error;
  }
}

describe('MemoryRedis against a reference model', () => {
  it('gives the same replies for random command sequences', () => {
    fc.assert(
      fc.property(fc.array(steps, { maxLength: 80 }), (sequence) => {
        const redis = new MemoryRedis();
        const textOnly = new MemoryRedis();
        const model: Model = new Map();
        for (const step of sequence) {
          const expected = step.expect(model);
          expect(outcome(redis, step.args), JSON.stringify(step.args)).toEqual(expected);
          const asText = step.args.map((a) => (typeof a === 'number' ? luaNumberArg(a) : a)) as [string, ...Arg[]];
          expect(outcomeOfArgs(textOnly, asText), JSON.stringify(asText)).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('ends ZADD options exactly where the keyword compares end them (the length check first)', () => {
    const keywords = ['NX', 'XX', 'CH', 'INCR', 'GT', 'LT'];
    const spelled = fc.oneof(
      fc.constantFrom(...keywords, 'INC', 'INCRX', 'ınCR', 'N\u212A', 'nx\0', '1e3', '+1'),
      fc.string({ maxLength: 5 }),
    );
    const option = fc
      .tuple(spelled, fc.array(fc.boolean(), { maxLength: 5 }))
      .map(([text, lower]) => [...text].map((c, i) => (lower[i] ? c.toLowerCase() : c)).join(''));
    fc.assert(
      fc.property(option, (text) => {
        // one option, then one pair: an option leaves a valid ZADD; anything else is a score, and an odd count is a syntax error
        const isOption = keywords.some((keyword) => isKeyword(text, keyword));
        const reply = outcome(new MemoryRedis(), ['ZADD', 'k', text, '1', 'm']);
        if (isOption) expect(reply, text).not.toEqual({ error: SYNTAX_ERROR });
        else expect(reply, text).toEqual({ error: SYNTAX_ERROR });
      }),
      { numRuns: 1000 },
    );
  });

  it('reads any double argument exactly as its luaNumberArg text', () => {
    const anyDouble = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, NaN, 2 ** 53, 2 ** 60, 1e17, 5e-324));
    fc.assert(
      fc.property(anyDouble, anyDouble, anyDouble, (x, y, z) => {
        const commands: Array<[string, ...Arg[]]> = [
          ['ZADD', 'k', x, 'm'],
          ['ZADD', 'k', 'INCR', y, 'm'],
          ['ZCOUNT', 'k', x, y],
          ['ZRANGEBYSCORE', 'k', y, z, 'LIMIT', x, 1],
          ['ZRANGE', 'k', x, y],
          ['ZPOPMIN', 'j', z],
          ['ZADD', 'j', 1, x, 2, y],
          ['ZRANGE', 'j', 0, -1, 'WITHSCORES'],
        ];
        const redis = new MemoryRedis();
        const textOnly = new MemoryRedis();
        for (const args of commands) {
          const asText = args.map((a) => (typeof a === 'number' ? luaNumberArg(a) : a)) as [string, ...Arg[]];
          expect(outcome(redis, args), JSON.stringify(args)).toEqual(outcome(textOnly, asText));
        }
      }),
      { numRuns: 500 },
    );
  });
});

// ---- ZREM of promote-like batches: head runs, almost head runs, on sets of either encoding ----

/** A set as the reference keeps it: entries in Redis order, and whether Redis still holds it as a listpack. */
interface RefSet {
  entries: Entry[];
  listpack: boolean;
}

const order = (a: Entry, b: Entry): number => (a.score < b.score ? -1 : a.score > b.score ? 1 : byteOrder(a.member, b.member));
const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8');

/** ZADD of one new-or-existing member, with Redis 7.0's encoding rules (keyspace.ts) written out plainly. */
function refAdd(ref: RefSet | undefined, member: string, score: number): RefSet {
  const set = ref ?? { entries: [], listpack: utf8Length(member) <= 64 };
  const at = set.entries.findIndex((e) => e.member === member);
  if (at >= 0 && set.entries[at]!.score === score) return set;
  if (at < 0 && set.listpack && (set.entries.length + 1 > 128 || utf8Length(member) > 64)) set.listpack = false;
  if (at >= 0) set.entries.splice(at, 1);
  set.entries.push({ member, score: set.listpack && score === 0 ? 0 : score });
  set.entries.sort(order);
  return set;
}

describe('MemoryRedis ZREM of head runs against a reference model', () => {
  // one member in the pool is longer than 64 bytes: a set that takes it is a skiplist from then on
  const memberOf = (n: number): string => (n === 400 ? `long-${'x'.repeat(70)}` : `job:${n}`);
  const scoreOf = fc.oneof(
    fc.constantFrom(0, -0, 1, 7358400000000000, 7358400000004095, -Infinity, Infinity),
    fc.integer({ min: -3, max: 3 }),
  );

  it('gives the same replies, sets, -0 handling and key deletion for batches that are, or almost are, the head run', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(400), scoreOf), { minLength: 1, maxLength: 300, size: 'max' }),
        fc.array(fc.tuple(listKindArb, fc.nat(320), fc.array(fc.nat(1000), { minLength: 1, maxLength: 6 }), fc.nat(400)), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.boolean(),
        (pairs, batches, asText) => {
          const redis = new MemoryRedis();
          let ref: RefSet | undefined;
          const add = (n: number, score: number): void => {
            const member = memberOf(n);
            const isNew = ref?.entries.every((e) => e.member !== member) ?? true;
            expect(redis.call('ZADD', 'k', asText ? luaNumberArg(score) : score, member)).toBe(isNew ? 1 : 0);
            ref = refAdd(ref, member, score);
          };
          const same = (): void => {
            expect(redis.call('ZRANGE', 'k', 0, -1, 'WITHSCORES')).toEqual(flat(ref?.entries ?? [], true));
            expect(redis.call('EXISTS', 'k')).toBe(ref === undefined ? 0 : 1);
          };
          for (const [n, score] of pairs) add(n, score);
          same();
          for (const [kind, length, pick, next] of batches) {
            const list = zremList(
              (ref?.entries ?? []).map((e) => e.member),
              kind,
              length,
              pick,
            );
            if (list.length === 0) continue;
            const present = new Set(list.filter((m) => ref?.entries.some((e) => e.member === m)));
            expect(redis.call('ZREM', 'k', ...list)).toBe(present.size);
            if (ref !== undefined) {
              ref.entries = ref.entries.filter((e) => !present.has(e.member));
              if (ref.entries.length === 0) ref = undefined;
            }
            same();
            // the set goes on after the cut: a -0 shows whether it is still a listpack
            add(next, -0);
            same();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 30_000);
});
