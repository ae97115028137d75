/**
 * How many Redis reads the bridge runs at once. A page of /api/members holds up to 5,000 members,
 * all of them in the bridge's memory while it is cut and serialised, and a key listing is up to 40
 * SCAN rounds; nothing stopped a local tool (or an allowed page gone wrong) from asking for a
 * hundred at once. The gate runs `running` of them and lets `waiting` more queue for a short
 * while; the rest are told to come back (503, Retry-After).
 *
 * Why a short queue rather than a 503 at once: the page reads one request at a time, but two tabs
 * (or a refresh landing while a page is read) overlap for a moment, and they should wait a little,
 * not show an error; a queue that is bounded in length and in time still caps the memory and the
 * work of a flood.
 */

/** Frees the slot a read held; calling it again does nothing. */
export type Release = () => void;

export interface ReadGateLimits {
  /** Reads running at once. */
  readonly running: number;
  /** Reads waiting for a slot at most; one more is refused at once. */
  readonly waiting: number;
  /** How long a read waits for a slot before it is refused (ms). */
  readonly maxWaitMs: number;
}

/** At most 2 heavy reads at once, 8 more waiting up to 3 s (the page gives up on a reply after 10 s). */
export const READ_GATE_LIMITS: ReadGateLimits = { running: 2, waiting: 8, maxWaitMs: 3000 };

export class ReadGate {
  private active = 0;
  private readonly queue: Array<(release: Release) => void> = [];

  constructor(readonly limits: ReadGateLimits = READ_GATE_LIMITS) {}

  /** Reads running now, and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }

  /** A slot (resolve with its Release) once one is free, or null when the queue is full or the wait ran out. */
  acquire(): Promise<Release | null> {
    if (this.active < this.limits.running) return Promise.resolve(this.take());
    if (this.queue.length >= this.limits.waiting) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = (release: Release) => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        resolve(null);
      }, this.limits.maxWaitMs);
      this.queue.push(waiter);
    });
  }

  private take(): Release {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      const next = this.queue.shift();
      if (next !== undefined) next(this.take());
    };
  }
}
