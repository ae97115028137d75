import { describe, expect, it } from 'vitest';
import { MAX_BUCKETS, planHistogram, windowBounds } from './histogram.ts';
import { bandRuns, FullestBand } from './bandScan.ts';

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
