import { describe, expect, it, vi } from 'vitest';
import { named } from '../../../test-support/redisNameFixture.ts';
import type { QueueRow } from '../../model/doctor/doctorWire.ts';
import type { Fetch } from './bridgeClient.ts';
import { queueNameOf, readNamedQueues } from './queuesClient.ts';

const NOW = Date.UTC(2026, 11, 2, 6, 9);
const rowOf = (delayedKey: QueueRow['delayedKey']) => ({ delayedKey }) as QueueRow;

describe('queueNameOf', () => {
  it("names a queue by its delayed key's bytes, not its printable text", () => {
    expect(queueNameOf(rowOf(named('bull:mail:delayed')))).toBe('bull:mail');
    expect(queueNameOf(rowOf(named('my:app:pdf:delayed')))).toBe('my:app:pdf');
    expect(queueNameOf(rowOf(named('bull:é\u202e:delayed')))).toBe('bull:é\u202e');
  });

  it('gives null where no ?queue= can name it: bytes that are not UTF-8, a shortened key, another suffix', () => {
    expect(queueNameOf(rowOf(named(new Uint8Array([0x62, 0x3a, 0xff, ...new TextEncoder().encode(':delayed')]))))).toBeNull();
    expect(queueNameOf(rowOf({ ...named('bull:x:delayed'), sha256: 'A'.repeat(43) }))).toBeNull();
    expect(queueNameOf(rowOf(named('bull:x:wait')))).toBeNull();
    expect(queueNameOf(rowOf({ base64: '!!', text: '', byteLength: 2 }))).toBeNull();
  });
});

describe('readNamedQueues', () => {
  it('asks for the names in requests of at most 200, and keeps every row found', async () => {
    const names = Array.from({ length: 450 }, (_, i) => `bull:q${i}`);
    const fetchImpl = vi.fn<Fetch>((url) => {
      const asked = new URL(url).searchParams.getAll('queue');
      const queues = asked.slice(0, 1).map((name) => ({
        prefix: 'bull',
        name: name.slice(5),
        delayedKey: named(`${name}:delayed`),
        library: 'bullmq',
        version: null,
        scheme: 'band',
        schemeFrom: 'meta',
        delayed: 0,
        overdue: 0,
        oldestOverdueMs: null,
        nextFireTime: null,
        head: null,
        marker: null,
        fullestBand: null,
        verdict: { kind: 'empty', words: '' },
      }));
      return Promise.resolve(
        new Response(JSON.stringify({ now: NOW, queues, complete: true, cursor: '0', truncated: false, unreadNodes: [] })),
      );
    });
    const read = await readNamedQueues('http://127.0.0.1:7379', names, fetchImpl);
    expect(fetchImpl.mock.calls.map(([url]) => new URL(url).searchParams.getAll('queue').length)).toEqual([200, 200, 50]);
    expect(read.queues.map((q) => q.row.name)).toEqual(['q0', 'q200', 'q400']);
    expect(read).toMatchObject({ now: NOW, readBy: 'name', complete: true });
  });
});
