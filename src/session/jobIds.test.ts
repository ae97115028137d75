import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobId, randomUUID } from './jobIds.ts';

describe('jobId', () => {
  it('builds each style from the arrival number', () => {
    const uuid = () => 'u-1';
    expect([
      jobId('job:N', 9, 'x', uuid),
      jobId('N', 10, 'x', uuid),
      jobId('uuid', 11, 'x', uuid),
      jobId('prefix', 12, 'order-', uuid),
    ]).toEqual(['job:9', '10', 'u-1', 'order-12']);
  });
});

describe('randomUUID', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives version 4 uuids, also where crypto.randomUUID is missing', () => {
    const layout = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomUUID()).toMatch(layout);
    const real = globalThis.crypto;
    const getRandomValues = vi.fn((array: Uint8Array) => real.getRandomValues(array));
    vi.stubGlobal('crypto', { getRandomValues });
    const made = new Set(Array.from({ length: 50 }, () => randomUUID()));
    expect(made.size).toBe(50);
    for (const uuid of made) expect(uuid).toMatch(layout);
    expect(getRandomValues).toHaveBeenCalledTimes(50);
  });
});
