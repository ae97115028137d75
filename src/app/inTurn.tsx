import { createElement, lazy, startTransition, useCallback, useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { nextTask } from '../store/slices.ts';
import { whenIdle } from '../ui/whenIdle.ts';

/**
 * Mounts the page's parts below the first screen one at a time, after the first screen: `turn`
 * starts at 0 (only the first screen) and goes up by one when the browser is idle after the part
 * of the current turn has mounted (it says so with <Mounted turn={n} />, inside its Suspense
 * boundary, so a part that waits for its chunk counts as mounted only once it is on the page).
 * Each turn renders as a transition, which React splits into short slices; none of them holds
 * the main thread long while the page is loading. Turn 1 begins after the first screen's commit.
 * Turn n begins in an idle callback, which runs `beforeTurn(n)` if given, and renders in the task
 * after it (the page starts the turn's chunk fetches there: out of the turn's render).
 */
export function useTurns(beforeTurn?: (turn: number) => void): { turn: number; done: (turn: number) => void } {
  const [turn, setTurn] = useState(0);
  // turn 0, the first screen, is done once the page has committed: this effect runs after that
  const [finished, setFinished] = useState(0);
  const done = useCallback((which: number) => setFinished((last) => Math.max(last, which)), []);
  useEffect(() => {
    if (finished < turn) return;
    const next = finished + 1;
    let cancelTask = () => {};
    const cancelIdle = whenIdle(() => {
      beforeTurn?.(next);
      cancelTask = nextTask(() => startTransition(() => setTurn((current) => Math.max(current, next))));
    });
    return () => {
      cancelIdle();
      cancelTask();
    };
  }, [finished, turn, beforeTurn]);
  return { turn, done };
}

/** Tells useTurns that the part of `turn` is on the page (place it after the part, in its Suspense boundary). */
export function Mounted({ turn, done }: { turn: number; done: (turn: number) => void }) {
  useEffect(() => done(turn), [turn, done]);
  return null;
}

/**
 * A part in its own chunk that can be fetched before it is shown: `preload()` starts the import,
 * and once it is in, `Part` renders the component straight away. (React.lazy suspends on its first
 * render even when the chunk is already loaded, and React reveals a suspended part at least 300 ms
 * after its fallback: a page mounting parts in turns waited that long at each.) Before the chunk
 * is in, `Part` is the lazy component, to be placed inside a Suspense boundary.
 */
export function preloadable<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): {
  Part: ComponentType;
  preload: () => Promise<unknown>;
} {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Part() {
    return createElement(loaded ?? Lazy);
  }
  return { Part, preload };
}

/**
 * Starts each preload in a task of its own, in order (the first now), ignoring failures (a chunk
 * that fails to load fails again where its part renders, which is where that shows); gives a way
 * to stop the ones not started yet. Why a task each: Vite starts a chunk's fetch by adding a
 * <link> to the document for every file the chunk needs (14 for the stage's four parts), and each
 * addition took 0.2-15 ms of main thread on the test machine: the four preloads in one task came to
 * 11-56 ms, which a 4x slower phone (Lighthouse's model) turns into a long task.
 */
export function preloadInTasks(preloads: ReadonlyArray<() => Promise<unknown>>, later = nextTask): () => void {
  let cancel = () => {};
  const start = (next: number): void => {
    preloads[next]!().catch(() => {});
    if (next + 1 < preloads.length) cancel = later(() => start(next + 1));
  };
  if (preloads.length > 0) start(0);
  return () => cancel();
}
