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
    current = entered;
    onStep(entered);
  }, MIDDLE_LINE);
  for (const step of steps) observer.observe(step);
  return () => observer.disconnect();
}
