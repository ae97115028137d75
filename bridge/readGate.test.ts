import { describe, expect, it } from 'vitest';
import { ReadGate } from './readGate.ts';

describe('ReadGate', () => {
  it('gives `running` slots at once, queues `waiting` more in order, and refuses the next', async () => {
    const gate = new ReadGate({ running: 2, waiting: 2, maxWaitMs: 10_000 });
    const first = (await gate.acquire())!;
    const second = (await gate.acquire())!;
    const order: string[] = [];
    const third = gate.acquire().then((release) => (order.push('third'), release));
    const fourth = gate.acquire().then((release) => (order.push('fourth'), release));
    expect(await gate.acquire()).toBeNull();
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    first();
    first(); // a second call frees nothing more
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    second();
    (await third)!();
    (await fourth)!();
    expect(order).toEqual(['third', 'fourth']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a waiter whose wait ran out, and leaves the queue', async () => {
    const gate = new ReadGate({ running: 1, waiting: 1, maxWaitMs: 20 });
    const held = (await gate.acquire())!;
    expect(await gate.acquire()).toBeNull();
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    held();
    expect(await gate.acquire()).not.toBeNull();
  });
});
