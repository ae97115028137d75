import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listKindArb, zremList } from './zremLists.ts';
import { compareMembers } from './memberOrder.ts';
import { SortedSet, type ScoreRange, type ZEntry } from './sortedSet.ts';

const range = (min: number, max: number, minExclusive = false, maxExclusive = false): ScoreRange => ({
  min,
  max,
  minExclusive,
  maxExclusive,
});
const all = (set: SortedSet): ZEntry[] => (set.size === 0 ? [] : set.rangeByRank(0, set.size - 1));
const members = (set: SortedSet): string[] => all(set).map((e) => e.member);

const filled = (pairs: Array<[string, number]>): SortedSet => {
  const set = new SortedSet();
  for (const [member, score] of pairs) set.set(member, score);
  return set;
};

describe('SortedSet on an empty set', () => {
  const set = new SortedSet();
  it('answers every query with nothing', () => {
    expect(set.size).toBe(0);
    expect(set.score('a')).toBeUndefined();
    expect(set.rank('a')).toBeUndefined();
    expect(set.at(0)).toBeUndefined();
    expect(set.rangeByRank(0, 10)).toEqual([]);
    expect(set.firstRankInRange(range(-Infinity, Infinity))).toBe(-1);
    expect(set.lastRankInRange(range(-Infinity, Infinity))).toBe(-1);
    expect([...set.entriesFrom(0, 1)]).toEqual([]);
    expect(set.delete('a')).toBe(false);
  });
});

describe('SortedSet with one member', () => {
  it('inserts, finds and removes it', () => {
    const set = new SortedSet();
    expect(set.set('job', 5)).toBe(true);
    expect(set.size).toBe(1);
    expect(set.score('job')).toBe(5);
    expect(set.rank('job')).toBe(0);
    expect(set.at(0)).toEqual({ member: 'job', score: 5 });
    expect(set.at(1)).toBeUndefined();
    expect(set.at(-1)).toBeUndefined();
    expect(set.firstRankInRange(range(5, 5))).toBe(0);
    expect(set.lastRankInRange(range(5, 5))).toBe(0);
    expect(set.firstRankInRange(range(5, 6, true))).toBe(-1);
    expect(set.lastRankInRange(range(4, 5, false, true))).toBe(-1);
    expect(set.delete('job')).toBe(true);
    expect(set.size).toBe(0);
    expect(set.score('job')).toBeUndefined();
    expect(set.delete('job')).toBe(false);
  });

  it('reports an update as not new', () => {
    const set = new SortedSet();
    set.set('job', 5);
    expect(set.set('job', 7)).toBe(false);
    expect(set.score('job')).toBe(7);
    expect(set.size).toBe(1);
  });
});

describe('SortedSet order', () => {
  it('orders by score, then by member bytes', () => {
    const set = filled([
      ['9', 1],
      ['10', 1],
      ['11', 1],
      ['a', 0],
      ['z', -1],
    ]);
    expect(members(set)).toEqual(['z', 'a', '10', '11', '9']);
    expect(set.rank('9')).toBe(4);
    expect(set.rank('10')).toBe(2);
  });

  it('uses UTF-8 byte order for ties, not UTF-16 code units', () => {
    const set = filled([
      ['\u{1F600}', 0],
      ['\uFFFD', 0],
    ]);
    expect(members(set)).toEqual(['\uFFFD', '\u{1F600}']);
  });

  it('treats -0 and 0 as the same score and orders them by member', () => {
    const set = filled([
      ['b', -0],
      ['a', 0],
      ['c', -0],
    ]);
    expect(members(set)).toEqual(['a', 'b', 'c']);
    expect(Object.is(set.score('b'), -0)).toBe(true);
    expect(set.firstRankInRange(range(0, 0))).toBe(0);
    expect(set.lastRankInRange(range(-0, -0))).toBe(2);
    expect(set.firstRankInRange(range(0, 1, true))).toBe(-1);
  });

  it('keeps -0 when set to 0, as zsetAdd compares the doubles', () => {
    const set = filled([['a', -0]]);
    expect(set.set('a', 0)).toBe(false);
    expect(Object.is(set.score('a'), -0)).toBe(true);
  });

  it('holds infinities at the ends', () => {
    const set = filled([
      ['top', Infinity],
      ['mid', 0],
      ['bottom', -Infinity],
    ]);
    expect(members(set)).toEqual(['bottom', 'mid', 'top']);
    expect(set.firstRankInRange(range(-Infinity, -Infinity))).toBe(0);
    expect(set.lastRankInRange(range(Infinity, Infinity))).toBe(2);
    expect(set.firstRankInRange(range(-Infinity, Infinity, true, true))).toBe(1);
    expect(set.lastRankInRange(range(-Infinity, Infinity, true, true))).toBe(1);
  });

  it('refuses NaN', () => {
    expect(() => new SortedSet().set('a', NaN)).toThrow(RangeError);
  });
});

describe('SortedSet.set moving a member', () => {
  it('moves it past its neighbours', () => {
    const set = filled([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    set.set('a', 4);
    expect(members(set)).toEqual(['b', 'c', 'a']);
    set.set('a', 0);
    expect(members(set)).toEqual(['a', 'b', 'c']);
    set.set('c', 2);
    expect(members(set)).toEqual(['a', 'b', 'c']);
    set.set('b', 2.5);
    expect(members(set)).toEqual(['a', 'c', 'b']);
    expect(all(set).map((e) => e.score)).toEqual([0, 2, 2.5]);
  });

  it('updates in place when the order is kept, with ranks intact', () => {
    const set = filled([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    set.set('b', 2.9);
    expect(set.rank('b')).toBe(1);
    expect(set.at(1)).toEqual({ member: 'b', score: 2.9 });
    expect(set.firstRankInRange(range(2.5, 10))).toBe(1);
  });
});

describe('SortedSet after a range search (the search finger)', () => {
  const band = (minScore: number) => range(minScore, minScore + 4095);

  it('inserts just above the band highest, as getDelayedScore does, and elsewhere too', () => {
    const set = new SortedSet(4);
    for (let i = 0; i < 300; i++) set.set(`job${i}`, (i % 50) * 4096 + Math.floor(i / 50));
    const rank = set.lastRankInRange(band(7 * 4096));
    const highest = set.at(rank)!;
    expect(highest.score).toBe(7 * 4096 + 5);
    set.set('next', highest.score + 1);
    expect(set.rank('next')).toBe(rank + 1);
    set.lastRankInRange(band(7 * 4096));
    set.set('far', -1); // the path from the search does not fit here: a full descent
    expect(set.rank('far')).toBe(0);
    set.firstRankInRange(band(9 * 4096));
    set.set('tie', 9 * 4096); // equal score: placed by member among job ids
    const entries = all(set);
    entries.forEach((e, i) => expect(set.rank(e.member)).toBe(i));
    for (let i = 1; i < entries.length; i++) expect(order(entries[i - 1]!, entries[i]!)).toBeLessThan(0);
  });

  it('answers at() of the found rank, and forgets it once the set changes', () => {
    const set = filled([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(set.firstRankInRange(range(2, 3))).toBe(1);
    expect(set.at(1)).toEqual({ member: 'b', score: 2 });
    set.delete('a');
    expect(set.at(1)).toEqual({ member: 'c', score: 3 });
  });
});

describe('SortedSet score ranges', () => {
  const set = filled([
    ['a', 1],
    ['b', 2],
    ['c', 2],
    ['d', 3],
    ['e', 5],
  ]);

  it('finds the first and last rank inside inclusive and exclusive bounds', () => {
    expect(set.firstRankInRange(range(2, 3))).toBe(1);
    expect(set.lastRankInRange(range(2, 3))).toBe(3);
    expect(set.firstRankInRange(range(2, 3, true))).toBe(3);
    expect(set.lastRankInRange(range(2, 3, false, true))).toBe(2);
    expect(set.firstRankInRange(range(3.5, 4.5))).toBe(-1);
    expect(set.lastRankInRange(range(3.5, 4.5))).toBe(-1);
    expect(set.firstRankInRange(range(-Infinity, 0))).toBe(-1);
    expect(set.lastRankInRange(range(6, Infinity))).toBe(-1);
  });

  it('treats min > max, and min == max with an exclusive end, as empty', () => {
    expect(set.firstRankInRange(range(3, 2))).toBe(-1);
    expect(set.lastRankInRange(range(3, 2))).toBe(-1);
    expect(set.firstRankInRange(range(2, 2, true))).toBe(-1);
    expect(set.lastRankInRange(range(2, 2, false, true))).toBe(-1);
  });

  it('returns rank slices and clamps their ends', () => {
    expect(set.rangeByRank(1, 2).map((e) => e.member)).toEqual(['b', 'c']);
    expect(set.rangeByRank(3, 99).map((e) => e.member)).toEqual(['d', 'e']);
    expect(set.rangeByRank(4, 4)).toEqual([{ member: 'e', score: 5 }]);
    expect(set.rangeByRank(5, 9)).toEqual([]);
  });
});

describe('SortedSet.entriesFrom', () => {
  const set = filled([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);

  it('walks forward and backward from a rank, lazily', () => {
    expect([...set.entriesFrom(1, 1)].map((e) => e.member)).toEqual(['b', 'c']);
    expect([...set.entriesFrom(1, -1)].map((e) => e.member)).toEqual(['b', 'a']);
    expect([...set.entriesFrom(2, -1)].map((e) => e.member)).toEqual(['c', 'b', 'a']);
    expect([...set.entriesFrom(3, 1)]).toEqual([]);
    expect([...set.entriesFrom(-1, 1)]).toEqual([]);
    const walk = set.entriesFrom(0, 1);
    expect(walk.next().value).toEqual({ member: 'a', score: 1 });
  });

  it('throws when the set changes during the walk', () => {
    const local = filled([
      ['a', 1],
      ['b', 2],
    ]);
    const walk = local.entriesFrom(0, 1);
    walk.next();
    local.delete('b');
    expect(() => walk.next()).toThrow(/changed/);
  });

  it('is read in place through cursorAt, which refuses to be read past its end or after a change', () => {
    const cursor = set.cursorAt(2, -1);
    const seen: string[] = [];
    for (; !cursor.done; cursor.advance()) seen.push(`${cursor.member}=${cursor.score}`);
    expect(seen).toEqual(['c=3', 'b=2', 'a=1']);
    expect(() => cursor.member).toThrow(RangeError);
    expect(set.cursorAt(3, 1).done).toBe(true);
    const local = filled([['a', 1]]);
    const stale = local.cursorAt(0, 1);
    local.set('b', 2);
    expect(() => stale.score).toThrow(/changed/);
  });
});

describe('SortedSet on a large set', () => {
  it('keeps ranks right across many inserts and deletes', () => {
    const set = new SortedSet(7);
    const n = 5000;
    for (let i = 0; i < n; i++) set.set(`job${i}`, (i * 7919) % n);
    for (let i = 0; i < n; i += 3) set.delete(`job${i}`);
    const entries = all(set);
    expect(entries.length).toBe(set.size);
    for (let r = 0; r < entries.length; r += 97) {
      const entry = entries[r]!;
      expect(set.rank(entry.member)).toBe(r);
      expect(set.at(r)).toEqual(entry);
    }
    for (let r = 1; r < entries.length; r++) expect(entries[r - 1]!.score).toBeLessThan(entries[r]!.score);
    set.checkStructure();
  });

  it('grows and shrinks through many levels with a small capacity, from the head as promote does', () => {
    const set = new SortedSet(4);
    const n = 3000;
    for (let i = 0; i < n; i++) set.set(`job${i}`, (i * 7919) % 1000);
    const expected = all(set);
    let removed = 0;
    while (set.size > 0) {
      const batch = set.rangeByRank(0, Math.min(set.size, 37) - 1);
      for (const entry of batch) expect(set.delete(entry.member)).toBe(true);
      removed += batch.length;
      expect(set.at(0)).toEqual(expected[removed]);
      if (set.size > 0) expect(set.rank(expected[n - 1]!.member)).toBe(n - 1 - removed);
      expect([...set.entriesFrom(set.size - 1, -1)].length).toBe(set.size);
      set.checkStructure();
    }
    expect(set.rangeByRank(0, 10)).toEqual([]);
    expect(set.firstRankInRange(range(-Infinity, Infinity))).toBe(-1);
  });

  it('refuses a capacity below 4', () => {
    expect(() => new SortedSet(3)).toThrow(RangeError);
    expect(() => new SortedSet(4.5)).toThrow(RangeError);
  });
});

describe('SortedSet.deleteMembers (ZREM of many)', () => {
  it('takes a head run off in one pass, whole leaves and all, down to an empty set', () => {
    const set = new SortedSet(4);
    const n = 3000;
    for (let i = 0; i < n; i++) set.set(`job${i}`, (i * 7919) % 1000);
    const expected = members(set);
    let removed = 0;
    for (const size of [1, 37, 5, 400, 2, 1000]) {
      const batch = expected.slice(removed, removed + size);
      expect(set.deleteMembers(batch)).toBe(batch.length);
      removed += batch.length;
      set.checkStructure();
      expect(set.size).toBe(n - removed);
      expect(set.at(0)?.member).toBe(expected[removed]);
      expect(set.rank(expected[n - 1]!)).toBe(n - 1 - removed);
      for (const member of batch) expect(set.score(member)).toBeUndefined();
    }
    expect(set.deleteMembers(expected.slice(removed))).toBe(n - removed);
    expect(set.size).toBe(0);
    set.checkStructure();
    expect(set.rangeByRank(0, 10)).toEqual([]);
    // the emptied set works as a new one
    expect(set.set('again', 1)).toBe(true);
    expect(members(set)).toEqual(['again']);
  });

  it('counts a member listed twice once and a member not there not at all', () => {
    const set = filled([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    expect(set.deleteMembers(['a', 'b', 'a', 'x', 'b', 'd'])).toBe(3);
    expect(members(set)).toEqual(['c']);
    expect(set.deleteMembers([])).toBe(0);
    expect(set.deleteMembers(['x'])).toBe(0);
    expect(members(set)).toEqual(['c']);
  });
});

// ---- property test: ZREM's head-run path against the member-by-member path ----

describe('SortedSet.deleteMembers against delete() member by member', () => {
  it('leaves identical sets and counts for random sets and lists that are, or almost are, a head run', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(400), scoreArb), { maxLength: 500, size: 'max' }),
        fc.array(fc.tuple(listKindArb, fc.nat(600), fc.array(fc.nat(1000), { minLength: 1, maxLength: 8 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 4, max: 12 }),
        (pairs, lists, capacity) => {
          const fast = new SortedSet(capacity);
          const general = new SortedSet(capacity);
          for (const [m, score] of pairs) {
            fast.set(`m${m}`, score);
            general.set(`m${m}`, score);
          }
          for (const [kind, length, pick] of lists) {
            const list = zremList(members(general), kind, length, pick);
            let removed = 0;
            for (const member of list) if (general.delete(member)) removed++;
            expect(fast.deleteMembers(list)).toBe(removed);
            fast.checkStructure();
            const got = all(fast);
            const want = all(general);
            expect(got.length).toBe(want.length);
            got.forEach((e, i) => expect(same(e, want[i])).toBe(true));
            for (const member of list) expect(fast.score(member)).toBeUndefined();
            // the set goes on working: ranks from the index, and a write after the cut
            if (want.length > 0) expect(fast.rank(want[want.length - 1]!.member)).toBe(want.length - 1);
            fast.set('after', 1);
            general.set('after', 1);
            expect(fast.rank('after')).toBe(general.rank('after'));
          }
        },
      ),
      { numRuns: 80 },
    );
  }, 30_000);
});

// ---- property test: random operation sequences against a plain sorted array ----

const order = (a: ZEntry, b: ZEntry): number =>
  a.score < b.score ? -1 : a.score > b.score ? 1 : compareMembers(a.member, b.member);

class ArraySet {
  entries: ZEntry[] = [];
  set(member: string, score: number): boolean {
    const at = this.entries.findIndex((e) => e.member === member);
    if (at >= 0 && this.entries[at]!.score === score) return false;
    if (at >= 0) this.entries.splice(at, 1);
    this.entries.push({ member, score });
    this.entries.sort(order);
    return at < 0;
  }
  delete(member: string): boolean {
    const at = this.entries.findIndex((e) => e.member === member);
    if (at >= 0) this.entries.splice(at, 1);
    return at >= 0;
  }
  inRange(score: number, r: ScoreRange): boolean {
    return (r.minExclusive ? score > r.min : score >= r.min) && (r.maxExclusive ? score < r.max : score <= r.max);
  }
  first(r: ScoreRange): number {
    return this.entries.findIndex((e) => this.inRange(e.score, r));
  }
  last(r: ScoreRange): number {
    return this.entries.findLastIndex((e) => this.inRange(e.score, r));
  }
}

const scoreArb = fc.oneof(
  fc.constantFrom(-Infinity, -0, 0, 1, 1.5, 2, 3, 2 ** 53, Infinity),
  fc.double({ noNaN: true }),
  fc.integer({ min: -5, max: 5 }),
);
const memberArb = fc.oneof(
  fc.constantFrom('a', 'b', 'c', '1', '10', '9', '', '\u{1F600}', '\uFFFD'),
  fc.string({ maxLength: 3 }),
);
const rangeArb = fc.record({ min: scoreArb, max: scoreArb, minExclusive: fc.boolean(), maxExclusive: fc.boolean() });
const opArb = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.constant('set' as const), memberArb, scoreArb) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('delete' as const), memberArb) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('score' as const), memberArb) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('rank' as const), memberArb) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('at' as const), fc.integer({ min: -1, max: 160 })) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('range' as const), fc.integer({ min: 0, max: 160 }), fc.nat(160)) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('first' as const), rangeArb) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('last' as const), rangeArb) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constant('walk' as const),
      fc.integer({ min: -1, max: 160 }),
      fc.constantFrom(1 as const, -1 as const),
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constant('bulk' as const), fc.nat(150), fc.integer({ min: -3, max: 3 })) },
  // ZADD then ZRANK of the member (the put finger), sometimes with a range search between (which moves the path)
  { weight: 3, arbitrary: fc.tuple(fc.constant('setRank' as const), memberArb, scoreArb, fc.option(rangeArb)) },
);

/** Entries compared with Object.is on scores, so -0 against 0 counts as a difference. */
const same = (a: ZEntry | undefined, b: ZEntry | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.member === b.member && Object.is(a.score, b.score));

describe('SortedSet against a sorted-array reference', () => {
  it('gives identical answers for every method on random operation sequences', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), fc.integer({ min: 4, max: 16 }), (ops, capacity) => {
        // small leaves and branches, so that a few hundred entries already make a deep tree
        const set = new SortedSet(capacity);
        const ref = new ArraySet();
        for (const op of ops) {
          switch (op[0]) {
            case 'bulk':
              // many members at once, so the list grows the higher levels the other ops then exercise
              for (let k = 0; k < op[1]; k++) {
                const member = `m${(k * 37) % 101}`;
                const score = op[2] + ((k * 13) % 5);
                expect(set.set(member, score)).toBe(ref.set(member, score));
              }
              break;
            case 'set':
              expect(set.set(op[1], op[2])).toBe(ref.set(op[1], op[2]));
              break;
            case 'setRank': {
              const [, member, score, search] = op as [string, string, number, ScoreRange | null];
              expect(set.set(member, score)).toBe(ref.set(member, score));
              if (search !== null) expect(set.lastRankInRange(search)).toBe(ref.last(search));
              expect(set.rank(member)).toBe(ref.entries.findIndex((e) => e.member === member));
              break;
            }
            case 'delete':
              expect(set.delete(op[1])).toBe(ref.delete(op[1]));
              break;
            case 'score':
              expect(Object.is(set.score(op[1]), ref.entries.find((e) => e.member === op[1])?.score)).toBe(true);
              break;
            case 'rank': {
              const at = ref.entries.findIndex((e) => e.member === op[1]);
              expect(set.rank(op[1])).toBe(at < 0 ? undefined : at);
              break;
            }
            case 'at':
              expect(same(set.at(op[1]), ref.entries[op[1]])).toBe(true);
              break;
            case 'range': {
              const start = Math.min(op[1], op[2]);
              const end = Math.max(op[1], op[2]);
              const got = set.rangeByRank(start, end);
              const want = ref.entries.slice(start, end + 1);
              expect(got.length).toBe(want.length);
              got.forEach((e, i) => expect(same(e, want[i])).toBe(true));
              break;
            }
            case 'first':
              expect(set.firstRankInRange(op[1])).toBe(ref.first(op[1]));
              break;
            case 'last':
              expect(set.lastRankInRange(op[1])).toBe(ref.last(op[1]));
              break;
            case 'walk': {
              const [, rank, direction] = op;
              const got = [...set.entriesFrom(rank, direction)];
              const inside = rank >= 0 && rank < ref.entries.length;
              const want = !inside ? [] : direction === 1 ? ref.entries.slice(rank) : ref.entries.slice(0, rank + 1).reverse();
              expect(got.length).toBe(want.length);
              got.forEach((e, i) => expect(same(e, want[i])).toBe(true));
              break;
            }
          }
          expect(set.size).toBe(ref.entries.length);
        }
        set.checkStructure();
        const whole = all(set);
        expect(whole.length).toBe(ref.entries.length);
        whole.forEach((e, i) => {
          expect(same(e, ref.entries[i])).toBe(true);
          expect(set.rank(e.member)).toBe(i);
        });
      }),
      { numRuns: 600 },
    );
  });
});
