/**
 * The guard's write coalescing (bridge/replyGuard.ts): the commands ioredis writes in one piece of
 * work reach the socket as one write, with their bytes in order; a write that passes a callback
 * goes out after the ones held; nothing is held past the current tick.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { coalesceWrites } from './replyGuard.ts';

/** A socket's write that records each call's arguments. */
function recordingStream() {
  const writes: unknown[][] = [];
  const stream = {
    write: (...args: unknown[]) => {
      writes.push(args);
      return true;
    },
  } as unknown as Pick<Socket, 'write'>;
  coalesceWrites(stream);
  return { stream, writes };
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

describe('coalesceWrites', () => {
  it('sends the commands written in one tick as one buffer, in their order', async () => {
    const { stream, writes } = recordingStream();
    stream.write('*2\r\n$4\r\nTYPE\r\n$5\r\na:1:x\r\n');
    stream.write(Buffer.from('*2\r\n$4\r\nTYPE\r\n$3\r\n\xff:y\r\n', 'latin1'));
    stream.write('*1\r\n$4\r\nTIME\r\n');
    expect(writes).toEqual([]);
    await nextTick();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(1);
    expect(Buffer.isBuffer(writes[0]![0])).toBe(true);
    expect((writes[0]![0] as Buffer).toString('latin1')).toBe(
      '*2\r\n$4\r\nTYPE\r\n$5\r\na:1:x\r\n*2\r\n$4\r\nTYPE\r\n$3\r\n\xff:y\r\n*1\r\n$4\r\nTIME\r\n',
    );
  });

  it('sends a later tick’s commands in a write of their own', async () => {
    const { stream, writes } = recordingStream();
    stream.write('one');
    await nextTick();
    stream.write('two');
    await nextTick();
    expect(writes.map(([chunk]) => String(chunk))).toEqual(['one', 'two']);
  });

  it('writes the held commands before a write that passes a callback, and that write as it came', async () => {
    const { stream, writes } = recordingStream();
    const done = () => undefined;
    stream.write('held');
    stream.write('with a callback', done);
    expect(writes.map((args) => args.map(String))).toEqual([['held'], ['with a callback', String(done)]]);
    await nextTick();
    expect(writes).toHaveLength(2);
  });
});
