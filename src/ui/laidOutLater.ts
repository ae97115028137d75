import { createContext, useContext } from 'react';

/**
 * True for parts that take their measurements from the browser's own layout (their
 * ResizeObserver's first report) instead of reading layout as they mount (an offsetWidth, a
 * clientHeight), which makes the browser style and lay out everything new there and then, inside
 * the task that mounts them. The page's deferred parts (src/app/deferred.tsx) say which parts are:
 * every part below the stage, and the stage's set views (their entry in App.tsx says why). Parts
 * on the first screen whose size shows in their first paint (the stage's band grid) keep false,
 * the default, and measure as they mount, so nothing below them moves.
 */
export const LaidOutLater = createContext(false);

/** Whether the calling part takes its first measurement from the browser's layout, not by reading layout as it mounts (LaidOutLater). */
export function useLaidOutLater(): boolean {
  return useContext(LaidOutLater);
}
