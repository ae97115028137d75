import { createContext, useContext } from 'react';

/**
 * True for parts that take their measurements from the browser's own layout (their
 * ResizeObserver's first report) instead of reading layout as they mount (an offsetWidth, a
 * clientHeight), which makes the browser style and lay out everything new there and then, inside
 * the task that mounts them. Two kinds of parts opt in:
 * - the panels below the stage, which are `content-visibility: auto` (panel.module.css): off
 *   screen the browser skips their style and layout, and a read at mount made it do the whole
 *   panel anyway (25-30 ms for the band panel at load, the load's longest task); their observers
 *   report once they come near the viewport;
 * - the stage's set views, whose rows until measured (a fixed number) already fill their first
 *   paint: their read at mount forced 15-33 ms of style into the commit of the stage's turn; the
 *   frame after it now does that work, as a task of its own.
 * Parts on the first screen whose size shows in their first paint (the stage's band grid) keep
 * false, the default, and measure as they mount, so nothing below them moves.
 */
export const LaidOutLater = createContext(false);

/** Whether the calling part takes its first measurement from the browser's layout, not by reading layout as it mounts (LaidOutLater). */
export function useLaidOutLater(): boolean {
  return useContext(LaidOutLater);
}
