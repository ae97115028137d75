/**
 * The doctor's verdict on one queue, in words: is anything overdue, how late, and what the
 * marker (the worker's wake-up call) says about whether a worker is polling.
 *
 * What the marker is (BullMQ 5+, checked with bullmq 6.7.0): `<prefix>:<queue>:marker`, a sorted
 * set a worker waits on with BZPOPMIN. Adding a delayed job writes member "1" scored with the
 * head's fire-time in plain ms (not x 0x1000); adding a job to wait writes member "0" scored 0
 * ("jobs are waiting now"). A polling worker pops the lowest entry at once and sleeps until its
 * score, so a marker entry that stays behind, in the past, while jobs are due means nobody is
 * polling; an absent marker is the usual sight beside an idle worker that already took it.
 */
import { groupDigits } from '../format.ts';
import type { QueueLibrary } from './scheme.ts';
import { durationText, instantText } from './words.ts';

/** A marker entry older than this while jobs are due is "long past": a polling worker takes it within milliseconds. */
export const LONG_PAST_MS = 5000;

/** What the verdict reads of a queue; every instant in ms since the epoch, from the server's TIME. */
export interface QueueState {
  readonly now: number;
  readonly library: QueueLibrary;
  /** Members of the delayed set. */
  readonly delayed: number;
  /** Members whose fire-time is at or before now. */
  readonly overdue: number;
  /** The fire-time of the earliest due member (null when none is due). */
  readonly oldestOverdueFireTime: number | null;
  /** The fire-time of the head of the set, due or not (null when it is empty). */
  readonly nextFireTime: number | null;
  /** The marker's wake time (its lowest score, ms; 0 = jobs are waiting), or null when there is no marker. */
  readonly markerTime: number | null;
}

export type VerdictKind = 'empty' | 'overdue-no-worker' | 'overdue' | 'wakes-late' | 'waiting';

export interface Verdict {
  readonly kind: VerdictKind;
  readonly words: string;
}

/** The libraries that keep a marker key (BullMQ 5+); Bull and bee-queue promote on their own timers. */
const hasMarker = (library: QueueLibrary) => library === 'bullmq';

/** What the marker says while `state.overdue` jobs are due. */
function overdueMarker(state: QueueState): { kind: VerdictKind; words: string } {
  const { markerTime: marker, now } = state;
  if (marker === null)
    return { kind: 'overdue', words: 'no marker is set: a worker took it and has not promoted them yet (busy or stopped)' };
  if (marker === 0)
    return { kind: 'overdue-no-worker', words: 'the marker says jobs are waiting, and nobody took it: no worker is polling' };
  const said = `the marker says ${instantText(marker, now)}`;
  if (marker <= now - LONG_PAST_MS) return { kind: 'overdue-no-worker', words: `${said}, long past: no worker is polling` };
  if (marker <= now) return { kind: 'overdue', words: `${said}, a moment ago: a polling worker takes them now` };
  return {
    kind: 'wakes-late',
    words: `the marker is later than the head (${instantText(marker, now)}): the worker will wake late`,
  };
}

/** What the marker says while nothing is due and the head falls due at `head`. */
function waitingMarker(state: QueueState, head: number): { kind: VerdictKind; words: string } {
  const { now } = state;
  // a bumped head's marker is fractional (getNextDelayedTimestamp does not floor): its whole ms is the wake
  const marker = state.markerTime === null ? null : Math.floor(state.markerTime);
  if (marker === null) return { kind: 'waiting', words: 'no marker is set (a waiting worker took it, or none was written)' };
  if (marker === 0) return { kind: 'waiting', words: 'the marker says jobs are waiting in the wait list' };
  if (marker === head) return { kind: 'waiting', words: 'the marker agrees' };
  if (marker > head)
    return {
      kind: 'wakes-late',
      words: `the marker is later than the head (${instantText(marker, now)}): the worker will wake late`,
    };
  return {
    kind: 'waiting',
    words: `the marker says ${instantText(marker, now)}, before the head: a worker wakes early, finds nothing due and sleeps again`,
  };
}

/** The verdict in words, e.g. "2,281 due, oldest 13 min late; the marker says 05:55:50.444 UTC, long past: no worker is polling". */
export function verdictOf(state: QueueState): Verdict {
  if (state.delayed === 0 || state.nextFireTime === null) return { kind: 'empty', words: 'nothing delayed' };
  if (state.overdue > 0) {
    const oldest = state.oldestOverdueFireTime ?? state.nextFireTime;
    const due = `${groupDigits(state.overdue)} due, oldest ${durationText(state.now - oldest)} late`;
    if (!hasMarker(state.library)) {
      const late = state.now - oldest >= LONG_PAST_MS;
      return late
        ? { kind: 'overdue-no-worker', words: `${due}: no worker is promoting them (${state.library} keeps no marker)` }
        : { kind: 'overdue', words: `${due}: a worker promotes them on its next sweep` };
    }
    const marker = overdueMarker(state);
    return { kind: marker.kind, words: `${due}; ${marker.words}` };
  }
  const head = state.nextFireTime;
  if (head < 0)
    return {
      kind: 'overdue-no-worker',
      words: "the head's score is below 0: the promote sweep starts at 0 and never reaches it",
    };
  const inText = head <= state.now ? 'next job due now' : `next job in ${durationText(head - state.now)}`;
  if (!hasMarker(state.library)) return { kind: 'waiting', words: inText };
  const marker = waitingMarker(state, head);
  return { kind: marker.kind, words: `${inText}; ${marker.words}` };
}
