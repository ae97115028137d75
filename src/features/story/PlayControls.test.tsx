import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStore } from '../../store/appStore.ts';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { encodeScenario } from '../../session/scenarioCodec.ts';
import { sessionScript } from '../../session/sessionScript.ts';
import { PlayControls } from './PlayControls.tsx';
import { T0 } from '../../../test-support/instants.ts';

function renderPlay(store: AppStore = createAppStore({ frozenAt: T0, idStyle: 'N', seed: 7 })) {
  const view = render(
    <StoreProvider store={store}>
      <PlayControls />
    </StoreProvider>,
  );
  return { store, ...view };
}

const members = (store: AppStore) => store.getState().arrivals.size;
const frames = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const setField = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'clearTimeout'] });
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.useRealTimers());

describe('PlayControls', () => {
  it('plays one job at once, then at the chosen rate (4/s by default), until paused', () => {
    const { store } = renderPlay();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    frames(20);
    expect(members(store)).toBe(1);
    frames(1100); // 16 ms frames: a job every 250 ms, give or take a frame
    expect(members(store)).toBe(5);
    expect(screen.getByTestId('play-status').textContent).toBe('Playing: 5');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    frames(2000);
    expect(members(store)).toBe(5);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('at 1,000 jobs/s keeps the rate but lands the jobs every other frame (the views hear of them 30 times a second)', () => {
    const { store } = renderPlay();
    setField('rate-field', '1000');
    let heard = 0;
    const stop = store.subscribe((state, previous) => {
      if (state.scenarioChange !== previous.scenarioChange) heard++;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    for (let i = 0; i < 60; i++) frames(16); // 60 frames of 16 ms
    stop();
    expect(heard).toBeGreaterThanOrEqual(29);
    expect(heard).toBeLessThanOrEqual(31);
    expect(members(store)).toBeGreaterThanOrEqual(920); // 960 ms at 1,000/s, the first job at once (the last frame may rest)
    expect(members(store)).toBeLessThanOrEqual(962);
  });

  it("on a live clock lands the jobs in the frame that owes them (each job's reading of the time is what it shows)", () => {
    let now = T0;
    const { store } = renderPlay(createAppStore({ clock: () => now, idStyle: 'N', seed: 7 }));
    setField('rate-field', '1000');
    let heard = 0;
    const stop = store.subscribe((state, previous) => {
      if (state.scenarioChange !== previous.scenarioChange) heard++;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    for (let i = 0; i < 60; i++) {
      now += 16;
      frames(16);
    }
    stop();
    expect(store.getState().clockMode).toBe('live');
    expect(heard).toBeGreaterThanOrEqual(58);
  });

  it('each played job is one ordinary enqueue: the scenario, URL and export equal enqueuing one by one', () => {
    const { store } = renderPlay();
    setField('burst-field', '20');
    setField('rate-field', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Play N' }));
    frames(1000);
    expect(members(store)).toBe(20);
    expect(screen.getByTestId('play-status').textContent).toBe('Played: 20');

    const byHand = createAppStore({ frozenAt: T0, idStyle: 'N', seed: 7 });
    for (let i = 0; i < 20; i++) byHand.getState().enqueue(1);
    const played = store.getState().scenario;
    expect(played.operations.slice()).toEqual(byHand.getState().scenario.operations.slice());
    expect(played.operations.slice().every((op) => op.kind === 'enqueue' && op.count === 1)).toBe(true);
    expect(encodeScenario(played)).toBe(encodeScenario(byHand.getState().scenario));
    expect(sessionScript(played)).toBe(sessionScript(byHand.getState().scenario));
    // undo takes back one played job
    store.getState().undo();
    expect(members(store)).toBe(19);
  });

  it('at 1,000 jobs/s enqueues several jobs in one frame', () => {
    const { store } = renderPlay();
    setField('rate-field', '1000');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    frames(17);
    const first = members(store);
    frames(34); // two frames: one rests, the other lands both frames' jobs
    expect(members(store) - first).toBeGreaterThanOrEqual(30);
    frames(1000);
    expect(members(store)).toBeGreaterThan(950);
  });

  it('Step pauses and enqueues exactly one job', () => {
    const { store } = renderPlay();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    frames(20);
    fireEvent.click(screen.getByRole('button', { name: 'Step' }));
    expect(members(store)).toBe(2);
    frames(2000);
    expect(members(store)).toBe(2);
  });

  it('a paused burst resumes where it stopped', () => {
    const { store } = renderPlay();
    setField('burst-field', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Play N' }));
    frames(300);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const done = members(store);
    expect(done).toBeGreaterThan(0);
    expect(screen.getByTestId('play-status').textContent).toBe(`Paused: ${done}, ${6 - done} to go`);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    frames(3000);
    expect(members(store)).toBe(6);
  });

  it('"at once" applies the whole burst in one go, one enqueue per job', () => {
    const { store } = renderPlay();
    setField('burst-field', '50');
    fireEvent.click(screen.getByLabelText('at once'));
    fireEvent.click(screen.getByRole('button', { name: 'Play N' }));
    expect(members(store)).toBe(50);
    expect(store.getState().scenario.operations).toHaveLength(50);
    expect(screen.getByTestId('play-status').textContent).toBe('Played: 50');
  });

  it('a bad rate gets a message at the field and the last good rate stays', () => {
    const { store } = renderPlay();
    setField('rate-field', '0');
    const field = screen.getByTestId('rate-field');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('At least 1 job/s.');
    setField('rate-field', '5000');
    expect(screen.getByRole('alert').textContent).toBe('At most 1,000 jobs/s.');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    frames(1120);
    expect(members(store)).toBe(5); // still 4/s
  });

  it('unmounting stops playing', () => {
    const { store, unmount } = renderPlay();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    frames(20);
    unmount();
    frames(2000);
    expect(members(store)).toBe(1);
  });

  it('stops when the store refuses an enqueue', () => {
    const store = createAppStore({ frozenAt: T0, seed: 7 });
    const enqueue = vi.spyOn(store.getState(), 'enqueueEach');
    renderPlay(store);
    enqueue.mockReturnValue(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    frames(500);
    expect(enqueue).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });
});
