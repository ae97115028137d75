import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** An IntersectionObserver the test drives: `show(element, visible)` reports it on or off screen. */
function stubObserver() {
  let report: ((entries: Array<{ target: object; isIntersecting: boolean }>) => void) | null = null;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      unobserve() {}
    },
  );
  return (target: object, isIntersecting: boolean) => report!([{ target, isIntersecting }]);
}

describe("the page's one live clock", () => {
  it('ticks every live card from one timer, and stops when the last card leaves', async () => {
    vi.useFakeTimers();
    const { liveClock, TICK_MS } = await import('./liveClock.ts');
    const a = { id: 'a' } as unknown as Element;
    const b = { id: 'b' } as unknown as Element;
    const ticks: string[] = [];
    liveClock.add(a, () => ticks.push('a'));
    liveClock.add(b, () => ticks.push('b'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(TICK_MS);
    expect(ticks).toEqual(['a', 'b']);
    liveClock.remove(a);
    liveClock.remove(b);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('skips the cards off screen, and brings one up to date as it comes back', async () => {
    vi.useFakeTimers();
    const show = stubObserver();
    const { liveClock, TICK_MS } = await import('./liveClock.ts');
    const card = { id: 'card' } as unknown as Element;
    let ticks = 0;
    liveClock.add(card, () => ticks++);
    vi.advanceTimersByTime(3 * TICK_MS);
    expect(ticks).toBe(0); // not reported on screen yet
    show(card, true);
    expect(ticks).toBe(1);
    vi.advanceTimersByTime(TICK_MS);
    expect(ticks).toBe(2);
    show(card, false);
    vi.advanceTimersByTime(5 * TICK_MS);
    expect(ticks).toBe(2);
    liveClock.remove(card);
  });
});
