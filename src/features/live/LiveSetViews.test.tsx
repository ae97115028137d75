import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LiveSetViews } from './LiveSetViews.tsx';
import { decodeLiveSet } from './live.ts';
import { markerWakeText } from './MarkerView.tsx';
import type { KeyQueue } from './useKeyScheme.ts';

const T = Date.UTC(2026, 10, 30, 12);
const shifted = (ms: number, low: number) => String(ms * 0x1000 + low);
// Bull 3/4: ids 4094 and 4095 in one ms sit at slots 4094 and 4095 (the band reading says bumped and ceiling)
const BULL: Array<[string, string]> = [
  ['4094', shifted(T, 4094)],
  ['4095', shifted(T, 4095)],
  ['4097', shifted(T + 9, 1)],
];

const bullRow: KeyQueue = {
  queue: 'bull:mail',
  library: 'bull',
  version: null,
  scheme: 'id-counter',
  schemeFrom: 'library',
  clockOffset: 0,
};

function show(key: string, entries: Array<[string, string]>, detected?: KeyQueue | null) {
  return render(
    <LiveSetViews
      set={decodeLiveSet(key, entries.length, entries)}
      chosenBand={T}
      onChooseBand={() => {}}
      version={1}
      detected={detected}
    />,
  );
}

const flagsOf = () =>
  within(screen.getByTestId('live-flags'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[data-flags]')?.getAttribute('data-flags'));

describe('LiveSetViews by scheme', () => {
  afterEach(() => vi.useRealTimers());

  it("reads a Bull queue's set by its scheme: no band, no bumped or ceiling", () => {
    show('bull:mail:delayed', BULL, bullRow);
    expect(screen.getByTestId('live-read-as').textContent).toMatch(
      /^Read as: Bull 3–4 or BullMQ before 5\.8\.6 \(bull:mail is a Bull queue\)/,
    );
    expect(flagsOf()).toEqual(['idSlot', 'idSlot', 'idSlot']);
    expect(screen.queryByTestId('live-band-select')).toBeNull();
    expect(screen.getByTestId('live-summary').textContent).toMatch(/in 2 milliseconds\./);
    expect(screen.getByTestId('live-summary').textContent).not.toMatch(/bumped|ceiling|band/);
  });

  it('with no queue row, the ids tell; the chooser reads it as BullMQ again', async () => {
    const user = userEvent.setup();
    show('legacy', BULL, null);
    expect(screen.getByTestId('live-read-as').textContent).toMatch(
      /^Read as: Bull 3–4 or BullMQ before 5\.8\.6 \(detected from the ids\)/,
    );
    await user.selectOptions(screen.getByTestId('live-scheme'), 'band');
    expect(screen.getByTestId('live-read-as').textContent).toMatch(
      /^Read as: BullMQ 5\.8\.6 or later \(as chosen; detected from the ids\)/,
    );
    expect(flagsOf()).toEqual(['bumped', 'ceiling', 'bumped']);
    expect(screen.getByTestId('live-band-select')).toBeTruthy();
  });

  it('no row and no telling id: the band, said to be assumed', () => {
    show('jobs', [['a', shifted(T, 0)]], null);
    expect(screen.getByTestId('live-read-as').textContent).toMatch(
      /^Read as: BullMQ 5\.8\.6 or later \(assumed: no queue row or id tells\)/,
    );
  });

  it('a bee-queue set: fire-time is the score, no slot', () => {
    show('bq:q:delayed', [['1', String(T)]], { ...bullRow, queue: 'bq:q', library: 'bee-queue', scheme: 'bare-ms' });
    expect(flagsOf()).toEqual(['']);
    expect(within(screen.getByTestId('live-flags')).getAllByRole('listitem')[0]!.textContent).toMatch(
      /2026-11-30T12:00:00\.000Z.*Slot: —/,
    );
  });

  it("shows a queue's marker as the worker's next wake, not as a set", () => {
    vi.useFakeTimers({ now: T });
    show('bull:mail:marker', [['0', String(T + 4 * 60_000 + 12_000)]], { ...bullRow, library: 'bullmq', clockOffset: 0 });
    expect(screen.getByTestId('live-marker-wake').textContent).toBe('The worker’s next wake: 12:04:12.000 UTC (in 4 min 12 s).');
    expect(screen.queryByTestId('live-flags')).toBeNull();
    expect(screen.getByTestId('live-marker').textContent).not.toMatch(/1970|not a band score/);
    act(() => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    expect(screen.getByTestId('live-marker-wake').textContent).toBe('The worker’s next wake: 12:04:12.000 UTC (48 s ago).');
  });

  it('a marker holding a bumped head (a fractional ms) is still a marker', () => {
    vi.useFakeTimers({ now: T });
    show('bull:mail:marker', [['1', String(T - 13 * 60_000 + 0.000244140625)]], null);
    expect(screen.getByTestId('live-marker-wake').textContent).toBe(
      'The worker’s next wake: 11:47:00.000 UTC (12 min 59 s ago).',
    );
    expect(screen.getByTestId('live-marker').textContent).toContain('this page’s clock');
  });

  it('a marker key holding something else is read as a set', () => {
    show('bull:mail:marker', [['1', shifted(T, 0)]], null);
    expect(screen.queryByTestId('live-marker')).toBeNull();
    expect(flagsOf()).toEqual(['first']);
  });
});

describe('markerWakeText', () => {
  it('says 0 means jobs are waiting, and a past wake how long ago', () => {
    expect(markerWakeText(0, T)).toMatch(/^Jobs are waiting now/);
    expect(markerWakeText(T - 13 * 60_000, T)).toBe('The worker’s next wake: 11:47:00.000 UTC (13 min ago).');
    expect(markerWakeText(null, T)).toMatch(/no readable wake/);
  });
});
