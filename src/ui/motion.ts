/**
 * Arrival motion (a job travelling into its slot, set rows sliding to their new place): how long
 * it may last, and whether it may run at all. Only transform and opacity are animated, with the
 * Web Animations API, so the browser composites them without layout.
 */

/** The longest an arrival's motion lasts (ms). */
export const MOTION_MS = 320;
/** Below this a motion is not worth starting: the next change would cut it off at once. */
export const MIN_MOTION_MS = 48;

/** True when the user asked the system for reduced motion (or the page cannot tell: no matchMedia). */
export function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * How long the motion of a change may last when the previous change came `sinceLastMs` ago and
 * this one brought `arrivals` jobs (a frame of Play brings several): most of the gap between two
 * jobs, so a motion ends before the next one starts; 0 (none) when jobs come faster than a motion
 * can be followed (playing hundreds of jobs a second), or when reduced motion is asked.
 */
export function motionDuration(sinceLastMs: number, reduced?: boolean, arrivals = 1): number {
  const duration = Math.min(MOTION_MS, (sinceLastMs / Math.max(1, arrivals)) * 0.8);
  // the gap first: while jobs come faster than a motion can be followed, the media query is not asked every frame
  if (duration < MIN_MOTION_MS || (reduced ?? prefersReducedMotion())) return 0;
  return Math.round(duration);
}

/**
 * Starts a transform / opacity animation on `element` (cancelling the one it had), when the browser
 * can; gives it, so the caller can cut it short when the next change comes (stopMotions).
 */
export function animateArrival(element: Element, keyframes: Keyframe[], duration: number): Animation | null {
  if (duration <= 0 || typeof element.animate !== 'function') return null;
  for (const running of element.getAnimations?.() ?? []) running.cancel();
  return element.animate(keyframes, { duration, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' });
}

/**
 * Ends the motions a change started, at once (each element shows its place): the next change
 * moves the rows again, and when jobs then come too fast for motion (a play at hundreds a second)
 * the first job's motions would otherwise keep a few dozen composited layers for their whole run.
 */
export function stopMotions(motions: Array<Animation | null>): void {
  for (const motion of motions) motion?.cancel();
  motions.length = 0;
}
