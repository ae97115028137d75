/**
 * Which step of a scrolled text the reader is at: the step that crosses a line at the middle of
 * the viewport (the figure beside the text follows it). One IntersectionObserver whose root is
 * shrunk to that line (rootMargin -50% top and bottom): a step intersects it exactly while it
 * spans the middle of the screen, and the browser reports only the crossings, off the main
 * thread's scroll path. The observer is given (tests pass a fake one).
 */

/** What followSteps needs of an IntersectionObserver. */
export interface StepObserver {
  observe(target: Element): void;
  disconnect(): void;
}

export interface StepCrossing {
  readonly target: Element;
  readonly isIntersecting: boolean;
}

export type StepObserverFactory = (
  report: (entries: readonly StepCrossing[]) => void,
  options: IntersectionObserverInit,
) => StepObserver;

/** The line a step must cross to become the current one: the middle of the viewport. */
export const MIDDLE_LINE: IntersectionObserverInit = { rootMargin: '-50% 0px -50% 0px', threshold: 0 };

const browserObserver: StepObserverFactory = (report, options) => new IntersectionObserver((entries) => report(entries), options);

/**
 * Calls `onStep(index)` each time another of `steps` comes to span the middle of the viewport
 * (the index in `steps`; not again for the step already reported, nor when a step only leaves).
 * Gives the function that stops following.
 */
export function followSteps(
  steps: readonly Element[],
  onStep: (index: number) => void,
  create: StepObserverFactory = browserObserver,
  aim: StepAim | null = null,
): () => void {
  let current = -1;
  const observer = create((entries) => {
    // one report may hold a step leaving and the next entering (a fast scroll): the entering one counts
    let entered = -1;
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const index = steps.indexOf(entry.target);
      if (index !== -1) entered = index;
    }
    if (entered === -1 || entered === current) return;
    // a scroll the page started toward a step passes the steps between: they are not the reader's choice
    if (aim !== null && !aim.reached(entered)) return;
    current = entered;
    onStep(entered);
  }, MIDDLE_LINE);
  for (const step of steps) observer.observe(step);
  return () => observer.disconnect();
}

/** What a StepAim needs of the timers (tests pass fake ones). */
export interface AimTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The step a scroll the page started is heading for (Next, Previous, a key). While it is set, the
 * steps the scroll passes on its way are not reported, so the current step stays the one asked
 * for and a second key counts on from it, not from a step the first key's scroll was passing. It
 * clears when the target comes to the middle line, when the scroll ends (release), when the reader
 * scrolls themselves (release), or after `giveUpMs` should neither come (a target the page cannot
 * centre: the last step of a short page).
 */
export interface StepAim {
  /** A scroll toward step `index` begins. */
  aim(index: number): void;
  /** Whether a crossing of step `index` counts: always with no target; with one, only the target's (which clears it). */
  reached(index: number): boolean;
  /** The scroll ended or the reader took over: crossings count again. */
  release(): void;
  /** The step aimed at, or null. */
  readonly target: number | null;
}

/** How long a target holds at most, should its scroll never report its end (a smooth scroll takes well under a second). */
export const AIM_GIVE_UP_MS = 1500;

export function createStepAim(giveUpMs: number = AIM_GIVE_UP_MS, timers: AimTimers = globalThis): StepAim {
  let target: number | null = null;
  let timer: unknown = null;
  const release = () => {
    target = null;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  return {
    aim(index) {
      release();
      target = index;
      timer = timers.setTimeout(release, giveUpMs);
    },
    reached(index) {
      if (target === null) return true;
      if (index !== target) return false;
      release();
      return true;
    },
    release,
    get target() {
      return target;
    },
  };
}
