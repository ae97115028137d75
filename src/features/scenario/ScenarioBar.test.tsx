import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../app/App.tsx';
import { ScenarioBar } from './ScenarioBar.tsx';
import { LoadProgress } from './LoadProgress.tsx';
import { scenarioUrlCode, useScenarioUrl } from './useScenarioUrl.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStore } from '../../store/appStore.ts';
import { MAX_SCENARIO_CHARS, decodeScenario, encodeScenario, scenarioText } from '../../session/scenarioCodec.ts';
import { T0 } from '../../../test-support/instants.ts';
import { membersOf } from '../../../test-support/pageSets.ts';

beforeEach(() => window.history.replaceState(null, '', '/'));

/** The page, with the URL code in (useScenarioUrl loads it after the first screen). */
async function renderApp() {
  const store = createAppStore({ frozenAt: T0, seed: 11 });
  render(<App store={store} />);
  await act(async () => void (await scenarioUrlCode()));
  return store;
}

const zcard = (store: ReturnType<typeof createAppStore>) => store.getState().bandSet.size;

describe('undo and redo', () => {
  it('the buttons take back and redo an enqueue, and are disabled when there is nothing to do', async () => {
    const store = await renderApp();
    // the scenario bar loads in its own chunk (over 1 s, findBy's default, on a busy machine)
    const undo = await screen.findByRole('button', { name: 'Undo' }, { timeout: 10_000 });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect((undo as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    expect(zcard(store)).toBe(1);
    fireEvent.click(undo);
    expect(zcard(store)).toBe(0);
    expect((redo as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(redo);
    expect(zcard(store)).toBe(1);
    expect((redo as HTMLButtonElement).disabled).toBe(true);
  });

  it('Ctrl+Z and Ctrl+Shift+Z (or Cmd) work on the page but not inside a text field', async () => {
    const store = await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(zcard(store)).toBe(1);
    fireEvent.keyDown(document.body, { key: 'Z', metaKey: true, shiftKey: true });
    expect(zcard(store)).toBe(2);
    fireEvent.keyDown(screen.getByLabelText('Exact delay (ms)'), { key: 'z', ctrlKey: true });
    expect(zcard(store)).toBe(2);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Delay (ms)' }), { key: 'z', metaKey: true });
    expect(zcard(store)).toBe(1);
  });
});

describe('the scenario in the URL', () => {
  it('writes jobs enqueued together (a frame of Play) as one entry each, or folds many into one', async () => {
    const store = await renderApp();
    const entries = window.history.length;
    act(() => void store.getState().enqueueEach(3));
    await waitFor(() => expect(window.history.length).toBe(entries + 3));
    expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`);
    // the entry before the last holds the scenario with two of the three
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(zcard(store)).toBe(2));
    expect(scenarioText(window.location.hash)).toBe(
      encodeScenario({ ...store.getState().scenario, operations: store.getState().scenario.operations.slice() }),
    );
    act(() => void store.getState().enqueueEach(10)); // more than a few: one entry
    await waitFor(() => expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`));
    // one entry for the ten, in place of the entry ahead that Back left
    expect(window.history.length).toBe(entries + 3);
  });

  it('writes each operation to the URL and replays back / forward', async () => {
    const store = await renderApp();
    const start = window.location.hash;
    expect(start).toMatch(/^#s=1~/);
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    // The history entry is written in the frame after the change, not during the click.
    expect(window.location.hash).toBe(start);
    await waitFor(() => expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`));
    const afterOne = window.location.hash;
    expect(window.history.length).toBe(entries + 1);
    // Two operations before the frame: two entries, in order.
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    await waitFor(() => expect(window.history.length).toBe(entries + 3));
    expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`);
    // What the browser does on Back: the URL changes, then popstate.
    act(() => {
      window.history.replaceState(null, '', afterOne);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(zcard(store)).toBe(1);
    act(() => {
      window.history.replaceState(null, '', start);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(zcard(store)).toBe(0);
  });

  it('folds a drag into one entry and drops writes that a Back overtook', async () => {
    const store = await renderApp();
    const start = window.location.hash;
    const entries = window.history.length;
    act(() => {
      store.getState().setDelay(1000);
      store.getState().setDelay(2000); // the same drag: it replaces the step it started
    });
    await waitFor(() => expect(window.history.length).toBe(entries + 1));
    expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`);
    expect(store.getState().scenario.operations.slice()).toEqual([{ kind: 'delay', delay: 2000 }]);

    // An enqueue, then Back before its entry was written: the page shows Back's entry, no entry appears.
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    act(() => {
      window.history.replaceState(null, '', start);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(zcard(store)).toBe(0);
    expect(store.getState().delay).toBe(5000);
    expect(window.location.hash).toBe(start);
    // A step after Back is written (writes go out in order): had the overtaken enqueue's write gone
    // out before it, it would have pushed an entry of its own.
    act(() => void store.getState().setDelay(3000));
    await waitFor(() => expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`));
    expect(store.getState().scenario.operations.slice()).toEqual([{ kind: 'delay', delay: 3000 }]);
    expect(window.history.length).toBe(entries + 2);
  });

  it('opens a scenario from the URL', async () => {
    window.history.replaceState(null, '', `/#s=1~b~d1000.us.f${T0}.in.xYQ.b3~e3.e1`);
    const store = await renderApp();
    expect(membersOf(store.getState().bandSet)).toEqual(['1', '2', '3', '4']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a link past the scale, typed while the page holds jobs, is refused before any work: the page and the address bar keep their scenario', async () => {
    window.history.replaceState(null, '', `/#s=1~b~f${T0}~e3`);
    const store = await renderApp();
    expect(zcard(store)).toBe(3);
    const before = store.getState().scenario;
    // as the address bar does: a new hash, then popstate
    window.history.pushState(null, '', `/#s=1~b~f${T0}~${Array.from({ length: 11 }, () => 'e10000').join('.')}`);
    act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
    const alert = await screen.findByTestId('scenario-error', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(
      "This link would make a scenario of 110,000 jobs, past the page's limit of 100,000 (firetime works with up to 100,000 jobs and 100,000 steps in a scenario, 10,000 jobs in one action).",
    );
    expect(store.getState().scenario).toBe(before);
    expect(zcard(store)).toBe(3);
    expect(store.getState().loading).toBeNull();
    await waitFor(() => expect(window.location.hash).toBe(`#s=${encodeScenario(before)}`));
  }, 30_000);

  it('Enqueue N past the scale is refused under the enqueue buttons, naming the limit; the sets stay', async () => {
    const ten = Array.from({ length: 9 }, () => 'e10000').join('.');
    // the page is rendered at the scale, not brought there in slices: each slice would render it again
    const decoded = decodeScenario(`1~b~f${T0}.b10000~${ten}.e9999`);
    if (!decoded.ok) throw new Error(decoded.message);
    const store = createAppStore({ frozenAt: T0, seed: 11 });
    expect(store.getState().loadScenario(decoded.scenario, 'none')).toBe(true);
    render(<App store={store} />);
    expect(zcard(store)).toBe(99_999);
    const steps = store.getState().scenario.operations.length;
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue N at the same millisecond' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain(
      "This enqueue would make a scenario of 109,999 jobs, past the page's limit of 100,000 (firetime works with up to 100,000 jobs and 100,000 steps in a scenario, 10,000 jobs in one action). Undo some steps, or open a new page, to go on.",
    );
    expect(zcard(store)).toBe(99_999);
    expect(store.getState().scenario.operations.length).toBe(steps);
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    expect(zcard(store)).toBe(100_000);
  }, 60_000);

  it('a hand-edited URL shows a message and a working default page', async () => {
    window.history.replaceState(null, '', `/#s=1~b~d1000.us.f${T0}~e3.zz`);
    const store = await renderApp();
    // the scenario bar (which says it) mounts in its turn, after the stage's grid and sets
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toMatch(/could not be read: Step 2: "zz": unknown step\. A clean default state/);
    expect(store.getState().scenario.operations).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    expect(zcard(store)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('scenario-error')).toBeNull();
  });

  it('a scenario whose step the page refuses shows a message too', async () => {
    window.history.replaceState(null, '', `/#s=1~b~f${T0}~e1.um`);
    await renderApp();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toMatch(/could not be replayed: step 2 \(unit\) is refused/);
  });

  it('never writes a URL its own decoder would refuse: past the limit it keeps the last one and says why', async () => {
    // A scenario of 1,999,992 characters (id prefix steps, then delay steps), as the page writes it,
    // within the page's steps.
    const head = `1~b~d5000.us.f${T0}.ij.xb3JkZXIt.b3~`;
    const tokens: string[] = [];
    let used = head.length - 1;
    while (1_999_992 - used > 80) {
      tokens.push(`x${btoa('a'.repeat(40)).replace(/=+$/, '')}`);
      used += 56;
    }
    while (1_999_992 - used > 15) {
      tokens.push('d12345678');
      used += 10;
    }
    tokens.push(`d${'1'.repeat(1_999_992 - used - 2)}`);
    const text = head + tokens.join('.');
    expect(text).toHaveLength(1_999_992);
    // jsdom takes seconds to parse a 2 MB URL: the history writes are recorded instead of made.
    const written: string[] = [];
    const record = (_state: unknown, _unused: string, url?: string | URL | null) => void written.push(String(url));
    const push = vi.spyOn(window.history, 'pushState').mockImplementation(record);
    const replace = vi.spyOn(window.history, 'replaceState').mockImplementation(record);
    try {
      const store = createAppStore({ frozenAt: T0, seed: 11 });
      const decoded = decodeScenario(text);
      if (!decoded.ok) throw new Error(decoded.message);
      store.getState().loadScenario(decoded.scenario, 'none');
      render(<App store={store} />);
      for (let i = 0; i < 8; i++) fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
      expect(zcard(store)).toBe(8);
      expect(encodeScenario(store.getState().scenario).length).toBeGreaterThan(MAX_SCENARIO_CHARS);
      await waitFor(
        () =>
          expect(screen.getByTestId('share-notice').textContent).toMatch(
            /^The scenario is too long\. The scenario is too long to share as a link; use Download\./,
          ),
        { timeout: 20_000 },
      );
      // past the link's limit the steps line no longer claims the address bar holds the scenario
      expect(screen.getByTestId('scenario-steps').textContent).toMatch(
        /The address bar does not hold this scenario \(see above\)\.$/,
      );
      // Every URL the page wrote opens. The last is the scenario before the enqueues or with some of
      // the two that fit (6 characters): clicks that come faster than the URL writer fold into one write.
      for (const url of written) {
        const shown = scenarioText(url.slice(url.indexOf('#')))!;
        expect(shown.length).toBeLessThanOrEqual(MAX_SCENARIO_CHARS);
        expect(decodeScenario(shown).ok).toBe(true);
      }
      const last = decodeScenario(scenarioText(written.at(-1)!.slice(written.at(-1)!.indexOf('#')))!);
      const lastLength = last.ok ? last.scenario.operations.length : -1;
      expect(lastLength).toBeGreaterThanOrEqual(tokens.length);
      expect(lastLength).toBeLessThanOrEqual(tokens.length + 2);
      // Undo back under the limit: the address bar follows again and the notice goes.
      act(() => {
        for (let i = 0; i < 6; i++) store.getState().undo();
      });
      await waitFor(() => expect(screen.queryByTestId('share-notice')).toBeNull());
      expect(screen.getByTestId('scenario-steps').textContent).toMatch(/The address bar holds this scenario: share it/);
      expect(written.at(-1)).toBe(`/#s=${encodeScenario(store.getState().scenario)}`);
    } finally {
      push.mockRestore();
      replace.mockRestore();
    }
  }, 60_000);
});

describe('the steps line', () => {
  it('says that steps to redo are not in the link (a reload forgets them)', () => {
    const store = createAppStore({ frozenAt: T0, seed: 2 });
    render(
      <StoreProvider store={store}>
        <LoadProgress />
        <ScenarioBar />
      </StoreProvider>,
    );
    act(() => {
      store.getState().enqueue(1);
      store.getState().enqueue(1);
      store.getState().enqueue(1);
    });
    expect(screen.getByTestId('scenario-steps').textContent).toBe(
      '3 steps. The address bar holds this scenario: share it, or use Back and Forward.',
    );
    act(() => {
      store.getState().undo();
      store.getState().undo();
    });
    expect(screen.getByTestId('scenario-steps').textContent).toBe(
      '1 step, 2 to redo (not in the link: a reload forgets them). The address bar holds this scenario: share it, or use Back and Forward.',
    );
  });
});

/** A store whose work in slices waits for the test: each slice is a task in `queue`, each clock read a tick. */
function storeWithHandSlices(): { store: AppStore; queue: Array<() => void> } {
  const queue: Array<() => void> = [];
  let time = 0;
  const store = createAppStore({
    frozenAt: T0,
    seed: 2,
    slicer: { now: () => ++time, later: (run) => (queue.push(run), () => undefined) },
  });
  return { store, queue };
}

describe('an undo of a big promote', () => {
  it('shows its progress with Undo and Redo disabled until the last slice', async () => {
    const { store, queue } = storeWithHandSlices();
    store.getState().setBatchSize(10_000);
    store.getState().enqueue(10_000);
    store.getState().enqueue(10_000);
    store.getState().stepClock(60_000);
    store.getState().promote();
    while (queue.length > 0) queue.shift()!(); // the promote itself runs in slices
    render(
      <StoreProvider store={store}>
        <LoadProgress />
        <ScenarioBar />
      </StoreProvider>,
    );
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    const redo = screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement;
    fireEvent.click(undo);
    const status = screen.getByTestId('scenario-loading');
    expect(status.textContent).toBe('Undoing the promote: 0 of 40,000 jobs put back. A change you make now finishes it first.');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect([undo.disabled, redo.disabled]).toEqual([true, true]);
    act(() => queue.shift()!());
    expect(status.textContent).toMatch(/^Undoing the promote: [1-9][\d,]* of 40,000 jobs put back\./);
    act(() => {
      while (queue.length > 0) queue.shift()!();
    });
    await waitFor(() => expect(screen.queryByTestId('scenario-loading')).toBeNull());
    expect([undo.disabled, redo.disabled]).toEqual([false, false]);
    expect(zcard(store)).toBe(20_000);
  }, 60_000);
});

describe('Back while a big promote runs', () => {
  /** The scenario bar with the address bar following the store, as the page has them. */
  function Routed({ store }: { store: AppStore }) {
    useScenarioUrl(store);
    return (
      <StoreProvider store={store}>
        <LoadProgress />
        <ScenarioBar />
      </StoreProvider>
    );
  }

  it('never leaves the page on a scenario other than the address bar, and keeps the promote', async () => {
    const { store, queue } = storeWithHandSlices();
    render(<Routed store={store} />);
    await act(async () => void (await scenarioUrlCode()));
    const hashOf = () => `#s=${encodeScenario(store.getState().scenario)}`;
    act(() => {
      store.getState().setBatchSize(10_000);
      store.getState().enqueue(10_000);
      store.getState().enqueue(10_000);
    });
    await waitFor(() => expect(window.location.hash).toBe(hashOf()));
    const beforeClock = window.location.hash;
    act(() => store.getState().stepClock(60_000));
    await waitFor(() => expect(window.location.hash).toBe(hashOf()));
    act(() => store.getState().promote());
    act(() => queue.shift()!()); // one slice of the promote
    expect(screen.getByTestId('scenario-loading').textContent).toMatch(/^Promoting: /);
    // Back: the address bar moves to the entry before +1 min, and the page hears of it
    act(() => {
      window.history.pushState(null, '', `/${beforeClock}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // the promote finished and is the newest step; the address bar is written to it
    expect(store.getState().scenario.operations.at(-1)?.kind).toBe('promote');
    expect(zcard(store)).toBe(0);
    await waitFor(() => expect(window.location.hash).toBe(hashOf()));
    expect(screen.getByTestId('scenario-error').textContent).toMatch(/^A promote was still running when Back/);
    expect(screen.queryByTestId('scenario-loading')).toBeNull();
    act(() => {
      while (queue.length > 0) queue.shift()!();
    });
    expect(window.location.hash).toBe(hashOf());
    expect(zcard(store)).toBe(0);
  }, 60_000);
});
