import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  dueBound,
  fireTimeOfScore,
  hasCeiling,
  parseMetaVersion,
  schemeFromScores,
  schemeOf,
  scoresOf,
} from './scheme.ts';

describe('which library, which scores', () => {
  it('reads BullMQ meta versions', () => {
    expect(parseMetaVersion('bullmq:6.7.0')).toEqual({ name: 'bullmq', version: '6.7.0' });
    expect(parseMetaVersion('bullmq-pro:7.1.0-beta.1')).toEqual({ name: 'bullmq-pro', version: '7.1.0-beta.1' });
    expect(parseMetaVersion('6.7.0')).toBeNull();
    expect(parseMetaVersion('bullmq:')).toBeNull();
    expect(parseMetaVersion(null)).toBeNull();
  });

  it('compares versions by number, not text', () => {
    expect(compareVersions('5.10.0', '5.8.6')).toBe(1);
    expect(compareVersions('5.8.5', '5.8.6')).toBe(-1);
    expect(compareVersions('5.8.6', '5.8.6')).toBe(0);
    expect(compareVersions('6.7.0-rc.1', '6.7.0')).toBe(0);
  });

  it('the band bump from BullMQ 5.8.6; the id counter before it and in Bull; bare ms in bee-queue', () => {
    expect(schemeOf('bullmq', '5.8.6')).toBe('band');
    expect(schemeOf('bullmq', '6.7.0')).toBe('band');
    expect(schemeOf('bullmq', null)).toBe('band');
    expect(schemeOf('bullmq', '5.8.5')).toBe('id-counter');
    expect(schemeOf('bullmq', '4.17.0')).toBe('id-counter');
    expect(schemeOf('bull', null)).toBe('id-counter');
    expect(schemeOf('bee-queue', null)).toBe('bare-ms');
    expect([hasCeiling('band'), hasCeiling('id-counter'), hasCeiling('bare-ms')]).toEqual([true, false, false]);
  });

  it('fire-times, due bounds and a millisecond’s scores per scheme', () => {
    const t = 1_796_319_211_616;
    expect(fireTimeOfScore(t * 4096 + 4095, 'band')).toBe(t);
    expect(fireTimeOfScore(t * 4096 + 17, 'id-counter')).toBe(t);
    expect(fireTimeOfScore(t, 'bare-ms')).toBe(t);
    expect(dueBound(t, 'band')).toBe((t + 1) * 4096 - 1);
    expect(dueBound(t, 'bare-ms')).toBe(t);
    expect(scoresOf(t, 'band')).toEqual({ min: t * 4096, max: t * 4096 + 4095 });
    expect(scoresOf(t, 'bare-ms')).toEqual({ min: t, max: t });
  });
});

describe('a versionless BullMQ queue’s scheme, told by its scores', () => {
  const t = 1_796_319_211_616;
  it('numeric ids in the slot of their counter: the id counter', () => {
    expect(
      schemeFromScores([
        ['1', t * 4096 + 1],
        ['2', t * 4096 + 2],
        ['3', (t + 5) * 4096 + 3],
      ]),
    ).toBe('id-counter');
  });

  it('jobs alone in their millisecond in slot 0, or bumped in arrival order: the band', () => {
    expect(
      schemeFromScores([
        ['7', t * 4096],
        ['8', (t + 1) * 4096],
        ['9', (t + 1) * 4096 + 1],
      ]),
    ).toBe('band');
  });

  it('no vote from custom ids or ids that are multiples of 4,096', () => {
    expect(
      schemeFromScores([
        ['email-1', t * 4096],
        ['4096', t * 4096],
      ]),
    ).toBeNull();
  });
});
