import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MemberIndex, memberHash } from './memberIndex.ts';

/** What the owner keeps of each member: its slot in the index, and its score (as a leaf keeps them). */
interface Kept {
  slot: number;
  score: number;
}

/** An owner as SortedSet is one: it remembers each member's slot and moves them when the index rebuilds. */
function owned(): { index: MemberIndex; slots: Map<string, Kept> } {
  const slots = new Map<string, Kept>();
  const index = new MemberIndex((move) => {
    for (const [member, kept] of slots) kept.slot = move(kept.slot, member, kept.score);
  });
  return { index, slots };
}

/** The owner's way to write through the index. */
function put(index: MemberIndex, slots: Map<string, Kept>, member: string, score: number): void {
  const slot = index.find(member);
  if (slot >= 0) {
    index.setScore(slot, score);
    slots.get(member)!.score = score;
  } else {
    const added = index.add(member, score);
    slots.set(member, { slot: added, score });
  }
}

function remove(index: MemberIndex, slots: Map<string, Kept>, member: string): boolean {
  const slot = index.find(member);
  if (slot < 0) return false;
  expect(slots.get(member)?.slot).toBe(slot);
  index.remove(slot);
  slots.delete(member);
  index.shrink();
  return true;
}

describe('MemberIndex', () => {
  it('finds, adds, rescores and removes members, the empty member and colliding slots included', () => {
    const { index, slots } = owned();
    expect(index.find('a')).toBe(-1);
    put(index, slots, 'a', 1);
    put(index, slots, '', -0);
    put(index, slots, 'a', 2);
    expect(index.size).toBe(2);
    expect(index.score(index.find('a'))).toBe(2);
    expect(Object.is(index.score(index.find('')), -0)).toBe(true);
    expect(index.member(index.find(''))).toBe('');
    expect(remove(index, slots, 'a')).toBe(true);
    expect(remove(index, slots, 'a')).toBe(false);
    expect(index.find('a')).toBe(-1);
    expect(index.size).toBe(1);
    index.checkStructure();
  });

  it('grows through rebuilds and shrinks back, moving every slot the owner remembers', () => {
    const { index, slots } = owned();
    for (let i = 0; i < 5000; i++) put(index, slots, `job:${i}`, i);
    index.checkStructure();
    for (const [member, kept] of slots) expect(index.member(kept.slot)).toBe(member);
    for (let i = 0; i < 4990; i++) remove(index, slots, `job:${i}`);
    index.checkStructure();
    expect(index.size).toBe(10);
    for (const [member, kept] of slots) expect(index.score(kept.slot)).toBe(Number(member.slice(4)));
    index.clear();
    expect(index.size).toBe(0);
    expect(index.find('job:4999')).toBe(-1);
    index.checkStructure();
  });

  it('never hashes a member to the empty or free tag', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (member) => {
        const hash = memberHash(member);
        expect(hash !== 0 && hash !== 1 && hash === (hash | 0)).toBe(true);
      }),
    );
  });
});

const memberArb = fc.oneof(
  fc.constantFrom('', 'a', 'b', 'job:1', 'job:10', '\u{1F600}', '\uD800'),
  fc.string({ maxLength: 4 }),
  fc.nat(300).map((n) => `m${n}`),
);
const opArb = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constant('put' as const), memberArb, fc.double({ noNaN: true })) },
  { weight: 4, arbitrary: fc.tuple(fc.constant('remove' as const), memberArb) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('get' as const), memberArb) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('bulk' as const), fc.nat(200), fc.boolean()) },
  { weight: 1, arbitrary: fc.constant(['clear'] as const) },
);

describe('MemberIndex against a Map', () => {
  it('holds the same members with the same scores after random operations', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200, size: 'max' }), (ops) => {
        const { index, slots } = owned();
        const map = new Map<string, number>();
        for (const op of ops) {
          switch (op[0]) {
            case 'put':
              put(index, slots, op[1], op[2]);
              map.set(op[1], op[2]);
              break;
            case 'remove':
              expect(remove(index, slots, op[1])).toBe(map.delete(op[1]));
              break;
            case 'get': {
              const slot = index.find(op[1]);
              expect(slot >= 0).toBe(map.has(op[1]));
              if (slot >= 0) expect(Object.is(index.score(slot), map.get(op[1]))).toBe(true);
              break;
            }
            case 'bulk':
              // many members in, or the first of them out again: rebuilds up and down
              for (let k = 0; k < op[1]; k++) {
                if (op[2]) {
                  put(index, slots, `m${k}`, k);
                  map.set(`m${k}`, k);
                } else expect(remove(index, slots, `m${k}`)).toBe(map.delete(`m${k}`));
              }
              break;
            case 'clear':
              index.clear();
              slots.clear();
              map.clear();
              break;
          }
          expect(index.size).toBe(map.size);
        }
        index.checkStructure();
        for (const [member, score] of map) {
          const slot = index.find(member);
          expect(slot).toBe(slots.get(member)?.slot);
          expect(index.member(slot)).toBe(member);
          expect(Object.is(index.score(slot), score)).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  }, 30_000);
});
