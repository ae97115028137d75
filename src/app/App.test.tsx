import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from './App.tsx';
import { createAppStore } from '../store/appStore.ts';
import type { AppStoreOptions } from '../store/appStore.ts';
import { CLIFF_FIRE_TIME, bandOf, fireTimeOf, isPastCliff, nextScoreInBand, textbookScore } from '../model/protocol/score.ts';
import { formatScore } from '../model/redis/doubles.ts';
import { stubResizeObserver } from '../../test-support/resizeTesting.ts';
import { T0 } from '../../test-support/instants.ts';

// The page keeps its scenario in the URL: each test starts from a URL without one.
beforeEach(() => window.history.replaceState(null, '', '/'));

/** The panels the page loads in their own chunks: imported once up front, so a slow transform on a busy machine cannot outlast findBy's wait. */
const LAZY_LOAD_TIMEOUT = { timeout: 10_000 };
// The whole page renders in jsdom (two band grids, the deeper views): on a busy 2-core machine that takes seconds.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await Promise.all([
    import('../features/sets/SetsPanel.tsx'),
    import('../features/scenario/ScenarioBar.tsx'),
    import('../features/story/StageBand.tsx'),
    import('../features/story/PlayControls.tsx'),
    import('../features/story/ScorePanel.tsx'),
    import('../features/band/BandPanel.tsx'),
    import('../features/promote/PromotePanel.tsx'),
    import('../features/log/CommandLog.tsx'),
    import('./Explorations.tsx'),
  ]);
}, 60_000);

/** Renders the page and waits for the stage's set views (they load in their own chunk). */
async function renderApp(options: AppStoreOptions = {}) {
  const store = createAppStore({ frozenAt: T0, ...options });
  render(<App store={store} />);
  await screen.findByTestId('band-set', undefined, LAZY_LOAD_TIMEOUT);
  return store;
}

function text(testId: string): string {
  return screen.getByTestId(testId).textContent ?? '';
}

/** The rows a SetView currently renders: [member, score text, arrival text, out of order?]. */
function setRows(testId: string) {
  const view = screen.getByTestId(testId);
  return within(view)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? '');
      return {
        member: cells[1],
        score: cells[2],
        arrival: cells[3]?.replace(/\D/g, ''),
        outOfOrder: /out of due order/.test(cells[3] ?? ''),
      };
    });
}

describe('the score panel follows the slider', () => {
  it('shows the values the model gives for each delay', async () => {
    await renderApp();
    // the score bits sit below the stage, in their own chunk
    await screen.findByTestId('min-score-hex', undefined, LAZY_LOAD_TIMEOUT);
    const slider = screen.getByRole('slider', { name: 'Delay (ms)' });
    for (const delay of [0, 1, 1234, 60_000]) {
      fireEvent.change(slider, { target: { value: String(delay) } });
      const fireTime = fireTimeOf(T0, delay);
      const band = bandOf(fireTime);
      expect(text('fire-time-ms')).toBe(`${fireTime} ms`);
      expect(text('fire-time-iso')).toBe(new Date(fireTime).toISOString());
      expect(text('textbook-score')).toBe(formatScore(textbookScore(T0, delay, 's')));
      expect(text('min-score')).toBe(formatScore(band.minScore));
      expect(text('max-score')).toBe(formatScore(band.maxScore));
      expect(text('min-score-hex')).toBe(`0x${band.minScore.toString(16)}`);
      expect(text('min-score-bin')).toBe(band.minScore.toString(2));
      expect(text('max-score-bin').endsWith('111111111111')).toBe(true);
      expect(text('next-score')).toBe(formatScore(band.minScore));
      expect(text('recovered-ms')).toBe(String(fireTime));
    }
  });

  it('switches the textbook score between seconds and ms while the set is empty', async () => {
    await renderApp();
    fireEvent.click(screen.getByRole('radio', { name: 'ms' }));
    expect(text('textbook-score')).toBe(formatScore(textbookScore(T0, 5000, 'ms')));
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    expect((screen.getByRole('radio', { name: 'whole seconds' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('the live clock', () => {
  it('moves the shown now about once a second and reads the clock at each enqueue', async () => {
    vi.useFakeTimers();
    try {
      let now = T0;
      const store = createAppStore({ clock: () => now });
      render(<App store={store} />);
      expect(text('fire-time-ms')).toBe(`${T0 + 5000} ms`);
      now = T0 + 1234;
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(text('fire-time-ms')).toBe(`${T0 + 1234 + 5000} ms`);
      now = T0 + 1500;
      fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
      expect(store.getState().lastEnqueue?.timestamp).toBe(T0 + 1500);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('enqueueing same-ms jobs', () => {
  it('shows floor, floor + 1, floor + 2 in arrival order in the band set', async () => {
    await renderApp();
    const button = screen.getByRole('button', { name: 'Enqueue job' });
    for (let i = 0; i < 3; i++) fireEvent.click(button);
    const band = bandOf(fireTimeOf(T0, 5000));
    const first = nextScoreInBand(band, null);
    const second = nextScoreInBand(band, first);
    const third = nextScoreInBand(band, second);
    expect(setRows('band-set')).toEqual([
      { member: 'job:1', score: formatScore(first), arrival: '1', outOfOrder: false },
      { member: 'job:2', score: formatScore(second), arrival: '2', outOfOrder: false },
      { member: 'job:3', score: formatScore(third), arrival: '3', outOfOrder: false },
    ]);
    expect(text('next-kind')).toMatch(/floor \+ 3/);
  });

  it('marks the textbook ties that fell back to member order', async () => {
    await renderApp({ idStyle: 'N' });
    fireEvent.change(screen.getByTestId('batch-field'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue N at the same millisecond' }));
    const rows = setRows('textbook-set');
    const textOrder = ['1', '10', '11', '2', '3', '4', '5', '6', '7', '8', '9'];
    expect(rows.map((row) => row.member)).toEqual(textOrder);
    // only "1" is where arrival order puts it
    expect(rows.filter((row) => row.outOfOrder).map((row) => row.member)).toEqual(textOrder.slice(1));
    expect(within(screen.getByTestId('textbook-set')).getByText(/16 pairs/)).toBeTruthy();
    expect(within(screen.getByTestId('band-set')).getByText(/0 pairs/)).toBeTruthy();
    expect(setRows('band-set').some((row) => row.outOfOrder)).toBe(false);
  });

  it('shows the ceiling and the member-order fallback past 4,096 jobs', async () => {
    await renderApp();
    fireEvent.change(screen.getByTestId('batch-field'), { target: { value: '4098' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue N at the same millisecond' }));
    // Two more in the same (frozen) millisecond, with plain ids: "4099" sorts before "job:4096".
    fireEvent.change(screen.getByLabelText('Job id style'), { target: { value: 'N' } });
    fireEvent.change(screen.getByTestId('batch-field'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue N at the same millisecond' }));
    const { maxScore } = bandOf(fireTimeOf(T0, 5000));
    expect(text('next-score')).toBe(formatScore(maxScore));
    expect(text('next-kind')).toMatch(/ceiling/);
    // the band grid loads in its own chunk
    expect(await screen.findByText(/5 jobs share the ceiling score/, undefined, LAZY_LOAD_TIMEOUT)).toBeTruthy();
    expect(within(screen.getByTestId('band-set')).getByText(/6 pairs/)).toBeTruthy();
    expect(within(screen.getByTestId('band-set')).getByText(/4,100 members/)).toBeTruthy();
  });
});

describe('past the cliff', () => {
  it('warns and shows same-ms jobs sharing one score when the fire-time is at or past 2^41 ms', async () => {
    await renderApp();
    const delay = CLIFF_FIRE_TIME - T0 + 3; // about 12.8 years
    fireEvent.change(screen.getByTestId('delay-field'), { target: { value: String(delay) } });
    expect(isPastCliff(fireTimeOf(T0, delay))).toBe(true);
    expect(screen.getByText(/Past the 2\^53 cliff/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Enqueue job' });
    fireEvent.click(button);
    fireEvent.click(button);
    const [first, second] = setRows('band-set');
    expect(first?.score).toBe(formatScore(bandOf(fireTimeOf(T0, delay)).minScore));
    expect(second?.score).toBe(first?.score);
  });
});

describe('bad input', () => {
  it('shows a message beside the field and keeps the last valid delay', async () => {
    const store = await renderApp();
    const field = screen.getByTestId('delay-field');
    fireEvent.change(field, { target: { value: '2500' } });
    const before = text('min-score');
    for (const bad of ['', 'abc', '-5', '1.5', '99999999999999999']) {
      fireEvent.change(field, { target: { value: bad } });
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!);
      expect(message?.textContent).toBeTruthy();
      expect(text('min-score')).toBe(before);
      expect(store.getState().delay).toBe(2500);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    expect(setRows('band-set')[0]?.score).toBe(formatScore(bandOf(fireTimeOf(T0, 2500)).minScore));
  });

  it('drops a refused draft when the slider moves', async () => {
    await renderApp();
    const field = screen.getByTestId('delay-field') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'soon' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByRole('slider', { name: 'Delay (ms)' }), { target: { value: '4321' } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(field.value).toBe('4321');
  });

  it('refuses a bad N and a bad clock without touching the sets', async () => {
    const store = await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    const batch = screen.getByTestId('batch-field');
    fireEvent.change(batch, { target: { value: '10001' } });
    expect(batch.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('At most 10,000 jobs at once.')).toBeTruthy();
    const clock = screen.getByTestId('clock-field');
    fireEvent.change(clock, { target: { value: 'yesterday' } });
    expect(clock.getAttribute('aria-invalid')).toBe('true');
    expect(store.getState().frozenAt).toBe(T0);
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue N at the same millisecond' }));
    expect(store.getState().batchSize).toBe(3);
    expect(within(screen.getByTestId('band-set')).getByText(/4 members/)).toBeTruthy();
  });

  it('renders a typed id prefix as text, never as HTML', async () => {
    await renderApp({ idStyle: 'prefix' });
    const prefix = screen.getByTestId('prefix-field');
    fireEvent.change(prefix, { target: { value: '<img src=x onerror=alert(1)>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    expect(document.querySelector('img')).toBeNull();
    expect(setRows('band-set')[0]?.member).toBe('<img src=x onerror=alert(1)>1');
  });
});

describe('promote, log and reset', () => {
  it('promotes due jobs from both sets in order and says the next wake', async () => {
    await renderApp({ idStyle: 'N' });
    fireEvent.change(screen.getByTestId('batch-field'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue N at the same millisecond' }));
    fireEvent.click(screen.getByRole('button', { name: '+1 min' }));
    // promote and the log load in their own chunk
    fireEvent.click(await screen.findByRole('button', { name: 'Promote due jobs' }, LAZY_LOAD_TIMEOUT));
    expect(text('promoted-band-summary')).toMatch(/^11 promoted in 1 call; 0 pairs out of due order/);
    expect(text('promoted-textbook-summary')).toMatch(/^11 promoted in 1 call; 16 pairs out of due order/);
    expect(text('next-wake')).toMatch(/none/);
    expect(within(screen.getByTestId('band-set')).getByText(/0 members/)).toBeTruthy();
  });

  it('lists the commands newest first and reset clears sets and log but keeps the controls', async () => {
    const store = await renderApp();
    fireEvent.change(screen.getByTestId('delay-field'), { target: { value: '777' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    const items = within(await screen.findByTestId('command-log', undefined, LAZY_LOAD_TIMEOUT)).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/#3 band.*ZADD bull:firetime:delayed .* job:1\(integer\) 1/),
      expect.stringMatching(/#2 band.*ZREVRANGEBYSCORE .* WITHSCORES LIMIT 0 1\(empty array\)/),
      expect.stringMatching(/#1 textbook.*ZADD delayed_queue/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByTestId('command-log')).toBeNull();
    expect(within(screen.getByTestId('band-set')).getByText(/0 members/)).toBeTruthy();
    expect(store.getState().delay).toBe(777);
    expect((screen.getByRole('slider', { name: 'Delay (ms)' }) as HTMLInputElement).value).toBe('777');
  });
});

describe('layout reads at load', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('only the stage band grid reads layout as it mounts; the set views and the panels below wait for the browser (LaidOutLater)', async () => {
    const observer = stubResizeObserver();
    const readers = new Set<Element>();
    for (const property of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight', 'offsetLeft', 'scrollWidth'] as const) {
      vi.spyOn(HTMLElement.prototype, property, 'get').mockImplementation(function (this: HTMLElement) {
        readers.add(this);
        return 0;
      });
    }
    await renderApp();
    // the last part below the stage is in
    await screen.findByTestId('live-redis', undefined, LAZY_LOAD_TIMEOUT);
    await screen.findByTestId('band-panel', undefined, LAZY_LOAD_TIMEOUT);
    const stageBand = screen.getByTestId('stage-band');
    expect(readers.size).toBeGreaterThan(0);
    expect([...readers].filter((element) => !stageBand.contains(element))).toEqual([]);

    // once the browser has laid a set view out, it measures
    const scroller = observer.observed().find((element) => screen.getByTestId('band-set').contains(element))!;
    act(() => observer.report(scroller));
    expect(readers.has(scroller)).toBe(true);
  });
});
