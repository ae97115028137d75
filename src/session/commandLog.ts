import type { Reply } from '../model/redis/memoryRedis.ts';

/** Which of the two sets a command was sent to. */
export type SetName = 'band' | 'textbook';

/** One command the model issued, with what Redis answered (a reply, or an error line). */
export interface LogEntry {
  readonly seq: number;
  readonly set: SetName;
  readonly command: string;
  readonly args: ReadonlyArray<string | number>;
  readonly reply: Reply | undefined;
  readonly error: string | undefined;
}

/** How many entries the log keeps; older ones fall off. */
export const LOG_CAPACITY = 2000;

/**
 * A moment of the log that restore() goes back to: the total then, and what the records and the
 * clear since then overwrote, in order (the first `capacity` records after each clear are enough:
 * later ones only overwrite entries written since the mark).
 */
export interface LogMark {
  readonly total: number;
  readonly slots: number[];
  readonly overwritten: Array<LogEntry | undefined>;
  /** A clear since the mark: the entries it wiped, and where in `slots` it happened. */
  cleared: { readonly entries: Array<LogEntry | undefined>; readonly at: number } | null;
}

/** What the page reads of the command log: nothing that changes it. */
export interface CommandLogView {
  readonly capacity: number;
  readonly size: number;
  readonly total: number;
  newest(index: number): LogEntry | undefined;
  oldest(index: number): LogEntry | undefined;
}

/**
 * The command log: a ring buffer of the latest commands, read newest first or oldest first.
 * Mutable on purpose (a store `version` tells readers when to re-read).
 */
export class CommandLog implements CommandLogView {
  readonly #entries: Array<LogEntry | undefined>;
  #total = 0;
  /** The latest mark, and how many records it has saved since it (or since the clear after it). */
  #mark: LogMark | null = null;
  #saved = 0;

  constructor(readonly capacity: number = LOG_CAPACITY) {
    this.#entries = new Array<LogEntry | undefined>(capacity);
  }

  /** Entries currently held (at most the capacity). */
  get size(): number {
    return Math.min(this.#total, this.capacity);
  }

  /** Every command ever recorded since the last clear, including the ones that fell off. */
  get total(): number {
    return this.#total;
  }

  /** Records one command and its outcome: its reply, or the error it raised (then reply is undefined). */
  record(
    set: SetName,
    command: string,
    args: ReadonlyArray<string | number>,
    reply: Reply | undefined,
    error: string | undefined,
  ): void {
    const seq = ++this.#total;
    const slot = (seq - 1) % this.capacity;
    if (this.#mark !== null && this.#saved < this.capacity) {
      this.#mark.slots.push(slot);
      this.#mark.overwritten.push(this.#entries[slot]);
      this.#saved++;
    }
    this.#entries[slot] = { seq, set, command, args, reply, error };
  }

  /** Starts keeping what the next records and clear overwrite, so restore(mark) can take them back. */
  mark(): LogMark {
    this.#mark = { total: this.#total, slots: [], overwritten: [], cleared: null };
    this.#saved = 0;
    return this.#mark;
  }

  /**
   * Goes back to the moment of `mark`; marks are restored newest first. Gives the mark that comes
   * back to the log as it was before this restore (for redo): the entries it overwrites (all of
   * them when the mark holds a clear) and the total.
   */
  restore(mark: LogMark): LogMark {
    const back: LogMark = {
      total: this.#total,
      slots: mark.slots,
      overwritten: mark.slots.map((slot) => this.#entries[slot]),
      cleared: mark.cleared && { entries: this.#entries.slice(), at: 0 },
    };
    for (let i = mark.slots.length - 1; i >= 0; i--) {
      if (mark.cleared !== null && i + 1 === mark.cleared.at) this.#entries.splice(0, this.capacity, ...mark.cleared.entries);
      this.#entries[mark.slots[i]!] = mark.overwritten[i];
    }
    if (mark.cleared !== null && mark.cleared.at === 0) this.#entries.splice(0, this.capacity, ...mark.cleared.entries);
    this.#total = mark.total;
    this.#mark = null;
    return back;
  }

  /** The entry `index` places from the newest (0 = newest), or undefined past the end. */
  newest(index: number): LogEntry | undefined {
    if (index < 0 || index >= this.size) return undefined;
    return this.#entries[(this.#total - 1 - index) % this.capacity];
  }

  /** The entry `index` places from the oldest still held (0 = oldest kept), or undefined past the end: the order Redis received them. */
  oldest(index: number): LogEntry | undefined {
    if (index < 0 || index >= this.size) return undefined;
    return this.newest(this.size - 1 - index);
  }

  /** Forgets every entry. */
  clear(): void {
    // An empty log has nothing to forget: a run of resets keeps no copy of its 2,000 empty slots each
    if (this.#total === 0) return;
    if (this.#mark !== null && this.#mark.cleared === null) {
      this.#mark.cleared = { entries: this.#entries.slice(), at: this.#mark.slots.length };
      this.#saved = 0;
    }
    this.#entries.fill(undefined);
    this.#total = 0;
  }
}
