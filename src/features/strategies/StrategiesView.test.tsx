import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrategiesView } from './StrategiesView.tsx';
import { PromotionChart } from './PromotionChart.tsx';
import { answerJob, type WorkerJob, type WorkerReply } from './strategiesJob.ts';
import type { Arrival } from '../../model/strategies/arrivalStreams.ts';
import { createAppStore, type AppStore } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { T0 } from '../../../test-support/instants.ts';

afterEach(() => vi.restoreAllMocks());

/** The view under a store of its own (frozen clock); returns the store. */
function renderView(store: AppStore = createAppStore({ frozenAt: T0, seed: 5 })): AppStore {
  render(
    <StoreProvider store={store}>
      <StrategiesView />
    </StoreProvider>,
  );
  return store;
}

function number(testId: string): number {
  return Number(screen.getByTestId(testId).textContent!.replace(/[^\d.]/g, ''));
}

describe('StrategiesView', () => {
  it('starts with the controls and no results', () => {
    renderView();
    expect(screen.getByRole('heading', { level: 2, name: 'Strategies compared on one arrival stream' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'All in one ms' })).toHaveProperty('checked', true);
    expect(screen.getByRole('status').textContent).toBe('Pick a pattern and a size, then press Compare.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('compares "all in one ms": the textbook rules invert pairs, the band and Kue keep FIFO', async () => {
    const user = userEvent.setup();
    renderView();
    const size = screen.getByLabelText('Jobs (n)');
    await user.clear(size);
    await user.type(size, '120');
    await user.click(screen.getByRole('button', { name: 'Compare 120 jobs' }));
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByText(/All in one ms, 120 jobs \(7,140 pairs\)/)).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(8);

    expect(number('inversions-textbook-s')).toBeGreaterThan(0);
    expect(number('inversions-textbook-ms')).toBeGreaterThan(0);
    expect(number('inversions-sidekiq')).toBeGreaterThan(0);
    for (const id of ['bullmq-band', 'bull-legacy', 'resque', 'kue']) expect(number(`inversions-${id}`)).toBe(0);
    expect(screen.getByTestId('ties-textbook-ms').textContent).toBe('7,140 (120)');
    expect(screen.getByTestId('ties-bullmq-band').textContent).toBe('0 (0)');
    expect(screen.getByTestId('tau-bullmq-band').textContent).toBe('0');

    const charts = screen.getByRole('list', { name: /per strategy/ });
    expect(within(charts).getAllByRole('listitem')).toHaveLength(7);
    expect(within(charts).getByRole('img', { name: /^Band bump: .* a straight diagonal, FIFO\.$/ })).toBeTruthy();
    expect(within(charts).getByRole('img', { name: /^Textbook, ms: .* inverted pairs off the diagonal\.$/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(
      /^Compared 7 strategies on 120 jobs \(All in one ms\) in \d+\.\d s\.$/,
    );
  });

  it('runs the chosen pattern: spread over seconds keeps every ms rule FIFO', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(screen.getByRole('radio', { name: 'Spread over seconds' }));
    await user.click(screen.getByRole('button', { name: 'Compare 2,000 jobs' }));
    await screen.findByRole('table', {}, { timeout: 20_000 });
    for (const id of ['textbook-ms', 'sidekiq', 'kue', 'bullmq-band']) expect(number(`inversions-${id}`)).toBe(0);
    expect(number('inversions-textbook-s')).toBeGreaterThan(0);
  }, 30_000);

  it('shows a message beside the size field for bad input and keeps the last valid size', async () => {
    const user = userEvent.setup();
    renderView();
    const size = screen.getByLabelText('Jobs (n)');
    await user.clear(size);
    expect(screen.getByRole('alert').textContent).toBe('Enter how many jobs (1 to 100,000).');
    await user.type(size, '12a');
    expect(screen.getByRole('alert').textContent).toBe('Use a whole number of jobs, digits only.');
    expect(size.getAttribute('aria-invalid')).toBe('true');
    await user.clear(size);
    await user.type(size, '0');
    expect(screen.getByRole('alert').textContent).toBe('At least 1 job.');
    await user.clear(size);
    await user.type(size, '100001');
    expect(screen.getByRole('alert').textContent).toBe('At most 100,000 jobs.');
    expect(screen.getByRole('button', { name: /^Compare/ }).textContent).toBe('Compare 10,000 jobs');
    await user.clear(size);
    await user.type(size, '100,000');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: /^Compare/ }).textContent).toBe('Compare 100,000 jobs');
  });
});

/**
 * A Worker that holds the jobs it is sent until the test answers them (answerHeldJobs), as the real
 * worker would (answerJob). It answers even after terminate(): a reply already in flight when a
 * run is cancelled still arrives, and must change nothing.
 */
class HeldWorker {
  static created: HeldWorker[] = [];
  onmessage: ((event: { data: WorkerReply }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  terminated = false;
  held: WorkerJob[] = [];
  readonly streams = new Map<string, readonly Arrival[]>();

  constructor() {
    HeldWorker.created.push(this);
  }

  postMessage(job: WorkerJob) {
    this.held.push(job);
  }

  terminate() {
    this.terminated = true;
  }
}

/** Every held job answered, and the jobs the answers bring, until no worker holds any. */
function answerHeldJobs() {
  act(() => {
    while (HeldWorker.created.some((worker) => worker.held.length > 0)) {
      for (const worker of HeldWorker.created) {
        for (const job of worker.held.splice(0)) answerJob(job, (reply) => worker.onmessage?.({ data: reply }), worker.streams);
      }
    }
  });
}

describe('StrategiesView with workers the test answers', () => {
  beforeEach(() => {
    HeldWorker.created = [];
    vi.stubGlobal('Worker', HeldWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function startRun(user: ReturnType<typeof userEvent.setup>) {
    renderView();
    const size = screen.getByLabelText('Jobs (n)');
    await user.clear(size);
    await user.type(size, '120');
    await user.click(screen.getByRole('button', { name: 'Compare 120 jobs' }));
    expect(HeldWorker.created.length).toBeGreaterThan(0);
  }

  it('shows the results once the workers answer', async () => {
    const user = userEvent.setup();
    await startRun(user);
    expect(screen.getByRole('progressbar', { name: 'Comparison progress' })).toBeTruthy();
    answerHeldJobs();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows progress while it runs, and Cancel stops it without results, though the workers answer after', async () => {
    const user = userEvent.setup();
    await startRun(user);
    expect(screen.getByRole('progressbar', { name: 'Comparison progress' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Comparing 120 jobs (All in one ms)…');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(HeldWorker.created.every((worker) => worker.terminated)).toBe(true);

    answerHeldJobs();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Pick a pattern and a size, then press Compare.');
  });
});

describe('StrategiesView on the page’s own jobs', () => {
  it('compares the jobs enqueued above, with their ids: plain numbers invert in the textbook set', async () => {
    const user = userEvent.setup();
    const store = createAppStore({ frozenAt: T0, seed: 5, idStyle: 'N' });
    renderView(store);
    await user.click(screen.getByRole('radio', { name: 'This page’s jobs' }));
    expect(screen.getByTestId('strategies-page-jobs').textContent).toBe(
      'No jobs yet: enqueue some above, then compare them here.',
    );
    expect(screen.getByRole('button', { name: /^Compare/ })).toHaveProperty('disabled', true);

    // Twelve jobs in one ms with ids 1..12: as text, "10" < "11" < "12" < "2", so the textbook
    // (ms) set promotes 1, 10, 11, 12, 2, ... while the band keeps 1..12.
    act(() => {
      store.getState().setBatchSize(12);
      store.getState().enqueue(12);
    });
    expect(screen.getByTestId('strategies-page-jobs').textContent).toBe('12 jobs from the page.');
    await user.click(screen.getByRole('button', { name: 'Compare 12 jobs' }));
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByText(/This page’s jobs, 12 jobs \(66 pairs\): promotion order against arrival order/)).toBeTruthy();
    // "1" then "10".."12" before "2".."9": 3 jobs jump 8 each.
    expect(number('inversions-textbook-ms')).toBe(24);
    expect(number('inversions-bullmq-band')).toBe(0);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Compared 7 strategies on 12 jobs \(This page’s jobs\) in \d+\.\d s\.$/,
    );
  });

  it('measures against the order due when the page’s jobs have different delays', async () => {
    const user = userEvent.setup();
    const store = createAppStore({ frozenAt: T0, seed: 5 });
    act(() => {
      store.getState().enqueue(1);
      store.getState().setDelay(1000);
      store.getState().enqueue(1);
    });
    renderView(store);
    await user.click(screen.getByRole('radio', { name: 'This page’s jobs' }));
    await user.click(screen.getByRole('button', { name: 'Compare 2 jobs' }));
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByText(/promotion order against the order due \(fire-time, then arrival\)/)).toBeTruthy();
    // job:2 is due 4 s before job:1: every rule promotes it first, which is no inversion.
    for (const id of ['bullmq-band', 'textbook-ms', 'kue']) expect(number(`inversions-${id}`)).toBe(0);
    expect(screen.getByRole('list', { name: 'Promotion position against position due, per strategy' })).toBeTruthy();
  });
});

describe('PromotionChart', () => {
  function fakeContext() {
    const calls: { imageAlpha: number[]; fills: string[] } = { imageAlpha: [], fills: [] };
    const ctx = {
      globalCompositeOperation: 'source-over',
      imageSmoothingEnabled: true,
      fillStyle: '',
      createImageData: (w: number, h: number) => ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4) }),
      putImageData: (image: { data: Uint8ClampedArray }) => {
        calls.imageAlpha = Array.from(image.data.filter((_, i) => i % 4 === 3));
      },
      clearRect: () => {},
      drawImage: () => {},
      fillRect() {
        calls.fills.push(`${ctx.globalCompositeOperation} ${ctx.fillStyle}`);
      },
    };
    return { ctx, calls };
  }

  it('paints one cell per job for a short stream, coloured by the canvas’s CSS colour', () => {
    const { ctx, calls } = fakeContext();
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    render(<PromotionChart order={Int32Array.from([1, 3, 2, 4])} label="four jobs" />);
    // 4 jobs: a 4 × 4 grid, rows top to bottom = last promoted first.
    expect(calls.imageAlpha.map((a) => (a ? 1 : 0))).toEqual([0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0]);
    expect(calls.fills).toHaveLength(1);
    expect(calls.fills[0]).toMatch(/^source-in /);
    expect(screen.getByRole('img', { name: 'four jobs' })).toBeTruthy();
  });

  it('survives a canvas-less environment (getContext answers null)', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(<PromotionChart order={Int32Array.from({ length: 1000 }, (_, i) => i + 1)} label="a thousand" />);
    expect(screen.getByRole('img', { name: 'a thousand' }).querySelectorAll('text').length).toBeGreaterThan(2);
  });
});
