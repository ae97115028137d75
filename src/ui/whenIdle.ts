/** The longest a callback waits for an idle moment (a page that is never idle still gets it). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `run` when the browser is next idle (requestIdleCallback; a short timer where there is
 * none, as in jsdom and older Safari). Gives a way to cancel it.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => run(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1);
  return () => clearTimeout(timer);
}
