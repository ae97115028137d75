/**
 * Where an address leads: the lesson (the first thing a new visitor gets) or the free stage.
 * The start script reads it before anything else loads, so it imports nothing: the stage's
 * `#s=` prefix and the Live link's `bridge` key are spelled out here (the scenario codec and the
 * Live panel, which own them, load later; a test keeps them equal).
 */

/** A shared scenario's fragment starts with this (scenarioCodec.ts: `#${HASH_KEY}=`). */
export const SCENARIO_FRAGMENT = '#s=';

/** The query word that opens the free stage: `?stage`. */
export const STAGE_QUERY = 'stage';

/** A Live Redis link's query key (`?bridge=...`, liveLink.ts): the Live panel is on the stage. */
export const LIVE_QUERY = 'bridge';

/** The query word that opens the Live panel itself (on the stage's page, scrolled to it): `?live`. */
export const LIVE_PANEL_QUERY = 'live';

/** The query key of a lesson step: `?lesson=<n>`, n counted from 1. */
export const LESSON_QUERY = 'lesson';

export type PageAddress =
  | { readonly page: 'stage' }
  /** `step` is the 1-based step the address names, or null when it names none (a bare `/`). */
  | { readonly page: 'lesson'; readonly step: number | null };

/**
 * The page an address opens: the stage for a shared scenario (`#s=...`, wherever the rest points),
 * `?stage` or a Live Redis link (`?bridge=...`); the lesson otherwise, at the step `?lesson=<n>` names. `step` is the number as
 * written (whole and at least 1) or null; the lesson clamps it to the steps it has.
 */
export function pageAt(search: string, hash: string): PageAddress {
  if (hash.startsWith(SCENARIO_FRAGMENT)) return { page: 'stage' };
  const query = new URLSearchParams(search);
  if (query.has(STAGE_QUERY) || query.has(LIVE_QUERY) || query.has(LIVE_PANEL_QUERY)) return { page: 'stage' };
  const written = query.get(LESSON_QUERY);
  if (written === null || !/^[0-9]{1,6}$/.test(written)) return { page: 'lesson', step: null };
  const step = Number(written);
  return { page: 'lesson', step: step >= 1 ? step : null };
}

/** The query of lesson step `step` (1-based): `?lesson=3`. */
export function lessonQuery(step: number): string {
  return `?${LESSON_QUERY}=${step}`;
}

/** The query that opens the free stage. */
export const STAGE_HREF = `?${STAGE_QUERY}`;

/** The query that opens the lesson at its first step. */
export const LESSON_HREF = lessonQuery(1);

/**
 * The stage, opened from lesson step `step` (1-based): `?stage&lesson=<n>`, and the scenario the
 * step's figure shows when one is given (`#s=<text>`, the codec's text), so the stage starts where
 * the reader was. The stage keeps the query as it writes its own `#s=`, so its way back (lessonBackHref)
 * can name the step.
 */
export function stageHrefFrom(step: number, scenarioText: string | null = null): string {
  const fragment = scenarioText === null ? '' : `${SCENARIO_FRAGMENT}${scenarioText}`;
  return `${STAGE_HREF}&${LESSON_QUERY}=${step}${fragment}`;
}

/** The stage's way back to the lesson: the step its address came from (`?stage&lesson=<n>`), else the first. */
export function lessonBackHref(search: string): string {
  const written = new URLSearchParams(search).get(LESSON_QUERY);
  return written !== null && /^[0-9]{1,6}$/.test(written) && Number(written) >= 1 ? lessonQuery(Number(written)) : LESSON_HREF;
}
