import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../app/App.tsx';
import { BAND_KEY, createAppStore } from '../../store/appStore.ts';
import { encodeScenario } from '../../session/scenarioCodec.ts';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

beforeEach(() => window.history.replaceState(null, '', '/'));

function renderApp() {
  const store = createAppStore({ frozenAt: T0, seed: 11 });
  render(<App store={store} />);
  return store;
}

const zcard = (store: ReturnType<typeof createAppStore>) => store.getState().band.call('ZCARD', BAND_KEY);

describe('undo and redo', () => {
  it('the buttons take back and redo an enqueue, and are disabled when there is nothing to do', () => {
    const store = renderApp();
    const undo = screen.getByRole('button', { name: 'Undo' });
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

  it('Ctrl+Z and Ctrl+Shift+Z (or Cmd) work on the page but not inside a text field', () => {
    const store = renderApp();
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
  it('writes each operation to the URL and replays back / forward', async () => {
    const store = renderApp();
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
    const store = renderApp();
    const start = window.location.hash;
    const entries = window.history.length;
    act(() => {
      store.getState().setDelay(1000);
      store.getState().setDelay(2000); // the same drag: it replaces the step it started
    });
    await waitFor(() => expect(window.history.length).toBe(entries + 1));
    expect(window.location.hash).toBe(`#s=${encodeScenario(store.getState().scenario)}`);
    expect(store.getState().scenario.operations).toEqual([{ kind: 'delay', delay: 2000 }]);

    // An enqueue, then Back before its entry was written: the page shows Back's entry, no entry appears.
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    act(() => {
      window.history.replaceState(null, '', start);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(zcard(store)).toBe(0);
    expect(store.getState().delay).toBe(5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(window.history.length).toBe(entries + 1);
    expect(window.location.hash).toBe(start);
  });

  it('opens a scenario from the URL', () => {
    window.history.replaceState(null, '', `/#s=1~b~d1000.us.f${T0}.in.xYQ.b3~e3.e1`);
    const store = renderApp();
    expect(store.getState().band.call('ZRANGE', BAND_KEY, 0, -1)).toEqual(['1', '2', '3', '4']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a hand-edited URL shows a message and a working default page', () => {
    window.history.replaceState(null, '', `/#s=1~b~d1000.us.f${T0}~e3.zz`);
    const store = renderApp();
    expect(screen.getByRole('alert').textContent).toMatch(/could not be read: Step 2: "zz": unknown step\. A clean default state/);
    expect(store.getState().scenario.operations).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    expect(zcard(store)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('scenario-error')).toBeNull();
  });

  it('a scenario whose step the page refuses shows a message too', () => {
    window.history.replaceState(null, '', `/#s=1~b~f${T0}~e1.um`);
    renderApp();
    expect(screen.getByRole('alert').textContent).toMatch(/could not be replayed: step 2 \(unit\) is refused/);
  });
});
