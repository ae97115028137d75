/**
 * The stage's top line, in one place: App renders it, and the build writes it into index.html as
 * the first paint (scripts/firstPaint.ts), so the page shows it before any script has run and the
 * two cannot drift apart.
 */
export const PAGE_TITLE = 'firetime';
export const STAGE_TAGLINE =
  'The score is the fire-time: drag the delay, enqueue or play jobs, and watch where they land in both sets.';
