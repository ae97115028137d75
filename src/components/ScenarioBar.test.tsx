import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from './App.tsx';
import { BAND_KEY, createAppStore } from '../store/appStore.ts';
import { encodeScenario } from '../store/scenarioCodec.ts';

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
  it('writes each operation to the URL and replays back / forward', () => {
    const store = renderApp();
    const start = window.location.hash;
    expect(start).toMatch(/^#s=1~/);
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
    const afterOne = window.location.hash;
    expect(afterOne).toBe(`#s=${encodeScenario(store.getState().scenario)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Enqueue job' }));
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
