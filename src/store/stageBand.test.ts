import { describe, expect, it } from 'vitest';
import { createAppStore } from './appStore.ts';
import { selectFireTimeBand, stageFireTime } from './band.ts';
import { fireTimeOf } from '../model/protocol/score.ts';
import { T0 } from '../../test-support/instants.ts';

describe('the stage’s band under a live clock', () => {
  it('keeps the band the last enqueue wrote while the clock runs, and moves when the delay changes', () => {
    let now = T0;
    const store = createAppStore({ clock: () => now });
    store.getState().enqueue(3);
    const written = fireTimeOf(T0, 5000);
    expect(selectFireTimeBand(store.getState())).toMatchObject({ fireTime: written });
    now = T0 + 2000;
    store.getState().tick();
    const view = selectFireTimeBand(store.getState());
    expect(view.fireTime).toBe(written);
    expect(view.slots.map((slot) => slot.slot)).toEqual([0, 1, 2]);
    store.getState().setDelay(7000);
    expect(selectFireTimeBand(store.getState()).fireTime).toBe(fireTimeOf(now, 7000));
    // the next enqueue writes the band the grid then keeps
    store.getState().enqueue(1);
    now += 5000;
    store.getState().tick();
    expect(selectFireTimeBand(store.getState())).toMatchObject({ fireTime: fireTimeOf(T0 + 2000, 7000), slots: [{ slot: 0 }] });
  });

  it('follows now + delay before any enqueue, and with a frozen clock as the reader moves it', () => {
    const last = { timestamp: T0, fireTime: T0 + 5000, lastScore: 0, count: 1 };
    expect(stageFireTime(T0 + 900, 5000, 'live', null)).toBe(T0 + 5900);
    expect(stageFireTime(T0 + 900, 5000, 'live', last)).toBe(T0 + 5000);
    expect(stageFireTime(T0 + 900, 4000, 'live', last)).toBe(T0 + 4900);
    expect(stageFireTime(T0 + 1, 5000, 'frozen', last)).toBe(T0 + 5001);
    // a delay of 0 writes the band of now itself
    expect(stageFireTime(T0 + 50, 0, 'live', { ...last, fireTime: T0 })).toBe(T0);
  });
});
