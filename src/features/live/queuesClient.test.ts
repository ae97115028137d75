import { describe, expect, it, vi } from 'vitest';
import { queueRowOf, queuesReplyOf } from '../../../test-support/queueRowFixture.ts';
import { named } from '../../../test-support/redisNameFixture.ts';
import type { QueueRow } from '../../model/doctor/doctorWire.ts';
import type { Fetch } from './bridgeClient.ts';
import { queueNameOf, readNamedQueues, readQueues } from './queuesClient.ts';

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
      const queues = asked.slice(0, 1).map((name) => queueRowOf('bull', name.slice(5), { version: null }));
      return Promise.resolve(new Response(JSON.stringify(queuesReplyOf(NOW, { queues }))));
    });
    const read = await readNamedQueues('http://127.0.0.1:7379', names, fetchImpl);
    expect(fetchImpl.mock.calls.map(([url]) => new URL(url).searchParams.getAll('queue').length)).toEqual([200, 200, 50]);
    expect(read.queues.map((q) => q.row.name)).toEqual(['q0', 'q200', 'q400']);
    expect(read).toMatchObject({ now: NOW, readBy: 'name', complete: true });
  });
});

const goodRow = (prefix: string, name: string) =>
  queueRowOf(prefix, name, { delayed: 1, nextFireTime: NOW + 1000, verdict: { kind: 'waiting', words: '' } });

/** A reply whose fields `over` may set to what no bridge sends (a row with null for a number). */
const queuesReply = (over: Record<string, unknown>) => new Response(JSON.stringify({ ...queuesReplyOf(NOW), ...over }));

describe('readQueues', () => {
  it('one bad row is that queue unreadable, with why; the queues beside it are listed', async () => {
    // what a score of +inf made an older bridge send: null where the row holds a number
    const broken = {
      ...goodRow('bull', 'broken'),
      nextFireTime: null,
      fullestBand: { fireTime: null, jobs: 1, atCeiling: 0, complete: true, atMost: 1, counts: 0 },
    };
    const fetchImpl = vi.fn<Fetch>(() =>
      Promise.resolve(
        queuesReply({
          queues: [goodRow('bull', 'mail'), broken, goodRow('bull', 'pdf')],
          unreadable: [{ prefix: 'bull', name: 'odd', queue: named('bull:odd'), why: 'its head came out as Infinity' }],
        }),
      ),
    );
    const read = await readQueues('http://127.0.0.1:7379', fetchImpl);
    expect(read.queues.map((q) => q.row.name)).toEqual(['mail', 'pdf']);
    expect(read.unreadable).toEqual([
      {
        name: 'bull:broken',
        why: "The bridge's row for it cannot be read: its fullestBand is an object, not a band reading or null.",
      },
      { name: 'bull:odd', why: 'The bridge could not read it: its head came out as Infinity.' },
    ]);
    expect(read.complete).toBe(true);
  });

  it('reads the queues a reply left for later by ?queue64=, and follows the cursor', async () => {
    const later = Array.from({ length: 250 }, (_, i) => `bull:q${String(i).padStart(3, '0')}`);
    const fetchImpl = vi.fn<Fetch>((url) => {
      const query = new URL(url).searchParams;
      const asked = query.getAll('queue64').map((name) => Buffer.from(name, 'base64url').toString('utf8'));
      if (asked.length > 0) return Promise.resolve(queuesReply({ queues: asked.map((name) => goodRow('bull', name.slice(5))) }));
      if (query.get('cursor') === '0')
        return Promise.resolve(queuesReply({ cursor: '77', complete: false, toRead: later.map((name) => named(name)) }));
      return Promise.resolve(queuesReply({ queues: [goodRow('bull', 'zz')] }));
    });
    const read = await readQueues('http://127.0.0.1:7379', fetchImpl);
    expect(read.queues.map((q) => `${q.row.prefix}:${q.row.name}`)).toEqual([...later, 'bull:zz']);
    expect(fetchImpl.mock.calls.map(([url]) => [...new URL(url).searchParams.keys()][0])).toEqual([
      'cursor',
      'queue64',
      'queue64',
      'cursor',
    ]);
    expect([read.complete, read.stoppedEarly, read.truncated]).toEqual([true, false, false]);
  });
});
