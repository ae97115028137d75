/**
 * One clock for every card on a page: a single timer, started when the first live card joins and
 * stopped when the last one leaves, that rewrites only the cards on screen (a page of many cards
 * does no work for those the reader has scrolled past).
 */

interface Entry {
  readonly tick: () => void;
  visible: boolean;
}

/** How often a live card's numbers move. */
export const TICK_MS = 1000;

class LiveClock {
  readonly #entries = new Map<Element, Entry>();
  #timer: ReturnType<typeof setInterval> | null = null;
  #observer: IntersectionObserver | null = null;

  add(element: Element, tick: () => void): void {
    // Where the browser cannot say what is on screen, every card ticks.
    const observer = this.#watch();
    this.#entries.set(element, { tick, visible: observer === null });
    observer?.observe(element);
    this.#timer ??= setInterval(() => this.#tick(), TICK_MS);
  }

  remove(element: Element): void {
    if (!this.#entries.delete(element)) return;
    this.#observer?.unobserve(element);
    if (this.#entries.size === 0 && this.#timer !== null) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  /** Cards registered (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  #watch(): IntersectionObserver | null {
    if (typeof IntersectionObserver === 'undefined') return null;
    this.#observer ??= new IntersectionObserver((seen) => {
      for (const entry of seen) {
        const known = this.#entries.get(entry.target);
        if (known === undefined) continue;
        // A card coming back into view shows the time at once, not a second later.
        if (entry.isIntersecting && !known.visible) known.tick();
        known.visible = entry.isIntersecting;
      }
    });
    return this.#observer;
  }

  #tick(): void {
    for (const entry of this.#entries.values()) if (entry.visible) entry.tick();
  }
}

/** The page's one live clock. */
export const liveClock = new LiveClock();
