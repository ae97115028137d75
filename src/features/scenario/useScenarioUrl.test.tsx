import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStore } from '../../store/appStore.ts';
import { decodeScenario, encodeScenario, scenarioText } from '../../session/scenarioCodec.ts';
import { scenarioUrlCode, useScenarioUrl } from './useScenarioUrl.ts';
import { T0 } from '../../../test-support/instants.ts';

function Url({ store }: { store: AppStore }) {
  useScenarioUrl(store);
  return null;
}

describe('useScenarioUrl', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('after three costly writes, the next waits 50 times their cost, then writes the latest scenario', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const push = vi.spyOn(window.history, 'pushState').mockImplementation(() => {
      now += 10; // a pushState of a long URL: 10 ms
    });
    const store = createAppStore({ frozenAt: T0, seed: 3 });
    render(<Url store={store} />);
    await act(async () => void (await scenarioUrlCode())); // the URL code loads after the first screen
    const advance = (ms: number) =>
      act(() => {
        now += ms;
        vi.advanceTimersByTime(ms);
      });

    for (let write = 1; write <= 3; write++) {
      act(() => void store.getState().enqueue(1));
      advance(120); // the frame after the change (the first two costly writes hold nothing back)
      expect(push).toHaveBeenCalledTimes(write);
    }
    act(() => void store.getState().enqueue(1));
    advance(300); // a frame, and the 250 ms fallback: both wait for the turn (500 ms after the last write)
    expect(push).toHaveBeenCalledTimes(3);
    advance(200);
    expect(push).toHaveBeenCalledTimes(4);
    expect(push).toHaveBeenLastCalledWith(null, '', `/#s=${encodeScenario(store.getState().scenario)}`);
  });

  it('one slow write (a page still loading) holds nothing back: quick steps after it get an entry each', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    let slow = true;
    const push = vi.spyOn(window.history, 'pushState').mockImplementation(() => {
      now += slow ? 17 : 1; // the first write lands in a busy moment of the load
      slow = false;
    });
    const store = createAppStore({ frozenAt: T0, seed: 6 });
    render(<Url store={store} />);
    await act(async () => void (await scenarioUrlCode()));
    for (let step = 1; step <= 7; step++) {
      act(() => void store.getState().enqueue(1));
      act(() => {
        now += 60; // a quick user: a step every 60 ms
        vi.advanceTimersByTime(60);
      });
    }
    act(() => {
      now += 1000;
      vi.advanceTimersByTime(1000);
    });
    expect(push).toHaveBeenCalledTimes(7); // seven steps, seven entries: Back goes through each
  });

  it('jobs played at 1,000/s (17 a frame) are written once a second, the last write holding every job', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const push = vi.spyOn(window.history, 'pushState');
    const store = createAppStore({ frozenAt: T0, seed: 5 });
    render(<Url store={store} />);
    await act(async () => void (await scenarioUrlCode()));
    const frame = () =>
      act(() => {
        store.getState().enqueueEach(17);
        now += 16;
        vi.advanceTimersByTime(16);
      });
    for (let i = 0; i < 190; i++) frame(); // about 3 s of play
    // the first frame's steps at once, then one folded write per second
    expect(push.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(push.mock.calls.length).toBeLessThanOrEqual(5);
    act(() => {
      now += 1000;
      vi.advanceTimersByTime(1000);
    });
    expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`);
  });

  it('steps taken before the URL code loads still get an entry each, after the entry the page opened on', async () => {
    const push = vi.spyOn(window.history, 'pushState');
    const replace = vi.spyOn(window.history, 'replaceState');
    const store = createAppStore({ frozenAt: T0, seed: 4 });
    const opened = encodeScenario(store.getState().scenario);
    render(<Url store={store} />);
    // two clicks before the chunk is in (it loads after the first screen)
    act(() => void store.getState().enqueue(1));
    act(() => void store.getState().enqueue(1));
    expect(push).not.toHaveBeenCalled();
    await act(async () => void (await scenarioUrlCode()));
    expect(replace).toHaveBeenLastCalledWith(null, '', `/#s=${opened}`);
    await waitFor(() => expect(push).toHaveBeenCalledTimes(2));
    const jobsIn = (call: number) => {
      const decoded = decodeScenario(scenarioText(String(push.mock.calls[call]![2]).split('#')[1]!)!);
      return decoded.ok ? decoded.scenario.operations.length : -1;
    };
    expect([jobsIn(0), jobsIn(1)]).toEqual([1, 2]);
    expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`);
  });
});
