import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { HistogramReply, JobRow, QueueRow } from '../../model/doctor/doctorWire.ts';
import { IDLE_QUEUE_STATE, queueRowOf } from '../../../test-support/queueRowFixture.ts';
import { named } from '../../../test-support/redisNameFixture.ts';
import { bridgeAccess } from './bridgeClient.ts';
import type { Fetch } from './bridgeClient.ts';
import { newLiveQueryClient } from './liveQueryClient.ts';
import { QueueDetail } from './QueueDetail.tsx';

const BRIDGE = 'http://127.0.0.1:7379';
const NOW = Date.UTC(2026, 11, 2, 6, 9);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ROW: QueueRow = queueRowOf('bull', 'mail', {
  delayed: 250,
  nextFireTime: NOW + 1000,
  fullestBand: { fireTime: NOW + 5000, jobs: 5000, atCeiling: 904, complete: true, atMost: 5000, counts: 3 },
  verdict: { kind: 'waiting', words: '' },
});

/** The set: 10 jobs before the span asked, then 230 in the window NOW..NOW+10 s, 10 after. */
function histogram(from: number | null): HistogramReply {
  const zoomed = from !== null;
  return {
    key: ROW.delayedKey,
    scheme: 'band',
    now: NOW,
    dueBound: String((NOW + 1) * 4096 - 1),
    from: zoomed ? from : NOW - 10_000,
    to: zoomed ? from + 10_000 : NOW + 20_000,
    width: 10_000,
    total: 250,
    before: zoomed ? 10 : 0,
    after: zoomed ? 10 : 0,
    buckets: zoomed
      ? [{ from, to: from + 10_000, jobs: 230 }]
      : [
          { from: NOW - 10_000, to: NOW, jobs: 10 },
          { from: NOW, to: NOW + 10_000, jobs: 230 },
          { from: NOW + 10_000, to: NOW + 20_000, jobs: 10 },
        ],
  };
}

const job = (id: string): JobRow => ({
  id: named(id),
  score: String((NOW + 1000) * 4096),
  facts: {
    found: true,
    name: 'send',
    attempt: { n: 2, of: 3 },
    backoff: { type: 'fixed', delay: 500 },
    scheduler: null,
    plannedRunAt: NOW,
    runAt: NOW + 1000,
    runAtDiffers: true,
    movedBy: 'retry',
    failedReason: { text: 'smtp 421', cut: false },
    processedOn: NOW - 2000,
    cutFields: [],
  },
});

function fakeBridge(fail: { jobs?: boolean } = {}, delayed: ReadonlyMap<string, number> = new Map()) {
  const urls: URL[] = [];
  const fetchImpl = vi.fn<Fetch>((url) => {
    const parsed = new URL(url);
    urls.push(parsed);
    const q = parsed.searchParams;
    if (parsed.pathname === '/api/histogram')
      return Promise.resolve(json(histogram(q.has('from') ? Number(q.get('from')) : null)));
    if (parsed.pathname === '/api/members') {
      const start = Number(q.get('start'));
      const count = Number(q.get('count'));
      const entries = Array.from({ length: count }, (_, i) => [named(String(start + i)), String((NOW + 1000) * 4096 + i)]);
      return Promise.resolve(json({ key: ROW.delayedKey, size: 250, start, entries, truncated: false }));
    }
    if (parsed.pathname === '/api/jobs') {
      if (fail.jobs) return Promise.resolve(json({ error: { code: 'redis-down', message: 'Redis is down.' } }, 502));
      const ids = q.getAll('id');
      const lower = delayed.get(ids[0] ?? '');
      const rank = q.get('rank') === '1';
      if (ids.length > 0)
        return Promise.resolve(
          json({
            prefix: 'bull',
            name: 'mail',
            scheme: 'band',
            jobs: [
              lower === undefined
                ? { id: named(ids[0]!), score: null, facts: null, ...(rank ? { lower: null } : {}) }
                : { ...job(ids[0]!), ...(rank ? { lower } : {}) },
            ],
          }),
        );
      const asked = q.getAll('id64').map((id) => Buffer.from(id, 'base64url').toString('utf8'));
      return Promise.resolve(json({ prefix: 'bull', name: 'mail', scheme: 'band', jobs: asked.map(job) }));
    }
    return Promise.resolve(json({ error: { code: 'not-found', message: 'no' } }, 404));
  });
  return { urls, fetchImpl };
}

function renderDetail(bridge: ReturnType<typeof fakeBridge>, row: QueueRow = ROW) {
  render(
    <QueryClientProvider client={newLiveQueryClient()}>
      <QueueDetail reading={{ row, now: NOW }} bridge={bridgeAccess(BRIDGE, '', bridge.fetchImpl)} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

// pages of 100 rows render slowly on a loaded machine: more than the default 5 s a test
vi.setConfig({ testTimeout: 20_000 });

describe('QueueDetail', () => {
  it('marks a window holding more jobs than its bands have slots as holding a saturated band', async () => {
    // 10,000 jobs in 2 ms (8,192 slots): one of those bands holds more than 4,096; 8,192 in 2 ms may not
    const counts = [8192, 10_000, 4097];
    const widths = [2, 2, 1];
    const bridge = fakeBridge();
    const answer = bridge.fetchImpl.getMockImplementation()!;
    bridge.fetchImpl.mockImplementation((url, init) => {
      if (new URL(url).pathname !== '/api/histogram') return answer(url, init);
      let from = NOW + 60_000;
      const buckets = counts.map((jobs, i) => {
        const bucket = { from, to: from + widths[i]!, jobs };
        from += widths[i]!;
        return bucket;
      });
      const total = counts.reduce((a, b) => a + b, 0);
      return Promise.resolve(json({ ...histogram(null), from: NOW + 60_000, to: from, width: 2, total, buckets }));
    });
    renderDetail(bridge, { ...ROW, fullestBand: null });
    const windows = within(await screen.findByTestId('queue-detail-histogram')).getAllByRole('listitem');
    expect(windows.map((w) => w.hasAttribute('data-saturated'))).toEqual([false, true, true]);
    expect(windows[1]!.textContent).toContain('holds a saturated band: more jobs than 2 ms of bands have slots');
    expect(windows[2]!.textContent).toContain('(a saturated band)');
  });

  it('counts the whole set by windows, marks the due ones and the saturated band', async () => {
    renderDetail(fakeBridge());
    const histogramView = await screen.findByTestId('queue-detail-histogram');
    expect(histogramView.getAttribute('data-total')).toBe('250');
    const windows = within(histogramView).getAllByRole('listitem');
    expect(windows.map((w) => w.getAttribute('data-jobs'))).toEqual(['10', '230', '10']);
    expect(windows[0]!.hasAttribute('data-due')).toBe(true);
    expect(windows[1]!.hasAttribute('data-now')).toBe(true);
    expect(windows[1]!.hasAttribute('data-saturated')).toBe(true);
    expect(windows[1]!.textContent).toContain('a saturated band: 5,000 jobs in 06:09:05.000 UTC');
    expect(windows[2]!.hasAttribute('data-due')).toBe(false);
  });

  it('reads a picked window from its rank (the jobs before it), in pages of 100, each job with its facts', async () => {
    const user = userEvent.setup();
    const bridge = fakeBridge();
    renderDetail(bridge);
    const histogramView = await screen.findByTestId('queue-detail-histogram');
    await user.click(within(histogramView).getAllByRole('button', { name: /230 jobs/ })[0]!);
    expect((await screen.findByTestId('queue-detail-page-status')).textContent).toBe(
      "Jobs 1–100 of 230 in this window (ranks 11–110 of the set's 250).",
    );
    const page = () =>
      bridge.urls
        .filter((u) => u.pathname === '/api/members')
        .map((u) => [u.searchParams.get('start'), u.searchParams.get('count')]);
    expect(page()).toEqual([['10', '100']]);
    const first = (await screen.findAllByTestId('queue-detail-job'))[0]!;
    expect(await within(first).findByText('attempt 2 of 3, fixed backoff from 500 ms')).toBeTruthy();
    expect(within(first).getByTestId('queue-detail-runat').textContent).toBe(
      'runs 06:09:01.000 UTC, not timestamp + delay = 06:09:00.000 UTC: a retry: attempt 1 failed, and its fixed backoff set the run-at',
    );
    expect(within(first).getByTestId('queue-detail-failure').textContent).toBe('last failure: smtp 421');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(
      (await screen.findByText("Jobs 201–230 of 230 in this window (ranks 211–240 of the set's 250).")).textContent,
    ).toBeTruthy();
    expect(page().at(-1)).toEqual(['210', '30']);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens a found job at the page that holds it, its row marked, and says how many are ahead of it', async () => {
    const user = userEvent.setup();
    // job 150: 150 members score lower, 10 of them before its window, so it is the 141st of the window
    const bridge = fakeBridge({}, new Map([['150', 150]]));
    renderDetail(bridge);
    await screen.findByTestId('queue-detail-histogram');
    await user.type(screen.getByTestId('queue-detail-find'), '150');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByTestId('queue-detail-found')).textContent).toMatch(/; 150 jobs are ahead of it in the set\.$/);
    expect(
      (await screen.findByText("Jobs 101–200 of 230 in this window (ranks 111–210 of the set's 250).")).textContent,
    ).toBeTruthy();
    const marked = (await screen.findAllByTestId('queue-detail-job')).filter((row) => row.hasAttribute('data-marked'));
    expect(marked.map((row) => row.getAttribute('data-member'))).toEqual(['150']);
    // the find asked for the rank and the window it falls in
    const find = bridge.urls.find((url) => url.pathname === '/api/jobs' && url.searchParams.has('id'))!;
    expect(find.searchParams.get('rank')).toBe('1');
    const window = bridge.urls.filter((url) => url.pathname === '/api/histogram').at(-1)!;
    expect(Number(window.searchParams.get('to')) - Number(window.searchParams.get('from'))).toBe(1);
  });

  it('a rank past the window (the set moved meanwhile) opens the window’s last page', async () => {
    const user = userEvent.setup();
    renderDetail(fakeBridge({}, new Map([['9', 5000]])));
    await screen.findByTestId('queue-detail-histogram');
    await user.type(screen.getByTestId('queue-detail-find'), '9');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(
      (await screen.findByText("Jobs 201–230 of 230 in this window (ranks 211–240 of the set's 250).")).textContent,
    ).toBeTruthy();
  });

  it('says where a typed id is wrong and that a job is not delayed; a failed read is said, the page kept', async () => {
    const user = userEvent.setup();
    renderDetail(fakeBridge({ jobs: true }));
    await screen.findByTestId('queue-detail-histogram');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByTestId('queue-detail-found').textContent).toMatch(/^Type a job id/);
    expect(screen.getByTestId('queue-detail-find').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getAllByRole('button', { name: /230 jobs/ })[0]!);
    // a hundred rows render before the jobs' read fails: slow on a loaded machine
    expect(await screen.findByTestId('queue-detail-problem', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('queue-detail-problem').textContent).toContain('Redis is down.');
    // the members read, without their facts
    expect(screen.getAllByTestId('queue-detail-job')).toHaveLength(100);
  });
});

describe('QueueDetail follows the queue’s reads', () => {
  it('reads its histogram again when the queue’s row is read again (Refresh, a tick), keeping the last one shown meanwhile', async () => {
    const bridge = fakeBridge();
    const client = newLiveQueryClient();
    const view = (now: number) => (
      <QueryClientProvider client={client}>
        <QueueDetail reading={{ row: ROW, now }} bridge={bridgeAccess(BRIDGE, '', bridge.fetchImpl)} onClose={() => undefined} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(NOW));
    await screen.findByTestId('queue-detail-histogram');
    const histograms = () => bridge.urls.filter((u) => u.pathname === '/api/histogram').length;
    expect(histograms()).toBe(1);
    rerender(view(NOW + 5000));
    expect(screen.getByTestId('queue-detail-histogram')).toBeTruthy();
    await vi.waitFor(() => expect(histograms()).toBe(2));
    // the same read again asks nothing more
    rerender(view(NOW + 5000));
    expect(histograms()).toBe(2);
  });

  it('a large set’s fullest band is searched once, on opening (band=1), not at each read of the row', async () => {
    const bridge = fakeBridge();
    const answer = bridge.fetchImpl.getMockImplementation()!;
    bridge.fetchImpl.mockImplementation((url, init) => {
      const parsed = new URL(url);
      if (parsed.searchParams.get('band') !== '1') return answer(url, init);
      bridge.urls.push(parsed);
      const band = { fireTime: NOW + 7000, jobs: 4, atCeiling: 0, complete: false, atMost: 3610, counts: 3000 };
      return Promise.resolve(json({ ...histogram(null), fullestBand: band }));
    });
    renderDetail(bridge, { ...ROW, fullestBand: null });
    expect((await screen.findByTestId('queue-detail-band')).textContent).toMatch(/searching|4 jobs/);
    await vi.waitFor(() =>
      expect(screen.getByTestId('queue-detail-band').textContent).toBe(
        'Fullest band: 06:09:07.000 UTC, 4 jobs (the search stopped after 3,000 ZCOUNTs: another band may hold up to 3,610).',
      ),
    );
    expect(bridge.urls.filter((u) => u.searchParams.get('band') === '1')).toHaveLength(1);
  });

  it('one job the page cannot read (an attempt count of 2^53) is said so; the rest of its page reads as ever', async () => {
    const user = userEvent.setup();
    const bridge = fakeBridge();
    const answer = bridge.fetchImpl.getMockImplementation()!;
    bridge.fetchImpl.mockImplementation((url, init) => {
      const parsed = new URL(url);
      if (parsed.pathname !== '/api/jobs') return answer(url, init);
      const asked = parsed.searchParams.getAll('id64').map((id) => Buffer.from(id, 'base64url').toString('utf8'));
      const jobs = asked.map((id, i) =>
        i === 1 ? { ...job(id), facts: { ...job(id).facts!, attempt: { n: 2 ** 53, of: 3 } } } : job(id),
      );
      return Promise.resolve(json({ prefix: 'bull', name: 'mail', scheme: 'band', jobs }));
    });
    renderDetail(bridge);
    await user.click(
      within(await screen.findByTestId('queue-detail-histogram')).getAllByRole('button', { name: /230 jobs/ })[0]!,
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('queue-detail-what')[0]!.textContent).toBe('send'));
    const what = screen.getAllByTestId('queue-detail-what').map((el) => el.textContent);
    expect(what[1]).toBe('unreadable: the bridge sent this job in a form the page cannot read');
    expect(what.filter((text) => text === 'send')).toHaveLength(99);
    expect(screen.queryByTestId('queue-detail-problem')).toBeNull();
  });
});

describe('QueueDetail says why a job waits, and what became of a set that is gone', () => {
  const PAUSED: QueueRow = {
    ...ROW,
    state: { ...IDLE_QUEUE_STATE, paused: true, counts: { ...IDLE_QUEUE_STATE.counts, wait: 50 } },
    verdict: { kind: 'paused', words: 'paused (meta paused is set): ...' },
  };
  const HELD = 'the queue is paused (meta paused is set): nothing runs until Queue.resume()';

  it('an overdue job of a paused queue: overdue by how much, and the pause as the reason', async () => {
    const user = userEvent.setup();
    const bridge = fakeBridge();
    // the server's now 69 s past the jobs' run-at
    const later = vi.fn<Fetch>(async (url, init) => {
      const answer = await bridge.fetchImpl(url, init);
      if (new URL(url).pathname !== '/api/histogram') return answer;
      return json({ ...((await answer.json()) as HistogramReply), now: NOW + 70_000 });
    });
    renderDetail({ ...bridge, fetchImpl: later }, PAUSED);
    const histogramView = await screen.findByTestId('queue-detail-histogram');
    await user.click(within(histogramView).getAllByRole('button', { name: /230 jobs/ })[0]!);
    const first = (await screen.findAllByTestId('queue-detail-job'))[0]!;
    await within(first).findByText('attempt 2 of 3, fixed backoff from 500 ms');
    expect(within(first).getByTestId('queue-detail-runat').textContent).toBe(
      `overdue by 1 min 9 s (due 06:09:01.000 UTC), not timestamp + delay = 06:09:00.000 UTC: a retry: attempt 1 failed, and its fixed backoff set the run-at; why it waits: ${HELD}`,
    );
  });

  it('Find of a job in wait on a paused queue says the pause holds it, not that the next worker takes it', async () => {
    const user = userEvent.setup();
    const story = {
      state: { state: 'wait', by: 'LPOS wait', unsearched: [] },
      found: true,
      name: 'send',
      attempt: { n: 1, of: 1 },
      failedReason: null,
      processedOn: null,
      finishedOn: null,
    };
    const fetchImpl = vi.fn<Fetch>((url, init) => {
      const path = new URL(url).pathname;
      if (path === '/api/jobs')
        return Promise.resolve(
          json({
            prefix: 'bull',
            name: 'mail',
            scheme: 'band',
            jobs: [{ id: named('7'), score: null, facts: null, lower: null, story }],
          }),
        );
      return fakeBridge().fetchImpl(url, init);
    });
    renderDetail({ urls: [], fetchImpl }, { ...PAUSED, delayed: 0, fullestBand: null });
    expect(screen.getByTestId('queue-detail-empty').textContent).toMatch(/^No job is delayed in this queue now\. Find a job/);
    await user.type(screen.getByTestId('queue-detail-find'), '7');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByTestId('queue-detail-found')).textContent).toBe(
      `Job 7: waiting in wait: ${HELD}, attempt 1 of 1 (LPOS wait).`,
    );
  });

  it('a set gone since the row was read: said so, with when the row was read; no "Reading the histogram…", no alert', async () => {
    const fetchImpl = vi.fn<Fetch>(() =>
      Promise.resolve(
        json(
          { error: { code: 'not-found', message: 'No such key now (a delayed set disappears when its last job is promoted).' } },
          404,
        ),
      ),
    );
    renderDetail({ urls: [], fetchImpl }, { ...ROW, fullestBand: null });
    expect((await screen.findByTestId('queue-detail-empty')).textContent).toBe(
      'No job is delayed in this queue now: its delayed set is gone since the queue was read at 06:09:00.000 UTC (its last job promoted or removed); Refresh reads the queue again. Find a job by id below: it says where the job is, in any state.',
    );
    expect(screen.queryByText('Reading the histogram…')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('queue-detail-band')).toBeNull();
  });
});
