import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { setChanges, noChange } from './liveChanges.ts';
import type { ReadMember, SetRead } from './liveChanges.ts';

const T = Date.UTC(2026, 10, 30, 12, 1);
/** A member firing at `fireTime` in slot `slot` (BullMQ's band score). */
const at = (member: string, fireTime: number, slot = 0): ReadMember => {
  const score = fireTime * 0x1000 + slot;
  return { member, score, scoreText: String(score) };
};
const bySetOrder = (a: ReadMember, b: ReadMember) =>
  a.score! - b.score! || (a.member < b.member ? -1 : a.member > b.member ? 1 : 0);
/** The first `limit` members of a set (in set order), as the panel reads its head. */
const head = (members: readonly ReadMember[], limit = Infinity): SetRead => {
  const rows = [...members].sort(bySetOrder);
  return { rows: rows.slice(0, limit), size: rows.length };
};
const names = (rows: readonly { member: string }[]) => rows.map((r) => r.member).sort();

describe('setChanges', () => {
  it('splits the gone by whether they were due at the newer read’s now, and finds the added and the moved', () => {
    const before = head([at('1', T - 5), at('2', T), at('3', T + 1), at('4', T + 10), at('5', T + 20)]);
    // 1 and 2 were due at T (every slot of ms T is due), 3 was not; 6 added; 5 pushed back (a retry)
    const after = head([at('4', T + 10), at('5', T + 60_000), at('6', T + 30)]);
    const changes = setChanges(before, after, T);
    expect(names(changes.goneDue)).toEqual(['1', '2']);
    expect(names(changes.goneNotDue)).toEqual(['3']);
    expect(names(changes.added)).toEqual(['6']);
    expect(changes.moved.map((m) => [m.member, m.from.score, m.to.score])).toEqual([
      ['5', (T + 20) * 0x1000, (T + 60_000) * 0x1000],
    ]);
    expect(changes.horizon).toBeNull();
  });

  it('takes the last slot of now as due and the first of now + 1 as not (dueBound)', () => {
    const before = head([at('a', T, 0xfff), at('b', T + 1, 0)]);
    const changes = setChanges(before, head([]), T);
    expect(names(changes.goneDue)).toEqual(['a']);
    expect(names(changes.goneNotDue)).toEqual(['b']);
  });

  it('compares partial reads only below the last score either reached', () => {
    // the older read stopped at T + 2, the newer at T + 4: nothing from T + 2 on is gone or added
    const before = head([at('1', T), at('2', T + 1), at('3', T + 2), at('9', T + 9)], 3);
    const after = head([at('2', T + 1), at('4', T + 3), at('5', T + 4), at('6', T + 5), at('9', T + 9)], 3);
    const changes = setChanges(before, after, T);
    expect(names(changes.goneDue)).toEqual(['1']);
    expect(changes.added).toEqual([]);
    expect(changes.goneNotDue).toEqual([]);
    expect(changes.horizon).toBe((T + 2) * 0x1000);
  });

  it('says when the newer read held only the head: a member it lacks may have moved past its end', () => {
    // 2 moved from T + 1 to T + 50, past where the newer read of 2 members stopped: gone, as far as it shows
    const before = head([at('1', T + 1), at('2', T + 1, 1), at('3', T + 3)]);
    const partial = setChanges(before, head([at('1', T + 1), at('3', T + 3), at('2', T + 50)], 2), T);
    expect(names(partial.goneNotDue)).toEqual(['2']);
    expect(partial.newerPartial).toBe(true);
    // read whole, the same move is a move, and a member lacking is gone for sure
    const whole = setChanges(before, head([at('1', T + 1), at('3', T + 3), at('2', T + 50)]), T);
    expect([whole.goneNotDue, whole.moved.map((m) => m.member), whole.newerPartial]).toEqual([[], ['2'], false]);
    // only the older read partial: what the newer lacks below the horizon was removed
    expect(setChanges(head([at('1', T + 1), at('2', T + 2), at('3', T + 3)], 2), head([at('2', T + 2)]), T).newerPartial).toBe(
      false,
    );
  });

  it('property: against the true change of two whole sets, restricted to what both heads reached (a member moved past a head’s end reads as gone or added)', () => {
    const member = fc.integer({ min: 1, max: 60 }).map(String);
    const set = fc.uniqueArray(fc.tuple(member, fc.integer({ min: 0, max: 40 })), { selector: ([m]) => m, maxLength: 40 });
    fc.assert(
      fc.property(
        set,
        set,
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 0, max: 40 }),
        (a, b, la, lb, now) => {
          const older = a.map(([m, ms]) => at(m, T + ms));
          const newer = b.map(([m, ms]) => at(m, T + ms));
          const before = head(older, la);
          const after = head(newer, lb);
          const changes = setChanges(before, after, T + now);
          const horizon = changes.horizon ?? Infinity;
          const inNew = new Map(newer.map((r) => [r.member, r]));
          const inOld = new Map(older.map((r) => [r.member, r]));
          const read = (r: SetRead) => new Set(r.rows.map((x) => x.member));
          const readBefore = read(before);
          const readAfter = read(after);
          const reportedGone = [...changes.goneDue, ...changes.goneNotDue];
          // every member truly gone that both heads reached is reported...
          const gone = older.filter((r) => readBefore.has(r.member) && !inNew.has(r.member) && r.score! < horizon);
          expect(names(reportedGone)).toEqual(expect.arrayContaining(names(gone)));
          // ...and a reported one is gone, or moved to where the newer head did not reach
          expect(reportedGone.every((r) => r.score! < horizon && !readAfter.has(r.member))).toBe(true);
          expect(changes.goneDue.every((r) => r.score! <= (T + now + 1) * 0x1000 - 1)).toBe(true);
          expect(changes.goneNotDue.every((r) => r.score! > (T + now + 1) * 0x1000 - 1)).toBe(true);
          // the same for added: new, or moved in from where the older head did not reach
          const added = newer.filter((r) => readAfter.has(r.member) && !inOld.has(r.member) && r.score! < horizon);
          expect(names(changes.added)).toEqual(expect.arrayContaining(names(added)));
          expect(changes.added.every((r) => r.score! < horizon && !readBefore.has(r.member))).toBe(true);
          // nothing at or past the horizon is called gone or added
          expect([...reportedGone, ...changes.added].every((r) => r.score! < horizon)).toBe(true);
          // moved: read both times, with another score
          const moved = older.filter(
            (r) => readBefore.has(r.member) && readAfter.has(r.member) && inNew.get(r.member)!.score !== r.score,
          );
          expect(names(changes.moved)).toEqual(names(moved));
          expect(noChange(setChanges(after, after, T + now))).toBe(true);
        },
      ),
    );
  });
});
