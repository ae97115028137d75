import { describe, expect, it } from 'vitest';
import { seededUuid } from './uuid.ts';

describe('seededUuid', () => {
  // A share link holds only the seed: a link made by an earlier build must rebuild the same
  // members, so these values are part of the link format and must never change.
  it('gives the same uuids as every earlier build for a seed and an index', () => {
    expect([seededUuid(7, 1), seededUuid(7, 2), seededUuid(8, 1)]).toEqual([
      'a7d99194-f59e-4e97-8643-779d711e7f01',
      '237bf984-97cb-4458-9a25-39890c55c4d6',
      '1b30085d-f69a-4608-8f6b-dd4a9ae0ecb3',
    ]);
  });

  it('gives version 4 uuids, all different over a scenario', () => {
    const layout = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const made = Array.from({ length: 10_000 }, (_, i) => seededUuid(12345, i));
    expect(made.every((uuid) => layout.test(uuid))).toBe(true);
    expect(new Set(made).size).toBe(10_000);
  });
});
