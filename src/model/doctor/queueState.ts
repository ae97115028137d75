/**
 * What the bridge reads about a BullMQ queue beyond its delayed set, on the wire: the readings the
 * verdict rests on. Apart from doctorWire.ts so that the verdict, which doctorWire's rows carry,
 * can read them without the two files importing each other.
 */

/** How many jobs a queue holds in each place a job can be (BullMQ): LLEN of a list, ZCARD of a set; null when the key holds another type. */
export interface JobCounts {
  /** `<q>:wait` (list): jobs ready to run. */
  readonly wait: number | null;
  /** `<q>:active` (list): jobs a worker holds now. */
  readonly active: number | null;
  /** `<q>:prioritized` (sorted set): ready jobs with a priority. */
  readonly prioritized: number | null;
  /** `<q>:waiting-children` (sorted set): parents waiting on their children. */
  readonly waitingChildren: number | null;
  /** `<q>:failed` (sorted set): jobs out of attempts (or failed for good). */
  readonly failed: number | null;
  /** `<q>:completed` (sorted set): finished jobs kept. */
  readonly completed: number | null;
}

/**
 * The queue's workers as BullMQ's Queue.getWorkers() finds them: clients of CLIENT LIST named
 * `<prefix>:<base64(queue name)>` or `<prefix>:<base64(queue name)>:w:<worker name>`. Not visible
 * when the bridge was not started with --client-list, or Redis refused CLIENT LIST (an ACL user
 * without +client|list, a managed Redis that hides it).
 */
export type WorkersReading =
  | { readonly visible: true; readonly count: number }
  | { readonly visible: false; readonly reason: 'not-allowed' | 'refused'; readonly message: string };

/** What decides whether a BullMQ queue's due jobs run (bridge/queueState.ts), read at the row's `now`. */
export interface QueueStateReading {
  /** TYPE of `<q>:delayed`: 'zset', 'none' (no delayed job: Redis keeps no empty set) or another type. */
  readonly delayedType: string;
  /** `meta` has a `paused` field (Queue.pause() sets it, resume deletes it). */
  readonly paused: boolean;
  /** LLEN of the legacy `<q>:paused` list (0 when absent; null when the key holds another type). */
  readonly pausedList: number | null;
  /** `meta` `concurrency`: the queue's global concurrency, null when none is set. */
  readonly concurrency: number | null;
  /** PTTL of `<q>:limiter` in ms: null when there is no such key, -1 when it has no expiry. */
  readonly limiterTtlMs: number | null;
  readonly counts: JobCounts;
  readonly workers: WorkersReading;
}
