/**
 * What an operation kind is: one module per kind (delay.ts, enqueue.ts, ...) holds what it does to
 * a Session, how it is undone and redone, what it costs, and its token in a link; registry.ts
 * lists them. Adding a kind is one module and one registry line.
 */
import type { Parsed } from '../input.ts';
import type { IdStyle } from '../jobIds.ts';
import type { Operation, Settings } from '../operations.ts';
import type { SessionState } from '../sessionState.ts';
import type { PendingJobs } from './pendingJobs.ts';
import { atOnce } from './chunks.ts';

export type Kind = Operation['kind'];
export type OperationOf<K extends Kind> = Extract<Operation, { readonly kind: K }>;

/** Applies again what an undo took back, from what the undo kept. */
export interface Redo {
  /** Yields the jobs moved so far, every REPLAY_CHUNK jobs or so. */
  redo(state: SessionState): Generator<number, void, void>;
}

/**
 * How to take back an applied operation's own writes (its jobs, its sets; the Session puts back
 * the scalars and the command log). Its size follows the operation's own work, so an undo costs
 * what the operation cost, not a replay.
 */
export interface Change {
  /** Jobs its undo (and redo) move in or out of the sets. */
  readonly jobs: number;
  /** False when redo runs the operation again instead of using what undo kept (an enqueue refused part-way). */
  readonly exact: boolean;
  /** Takes the writes back, yielding the jobs moved so far; gives what redo needs. */
  undo(state: SessionState): Generator<number, Redo, void>;
}

/** Nothing beyond the scalars, which the Session puts back. */
const NOTHING_TO_REDO: Redo = { redo: () => atOnce(undefined) };

/** A change of the scalars only (a setting): the Session's own record of them undoes it. */
export const SCALARS_ONLY: Change = { jobs: 0, exact: true, undo: () => atOnce(NOTHING_TO_REDO) };

/** What a replay costs so far, as the kinds add to it (scenarioCost.ts reads it). */
export interface CostState {
  style: IdStyle;
  prefixBytes: number;
  delay: number;
  /** The arrival number of the next job. */
  next: number;
  jobs: number;
  idBytes: number;
  work: number;
  /** Jobs not yet promoted, by fire-time. */
  readonly pending: PendingJobs;
}

/** An operation's token in a link (scenarioCodec.ts): its first character and the text after it. */
export interface Token<K extends Kind> {
  readonly head: string;
  /** The token; `frozen` is the clock's frozen instant before it (null when live). */
  encode(op: OperationOf<K>, frozen: number | null): string;
  /** The operation from the text after the head, or why not (a message without the token). */
  decode(rest: string, frozen: number | null): Parsed<OperationOf<K>>;
}

export interface OperationKind<K extends Kind> {
  readonly kind: K;
  readonly token: Token<K>;
  /** Whether it only changes the settings (writes nothing to the sets). */
  readonly setting: boolean;
  /** The token a link's starting settings write for `settings`, when this kind is one of them. */
  fromSettings?(settings: Settings): OperationOf<K> | null;
  /** A starting-settings token read into settings; absent when the kind is not a setting. */
  settle?(settings: Settings, op: OperationOf<K>): Settings;
  /** The clock's frozen instant after it (null: live). */
  frozenAfter(op: OperationOf<K>, frozen: number | null): number | null;
  /** Jobs it enqueues (what the page's scale counts). */
  jobs(op: OperationOf<K>): number;
  /** The instant it carries (the page's now after it), or null. */
  instant(op: OperationOf<K>): number | null;
  /** Adds its cost to `cost` (one for the step, and the jobs it moves). */
  cost(op: OperationOf<K>, cost: CostState): void;
  /**
   * Applies it, yielding the jobs written since the last yield every REPLAY_CHUNK jobs or so. Gives
   * null when refused (nothing changed that a replay could not rebuild), else how to undo it
   * (`keep` false: nothing is kept, SCALARS_ONLY is enough).
   */
  run(state: SessionState, op: OperationOf<K>, keep: boolean): Generator<number, Change | null, void>;
}
