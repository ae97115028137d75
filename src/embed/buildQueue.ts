/**
 * Building cards takes turns with the host page. A card's first build (its session, its picture)
 * is short, but a course page can hold hundreds, and the browser upgrades every <firetime-card>
 * already in the page in one go when the module defines the element: built there and then, they
 * would all be built in one task, and the page would not answer until the last. So the builds of
 * one task share a budget of BUILD_SLICE_MS; a card that comes after it is spent waits, in page
 * order, for a later task, which has the same budget. A page of a few cards is built at once, as
 * before; print builds whatever still waits.
 */

/** How long the card builds of one task may run before the next card waits for a later task. */
export const BUILD_SLICE_MS = 50;

/** What the queue needs from the page: a clock, a way to run something in a later task, and the end of the current task. */
export interface BuildTurns {
  now(): number;
  later(run: () => void): void;
  afterThisTask(run: () => void): void;
}

export class BuildQueue {
  readonly #turns: BuildTurns;
  readonly #waiting = new Map<object, () => void>();
  /** When the builds of the current task began, or null when none ran in it yet. */
  #sliceStart: number | null = null;
  #drainScheduled = false;

  constructor(turns: BuildTurns) {
    this.#turns = turns;
  }

  /** Builds `card` now if this task's budget allows and nobody waits before it, else in a later task. */
  request(card: object, build: () => void): void {
    if (this.#waiting.size === 0 && this.#hasBudget()) {
      build();
      return;
    }
    this.#waiting.set(card, build);
    this.#scheduleDrain();
  }

  /** A card that left the page before its turn is not built (a reconnect asks again). */
  cancel(card: object): void {
    this.#waiting.delete(card);
  }

  /** Builds every card still waiting, now (before print). */
  flush(): void {
    for (const [card, build] of [...this.#waiting]) {
      this.#waiting.delete(card);
      build();
    }
  }

  /** Cards waiting for a later task. */
  get waiting(): number {
    return this.#waiting.size;
  }

  #hasBudget(): boolean {
    const now = this.#turns.now();
    if (this.#sliceStart === null) {
      this.#sliceStart = now;
      this.#turns.afterThisTask(() => (this.#sliceStart = null));
    }
    return now - this.#sliceStart < BUILD_SLICE_MS;
  }

  #scheduleDrain(): void {
    if (this.#drainScheduled) return;
    this.#drainScheduled = true;
    this.#turns.later(() => {
      this.#drainScheduled = false;
      this.#sliceStart = null;
      for (const [card, build] of [...this.#waiting]) {
        if (!this.#hasBudget()) break;
        this.#waiting.delete(card);
        build();
      }
      if (this.#waiting.size > 0) this.#scheduleDrain();
    });
  }
}
