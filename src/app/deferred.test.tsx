import { Suspense, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import {
  Deferred,
  Mounted,
  TurnsProvider,
  chunk,
  declareParts,
  preloadInTasks,
  useDeferredParts,
  useTurns,
} from './deferred.tsx';
import type { DeferredPart } from './deferred.tsx';
import { createAppStore } from '../store/appStore.ts';
import type { AppStore } from '../store/appStore.ts';
import { StoreProvider, useAppStore } from '../store/StoreContext.tsx';
import { useLaidOutLater } from '../ui/laidOutLater.ts';
import { T0 } from '../../test-support/instants.ts';

function Chunk() {
  return <p>the part</p>;
}

/** A module promise the test resolves when it likes, and how often it was asked for. */
function deferredModule() {
  let resolve: (module: { Chunk: typeof Chunk }) => void = () => {};
  const promise = new Promise<{ Chunk: typeof Chunk }>((done) => (resolve = done));
  const load = { calls: 0 };
  return {
    load: () => {
      load.calls++;
      return promise;
    },
    arrive: () => resolve({ Chunk }),
    calls: () => load.calls,
  };
}

describe('chunk', () => {
  it('renders a preloaded part at once, without a fallback in between', async () => {
    const module = deferredModule();
    const { Part, preload } = chunk(module.load, 'Chunk');
    module.arrive();
    await preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part />
      </Suspense>,
    );
    // in the very first commit: no fallback, no retry
    expect(screen.getByText('the part')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('before its chunk is in, suspends like a lazy component and shows once it arrives', async () => {
    const module = deferredModule();
    const { Part } = chunk(module.load, 'Chunk');
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => module.arrive());
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(module.calls()).toBe(1);
  });
});

describe('useTurns', () => {
  /** Three parts, each shown from its turn on, each saying so once it is on the page. */
  function Page({ log, beforeTurn }: { log: number[]; beforeTurn?: (turn: number) => void }) {
    const { turn, done } = useTurns(beforeTurn);
    log.push(turn);
    return (
      <>
        {[1, 2, 3].map((part) =>
          turn >= part ? (
            <div key={part}>
              <p>part {part}</p>
              <Mounted turn={part} done={done} />
            </div>
          ) : null,
        )}
      </>
    );
  }

  it('mounts the parts one turn at a time, in order, each after the last is on the page', async () => {
    const log: number[] = [];
    render(<Page log={log} />);
    expect(screen.queryByText('part 1')).toBeNull(); // turn 0: the first screen alone
    expect(await screen.findByText('part 3')).toBeTruthy();
    const turns = log.filter((turn, at) => at === 0 || turn !== log[at - 1]);
    // (turn 4 may have begun meanwhile: nothing is in it, and the turns stop there)
    expect(turns.slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect(turns.length).toBeLessThanOrEqual(5);
  });

  it('calls beforeTurn(n) before turn n renders, for each turn, in order', async () => {
    const log: number[] = [];
    const events: string[] = [];
    const beforeTurn = (turn: number) => events.push(`before ${turn} (rendered up to ${Math.max(...log)})`);
    render(<Page log={log} beforeTurn={beforeTurn} />);
    expect(await screen.findByText('part 3')).toBeTruthy();
    expect(events.slice(0, 3)).toEqual([
      'before 1 (rendered up to 0)',
      'before 2 (rendered up to 1)',
      'before 3 (rendered up to 2)',
    ]);
  });
});

describe('preloadInTasks', () => {
  /** A `later` that queues tasks for the test to run one at a time. */
  function manualTasks() {
    const queue: Array<() => void> = [];
    const later = (run: () => void) => {
      let cancelled = false;
      queue.push(() => {
        if (!cancelled) run();
      });
      return () => {
        cancelled = true;
      };
    };
    return { later, runOne: () => queue.shift()?.(), pending: () => queue.length };
  }

  it('starts the first preload now and each next one in a task of its own, in order', () => {
    const started: string[] = [];
    const preload = (name: string) => () => {
      started.push(name);
      return Promise.resolve();
    };
    const tasks = manualTasks();
    preloadInTasks([preload('band'), preload('sets'), preload('play')], tasks.later);
    expect(started).toEqual(['band']);
    tasks.runOne();
    expect(started).toEqual(['band', 'sets']);
    tasks.runOne();
    expect(started).toEqual(['band', 'sets', 'play']);
    expect(tasks.pending()).toBe(0);
  });

  it('goes on past a preload that fails, and stops starting new ones once cancelled', async () => {
    const started: string[] = [];
    const tasks = manualTasks();
    const cancel = preloadInTasks(
      [
        () => {
          started.push('broken');
          return Promise.reject(new Error('chunk missing'));
        },
        () => {
          started.push('sets');
          return Promise.resolve();
        },
        () => {
          started.push('play');
          return Promise.resolve();
        },
      ],
      tasks.later,
    );
    await Promise.resolve();
    tasks.runOne();
    expect(started).toEqual(['broken', 'sets']);
    cancel();
    tasks.runOne();
    expect(started).toEqual(['broken', 'sets']);
    expect(preloadInTasks([], tasks.later)()).toBeUndefined();
  });
});

describe('the deferred parts (declareParts, useDeferredParts, Deferred)', () => {
  /** An IntersectionObserver the test drives: `showAll(false)` says every observed part left the viewport. */
  const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
  const showAll = (visible: boolean) => observers.forEach((report) => report([{ isIntersecting: visible }]));
  class FakeObserver {
    constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  afterEach(() => {
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  /**
   * A chunk whose component shows whether it is laid out later and the store's next arrival; it
   * logs its fetch and its mount to `events`.
   */
  function loggedChunk(name: string, events: string[]) {
    function Shown() {
      const later = useLaidOutLater();
      const arrival = useAppStore((state) => state.nextArrival);
      useEffect(() => void events.push(`mount ${name}`), []);
      return (
        <p data-testid={name} data-later={String(later)}>
          {arrival}
        </p>
      );
    }
    return chunk(() => {
      events.push(`fetch ${name}`);
      return Promise.resolve({ Shown });
    }, 'Shown');
  }

  /** The parts in the order of the table; `turns` hears each turn the page renders. */
  function Page({
    parts,
    store,
    turns: heard,
  }: {
    parts: Readonly<Record<string, DeferredPart>>;
    store: AppStore;
    turns?: number[];
  }) {
    const turns = useDeferredParts(parts);
    heard?.push(turns.turn);
    return (
      <StoreProvider store={store}>
        <TurnsProvider turns={turns}>
          {Object.entries(parts).map(([name, part]) => (
            <Deferred key={name} part={part} />
          ))}
        </TurnsProvider>
      </StoreProvider>
    );
  }

  it('a part below the stage shows a loading line, is laid out later and reads the store only while visible; a stage part only if it opts in', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const events: string[] = [];
    const parts = declareParts({
      plain: { place: 'stage', turn: 1, chunks: [loggedChunk('plain', events)], fallback: <p>holding plain</p> },
      opted: {
        place: 'stage',
        turn: 2,
        chunks: [loggedChunk('opted', events)],
        laidOutLater: true,
        readsWhileVisible: true,
      },
      below: { place: 'below', turn: 3, chunks: [loggedChunk('below', events)], loading: 'Loading the part below…' },
    });
    const store = createAppStore({ frozenAt: T0, seed: 1 });
    const turns: number[] = [];
    render(<Page parts={parts} store={store} turns={turns} />);
    expect(screen.getByText('holding plain')).toBeTruthy();
    expect(screen.getByText('Loading the part below…')).toBeTruthy();
    await screen.findByTestId('below');
    // the turns stop at the first with no part: the page re-renders no more (a render of the page renders its parts)
    await waitFor(() => expect(turns.at(-1)).toBe(4));
    expect(screen.queryByText('holding plain')).toBeNull();
    expect(screen.queryByText('Loading the part below…')).toBeNull();
    expect(['plain', 'opted', 'below'].map((name) => screen.getByTestId(name).dataset.later)).toEqual(['false', 'true', 'true']);

    // off screen, a gated part hears of a change in a task of its own (after this synchronous act), the plain part at once
    act(() => showAll(false));
    act(() => void store.getState().enqueue(1));
    expect(['plain', 'opted', 'below'].map((name) => screen.getByTestId(name).textContent)).toEqual(['2', '1', '1']);
    act(() => showAll(true));
    expect(['plain', 'opted', 'below'].map((name) => screen.getByTestId(name).textContent)).toEqual(['2', '2', '2']);
  });

  it("mounts the parts in the order of their turns (the parts of a turn together), fetching the stage's chunks at once and a part below's just before its turn", async () => {
    const events: string[] = [];
    // the table's order is not the turns' order: the turns decide
    const parts = declareParts({
      below: {
        place: 'below',
        turn: 3,
        chunks: [loggedChunk('below, first half', events), loggedChunk('below, second half', events)],
        loading: 'Loading…',
      },
      second: { place: 'stage', turn: 2, chunks: [loggedChunk('second', events)] },
      twin: { place: 'stage', turn: 2, chunks: [loggedChunk('twin', events)] },
      first: { place: 'stage', turn: 1, chunks: [loggedChunk('first', events)] },
    });
    render(<Page parts={parts} store={createAppStore({ frozenAt: T0 })} />);
    // the first stage chunk's fetch starts as the page mounts, each next one in a task of its own
    expect(events).toEqual(['fetch first']);
    await screen.findByTestId('below, second half');
    // in the DOM is not yet mounted: the part's effect (its "mount" event) runs after the commit
    await waitFor(() => expect(events.at(-1)).toBe('mount below, second half'));
    expect(events.filter((event) => event.startsWith('fetch')).slice(0, 3)).toEqual([
      'fetch first',
      'fetch second',
      'fetch twin',
    ]);
    expect(events.filter((event) => event.startsWith('mount'))).toEqual([
      'mount first',
      'mount second',
      'mount twin',
      'mount below, first half',
      'mount below, second half',
    ]);
    // the part below is fetched once the turn before it is on the page, and before its own turn renders
    expect(events.slice(events.indexOf('mount twin') + 1)).toEqual([
      'fetch below, first half',
      'fetch below, second half',
      'mount below, first half',
      'mount below, second half',
    ]);
  });

  it('refuses a table with a turn that no part has (the turns after it would never begin)', () => {
    const part = (turn: number): DeferredPart => ({ place: 'stage', turn, chunks: [] });
    expect(() => declareParts({ one: part(1), three: part(3) })).toThrow(/turn 2 has no part/);
    expect(() => declareParts({ two: part(2) })).toThrow(/turn 1 has no part/);
    expect(declareParts({ one: part(1), alsoOne: part(1), two: part(2) }).two.turn).toBe(2);
  });
});
