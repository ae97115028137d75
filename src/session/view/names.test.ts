import { describe, expect, it } from 'vitest';
import { queueLibraryFrom, queueNames, withNames } from './names.ts';

describe('the queue names a page asks for', () => {
  it('reads ?names= (EchoMQ when asked, BullMQ otherwise)', () => {
    expect(queueLibraryFrom('?stage&names=echomq')).toBe('echomq');
    expect(queueLibraryFrom('?names=EchoMQ&lesson=2')).toBe('echomq');
    expect(queueLibraryFrom('?names=sidekiq')).toBe('bullmq');
    expect(queueLibraryFrom('?lesson=2&xnames=echomq')).toBe('bullmq');
    expect(queueLibraryFrom('')).toBe('bullmq');
    expect(queueNames('echomq')).toMatchObject({
      delayedKey: 'emq:{firetime}:delayed',
      addScript: 'getDelayedScore (addDelayedJob-6.lua)',
    });
  });

  it('keeps them on the way between the lesson and the stage, before any #s= fragment', () => {
    expect(withNames('?stage&lesson=2#s=1~abc', '?lesson=2&names=echomq')).toBe('?stage&lesson=2&names=echomq#s=1~abc');
    expect(withNames('?lesson=3', '?stage&names=echomq')).toBe('?lesson=3&names=echomq');
    expect(withNames('/?lesson=3&names=echomq', '?names=echomq')).toBe('/?lesson=3&names=echomq');
    expect(withNames('?lesson=3', '?stage')).toBe('?lesson=3');
  });
});
