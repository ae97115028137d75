/**
 * The instant the tests freeze the clock at, 2026-11-30T12:00:00.000Z: a late-2026 millisecond
 * well before the 2039 precision cliff, so band scores are exact integers.
 */
export const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);
