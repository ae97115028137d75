import {
  Suspense,
  createContext,
  createElement,
  lazy,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { ComponentType, ReactNode } from 'react';
import { nextTask } from '../store/slices.ts';
import { ReadWhileVisible } from '../store/StoreContext.tsx';
import { LaidOutLater } from '../ui/laidOutLater.ts';
import { whenIdle } from '../ui/whenIdle.ts';
import styles from './deferred.module.css';

/*
 * The page's deferred parts: the parts that come in chunks of their own and mount after the first
 * render. The page declares them in one table (declareParts), counts their turns
 * (useDeferredParts, under a <TurnsProvider>) and places each with <Deferred part={...} />.
 *
 * A part mounts in its turn. Turn 0 is the first render alone; turn n begins once the parts of
 * turn n - 1 are on the page and the browser is idle (useTurns), so each commit holds one turn's
 * part (two parts may share a turn). Where a part sits decides the rest:
 * - on the stage (`place: 'stage'`, the first screen): its chunks are fetched as the page mounts,
 *   all of them, in the order of their turns, each fetch started in a task of its own
 *   (preloadInTasks); its fallback (none unless given) holds its slot until it mounts. It may opt
 *   in to `laidOutLater` and `readsWhileVisible`, which the parts below always have;
 * - below the stage (`place: 'below'`): its chunks are fetched just before its turn; a loading
 *   line holds its place; it follows the store only while near the viewport (ReadWhileVisible);
 *   and it takes its measurements from the browser's layout (LaidOutLater): the panels below are
 *   `content-visibility: auto` (panel.module.css), so off screen the browser skips their style and
 *   layout, and a read at mount made it do the whole panel anyway (the load's longest task);
 *   their observers report once they come near the viewport.
 */

/**
 * A component of a deferred part, in its own chunk, that can be fetched before it is shown:
 * `preload()` starts the import, and once it is in, `Part` renders the component straight away.
 * (React.lazy suspends on its first render even when the chunk is already loaded, and React
 * reveals a suspended part at least 300 ms after its fallback: a page mounting parts in turns
 * waited that long at each.) Before the chunk is in, `Part` is the lazy component, to be placed
 * inside a Suspense boundary.
 */
export interface Chunk {
  readonly Part: ComponentType;
  readonly preload: () => Promise<unknown>;
}

/** The chunk `load` imports, showing the component its module exports as `name` (Chunk). */
export function chunk<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): Chunk {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
      return loaded;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Part() {
    return createElement(loaded ?? Lazy);
  }
  return { Part, preload };
}

interface PartInTurn {
  /** When it mounts: 1, 2, ... (turn 0, the first render, holds no deferred part). */
  readonly turn: number;
  /** What it shows, in this order, in one Suspense boundary: it counts as mounted once all are in. */
  readonly chunks: readonly Chunk[];
}

/** A part of the first screen (see the top of this file). */
export interface StagePart extends PartInTurn {
  readonly place: 'stage';
  /** What holds its slot until it mounts (nothing by default). */
  readonly fallback?: ReactNode;
  /** Whether it takes its first measurements from the browser's layout (LaidOutLater). */
  readonly laidOutLater?: boolean;
  /** Whether it follows the store only while near the viewport (ReadWhileVisible). */
  readonly readsWhileVisible?: boolean;
}

/** A part below the stage (see the top of this file). */
export interface BelowPart extends PartInTurn {
  readonly place: 'below';
  /** The line that holds its place until it mounts ("Loading the band…"). */
  readonly loading: string;
}

export type DeferredPart = StagePart | BelowPart;

type Parts = Readonly<Record<string, DeferredPart>>;

/**
 * The page's deferred parts, in one table. Every turn from 1 to the last must have a part (a turn
 * with none would never end, and the turns after it would never begin). Stage parts of one turn are
 * fetched in the order of the table.
 */
export function declareParts<const T extends Parts>(parts: T): T {
  const turns = new Set(Object.values(parts).map((part) => part.turn));
  for (let turn = 1; turn <= turns.size; turn++) {
    if (!turns.has(turn)) throw new Error(`The deferred parts' turns run 1, 2, 3...: turn ${turn} has no part`);
  }
  return parts;
}

/** The turns so far and how a part says it has mounted (useTurns). */
export interface Turns {
  readonly turn: number;
  readonly done: (turn: number) => void;
}

/**
 * Counts the turns of `parts` (a table from declareParts, the same on every render) and fetches
 * their chunks: the stage's at once as the page mounts, each of the parts below just before its
 * turn.
 */
export function useDeferredParts(parts: Parts): Turns {
  const { stage, beforeTurn } = useMemo(() => {
    const all = Object.values(parts);
    const below = (turn: number) =>
      all.filter((part) => part.place === 'below' && part.turn === turn).flatMap((part) => part.chunks);
    return {
      stage: all
        .filter((part) => part.place === 'stage')
        .sort((one, other) => one.turn - other.turn)
        .flatMap((part) => part.chunks),
      beforeTurn: (turn: number) => void preloadInTasks(below(turn).map((one) => one.preload)),
    };
  }, [parts]);
  const { turn, done } = useTurns(beforeTurn);
  useEffect(() => preloadInTasks(stage.map((one) => one.preload)), [stage]);
  return useMemo(() => ({ turn, done }), [turn, done]);
}

const TurnsContext = createContext<Turns | null>(null);

/** Gives the <Deferred> parts under it the page's turns (from useDeferredParts). */
export function TurnsProvider({ turns, children }: { turns: Turns; children: ReactNode }) {
  return <TurnsContext.Provider value={turns}>{children}</TurnsContext.Provider>;
}

/** One deferred part, where it sits on the page: its fallback until its turn comes and its chunks are in, then the part. */
export function Deferred({ part }: { part: DeferredPart }) {
  const turns = useContext(TurnsContext);
  if (turns === null) throw new Error('<Deferred> needs a <TurnsProvider> above it');
  const below = part.place === 'below';
  const fallback = below ? <p className={styles.loading}>{part.loading}</p> : (part.fallback ?? null);
  let shown: ReactNode =
    turns.turn < part.turn ? (
      fallback
    ) : (
      <Suspense fallback={fallback}>
        {part.chunks.map(({ Part }, at) => (
          <Part key={at} />
        ))}
        <Mounted turn={part.turn} done={turns.done} />
      </Suspense>
    );
  if (below || part.laidOutLater === true) shown = <LaidOutLater value={true}>{shown}</LaidOutLater>;
  if (below || part.readsWhileVisible === true) {
    shown = <ReadWhileVisible className={below ? styles.below : undefined}>{shown}</ReadWhileVisible>;
  }
  return shown;
}

/**
 * Counts the turns: `turn` starts at 0 (only the first render) and goes up by one when the browser
 * is idle after the part of the current turn has mounted (it says so with <Mounted turn={n} />,
 * inside its Suspense boundary, so a part that waits for its chunk counts as mounted only once it
 * is on the page). Each turn renders as a transition, which React splits into short slices; none
 * of them holds the main thread long while the page is loading. Turn 1 begins after the first
 * render's commit. Turn n begins in an idle callback, which runs `beforeTurn(n)` if given, and
 * renders in the task after it (the page starts the turn's chunk fetches there: out of the turn's
 * render).
 */
export function useTurns(beforeTurn?: (turn: number) => void): Turns {
  const [turn, setTurn] = useState(0);
  // turn 0, the first render, is done once the page has committed: this effect runs after that
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
 * Starts each preload in a task of its own, in order (the first now), ignoring failures (a chunk
 * that fails to load fails again where its part renders, which is where that shows); gives a way
 * to stop the ones not started yet. Why a task each: Vite starts a chunk's fetch by adding a
 * <link> to the document for every file the chunk needs, and each addition costs main-thread
 * time: the stage's preloads in one task add up to what a slower phone (Lighthouse's model) turns
 * into a long task.
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
