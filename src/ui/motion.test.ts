import { describe, expect, it } from 'vitest';
import { MIN_MOTION_MS, MOTION_MS, motionDuration, prefersReducedMotion } from './motion.ts';

describe('motionDuration', () => {
  it('is the full motion when changes are far apart', () => {
    expect(motionDuration(10_000, false)).toBe(MOTION_MS);
    expect(motionDuration(Number.POSITIVE_INFINITY, false)).toBe(MOTION_MS);
  });
  it('fits most of the gap between changes, and is none when the gap is too short to follow', () => {
    expect(motionDuration(250, false)).toBe(200);
    expect(motionDuration(MIN_MOTION_MS / 0.8 - 1, false)).toBe(0);
    expect(motionDuration(16, false)).toBe(0);
  });
  it('fits the gap between two jobs when one change brings several (a frame of Play at a high rate)', () => {
    expect(motionDuration(250, false, 1)).toBe(200);
    expect(motionDuration(250, false, 2)).toBe(100);
    expect(motionDuration(100, false, 17)).toBe(0); // 1,000 jobs/s in slow frames: no motion
    expect(motionDuration(250, false, 0)).toBe(200); // no job counted: the gap as it is
  });
  it('is none when reduced motion is asked', () => {
    expect(motionDuration(10_000, true)).toBe(0);
  });
  it('counts a page without matchMedia (Node) as reduced', () => {
    expect(prefersReducedMotion()).toBe(true);
  });
});
