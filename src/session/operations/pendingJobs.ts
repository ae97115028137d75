/** Jobs not yet promoted, by fire-time: what a promote's cost counts before any replay. */

/** A binary min-heap of (fire-time, count) batches, one per enqueue. */
export class PendingJobs {
  readonly #fireTimes: number[] = [];
  readonly #counts: number[] = [];

  add(fireTime: number, count: number): void {
    const times = this.#fireTimes;
    const counts = this.#counts;
    let i = times.length;
    times.push(fireTime);
    counts.push(count);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (times[parent]! <= fireTime) break;
      times[i] = times[parent]!;
      counts[i] = counts[parent]!;
      i = parent;
    }
    times[i] = fireTime;
    counts[i] = count;
  }

  /** Takes out every batch due by `bound` (fire-time <= bound); gives how many jobs they hold. */
  takeDue(bound: number): number {
    let taken = 0;
    while (this.#fireTimes.length > 0 && this.#fireTimes[0]! <= bound) {
      taken += this.#counts[0]!;
      this.#popHead();
    }
    return taken;
  }

  clear(): void {
    this.#fireTimes.length = 0;
    this.#counts.length = 0;
  }

  #popHead(): void {
    const times = this.#fireTimes;
    const counts = this.#counts;
    const lastTime = times.pop()!;
    const lastCount = counts.pop()!;
    const n = times.length;
    if (n === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const child = left + 1 < n && times[left + 1]! < times[left]! ? left + 1 : left;
      if (times[child]! >= lastTime) break;
      times[i] = times[child]!;
      counts[i] = counts[child]!;
      i = child;
    }
    times[i] = lastTime;
    counts[i] = lastCount;
  }
}
