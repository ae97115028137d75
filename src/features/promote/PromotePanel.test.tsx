import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubReducedMotion } from '../../../test-support/motionTesting.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStore } from '../../store/appStore.ts';
import { PromotePanel } from './PromotePanel.tsx';
import { tickLabel } from './Timeline.tsx';
import { T0 } from '../../../test-support/instants.ts';
import { membersOf, promotesOf } from '../../../test-support/pageSets.ts';
import { fakeScheduler } from '../../../test-support/fakeScheduler.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderPanel(store: AppStore) {
  render(
    <StoreProvider store={store}>
      <PromotePanel />
    </StoreProvider>,
  );
}

function enqueueWithDelay(store: AppStore, delay: number) {
  act(() => {
    store.getState().setDelay(delay);
    store.getState().enqueue(1);
  });
}

function bandMembers(store: AppStore): string[] {
  return membersOf(store.getState().bandSet);
}

/** The members the band card lists as promoted since the last reset, in order. */
function promotedBand(): string[] {
  const list = screen.queryByTestId('promoted-band-list');
  if (list === null) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((row) => /job:\d+/.exec(row.textContent ?? '')?.[0] ?? '');
}

function status(): string {
  return screen.getByTestId('auto-promote-status').textContent ?? '';
}

describe('Auto-promote in the promote panel', () => {
  it('lets the jobs leave as their millisecond passes, lists them in order, and stops when switched off', () => {
    const store = createAppStore(); // live clock (the fake timers' Date.now)
    renderPanel(store);
    enqueueWithDelay(store, 600); // job:1 due T0 + 600
    enqueueWithDelay(store, 200); // job:2 due T0 + 200
    enqueueWithDelay(store, 400); // job:3 due T0 + 400
    expect(status()).toMatch(/^Off\./);
    expect(screen.getByTestId('timeline-marks').getAttribute('data-count')).toBe('3');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }));
    expect(status()).toContain(`sleeps until ${T0 + 200} ms`);
    act(() => vi.advanceTimersByTime(199));
    expect(bandMembers(store)).toEqual(['job:2', 'job:3', 'job:1']);
    act(() => vi.advanceTimersByTime(1));
    expect(bandMembers(store)).toEqual(['job:3', 'job:1']);
    expect(promotedBand()).toEqual(['job:2']);
    expect(status()).toContain(`sleeps until ${T0 + 400} ms`);
    act(() => vi.advanceTimersByTime(200));
    expect(promotedBand()).toEqual(['job:2', 'job:3']);
    expect(screen.getByTestId('promoted-band-summary').textContent).toMatch(/^1 promoted in 1 call/);
    expect(screen.getByTestId('promoted-band-total').textContent).toMatch(/2 jobs; 0 pairs out of due order/);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }));
    expect(status()).toMatch(/^Off\./);
    act(() => vi.advanceTimersByTime(10_000));
    expect(bandMembers(store)).toEqual(['job:1']);
    expect(promotesOf(store)).toEqual([
      { kind: 'promote', at: T0 + 200 },
      { kind: 'promote', at: T0 + 400 },
    ]);
  });

  it('stops the worker when the panel unmounts', () => {
    const store = createAppStore();
    const { unmount } = render(
      <StoreProvider store={store}>
        <PromotePanel />
      </StoreProvider>,
    );
    enqueueWithDelay(store, 300);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(bandMembers(store)).toEqual(['job:1']);
  });

  it('says what a frozen clock means for the worker', () => {
    const store = createAppStore({ frozenAt: T0 });
    renderPanel(store);
    enqueueWithDelay(store, 0); // due now
    enqueueWithDelay(store, 1000);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }));
    act(() => vi.advanceTimersByTime(0));
    expect(promotedBand()).toEqual(['job:1']);
    expect(status()).toMatch(/frozen at .* the worker promoted what was due at that instant/);
    expect(status()).toContain(`falls due at ${T0 + 1000} ms`);
    act(() => store.getState().stepClock(1000));
    act(() => vi.advanceTimersByTime(0));
    expect(promotedBand()).toEqual(['job:1', 'job:2']);
    expect(status()).toMatch(/band set is empty/);
  });

  it('says why it switched itself off after an undo', () => {
    const store = createAppStore();
    renderPanel(store);
    enqueueWithDelay(store, 100);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }));
    act(() => vi.advanceTimersByTime(100));
    expect(bandMembers(store)).toEqual([]);
    act(() => {
      store.getState().undo();
    });
    expect((screen.getByRole('checkbox', { name: 'Auto-promote (run a worker)' }) as HTMLInputElement).checked).toBe(false);
    expect(status()).toMatch(/Undo switched auto-promote off/);
    act(() => vi.advanceTimersByTime(1000));
    expect(bandMembers(store)).toEqual(['job:1']);
  });
});

describe('the timeline', () => {
  it('marks the head of the band set (at most 200), now and the next wake, with readable UTC ticks', () => {
    const store = createAppStore({ frozenAt: T0 });
    renderPanel(store);
    act(() => {
      store.getState().setDelay(2000);
      store.getState().setBatchSize(250);
      store.getState().enqueue(250);
    });
    const timeline = screen.getByTestId('timeline');
    expect(screen.getByTestId('timeline-marks').getAttribute('data-count')).toBe('200');
    expect(timeline.textContent).toContain('the first 200 of 250 jobs in the band set');
    expect(within(timeline).getByText('now')).toBeTruthy();
    expect(within(timeline).getByText('next wake')).toBeTruthy();
    // ticks in UTC, as precise as their step
    expect(within(timeline).getByText('12:00:01.000')).toBeTruthy(); // steps of 500 ms over a 2.2 s span
    expect(within(timeline).getByText('12:00:01.500')).toBeTruthy();
    // the wake sits at the head's fire-time, right of now
    const wake = screen.getByTestId('timeline-wake').getAttribute('transform')!;
    const wakeX = Number(/translate\(([\d.]+)/.exec(wake)![1]);
    const nowX = Number(screen.getByTestId('timeline-now').getAttribute('x1'));
    expect(wakeX).toBeGreaterThan(nowX);
  });
});

describe('the timeline with the head overdue (auto-promote off)', () => {
  it('reaches back to the head, so the next wake stays on the axis, left of now', () => {
    const store = createAppStore({ frozenAt: T0 });
    renderPanel(store);
    enqueueWithDelay(store, 1000);
    act(() => store.getState().stepClock(60_000));
    const wakeX = Number(/translate\(([\d.]+)/.exec(screen.getByTestId('timeline-wake').getAttribute('transform')!)![1]);
    const nowX = Number(screen.getByTestId('timeline-now').getAttribute('x1'));
    expect(wakeX).toBeGreaterThanOrEqual(8);
    expect(wakeX).toBeLessThan(nowX);
  });
});

describe('tickLabel', () => {
  it('labels a tick as precisely as its step needs, in UTC', () => {
    expect(tickLabel(T0 + 1200, 200)).toBe('12:00:01.200');
    expect(tickLabel(T0 + 2000, 1000)).toBe('12:00:02');
    expect(tickLabel(T0 + 100_000, 50_000)).toBe('12:01:40');
    expect(tickLabel(T0 + 120_000, 60_000)).toBe('12:02');
    expect(tickLabel(Date.UTC(2030, 0, 1), 10 * 86_400_000)).toBe('2030-01-01');
    expect(tickLabel(Date.UTC(2030, 0, 1, 6), 2e8)).toBe('2030-01-01 06:00');
  });
});

describe('the timeline with a live clock', () => {
  /** The slide group's x offset (the marks and ticks move left as time passes). */
  function slideX(): number {
    const layer = screen.getByTestId('timeline-marks').closest('svg')!.parentElement!;
    return Number(/translateX\((-?[\d.]+)px\)/.exec(layer.style.transform || 'translateX(0px)')![1]);
  }

  afterEach(() => vi.unstubAllGlobals());

  it('slides toward now on animation frames', () => {
    stubReducedMotion(false);
    const store = createAppStore();
    renderPanel(store);
    enqueueWithDelay(store, 5000);
    const start = slideX();
    act(() => vi.advanceTimersByTime(100)); // a few frames, well before a second
    expect(slideX()).toBeLessThan(start);
  });

  it('where the browser has Web Animations, hands the slide to one linear animation of the layer', () => {
    stubReducedMotion(false);
    const animate = vi.fn(() => ({ cancel: vi.fn(), onfinish: null }));
    Object.defineProperty(window.HTMLElement.prototype, 'animate', { value: animate, configurable: true });
    try {
      const store = createAppStore();
      renderPanel(store);
      enqueueWithDelay(store, 5000);
      expect(animate).toHaveBeenCalled();
      const [keyframes, options] = animate.mock.calls.at(-1) as unknown as [
        Array<{ transform: string }>,
        KeyframeAnimationOptions,
      ];
      expect(keyframes[0]!.transform).toMatch(/^translateX\(-?0\.00px\)$/); // from now (the fake clock stands still)
      expect(keyframes[1]!.transform).toMatch(/^translateX\(-\d+\.\d\dpx\)$/);
      expect(options).toMatchObject({ easing: 'linear', fill: 'forwards' });
      expect(options.duration).toBeGreaterThan(1000); // half of a 5.5 s span
    } finally {
      delete (window.HTMLElement.prototype as { animate?: unknown }).animate;
    }
  });

  it('with prefers-reduced-motion, moves once a second instead', () => {
    stubReducedMotion(true);
    const store = createAppStore();
    renderPanel(store);
    enqueueWithDelay(store, 5000);
    const start = slideX();
    act(() => vi.advanceTimersByTime(999));
    expect(slideX()).toBe(start);
    act(() => vi.advanceTimersByTime(1));
    expect(slideX()).toBeLessThan(start);
  });
});

describe('a promote of more than SYNC_JOBS jobs', () => {
  it('shows its progress by the button, with the button off, until the last slice', () => {
    const { scheduler, runNext } = fakeScheduler();
    const store = createAppStore({ frozenAt: T0, seed: 1, slicer: scheduler });
    store.getState().setBatchSize(10_000);
    // 20,000 due jobs: past SYNC_JOBS, so the promote runs in slices
    for (let i = 0; i < 2; i++) store.getState().enqueue(10_000);
    store.getState().stepClock(60_000);
    renderPanel(store);
    const button = screen.getByRole('button', { name: 'Promote due jobs' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(screen.getByTestId('promote-progress').textContent?.trim()).toBe(
      'Promoting: 0 of 40,000 jobs taken out of the two sets.',
    );
    expect(button.disabled).toBe(true);
    act(() => {
      while (runNext());
    });
    expect(screen.queryByTestId('promote-progress')).toBeNull();
    expect(button.disabled).toBe(false);
    expect(bandMembers(store)).toEqual([]);
  });
});
