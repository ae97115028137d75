import { describe, expect, it } from 'vitest';
import { CLIFF_FIRE_TIME, bandOf } from '../../model/protocol/score.ts';
import { bandStrip, busiestBand, decodeLiveSet, liveBand, liveSetAs } from './live.ts';

const T = Date.UTC(2026, 10, 30, 12);
const { minScore, maxScore } = bandOf(T);
const cliff = bandOf(CLIFF_FIRE_TIME + 7).minScore;

/** A saturated band as Redis lists it: ids 9999..10003 share the ceiling, in member byte order. */
const entries: Array<[string, string]> = [
  ['1', String(minScore)],
  ['2', String(minScore + 1)],
  ['9998', String(maxScore - 1)],
  ['10000', String(maxScore)],
  ['10001', String(maxScore)],
  ['9999', String(maxScore)],
  ['20001', String(cliff)],
  ['20002', String(cliff)],
];

describe('decodeLiveSet', () => {
  const set = decodeLiveSet('bull:q:delayed', 10, entries);

  it('keeps the score text as Redis sent it and the set order as positions', () => {
    expect(set.rows.map((row) => [row.position, row.member, row.scoreText])).toEqual(entries.map(([m, s], i) => [i, m, s]));
    expect(set.size).toBe(10);
  });

  it("gives each row the decoder's flags, with 'shared' for equal neighbours", () => {
    // sorted: the decoder owns the order its flags come in
    expect(set.rows.map((row) => [...row.flags].sort().join(' '))).toEqual([
      'first',
      'bumped',
      'bumped',
      'ceiling shared',
      'ceiling shared',
      'ceiling shared',
      'first pastCliff previousCeiling shared',
      'first pastCliff previousCeiling shared',
    ]);
    expect(set.flagCounts).toMatchObject({
      first: 3,
      bumped: 2,
      ceiling: 3,
      shared: 5,
      pastCliff: 2,
      previousCeiling: 2,
      notBand: 0,
    });
    expect(set.rows[3]).toMatchObject({ fireTime: T, slot: 4095 });
  });

  it('reads counter ids as arrival: 9999 sits after 10000 and 10001', () => {
    expect(set.arrivalKnown).toBe(true);
    expect(set.rows.map((row) => row.arrival)).toEqual([1, 2, 9998, 10000, 10001, 9999, 20001, 20002]);
    expect(set.rows.filter((row) => row.outOfOrder).map((row) => row.member)).toEqual(['10000', '10001', '9999']);
    expect(set.outOfOrderPairs).toBe(2);
  });

  it('without counter ids arrival is unknown: position order, no pairs', () => {
    const custom = decodeLiveSet('k', 2, [
      ['mail-b', String(minScore)],
      ['mail-a', String(minScore)],
    ]);
    expect(custom.arrivalKnown).toBe(false);
    expect(custom.rows.map((row) => [row.arrival, row.outOfOrder])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(custom.outOfOrderPairs).toBe(0);
    expect(custom.uncounted).toBe(2);
  });

  it('counts against due order: counter ids due at different times, listed by fire-time, are no pair', () => {
    // a healthy queue: later ids with shorter delays sit first
    const healthy = decodeLiveSet('k', 3, [
      ['30', String(bandOf(T).minScore)],
      ['20', String(bandOf(T + 5).minScore)],
      ['10', String(bandOf(T + 9).minScore)],
    ]);
    expect(healthy.outOfOrderPairs).toBe(0);
    expect(healthy.uncounted).toBe(0);
    expect(healthy.rows.map((row) => row.outOfOrder)).toEqual([false, false, false]);
  });

  it('counts the counter ids among other ids and says how many it left out', () => {
    const mixed = decodeLiveSet('k', 5, [
      ['7', String(minScore)],
      ['repeat:daily:1796040000000', String(minScore + 1)],
      ['5', String(minScore + 2)],
      ['6', String(minScore + 3)],
      ['8', 'inf'],
    ]);
    expect(mixed.arrivalKnown).toBe(false);
    expect(mixed.rows.map((row) => row.arrival)).toEqual([7, null, 5, 6, 8]);
    // 7 sits before 5 and 6 in one millisecond; the repeat job and the infinite score are not placed
    expect(mixed.outOfOrderPairs).toBe(2);
    expect(mixed.uncounted).toBe(2);
    expect(mixed.rows.map((row) => row.outOfOrder)).toEqual([true, false, true, true, false]);
  });

  it('flags scores that no band gives, Redis infinities included', () => {
    const odd = decodeLiveSet('k', 3, [
      ['a', '-inf'],
      ['b', '1764504000'],
      ['c', 'inf'],
    ]);
    expect(odd.rows.map((row) => [row.flags.join(' '), row.fireTime])).toEqual([
      ['notBand', null],
      ['notBand', 430787],
      ['notBand', null],
    ]);
    expect(odd.bands).toEqual([]);
  });

  it('counts rows per millisecond', () => {
    expect(set.bands).toEqual([
      { fireTime: T, count: 6 },
      { fireTime: CLIFF_FIRE_TIME + 7, count: 2 },
    ]);
    expect(busiestBand(set)).toBe(T);
    expect(busiestBand(decodeLiveSet('k', 0, []))).toBeNull();
  });
});

describe('liveBand and bandStrip', () => {
  const set = decodeLiveSet('bull:q:delayed', 8, entries);

  it('gives BandGrid the slots of one millisecond, the ceiling count and the newest arrival', () => {
    const band = liveBand(set, T);
    expect(band.slots.map((s) => [s.slot, s.member])).toEqual([
      [0, '1'],
      [1, '2'],
      [4094, '9998'],
      [4095, '10000'],
      [4095, '10001'],
      [4095, '9999'],
    ]);
    expect(band.ceilingMembers).toBe(3);
    expect(band.newestSlot).toBe(4095);
    expect(band.pastCliff).toBe(false);
    expect(liveBand(set, CLIFF_FIRE_TIME + 7)).toMatchObject({ ceilingMembers: 0, pastCliff: true, newestSlot: 0 });
    expect(liveBand(set, T + 1).slots).toEqual([]);
  });

  it('lists consecutive milliseconds with their counts', () => {
    expect(bandStrip(set, T, 1)).toEqual([
      { fireTime: T - 1, count: 0 },
      { fireTime: T, count: 6 },
      { fireTime: T + 1, count: 0 },
    ]);
  });
});

describe('decodeLiveSet by scheme', () => {
  // Bull 3/4 and BullMQ < 5.8.6: the low 12 bits are the id counter's; 4095 at slot 4095 is no ceiling
  const bull: Array<[string, string]> = [
    ['1', String(minScore + 1)],
    ['4095', String(maxScore)],
    ['4097', String(bandOf(T + 3).minScore + 1)],
    ['custom', String(bandOf(T + 3).minScore + 9)],
  ];

  it('id-counter: fire-time and slot, the slot checked against the id, no band flags', () => {
    const set = decodeLiveSet('bull:q:delayed', 4, bull, 'id-counter');
    expect(set.scheme).toBe('id-counter');
    expect(set.rows.map((row) => [row.fireTime, row.slot, row.flags])).toEqual([
      [T, 1, ['idSlot']],
      [T, 4095, ['idSlot']],
      [T + 3, 1, ['idSlot']],
      [T + 3, 9, ['notIdSlot']],
    ]);
    expect(set.flagCounts).toMatchObject({ first: 0, bumped: 0, ceiling: 0, idSlot: 3, notIdSlot: 1 });
    expect(set.bands).toEqual([
      { fireTime: T, count: 2 },
      { fireTime: T + 3, count: 2 },
    ]);
  });

  it('bare-ms: the score is the fire-time, due order by it', () => {
    const set = decodeLiveSet(
      'bq:q:delayed',
      3,
      [
        ['10', String(T)],
        ['2', String(T)],
        ['3', String(T + 5)],
      ],
      'bare-ms',
    );
    expect(set.rows.map((row) => [row.fireTime, row.slot, row.flags])).toEqual([
      [T, null, ['shared']],
      [T, null, ['shared']],
      [T + 5, null, []],
    ]);
    // id 10 listed before 2 in the same ms: one pair out of due order
    expect(set.outOfOrderPairs).toBe(1);
  });

  it('liveSetAs reads the same members again by another scheme', () => {
    const band = decodeLiveSet('bull:q:delayed', 4, bull);
    expect(band.flagCounts).toMatchObject({ ceiling: 1, bumped: 3 });
    expect(liveSetAs(band, 'id-counter')).toEqual(decodeLiveSet('bull:q:delayed', 4, bull, 'id-counter'));
    expect(liveSetAs(band, 'band')).toBe(band);
  });
});
