import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Mounted, preloadInTasks, preloadable, useTurns } from './inTurn.tsx';

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

describe('preloadable', () => {
  it('renders a preloaded part at once, without a fallback in between', async () => {
    const chunk = deferredModule();
    const { Part, preload } = preloadable(chunk.load, (module) => module.Chunk);
    chunk.arrive();
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
    const chunk = deferredModule();
    const { Part } = preloadable(chunk.load, (module) => module.Chunk);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => chunk.arrive());
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(chunk.calls()).toBe(1);
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
