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
  it('is none when reduced motion is asked', () => {
    expect(motionDuration(10_000, true)).toBe(0);
  });
  it('counts a page without matchMedia (Node) as reduced', () => {
    expect(prefersReducedMotion()).toBe(true);
  });
});
