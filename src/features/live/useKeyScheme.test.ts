import { describe, expect, it } from 'vitest';
import { keyQueueFrom, queueOfKey } from './useKeyScheme.ts';

describe('queueOfKey', () => {
  it("names the queue of a delayed set or a marker, and nothing else's", () => {
    expect(queueOfKey('bull:mail:delayed')).toEqual({ queue: 'bull:mail', part: 'delayed' });
    expect(queueOfKey('{app}:bull:mail:marker')).toEqual({ queue: '{app}:bull:mail', part: 'marker' });
    expect(queueOfKey('mail:delayed')).toBeNull();
    expect(queueOfKey('bull:mail:wait')).toBeNull();
  });
});

describe('keyQueueFrom', () => {
  const row = { prefix: 'bull', name: 'mail', library: 'bullmq', version: '5.8.5', scheme: 'id-counter', schemeFrom: 'meta' };

  it("takes the named queue's row and the server's clock offset", () => {
    expect(keyQueueFrom({ now: 1500, queues: [{ ...row, name: 'other' }, row] }, 'bull:mail', 1000)).toEqual({
      queue: 'bull:mail',
      library: 'bullmq',
      version: '5.8.5',
      scheme: 'id-counter',
      schemeFrom: 'meta',
      clockOffset: 500,
    });
  });

  it('gives null for a reply it cannot read or one without the queue', () => {
    expect(keyQueueFrom({ now: 1, queues: [] }, 'bull:mail', 0)).toBeNull();
    expect(keyQueueFrom({ now: 1, queues: [{ ...row, scheme: 'weird' }] }, 'bull:mail', 0)).toBeNull();
    expect(keyQueueFrom({ queues: [row] }, 'bull:mail', 0)).toBeNull();
    expect(keyQueueFrom('nope', 'bull:mail', 0)).toBeNull();
  });
});
