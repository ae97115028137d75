import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bandOf } from '../../model/protocol/score.ts';
import type { Fetch } from './bridgeClient.ts';
import { queueRowOf } from '../../../test-support/queueRowFixture.ts';
import { named } from '../../../test-support/redisNameFixture.ts';
import { bytesFromBase64 } from '../../model/printable.ts';
import { LiveRedisPanel } from './LiveRedisPanel.tsx';
import { liveLinkFromSearch } from './liveLink.ts';

const T = Date.UTC(2026, 10, 30, 12, 1);
const { minScore, maxScore } = bandOf(T);
const HOSTILE = '<img src=x onerror="window.hacked=1">';

/** A saturated band's tail (9999 after 10000) and a member written to look like markup. */
const ENTRIES: Array<[string, string]> = [
  ['1', String(minScore)],
  ['2', String(minScore + 1)],
  ['10000', String(maxScore)],
  ['9999', String(maxScore)],
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The set reads among the requests (a link also reads the queues, beside them). */
const setReads = (urls: URL[]) => urls.filter((url) => url.pathname !== '/api/queues');

/** A bridge in a function: answers /api/keys and /api/members from `sets` (and /api/queues with none) (keys and members as UTF-8 text), records the URLs. */
function fakeBridge(sets: Record<string, Array<[string, string]>>, unreadNodes: string[] = []) {
  const urls: URL[] = [];
  const fetchImpl = vi.fn<Fetch>((url) => {
    const parsed = new URL(url);
    urls.push(parsed);
    if (parsed.pathname === '/api/queues')
      return Promise.resolve(json({ now: T, queues: [], complete: true, cursor: '0', truncated: false, unreadNodes: [] }));
    if (parsed.pathname === '/api/keys') {
      return Promise.resolve(
        json({
          pattern: parsed.searchParams.get('pattern'),
          keys: Object.keys(sets).map((k) => named(k)),
          cursor: '0',
          truncated: false,
          ...(unreadNodes.length > 0 ? { incomplete: true, unreadNodes } : {}),
        }),
      );
    }
    const key = new TextDecoder().decode(bytesFromBase64(parsed.searchParams.get('key64') ?? '') ?? new Uint8Array());
    const entries = sets[key] ?? [];
    const start = Number(parsed.searchParams.get('start'));
    const page = entries.slice(start, start + Number(parsed.searchParams.get('count'))).map(([m, score]) => [named(m), score]);
    return Promise.resolve(json({ key: named(key), size: entries.length, start, entries: page, truncated: false }));
  });
  return { fetchImpl, urls };
}

/** Says yes to the link's bridge: a link reads nothing before it. */
async function readFromLink(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Read from / }));
}

async function connectAndChoose(user: ReturnType<typeof userEvent.setup>, key: string) {
  await user.click(screen.getByRole('button', { name: 'List keys' }));
  await user.click(await within(await screen.findByTestId('live-keys')).findByRole('button', { name: key }));
  await screen.findByTestId('live-set-view');
}

/** Auto-refresh turned on, every second. */
async function autoRefreshEverySecond(user: ReturnType<typeof userEvent.setup>) {
  const seconds = screen.getByTestId('live-refresh-seconds');
  await user.clear(seconds);
  await user.type(seconds, '1');
  await user.click(screen.getByTestId('live-auto'));
}

describe('LiveRedisPanel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks nothing until told to, then lists the matching sorted sets', async () => {
    const user = userEvent.setup();
    const { fetchImpl, urls } = fakeBridge({ 'bull:mail:delayed': ENTRIES, 'bull:pdf:delayed': [] });
    render(<LiveRedisPanel fetchImpl={fetchImpl} />);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(screen.getByTestId('live-status').textContent).toBe('Not connected yet: start the bridge, then List keys.');
    await user.click(screen.getByRole('button', { name: 'List keys' }));
    const keys = within(await screen.findByTestId('live-keys')).getAllByRole('button');
    expect(keys.map((b) => b.textContent)).toEqual(['bull:mail:delayed', 'bull:pdf:delayed']);
    expect(urls[0]!.toString()).toBe('http://127.0.0.1:7379/api/keys?pattern=*%3Adelayed&cursor=0');
    expect(screen.getByTestId('live-status').textContent).toBe('2 sorted sets match *:delayed.');
  });

  it('says in its status line which cluster nodes the bridge could not read', async () => {
    const user = userEvent.setup();
    const sets = { 'bull:mail:delayed': ENTRIES, 'bull:pdf:delayed': [] };
    render(<LiveRedisPanel fetchImpl={fakeBridge(sets, ['127.0.0.1:7001']).fetchImpl} />);
    await user.click(screen.getByRole('button', { name: 'List keys' }));
    await screen.findByTestId('live-keys');
    expect(screen.getByTestId('live-status').textContent).toBe(
      '2 sorted sets match *:delayed (not those of 127.0.0.1:7001: the bridge could not read them).',
    );
  });

  it('a page link naming a bridge fills the fields and asks before reading; then lists the keys and reads its key', async () => {
    const user = userEvent.setup();
    const { fetchImpl, urls } = fakeBridge({ 'bull:demo:delayed': ENTRIES, 'bull:other:delayed': [] });
    const link = liveLinkFromSearch('?bridge=http%3A%2F%2F127.0.0.1%3A7381&pattern=bull%3A*&key=bull%3Ademo%3Adelayed');
    render(<LiveRedisPanel fetchImpl={fetchImpl} link={link} />);
    // anyone can write a link: it names the bridge and whose text would be shown, and reads nothing yet
    const ask = screen.getByTestId('live-link-ask');
    expect(ask.textContent).toContain('http://127.0.0.1:7381');
    expect(ask.textContent).toContain('Nothing has been read yet');
    await act(async () => {
      await Promise.resolve();
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    await readFromLink(user);
    expect(screen.queryByTestId('live-link-ask')).toBeNull();
    await screen.findByTestId('live-set-view');
    expect(setReads(urls).map((url) => `${url.origin}${url.pathname}`)).toEqual([
      'http://127.0.0.1:7381/api/keys',
      'http://127.0.0.1:7381/api/members',
    ]);
    expect(setReads(urls)[0]!.searchParams.get('pattern')).toBe('bull:*');
    // and the queues: at once by a walk (the link names none), and the set's own queue by name,
    // for the library that wrote it (useKeyScheme)
    await waitFor(() =>
      expect(
        urls
          .filter((url) => url.pathname === '/api/queues')
          .map((url) => `${url.origin}${url.search}`)
          .sort(),
      ).toEqual(['http://127.0.0.1:7381?cursor=0', 'http://127.0.0.1:7381?queue=bull%3Ademo']),
    );
    expect((screen.getByTestId('live-bridge-url') as HTMLInputElement).value).toBe('http://127.0.0.1:7381');
    expect(
      within(screen.getByTestId('live-keys')).getByRole('button', { name: 'bull:demo:delayed' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('a link read under StrictMode (effects mounted, unmounted and mounted again) shows the set, not "Cancelled."', async () => {
    const { fetchImpl: answer, urls } = fakeBridge({ 'bull:demo:delayed': ENTRIES });
    // as the browser's fetch does: a request whose signal is aborted before the answer rejects
    const fetchImpl = vi.fn<Fetch>(
      (url, init) =>
        new Promise((resolve, reject) => {
          const signal = init?.signal;
          const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
          if (signal?.aborted) return abort();
          signal?.addEventListener('abort', abort);
          setTimeout(() => {
            if (!signal?.aborted) void answer(url, init).then(resolve);
          }, 0);
        }),
    );
    const link = liveLinkFromSearch('?bridge=http%3A%2F%2F127.0.0.1%3A7381&pattern=bull%3A*&key=bull%3Ademo%3Adelayed');
    render(
      <StrictMode>
        <LiveRedisPanel fetchImpl={fetchImpl} link={link} />
      </StrictMode>,
    );
    await readFromLink(userEvent.setup());
    await screen.findByTestId('live-set-view');
    expect(screen.queryByTestId('live-problem')).toBeNull();
    expect(screen.getByTestId('live-status').textContent).toMatch(/^1 sorted set match bull:\*; bull:demo:delayed read at /);
    // nothing was read before the yes; after it the set's read ran once, to its end
    expect(setReads(fetchImpl.mock.calls.map(([url]) => new URL(url))).map((url) => url.pathname)).toEqual([
      '/api/keys',
      '/api/members',
    ]);
    expect(setReads(urls).map((url) => url.pathname)).toEqual(['/api/keys', '/api/members']);
    // the link's walk of the queues, and the set's queue looked up once (useKeyScheme)
    await waitFor(() => expect(urls.filter((url) => url.pathname === '/api/queues')).toHaveLength(2));
  });

  it('a link with a bad bridge address reads nothing and says why', () => {
    const { fetchImpl } = fakeBridge({});
    render(<LiveRedisPanel fetchImpl={fetchImpl} link={liveLinkFromSearch('?bridge=ftp%3A%2F%2Fx')} />);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(screen.getByTestId('live-problem').textContent).toContain("The link's bridge was not used");
    expect((screen.getByTestId('live-bridge-url') as HTMLInputElement).value).toBe('http://127.0.0.1:7379');
  });

  it('shows the chosen set through SetView, BandGrid and the decoder flags', async () => {
    const user = userEvent.setup();
    render(<LiveRedisPanel fetchImpl={fakeBridge({ 'bull:mail:delayed': ENTRIES }).fetchImpl} />);
    await connectAndChoose(user, 'bull:mail:delayed');

    const setView = screen.getByTestId('live-set-view');
    const rows = within(setView).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['0', '1', String(minScore), '1'],
      ['1', '2', String(minScore + 1), '2'],
      ['2', '10000', String(maxScore), '⇅out of due order, arrival 10000'],
      ['3', '9999', String(maxScore), '⇅out of due order, arrival 9999'],
    ]);
    expect(setView.textContent).toContain('out of due order: 1 pair');

    const flags = within(screen.getByTestId('live-flags')).getAllByRole('listitem');
    expect(flags.map((li) => li.querySelector('[data-flags]')?.getAttribute('data-flags')?.split(' ').sort().join(' '))).toEqual([
      'first',
      'bumped',
      'ceiling shared',
      'ceiling shared',
    ]);
    expect(flags[2]!.textContent).toContain(`Slot: 4095`);
    expect(screen.getByTestId('live-summary').textContent).toContain(
      'bull:mail:delayed: 4 members (ZCARD), in 1 millisecond band.',
    );

    const select = screen.getByTestId('live-band-select') as HTMLSelectElement;
    expect(select.value).toBe(String(T));
    expect(select.selectedOptions[0]!.textContent).toBe('2026-11-30T12:01:00.000Z · 4 jobs');
    expect(screen.getByRole('group', { name: 'Milliseconds around the fire-time' })).toBeTruthy();
  });

  it('renders members as text, never as markup', async () => {
    const user = userEvent.setup();
    const hostile: Array<[string, string]> = [[HOSTILE, String(minScore)]];
    render(<LiveRedisPanel fetchImpl={fakeBridge({ [HOSTILE]: hostile }).fetchImpl} />);
    await connectAndChoose(user, HOSTILE);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('live-set-view').textContent).toContain(HOSTILE);
    expect(screen.getByTestId('live-flags').textContent).toContain(HOSTILE);
  });

  it('shows bidi controls, CR/LF and other hidden characters escaped in keys and members, everywhere', async () => {
    const user = userEvent.setup();
    const key = 'bull:\u202eyalp\u2066:delayed\r\n';
    const member = '42\u202e\u200b\n';
    render(
      <LiveRedisPanel
        fetchImpl={
          fakeBridge({
            [key]: [
              [member, String(minScore)],
              ['43', String(minScore + 1)],
            ],
          }).fetchImpl
        }
      />,
    );
    const shownKey = 'bull:\\u{202e}yalp\\u{2066}:delayed\\r\\n';
    const shownMember = '42\\u{202e}\\u{200b}\\n';
    await connectAndChoose(user, shownKey);
    const panel = screen.getByTestId('live-redis');
    expect(panel.textContent).toContain(shownKey);
    expect(screen.getByTestId('live-set-view').textContent).toContain(shownMember);
    expect(screen.getByTestId('live-flags').textContent).toContain(shownMember);
    expect(panel.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\r\n]/);
    for (const element of panel.querySelectorAll('[title]'))
      expect(element.getAttribute('title')).not.toMatch(/[\u202a-\u202e\u2066-\u2069\r\n]/);
  });

  it('lists a key too long to open as disabled, saying why', async () => {
    const user = userEvent.setup();
    const long = { ...named('k'.repeat(4096)), text: `${'k'.repeat(4096)}… (5,000 bytes)`, byteLength: 5000 };
    const fetchImpl = vi.fn<Fetch>(() =>
      Promise.resolve(json({ pattern: '*', keys: [long, named('short:delayed')], cursor: '0', truncated: false })),
    );
    render(<LiveRedisPanel fetchImpl={fetchImpl} />);
    await user.click(screen.getByRole('button', { name: 'List keys' }));
    const buttons = within(await screen.findByTestId('live-keys')).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent?.slice(-16), (b as HTMLButtonElement).disabled])).toEqual([
      ['… (5,000 bytes)'.padStart(16, 'k'), true],
      ['short:delayed'.padStart(16, ' ').trimStart(), false],
    ]);
    expect(buttons[0]!.title).toBe('This key is 5,000 bytes long; the bridge opens keys of up to 4,096 bytes.');
  });

  it('lists two long keys sharing their first 4 KB and length as two (the bridge’s digest tells them apart)', async () => {
    const user = userEvent.setup();
    const long = (digest: string) => ({
      ...named('k'.repeat(4096)),
      text: `${'k'.repeat(4096)}… (5,000 bytes)`,
      byteLength: 5000,
      sha256: digest.repeat(43),
    });
    const fetchImpl = vi.fn<Fetch>(() =>
      Promise.resolve(json({ pattern: '*', keys: [long('A'), long('B')], cursor: '0', truncated: false })),
    );
    render(<LiveRedisPanel fetchImpl={fetchImpl} />);
    await user.click(screen.getByRole('button', { name: 'List keys' }));
    expect(within(await screen.findByTestId('live-keys')).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByTestId('live-status').textContent).toBe('2 sorted sets match *:delayed.');
  });

  it('sends the token it is given, and X-Firetime-Bridge: 1, with every request', async () => {
    const user = userEvent.setup();
    const { fetchImpl } = fakeBridge({ 'bull:mail:delayed': ENTRIES });
    render(<LiveRedisPanel fetchImpl={fetchImpl} />);
    await user.type(screen.getByTestId('live-token'), 'abcdefghijklmnopq');
    await connectAndChoose(user, 'bull:mail:delayed');
    expect(fetchImpl.mock.calls.map(([, init]) => init.headers)).toEqual(
      fetchImpl.mock.calls.map(() => ({ 'X-Firetime-Bridge': '1', Authorization: 'Bearer abcdefghijklmnopq' })),
    );
  });

  it('says so when the bridge cannot be reached, and keeps the last set read', async () => {
    const user = userEvent.setup();
    const bridge = fakeBridge({ 'bull:mail:delayed': ENTRIES });
    render(<LiveRedisPanel fetchImpl={bridge.fetchImpl} />);
    await connectAndChoose(user, 'bull:mail:delayed');
    bridge.fetchImpl.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Cannot reach the bridge at http:\/\/127\.0\.0\.1:7379\. Start it with "npm run bridge/);
    expect(alert.textContent).toMatch(/Showing the set as read at \d\d:\d\d:\d\d UTC\.$/);
    expect(screen.getByTestId('live-set-view')).toBeTruthy();
  });

  it("shows the bridge's message when Redis is down or wants a password", async () => {
    const user = userEvent.setup();
    const message =
      'Redis at redis://127.0.0.1:6379 needs a password (NOAUTH): start the bridge with --password, or put it in the URL as redis://:password@host:port.';
    const fetchImpl = vi.fn<Fetch>(() => Promise.resolve(json({ error: { code: 'redis-auth', message } }, 502)));
    render(<LiveRedisPanel fetchImpl={fetchImpl} />);
    await user.click(screen.getByRole('button', { name: 'List keys' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('checks the bridge address and keeps the last valid one', async () => {
    const user = userEvent.setup();
    const { fetchImpl, urls } = fakeBridge({});
    render(<LiveRedisPanel fetchImpl={fetchImpl} />);
    const field = screen.getByTestId('live-bridge-url');
    await user.clear(field);
    await user.type(field, 'http://127.0.0.1:9000');
    await user.type(field, '/x');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Only scheme, host and port, e.g. http://127.0.0.1:7379.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'List keys' }));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]!.origin).toBe('http://127.0.0.1:9000');
  });

  it('refreshes every N seconds when asked, and checks N', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fetchImpl, urls } = fakeBridge({ 'bull:mail:delayed': ENTRIES });
    render(<LiveRedisPanel fetchImpl={fetchImpl} />);
    await connectAndChoose(user, 'bull:mail:delayed');
    const seconds = screen.getByTestId('live-refresh-seconds');
    await user.clear(seconds);
    await user.type(seconds, '0');
    expect(screen.getByText('From 1 to 3600 seconds.')).toBeTruthy();
    await user.clear(seconds);
    await user.type(seconds, '2');
    await user.click(screen.getByTestId('live-auto'));
    const before = urls.length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(urls.length).toBe(before + 1));
    // the chosen set is read again by its key: no listing (a SCAN walk of the keyspace) before it
    expect(urls.slice(before).map((u) => u.pathname)).toEqual(['/api/members']);
    await user.click(screen.getByTestId('live-auto'));
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(urls.length).toBe(before + 1);
  });

  it('Refresh with a set chosen reads it again by its key, never listing the keys (no SCAN walk)', async () => {
    const user = userEvent.setup();
    const { fetchImpl, urls } = fakeBridge({ 'bull:mail:delayed': ENTRIES });
    render(<LiveRedisPanel fetchImpl={fetchImpl} />);
    await connectAndChoose(user, 'bull:mail:delayed');
    const before = urls.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(urls.length).toBe(before + 1));
    expect(urls.slice(before).map((u) => u.pathname)).toEqual(['/api/members']);
    // List keys still walks, when asked
    await user.click(screen.getByRole('button', { name: 'List keys' }));
    await waitFor(() => expect(urls.slice(before + 1).map((u) => u.pathname)).toContain('/api/keys'));
  });

  it('a tick while a read runs joins that read: its request is not cancelled, and its answer is shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const bridge = fakeBridge({ 'bull:mail:delayed': ENTRIES });
    const answer = bridge.fetchImpl.getMockImplementation()!;
    render(<LiveRedisPanel fetchImpl={bridge.fetchImpl} />);
    await connectAndChoose(user, 'bull:mail:delayed');
    const calls = bridge.fetchImpl.mock.calls.length;
    // the next read of the set waits for a release
    let release = () => undefined as void;
    bridge.fetchImpl.mockImplementationOnce(
      (url, init) =>
        new Promise<Response>((resolve) => {
          release = () => void answer(url, init).then(resolve);
        }),
    );
    await autoRefreshEverySecond(user);
    await act(() => vi.advanceTimersByTimeAsync(3500));
    expect(bridge.fetchImpl.mock.calls.length).toBe(calls + 1);
    const held = bridge.fetchImpl.mock.calls[calls]![1].signal;
    expect(held.aborted).toBe(false);
    await user.click(screen.getByTestId('live-auto'));
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('live-status').textContent).not.toBe('Reading from the bridge…'));
    expect(bridge.fetchImpl.mock.calls.slice(calls).map(([url]) => new URL(url).pathname)).toEqual(['/api/members']);
    expect(held.aborted).toBe(false);
    await waitFor(() => expect(screen.getByTestId('live-status').textContent).toMatch(/bull:mail:delayed read at /));
    expect(screen.queryByTestId('live-problem')).toBeNull();
  });

  it('skips a refresh tick while the last read is still running', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const bridge = fakeBridge({ 'bull:mail:delayed': ENTRIES });
    render(<LiveRedisPanel fetchImpl={bridge.fetchImpl} />);
    await connectAndChoose(user, 'bull:mail:delayed');
    const calls = bridge.fetchImpl.mock.calls.length;
    bridge.fetchImpl.mockImplementation(() => new Promise<Response>(() => undefined));
    await autoRefreshEverySecond(user);
    await act(() => vi.advanceTimersByTimeAsync(3500));
    expect(bridge.fetchImpl.mock.calls.length).toBe(calls + 1);
    expect(screen.getByTestId('live-status').textContent).toBe('Reading from the bridge…');
  });

  describe('what changed since the last read, and the queues a link reads', () => {
    /** Bridge: the sets in `sets` (mutable), and a queue row for bull:mail at server time `serverNow`. */
    function bridgeWithQueue(sets: Record<string, Array<[string, string]>>, serverNow: () => number) {
      const base = fakeBridge(sets);
      const answer = base.fetchImpl.getMockImplementation()!;
      base.fetchImpl.mockImplementation((url, init) => {
        const parsed = new URL(url);
        if (parsed.pathname !== '/api/queues') return answer(url, init);
        base.urls.push(parsed);
        const entries = sets['bull:mail:delayed'] ?? [];
        const row = queueRowOf('bull', 'mail', { delayed: entries.length, version: '6.7.0' });
        return Promise.resolve(
          json({ now: serverNow(), queues: [row], complete: true, cursor: '0', truncated: false, unreadNodes: [] }),
        );
      });
      return base;
    }

    const LINK = '?bridge=http%3A%2F%2F127.0.0.1%3A7381&pattern=bull%3A*&key=bull%3Amail%3Adelayed';
    const score = (ms: number) => String(ms * 0x1000);

    it('a link with ?queue= reads only those queues, at once, and auto-refresh reads them again by name', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const bridge = bridgeWithQueue({ 'bull:mail:delayed': [['1', score(T)]] }, () => T);
      render(<LiveRedisPanel fetchImpl={bridge.fetchImpl} link={liveLinkFromSearch(`${LINK}&queue=bull%3Amail`)} />);
      await readFromLink(user);
      await screen.findByTestId('live-set-view');
      // the section's reads, and once the set's own queue looked up for its library (useKeyScheme)
      const queues = () =>
        bridge.urls
          .filter((u) => u.pathname === '/api/queues')
          .map((u) => u.search)
          .sort();
      await waitFor(() => expect(queues()).toEqual(['?queue=bull%3Amail', '?queue=bull%3Amail']));
      expect(await screen.findByTestId('live-queue')).toBeTruthy();
      expect(screen.getByTestId('live-queues-status').textContent).toContain('Read by name');
      await autoRefreshEverySecond(user);
      await act(() => vi.advanceTimersByTimeAsync(2100));
      await waitFor(() => expect(queues()).toEqual(Array<string>(4).fill('?queue=bull%3Amail')));
    });

    it('after a walk, an auto-refresh tick reads the listed queues by name, never walking again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const bridge = bridgeWithQueue({ 'bull:mail:delayed': [['1', score(T)]] }, () => T);
      render(<LiveRedisPanel fetchImpl={bridge.fetchImpl} link={liveLinkFromSearch(LINK)} />);
      await readFromLink(user);
      await screen.findByTestId('live-queue');
      await autoRefreshEverySecond(user);
      await act(() => vi.advanceTimersByTimeAsync(1100));
      // the walk, the set's own queue looked up once for its library (useKeyScheme), then the tick's by-name read
      const queues = () =>
        bridge.urls
          .filter((u) => u.pathname === '/api/queues')
          .map((u) => u.search)
          .sort();
      await waitFor(() => expect(queues()).toEqual(['?cursor=0', '?queue=bull%3Amail', '?queue=bull%3Amail']));
      await user.click(screen.getByTestId('live-auto'));
      await user.click(screen.getByRole('button', { name: 'Read queues' }));
      await waitFor(() => expect(queues()).toEqual(['?cursor=0', '?cursor=0', '?queue=bull%3Amail', '?queue=bull%3Amail']));
    });

    it('Refresh reads the queues already read again, by name; List keys leaves them', async () => {
      const user = userEvent.setup();
      const bridge = bridgeWithQueue({ 'bull:mail:delayed': [['1', score(T)]] }, () => T);
      render(<LiveRedisPanel fetchImpl={bridge.fetchImpl} link={liveLinkFromSearch(LINK)} />);
      await readFromLink(user);
      await screen.findByTestId('live-queue');
      const walks = () => bridge.urls.filter((u) => u.pathname === '/api/queues' && u.search === '?cursor=0').length;
      const byName = () => bridge.urls.filter((u) => u.pathname === '/api/queues' && u.search === '?queue=bull%3Amail').length;
      // the link's walk, and the set's queue looked up once for its library (useKeyScheme)
      await waitFor(() => expect([walks(), byName()]).toEqual([1, 1]));
      await user.click(screen.getByRole('button', { name: 'List keys' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' }).hasAttribute('disabled')).toBe(false));
      expect([walks(), byName()]).toEqual([1, 1]);
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect([walks(), byName()]).toEqual([1, 2]));
    });

    it('says what was promoted, removed, added and moved since the last read, by the server’s clock', async () => {
      const user = userEvent.setup();
      const sets: Record<string, Array<[string, string]>> = {
        'bull:mail:delayed': [
          ['1', score(T - 1000)],
          ['2', score(T + 5000)],
          ['3', score(T + 6000)],
          ['4', score(T + 7000)],
        ],
      };
      const bridge = bridgeWithQueue(sets, () => T);
      render(<LiveRedisPanel fetchImpl={bridge.fetchImpl} link={liveLinkFromSearch(LINK)} />);
      await readFromLink(user);
      await screen.findByTestId('live-queue');
      await screen.findByTestId('live-set-view');
      expect(screen.queryByTestId('live-changes')).toBeNull();
      // 1 was due at T (promoted, most likely); 2 was not (removed); 3 backed off; 5 and 6 are new
      sets['bull:mail:delayed'] = [
        ['4', score(T + 7000)],
        ['3', score(T + 60_000)],
        ['5', score(T + 8000)],
        ['6', score(T + 9000)],
        [HOSTILE, score(T + 9500)],
      ];
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      const line = await screen.findByTestId('live-changes-line');
      expect(line.textContent).toMatch(
        /^Since (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} UTC: 1 promoted \(were due\), 1 removed \(not yet due\), 3 added, 1 moved\.$/,
      );
      const view = screen.getByTestId('live-changes');
      expect(view.textContent).toContain("Due by the server's clock");
      expect(view.textContent).toContain('two reads cannot tell a promote from a remove');
      expect(screen.getByTestId('live-changes-promoted').textContent).toBe('Promoted (were due)1');
      expect(screen.getByTestId('live-changes-added').textContent).toBe(`Added5, 6, ${HOSTILE}`);
      expect(screen.getByTestId('live-changes-moved').textContent).toBe(
        `Moved3 (${new Date(T + 6000).toISOString()} → ${new Date(T + 60_000).toISOString()})`,
      );
      expect(document.querySelector('img')).toBeNull();
      // and each added or moved member marked in the decoded list
      const marks = [...screen.getByTestId('live-flags').querySelectorAll('[data-member]')].map((row) => [
        row.getAttribute('data-member'),
        row.getAttribute('data-change'),
      ]);
      expect(marks).toEqual([
        ['4', null],
        ['3', 'moved'],
        ['5', 'added'],
        ['6', 'added'],
        [HOSTILE, 'added'],
      ]);
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(screen.getByTestId('live-changes-line').textContent).toMatch(/^No change since /));
    });

    it('a queue’s own set, queues not read: due by the server’s clock from its row, times in its library’s units', async () => {
      const user = userEvent.setup();
      // a bee-queue set (bare ms) on a server whose clock is 10 minutes ahead of this page's
      const pageNow = Date.now();
      const ahead = 10 * 60_000;
      const sets: Record<string, Array<[string, string]>> = {
        'bq:bees:delayed': [
          ['1', String(pageNow + 5 * 60_000)],
          ['2', String(pageNow + 20 * 60_000)],
        ],
      };
      const base = fakeBridge(sets);
      const answer = base.fetchImpl.getMockImplementation()!;
      base.fetchImpl.mockImplementation((url, init) => {
        const parsed = new URL(url);
        if (parsed.pathname !== '/api/queues' || parsed.searchParams.get('queue') !== 'bq:bees') return answer(url, init);
        const row = {
          prefix: 'bq',
          name: 'bees',
          delayedKey: named('bq:bees:delayed'),
          library: 'bee-queue',
          version: null,
          scheme: 'bare-ms',
          schemeFrom: 'library',
        };
        return Promise.resolve(
          json({ now: Date.now() + ahead, queues: [row], complete: true, cursor: '0', truncated: false, unreadNodes: [] }),
        );
      });
      render(<LiveRedisPanel fetchImpl={base.fetchImpl} />);
      await connectAndChoose(user, 'bq:bees:delayed');
      await waitFor(() => expect(screen.getByTestId('live-redis').textContent).toContain('bee-queue'));
      sets['bq:bees:delayed'] = [['2', String(pageNow + 30 * 60_000)]];
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      // 1 was due five minutes ago by the server's clock (not yet by this page's)
      expect((await screen.findByTestId('live-changes-line')).textContent).toMatch(/: 1 promoted \(were due\), 1 moved\.$/);
      expect(screen.getByTestId('live-changes').textContent).toContain("Due by the server's clock");
      expect(screen.getByTestId('live-changes-moved').textContent).toBe(
        `Moved2 (${new Date(pageNow + 20 * 60_000).toISOString()} → ${new Date(pageNow + 30 * 60_000).toISOString()})`,
      );
    });

    it('judges due by this page’s clock, and says so, when no queue row names the set', async () => {
      const user = userEvent.setup();
      const past = Date.now() - 60_000;
      const sets: Record<string, Array<[string, string]>> = { 'bull:mail:delayed': [['1', score(past)]] };
      render(<LiveRedisPanel fetchImpl={fakeBridge(sets).fetchImpl} />);
      await connectAndChoose(user, 'bull:mail:delayed');
      sets['bull:mail:delayed'] = [];
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect((await screen.findByTestId('live-changes-line')).textContent).toMatch(/: 1 promoted \(were due\)\.$/);
      expect(screen.getByTestId('live-changes').textContent).toContain("Due by this page's clock");
    });
  });
});
