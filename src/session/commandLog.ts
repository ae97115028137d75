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
 * The command log: a ring buffer of the latest commands, read newest first or oldest first.
 * Mutable on purpose (a store `version` tells readers when to re-read).
 */
export class CommandLog {
  readonly #entries: Array<LogEntry | undefined>;
  #total = 0;

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

  /** Records one command and its outcome. */
  record(set: SetName, command: string, args: ReadonlyArray<string | number>, outcome: { reply?: Reply; error?: string }): void {
    const seq = ++this.#total;
    this.#entries[(seq - 1) % this.capacity] = { seq, set, command, args, reply: outcome.reply, error: outcome.error };
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
    this.#entries.fill(undefined);
    this.#total = 0;
  }
}
