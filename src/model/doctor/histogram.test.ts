import { describe, expect, it } from 'vitest';
import { MAX_BUCKETS, planHistogram, windowBounds, firstNotDue } from './histogram.ts';
import { bandRuns, FullestBand, searchFullestBand } from './bandScan.ts';

describe('histogram windows', () => {
  it('cuts from..to into windows of one whole width', () => {
    expect(planHistogram(0, 10, 3)).toEqual({
      ok: true,
      width: 4,
      windows: [
        { from: 0, to: 4 },
        { from: 4, to: 8 },
        { from: 8, to: 12 },
      ],
    });
    const fewer = planHistogram(100, 103, 10);
    expect(fewer.ok && fewer.windows.length).toBe(3);
  });

  it('refuses what it cannot cut', () => {
    expect(planHistogram(5, 5, 1)).toEqual({ ok: false, message: 'to must be later than from' });
    expect(planHistogram(0, 10, 0).ok).toBe(false);
    expect(planHistogram(0, 10, MAX_BUCKETS + 1).ok).toBe(false);
    expect(planHistogram(0.5, 10, 2).ok).toBe(false);
    expect(planHistogram(-9e15, 9e15, 2).ok).toBe(false);
  });

  it('a window’s ZCOUNT bounds cover its milliseconds’ scores, the end exclusive', () => {
    expect(windowBounds({ from: 10, to: 12 }, 'band')).toEqual({ min: '40960', max: '(49152' });
    expect(windowBounds({ from: 10, to: 12 }, 'bare-ms')).toEqual({ min: '10', max: '(12' });
  });
});

describe('the fullest band', () => {
  it('runs of one page by fire-time', () => {
    const t = 1000;
    expect(bandRuns([t * 4096, t * 4096 + 1, (t + 1) * 4096 + 4095, (t + 5) * 4096], 'band')).toEqual([
      { fireTime: t, jobs: 2 },
      { fireTime: t + 1, jobs: 1 },
      { fireTime: t + 5, jobs: 1 },
    ]);
    expect(bandRuns([], 'band')).toEqual([]);
  });

  it('keeps the fullest, the earliest of equals', () => {
    const fullest = new FullestBand();
    for (const band of [
      { fireTime: 1, jobs: 2 },
      { fireTime: 2, jobs: 5 },
      { fireTime: 3, jobs: 5 },
    ])
      fullest.offer(band);
    expect(fullest.value).toEqual({ fireTime: 2, jobs: 5 });
  });
});

describe('the fullest band search by window counts', () => {
  /** A count over fire-times held in a plain list (what ZCOUNT answers on a real set). */
  const counter = (fires: readonly number[]) => {
    let calls = 0;
    const count = (from: number, to: number) => {
      calls++;
      return Promise.resolve(fires.filter((ms) => ms >= from && ms < to).length);
    };
    return { count, calls: () => calls };
  };

  it('finds the one full millisecond among spread ones in few counts', async () => {
    const fires = [...Array.from({ length: 5000 }, (_, i) => i * 10), ...Array.from({ length: 700 }, () => 31_234)];
    const { count, calls } = counter(fires);
    const search = await searchFullestBand(count, { from: 0, to: 50_000, jobs: fires.length }, { fireTime: 0, jobs: 1 });
    expect(search).toMatchObject({ best: { fireTime: 31_234, jobs: 700 }, complete: true, atMost: 700 });
    expect(calls()).toBe(search.counts);
    expect(search.counts).toBeLessThan(200);
  });

  it('keeps the seed when nothing is fuller, and stops at its budget otherwise', async () => {
    const fires = Array.from({ length: 3000 }, (_, i) => i * 2);
    const pruned = await searchFullestBand(counter(fires).count, { from: 0, to: 6000, jobs: 3000 }, { fireTime: 4, jobs: 3000 });
    expect(pruned).toMatchObject({ best: { fireTime: 4, jobs: 3000 }, complete: true, counts: 0 });
    const cut = await searchFullestBand(counter(fires).count, { from: 0, to: 6000, jobs: 3000 }, null, {
      split: 4,
      maxCounts: 12,
    });
    expect(cut).toMatchObject({ complete: false, counts: 12 });
    expect(cut.atMost).toBeGreaterThan(1);
  });
});

describe('windows split at the server’s now', () => {
  it('cuts the window holding the split in two, so each window is wholly due or wholly not yet due', () => {
    const plan = planHistogram(1000, 1100, 4, firstNotDue(1042));
    expect(plan.ok && plan.windows).toEqual([
      { from: 1000, to: 1025 },
      { from: 1025, to: 1043 },
      { from: 1043, to: 1050 },
      { from: 1050, to: 1075 },
      { from: 1075, to: 1100 },
    ]);
  });

  it('leaves the windows as they are when the split falls on an edge or outside the span', () => {
    for (const at of [1000, 1050, 999, 1100, 5000]) {
      const plan = planHistogram(1000, 1100, 4, at);
      expect(plan.ok && plan.windows.length).toBe(4);
    }
  });
});
