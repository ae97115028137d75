import { describe, expect, it } from 'vitest';
import { MAX_FRAME_MS, firstCarry, playTick } from './playTimer.ts';

/** Plays `frames` frames of `frameMs` each from a fresh start; returns the jobs per frame. */
function play(rate: number, frames: number, frameMs: number, remaining = Number.POSITIVE_INFINITY): number[] {
  let carry = firstCarry(rate);
  let left = remaining;
  const perFrame: number[] = [];
  for (let i = 0; i < frames; i++) {
    const tick = playTick(carry, i === 0 ? 0 : frameMs, rate, left);
    perFrame.push(tick.jobs);
    carry = tick.carryMs;
    left -= tick.jobs;
  }
  return perFrame;
}

describe('playTick', () => {
  it('plays the first job at once, then one every 1000/rate ms', () => {
    const perFrame = play(4, 62, 1000 / 60); // just over one second of frames
    expect(perFrame[0]).toBe(1);
    expect(perFrame.reduce((a, b) => a + b, 0)).toBe(5);
    // at 4/s over 60 Hz frames: no frame gets two
    expect(Math.max(...perFrame)).toBe(1);
  });

  it('at 1,000 jobs/s enqueues 16 or 17 a frame and keeps the average exact', () => {
    const perFrame = play(1000, 601, 1000 / 60);
    expect(perFrame.slice(1).every((n) => n === 16 || n === 17)).toBe(true);
    const total = perFrame.reduce((a, b) => a + b, 0);
    expect(Math.abs(total - 10_001)).toBeLessThanOrEqual(1);
  });

  it('stops at the burst size and drops the carry', () => {
    const perFrame = play(1000, 10, 1000 / 60, 20);
    expect(perFrame.reduce((a, b) => a + b, 0)).toBe(20);
    expect(playTick(5, 16, 1000, 3)).toEqual({ jobs: 3, carryMs: 0 });
  });

  it('counts a long stall as at most MAX_FRAME_MS', () => {
    expect(playTick(0, 10_000, 100, Number.POSITIVE_INFINITY).jobs).toBe((MAX_FRAME_MS * 100) / 1000);
    expect(playTick(0, -5, 100, Number.POSITIVE_INFINITY).jobs).toBe(0);
  });
});
