import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueueRow, QueuesReply } from '../../model/doctor/doctorWire.ts';
import { named } from '../../../test-support/redisNameFixture.ts';
import { IDLE_QUEUE_STATE, queueRowOf, queuesReplyOf } from '../../../test-support/queueRowFixture.ts';
import { bridgeAccess } from './bridgeClient.ts';
import type { Fetch } from './bridgeClient.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { newLiveQueryClient } from './liveQueryClient.ts';
import { QueuesSection } from './QueuesSection.tsx';

const BRIDGE = 'http://127.0.0.1:7379';
/** The server's TIME in the replies: 2026-12-02 06:09:00.000 UTC. */
const NOW = Date.UTC(2026, 11, 2, 6, 9);
const MINUTE = 60_000;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// the page words its own verdict from the numbers; the bridge's words must not be what it shows
const row = (name: string, over: Partial<QueueRow>): QueueRow =>
  queueRowOf('bull', name, { verdict: { kind: 'empty', words: 'the bridge’s words' }, ...over });

/** 2,281 jobs due, the oldest 13 min late, the marker 13 min 9.556 s in the past: nobody polls. */
const STUCK = row('mail', {
  delayed: 3000,
  overdue: 2281,
  oldestOverdueMs: 13 * MINUTE,
  nextFireTime: NOW - 13 * MINUTE,
  marker: { type: 'zset', time: Date.UTC(2026, 11, 2, 5, 55, 50, 444), entries: [] },
  fullestBand: { fireTime: NOW + 5 * MINUTE, jobs: 4200, atCeiling: 105, complete: true, atMost: 4200, counts: 3 },
});
/** Nothing due, the head 4 min 12 s ahead and the marker on it. */
const HEALTHY = row('pdf', {
  delayed: 12,
  nextFireTime: NOW + 4 * MINUTE + 12_000,
  marker: { type: 'zset', time: NOW + 4 * MINUTE + 12_000, entries: [] },
  fullestBand: { fireTime: NOW + 4 * MINUTE + 12_000, jobs: 3, atCeiling: 0, complete: true, atMost: 3, counts: 0 },
});
const BULL = row('legacy', { library: 'bull', version: null, scheme: 'id-counter', schemeFrom: 'library' });

const reply = (over: Partial<QueuesReply>): QueuesReply => queuesReplyOf(NOW, over);

/** A bridge in a function: answers each /api/queues request with the next of `answers`, records the requests. */
function fakeBridge(...answers: Array<() => Promise<Response>>) {
  const requests: Array<{ url: URL; headers: Record<string, string>; signal: AbortSignal }> = [];
  const fetchImpl = vi.fn<Fetch>((url, init) => {
    requests.push({ url: new URL(url), headers: init.headers ?? {}, signal: init.signal });
    const answer = answers.shift();
    return answer === undefined ? Promise.reject(new TypeError('no more answers')) : answer();
  });
  return { fetchImpl, requests };
}

const answer =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(json(body, status));

function renderSection(fetchImpl: Fetch, token = '') {
  return render(
    <StrictMode>
      <QueryClientProvider client={newLiveQueryClient()}>
        <QueuesSection bridge={bridgeAccess(BRIDGE, token, fetchImpl)} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const status = () => screen.getByTestId('live-queues-status').textContent;
const refresh = () => screen.getByRole('button', { name: 'Read queues' });
const queueItem = (name: string) => screen.getAllByTestId('live-queue').find((item) => item.dataset.queue === name)!;
const fact = (item: HTMLElement, id: string) => item.querySelector(`[data-fact="${id}"] dd`)?.textContent;

describe('QueuesSection', () => {
  it('reads nothing until Read queues, then shows a row per queue with the verdict in words', async () => {
    const user = userEvent.setup();
    // the walk in two replies: the first gives a cursor to go on from
    const { fetchImpl, requests } = fakeBridge(
      answer(reply({ queues: [STUCK], complete: false, cursor: '1234' })),
      answer(reply({ queues: [HEALTHY, BULL] })),
    );
    renderSection(fetchImpl, 'a-token-of-sixteen-chars');
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(status()).toMatch(/^Not read yet/);

    await user.click(refresh());
    await screen.findAllByTestId('live-queue');
    expect(requests.map((r) => `${r.url.pathname}${r.url.search}`)).toEqual(['/api/queues?cursor=0', '/api/queues?cursor=1234']);
    expect(requests[0]!.url.origin).toBe(BRIDGE);
    expect(requests[0]!.headers).toEqual({ 'X-Firetime-Bridge': '1', Authorization: 'Bearer a-token-of-sixteen-chars' });
    expect(status()).toBe(`3 queues at ${BRIDGE}, read at 06:09:00.000 UTC (the server's clock).`);

    const items = screen.getAllByTestId('live-queue');
    expect(items.map((item) => item.dataset.queue)).toEqual(['bull:legacy', 'bull:mail', 'bull:pdf']);

    const stuck = queueItem('bull:mail');
    expect(within(stuck).getByTestId('live-queue-verdict').textContent).toBe(
      '2,281 due, oldest 13 min late; the marker says 05:55:50.444 UTC, long past: no worker is polling',
    );
    expect(stuck.dataset.verdict).toBe('overdue-no-worker');
    expect(fact(stuck, 'library')).toBe('bullmq 6.7.0');
    expect(fact(stuck, 'delayed')).toBe('3,000');
    expect(fact(stuck, 'overdue')).toBe('2,281');
    expect(fact(stuck, 'oldest')).toBe('13 min late');
    expect(fact(stuck, 'next')).toBe('05:56:00.000 UTC');
    expect(fact(stuck, 'band')).toBe('06:14:00.000 UTC: 4,200 jobs, 105 at the ceiling');
    expect(fact(stuck, 'marker')).toBe('05:55:50.444 UTC');

    const healthy = queueItem('bull:pdf');
    expect(within(healthy).getByTestId('live-queue-verdict').textContent).toBe('next job in 4 min 12 s; the marker agrees');
    expect(fact(healthy, 'band')).toBe('06:13:12.000 UTC: 3 jobs');

    const legacy = queueItem('bull:legacy');
    expect(within(legacy).getByTestId('live-queue-verdict').textContent).toBe('nothing delayed');
    expect(fact(legacy, 'library')).toBe('bull');
    expect(fact(legacy, 'marker')).toBe('none (bull keeps none)');
    expect(screen.queryByText('the bridge’s words')).toBeNull();
  });

  it('says in words when the bridge could not read every queue', async () => {
    const user = userEvent.setup();
    const { fetchImpl } = fakeBridge(
      answer(reply({ queues: [HEALTHY], complete: false, unreadNodes: ['127.0.0.1:7001'] })),
      answer(reply({ queues: [HEALTHY], complete: false, truncated: true })),
      answer(reply({ queues: [HEALTHY], complete: false })),
    );
    renderSection(fetchImpl);
    await user.click(refresh());
    await screen.findByTestId('live-queue');
    expect(status()).toBe(
      `1 queue at ${BRIDGE}, read at 06:09:00.000 UTC (the server's clock). Not every queue may be listed: the bridge could not read 127.0.0.1:7001.`,
    );
    await user.click(refresh());
    await vi.waitFor(() => expect(status()).toMatch(/more queues were found than one list holds\.$/));
    // a walk the bridge calls incomplete for a reason this page does not know
    await user.click(refresh());
    await vi.waitFor(() => expect(status()).toMatch(/Not every queue may be listed: the bridge said its walk was incomplete\.$/));
  });

  it('shows the bridge’s error in the section, and keeps the last rows it read', async () => {
    const user = userEvent.setup();
    const down = 'Redis at 127.0.0.1:6379 cannot be reached (connection refused).';
    const { fetchImpl } = fakeBridge(
      answer({ error: { code: 'redis-down', message: down } }, 502),
      answer(reply({ queues: [STUCK] })),
      answer({ error: { code: 'redis-down', message: down } }, 502),
      answer('<html>a proxy</html>'),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    renderSection(fetchImpl);
    await user.click(refresh());
    expect((await screen.findByTestId('live-queues-problem')).textContent).toBe(down);
    expect(screen.queryByTestId('live-queue')).toBeNull();

    await user.click(refresh());
    await screen.findByTestId('live-queue');
    expect(screen.queryByTestId('live-queues-problem')).toBeNull();

    await user.click(refresh());
    await vi.waitFor(() =>
      expect(screen.getByTestId('live-queues-problem').textContent).toBe(
        `${down} Showing the queues as read at 06:09:00.000 UTC.`,
      ),
    );
    expect(screen.getByTestId('live-queue').dataset.queue).toBe('bull:mail');

    // an answer that is not the bridge's, and no answer at all
    await user.click(refresh());
    await vi.waitFor(() =>
      expect(screen.getByTestId('live-queues-problem').textContent).toMatch(
        /^http:\/\/127\.0\.0\.1:7379 answered \/api\/queues, but not/,
      ),
    );
    await user.click(refresh());
    await vi.waitFor(() =>
      expect(screen.getByTestId('live-queues-problem').textContent).toMatch(
        /^Cannot reach the bridge at http:\/\/127\.0\.0\.1:7379\./,
      ),
    );
  });

  it('shows a malformed row as that queue unreadable, with why, and the other queues beside it', async () => {
    const user = userEvent.setup();
    // a score of +inf once made the bridge send null: the whole reply was refused and no queue shown
    const { fetchImpl } = fakeBridge(
      answer(
        reply({
          queues: [
            { ...STUCK, overdue: -1 },
            { ...HEALTHY, nextFireTime: null, fullestBand: { ...HEALTHY.fullestBand!, fireTime: null as unknown as number } },
            BULL,
          ],
        }),
      ),
    );
    renderSection(fetchImpl);
    await user.click(refresh());
    const unreadable = await screen.findAllByTestId('live-queue-unreadable');
    expect(unreadable.map((item) => item.textContent)).toEqual([
      "bull:mailCannot be shown. The bridge's row for it cannot be read: its overdue is -1, not a whole count.",
      "bull:pdfCannot be shown. The bridge's row for it cannot be read: its fullestBand is an object, not a band reading or null.",
    ]);
    expect(screen.getAllByTestId('live-queue').map((item) => item.dataset.queue)).toEqual(['bull:legacy']);
    expect(screen.getByTestId('live-queues-status').textContent).toContain('2 queues found cannot be shown (below, with why).');
    expect(screen.queryByTestId('live-queues-problem')).toBeNull();
  });

  it("refuses a reply that is not the bridge's, and shows hostile names as text", async () => {
    const user = userEvent.setup();
    const hostile = '<img src=x onerror="window.hacked=1">';
    const { fetchImpl } = fakeBridge(answer({ ...reply({}), now: null }), answer(reply({ queues: [row(hostile, {})] })));
    renderSection(fetchImpl);
    await user.click(refresh());
    expect((await screen.findByTestId('live-queues-problem')).textContent).toMatch(/but not as the firetime bridge does/);
    await user.click(refresh());
    await screen.findByTestId('live-queue');
    expect(screen.getByTestId('live-queue').textContent).toContain(`bull:${hostile}`);
    expect(document.querySelector('img')).toBeNull();
  });

  it('cancels a read still running when Read queues is pressed again', async () => {
    const user = userEvent.setup();
    const { fetchImpl, requests } = fakeBridge(
      () => new Promise<Response>(() => undefined),
      answer(reply({ queues: [HEALTHY] })),
    );
    renderSection(fetchImpl);
    await user.click(refresh());
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(status()).toBe('Reading the queues from the bridge…');
    await user.click(refresh());
    await screen.findByTestId('live-queue');
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(screen.queryByTestId('live-queues-problem')).toBeNull();
  });

  it('says per queue how its delayed and overdue counts moved since the last read', async () => {
    const user = userEvent.setup();
    const later = { ...STUCK, delayed: 3002, overdue: 2290 };
    const { fetchImpl } = fakeBridge(
      answer(reply({ queues: [STUCK, HEALTHY] })),
      answer(reply({ now: NOW + 5000, queues: [later, HEALTHY] })),
    );
    renderSection(fetchImpl);
    await user.click(refresh());
    await screen.findAllByTestId('live-queue');
    expect(screen.queryAllByTestId('live-queue-change')).toEqual([]);
    await user.click(refresh());
    await screen.findAllByTestId('live-queue-change');
    expect(within(queueItem('bull:mail')).getByTestId('live-queue-change').textContent).toBe(
      'Since 06:09:00.000 UTC: delayed 3,000 → 3,002, overdue 2,281 → 2,290.',
    );
    expect(within(queueItem('bull:pdf')).getByTestId('live-queue-change').textContent).toBe('No change since 06:09:00.000 UTC.');
  });
});

describe('QueuesSection: what decides the verdict', () => {
  const state = (over: Partial<NonNullable<QueueRow['state']>>): NonNullable<QueueRow['state']> => ({
    ...IDLE_QUEUE_STATE,
    ...over,
  });
  /** STUCK's 2,281 due jobs, paused and with no marker: the pause, not a worker. */
  const PAUSED = row('paused', {
    ...STUCK,
    name: 'paused',
    delayedKey: named('bull:paused:delayed'),
    marker: null,
    state: state({ paused: true, workers: { visible: true, count: 0 } }),
  });
  const LIMITED = row('limited', {
    state: state({
      limiterTtlMs: 41_391,
      counts: { wait: 61, active: 0, prioritized: 0, waitingChildren: 0, failed: 2, completed: 1 },
    }),
  });
  const UNSEEN = row('unseen', {
    ...HEALTHY,
    name: 'unseen',
    delayedKey: named('bull:unseen:delayed'),
    state: state({
      workers: {
        visible: false,
        reason: 'not-allowed',
        message: 'CLIENT LIST not allowed (start the bridge with --client-list)',
      },
    }),
  });

  it('shows paused, rate-limited and unseen workers with the evidence and the counts', async () => {
    const user = userEvent.setup();
    const { fetchImpl } = fakeBridge(answer(reply({ queues: [PAUSED, LIMITED, UNSEEN] })));
    renderSection(fetchImpl);
    await user.click(refresh());
    await screen.findAllByTestId('live-queue');

    const paused = queueItem('bull:paused');
    expect(paused.dataset.verdict).toBe('paused');
    expect(within(paused).getByTestId('live-queue-verdict').textContent).toBe(
      'paused (meta paused is set): no job runs until Queue.resume(); no worker is connected either, so 2,281 due in the delayed set (oldest 13 min late) stay there',
    );
    expect(within(paused).getByTestId('live-queue-evidence').textContent).toBe(
      'Rests on: meta paused = 1; wait 0; delayed 3,000, 2,281 due; active 0; CLIENT LIST: 0 workers',
    );
    expect([fact(paused, 'paused'), fact(paused, 'workers'), fact(paused, 'limiter')]).toEqual([
      'yes (meta paused)',
      '0 (CLIENT LIST)',
      'no limiter key',
    ]);

    const limited = queueItem('bull:limited');
    expect(limited.dataset.verdict).toBe('rate-limited');
    expect(within(limited).getByTestId('live-queue-verdict').textContent).toBe(
      'rate-limited for 41 s more (the limiter key expires then): 61 waiting run after it; 1 worker connected',
    );
    expect([fact(limited, 'limiter'), fact(limited, 'wait'), fact(limited, 'failed'), fact(limited, 'completed')]).toEqual([
      '41 s left (PTTL 41,391 ms)',
      '61',
      '2',
      '1',
    ]);

    const unseen = queueItem('bull:unseen');
    expect(fact(unseen, 'workers')).toBe('not visible (CLIENT LIST not allowed)');
    expect(within(unseen).getByTestId('live-queue-evidence').textContent).toContain(
      'workers: not visible (CLIENT LIST not allowed)',
    );
    // without CLIENT LIST the verdict does not claim a worker is there or not
    expect(within(unseen).getByTestId('live-queue-verdict').textContent).toBe('next job in 4 min 12 s; the marker agrees');
  });

  it('a row whose state is not what the bridge sends is refused, not shown', async () => {
    const user = userEvent.setup();
    const broken = { ...LIMITED, state: { ...LIMITED.state, workers: { visible: 'maybe' } } };
    const { fetchImpl } = fakeBridge(answer(reply({ queues: [broken as unknown as QueueRow] })));
    renderSection(fetchImpl);
    await user.click(refresh());
    // refused whole, or the one row left out: either way the card is not shown
    await vi.waitFor(() => expect(screen.queryByTestId('live-queues-problem') ?? /at http/.exec(status() ?? '')).toBeTruthy());
    expect(screen.queryAllByTestId('live-queue').some((item) => item.dataset.queue === 'bull:limited')).toBe(false);
  });
});
