import { describe, expect, it } from 'vitest';
import { Session } from '../session.ts';
import { defaultSettings } from '../operations.ts';
import { bandTheme } from './bandTheme.ts';
import { readBand } from './bandSlots.ts';
import { bandFloor, dueOrderBadge, pairsText, snapshotOf } from './setRows.ts';
import { queueNames } from './names.ts';

const session = (count: number) => {
  const s = new Session({ ...defaultSettings(1_000_000, 'frozen'), idStyle: 'N' }, { uuid: (i) => `u${i}` });
  s.apply({ kind: 'enqueue', count, at: 1_000_000 });
  return s;
};

describe('the view model', () => {
  it('reads one millisecond of the band: slots, arrivals, the ceiling pile-up and the slots in use', () => {
    const s = session(4100);
    const band = readBand(s.bandReader, s.arrivals, 1_005_000);
    expect(band.jobs).toBe(4100);
    expect(band.ceilingMembers).toBe(5);
    expect(band.slotsUsed).toBe(4096);
    expect(band.slots[0]).toEqual({ slot: 0, member: '1', scoreText: String(1_005_000 * 4096), arrival: 1 });
    expect(band.slots.at(-1)!.slot).toBe(4095);
    expect(readBand(s.bandReader, s.arrivals, 1_005_001)).toMatchObject({ jobs: 0, slotsUsed: 0, ceilingMembers: 0 });
  });

  it("takes the counts from the Session's due-order tracker and marks the rows it counts", () => {
    const s = session(3);
    const band = snapshotOf(s.bandReader, s.arrivals, s.bandOrder, bandFloor, 1);
    expect(band.outOfOrderPairs).toBe(0);
    expect(band.readRows(0, 2).map((row) => [row.member, row.arrival, row.outOfOrder])).toEqual([
      ['1', 1, false],
      ['2', 2, false],
      ['3', 3, false],
    ]);
  });

  it('words a set against due order', () => {
    expect(pairsText(1)).toBe('1 pair out of due order');
    expect(dueOrderBadge(0, 0)).toEqual({ text: 'empty', state: 'empty' });
    expect(dueOrderBadge(3, 0)).toEqual({ text: 'in due order', state: 'ok' });
    expect(dueOrderBadge(12, 24)).toEqual({ text: '24 pairs out of due order', state: 'warn' });
  });

  it("mixes the grid's colours from a page's named colours, falling back on the light scheme", () => {
    const dark = bandTheme((name) => ({ surface: '#000000', fg: '#ffffff', accent: '#0000ff' })[name as string] ?? '');
    expect(dark.surface).toBe('rgb(0, 0, 0)');
    expect(dark.early).toEqual([0, 0, 107]);
    expect(bandTheme(() => 'not a colour').surface).toBe('rgb(255, 255, 255)');
  });

  it("names the queue's parts for BullMQ and for EchoMQ", () => {
    expect(queueNames('bullmq').delayedKey).toBe('bull:firetime:delayed');
    expect(queueNames('echomq')).toMatchObject({
      delayedKey: 'emq:{firetime}:delayed',
      addScript: 'getDelayedScore (addDelayedJob-6.lua)',
    });
  });
});
