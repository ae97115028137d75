import { createContext, useContext } from 'react';

/**
 * True for parts that may mount where the browser skips style and layout: the panels below the
 * stage are `content-visibility: auto` (panel.module.css), so while off screen the browser does
 * not lay them out. A part there must not read layout as it mounts (an offsetWidth, a
 * clientWidth): to answer, the browser would style and lay out the whole panel there and then
 * (25-30 ms for the band panel at load, the load's longest task). Such parts wait for their
 * ResizeObserver's first report instead, which comes once the panel is laid out. Parts on the
 * first screen (false, the default) measure as they mount, so they are drawn in their first
 * frame and nothing below them moves.
 */
export const LaidOutLater = createContext(false);

/** Whether the calling part may mount in content the browser skips (LaidOutLater). */
export function useLaidOutLater(): boolean {
  return useContext(LaidOutLater);
}
