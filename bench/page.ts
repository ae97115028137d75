/**
 * What the benches that drive the page in Chromium one click at a time (ui.ts, burstProfile.ts,
 * playProfile.ts) share: where they serve it, the instant they freeze its clock at, and the node of
 * the CPU profiles they take.
 */

export const PAGE_PORT = Number(process.env.FIRETIME_BENCH_PORT ?? 4327);
/** The free stage (`/` opens the lesson). */
export const PAGE_URL = `http://127.0.0.1:${PAGE_PORT}/?stage`;
/** Typed into the page's clock field, so that every run enqueues into the same milliseconds. */
export const T0_ISO = '2026-11-30T12:00:00.000Z';

/** A node of a CDP CPU profile (Profiler.stop). */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
