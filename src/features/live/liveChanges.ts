/**
 * What changed in one sorted set between two reads of its head (the Live panel's "since the last
 * read"): members gone, members added, members moved (same member, another score: a retry's
 * backoff, changeDelay). Of the gone, those whose score was due at the newer read's `now` were
 * most likely promoted; the others were removed (or taken). Two reads cannot tell a promote from
 * a remove: both take the member out of the set, so the count is of "gone and due", never of
 * promotes. No DOM, no React.
 *
 * The panel reads only the head of a large set, so only what both reads could see is compared:
 * a member whose score is at or past the last score either partial read reached is neither gone
 * nor added (the members sharing that last score are cut by byte order, which the page does not
 * hold, so the whole score is left out).
 */
import { dueBound } from '../../model/doctor/scheme.ts';
import type { ScoreScheme } from '../../model/doctor/scheme.ts';

/** One member as a read saw it: its printable text, its score's value (null: not a number) and the text Redis sent. */
export interface ReadMember {
  readonly member: string;
  readonly score: number | null;
  readonly scoreText: string;
}

/** One read of a set's head, in set order. */
export interface SetRead {
  readonly rows: readonly ReadMember[];
  /** ZCARD at the read: the rows are the whole set when they are as many. */
  readonly size: number;
}

export interface MovedMember {
  readonly member: string;
  readonly from: ReadMember;
  readonly to: ReadMember;
}

export interface SetChanges {
  /** Gone and due at `now`: most likely promoted (or taken by a remove the page cannot tell apart). */
  readonly goneDue: readonly ReadMember[];
  /** Gone before they were due: removed (or promoted early by a changeDelay or promote call). */
  readonly goneNotDue: readonly ReadMember[];
  readonly added: readonly ReadMember[];
  readonly moved: readonly MovedMember[];
  /** The score from which on nothing was compared for gone and added; null when both reads held the whole set. */
  readonly horizon: number | null;
  /**
   * The newer read held only the head: a member it lacks may have moved past its last score rather
   * than left the set, so "removed" then means removed or moved beyond the part read.
   */
  readonly newerPartial: boolean;
}

/** The lowest score a partial read did not fully reach: its last row's score; +Infinity for a read of the whole set. */
function reach(read: SetRead): number {
  if (read.rows.length >= read.size) return Number.POSITIVE_INFINITY;
  const last = read.rows.at(-1);
  // a partial read with no numeric last score says nothing about where it stopped
  return last?.score ?? Number.NEGATIVE_INFINITY;
}

/** Whether a member at `score` lies where both reads looked (below the horizon). */
const seenByBoth = (score: number | null, horizon: number) =>
  horizon === Number.POSITIVE_INFINITY || (score !== null && score < horizon);

/**
 * The changes from `before` to `after` (two reads of the same set), with `now` (ms) the time the
 * gone members are judged due at: the server's clock at the newer read where it is known.
 * Members are told apart by their text (printable(): the same bytes give the same text).
 */
export function setChanges(before: SetRead, after: SetRead, now: number, scheme: ScoreScheme = 'band'): SetChanges {
  const horizon = Math.min(reach(before), reach(after));
  const bound = dueBound(now, scheme);
  const newer = new Map<string, ReadMember>();
  for (const row of after.rows) newer.set(row.member, row);
  const older = new Map<string, ReadMember>();
  for (const row of before.rows) older.set(row.member, row);

  const goneDue: ReadMember[] = [];
  const goneNotDue: ReadMember[] = [];
  const moved: MovedMember[] = [];
  for (const row of before.rows) {
    const later = newer.get(row.member);
    if (later !== undefined) {
      if (later.scoreText !== row.scoreText) moved.push({ member: row.member, from: row, to: later });
      continue;
    }
    if (!seenByBoth(row.score, horizon)) continue;
    if (row.score !== null && row.score <= bound) goneDue.push(row);
    else goneNotDue.push(row);
  }
  const added = after.rows.filter((row) => !older.has(row.member) && seenByBoth(row.score, horizon));
  return {
    goneDue,
    goneNotDue,
    added,
    moved,
    horizon: horizon === Number.POSITIVE_INFINITY ? null : horizon,
    newerPartial: after.rows.length < after.size,
  };
}

/** True when the two reads differ in nothing they both saw. */
export const noChange = (changes: SetChanges) =>
  changes.goneDue.length + changes.goneNotDue.length + changes.added.length + changes.moved.length === 0;
