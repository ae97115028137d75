/**
 * The live demo's timeline, worked out without a queue. The story on a real queue, which waits on
 * BullMQ's worker in real time, is in liveDemoStory.slow.test.ts (`npm run test:slow`).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CYCLE_MS, SATURATED_JOBS, storyTimeline } from './liveDemoStory.ts';

describe('storyTimeline', () => {
  it('keeps each band in view until the next cycle has made it again, and stops the worker for a quarter of the cycle', () => {
    const cycle = DEFAULT_CYCLE_MS;
    const steps = storyTimeline(cycle);
    expect(steps.map((step) => step.atMs)).toEqual([...steps.map((step) => step.atMs)].sort((a, b) => a - b));
    const bands = steps.find((step) => step.kind === 'bands');
    expect(bands?.atMs).toBe(0);
    expect(bands?.kind === 'bands' && bands.bursts.map((b) => b.jobs)).toEqual([3, SATURATED_JOBS, 200]);
    for (const burst of bands?.kind === 'bands' ? bands.bursts : []) {
      // due after the next cycle's copy is made, and before that copy's own next cycle
      expect(burst.delayMs).toBeGreaterThan(cycle);
      expect(burst.delayMs).toBeLessThan(2 * cycle);
    }
    const stop = steps.find((step) => step.kind === 'stop-worker');
    const start = steps.find((step) => step.kind === 'start-worker');
    expect([stop?.atMs, start?.atMs]).toEqual([60_000, 90_000]);
    // a paused phase and a rate-limited one, each with its verdict read a moment after it begins
    expect(
      steps
        .filter((step) => ['pause', 'resume', 'limit-worker', 'verdict'].includes(step.kind))
        .map((step) => [step.kind, step.atMs]),
    ).toEqual([
      ['pause', 15_000],
      ['verdict', 17_500],
      ['resume', 30_000],
      ['limit-worker', 45_000],
      ['verdict', 55_000],
    ]);
    const limit = steps.find((step) => step.kind === 'limit-worker');
    expect(limit?.kind === 'limit-worker' && [limit.max, limit.durationMs, limit.untilMs]).toEqual([1, 15_000, 60_000]);
    const trickles = steps.filter((step) => step.kind === 'trickle');
    expect(trickles).toHaveLength(23);
    expect(trickles.every((step) => step.atMs > 0 && step.atMs < cycle)).toBe(true);
    // bursts added while the worker is stopped fall due before it starts again: they go overdue
    expect(
      trickles.some(
        (step) => step.kind === 'trickle' && step.atMs + step.burst.delayMs < 90_000 && step.atMs + step.burst.delayMs > 60_000,
      ),
    ).toBe(true);
  });
});
