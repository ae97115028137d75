/**
 * "What changed since the last read" of the chosen set: counts in one line, the
 * members named below it (text only, printable()), and what the page cannot know said plainly.
 */
import { fireTimeOfScore } from '../../model/doctor/scheme.ts';
import type { ScoreScheme } from '../../model/doctor/scheme.ts';
import { instantText } from '../../model/doctor/words.ts';
import { groupDigits, plural } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';
import { noChange } from './liveChanges.ts';
import type { ReadMember, SetChanges } from './liveChanges.ts';
import panel from '../../ui/panel.module.css';
import { isoTime } from '../../ui/isoTime.ts';
import styles from './LiveRedisPanel.module.css';

/** Members named per kind at most; past it, how many more. */
const LISTED = 50;

const at = (ms: number) => instantText(ms, ms);

/** What a member gone before it was due is called: with only the head read, it may have moved past it. */
const removedWords = (changes: SetChanges) =>
  changes.newerPartial ? 'removed or moved past the part read (not yet due)' : 'removed (not yet due)';

export function changesLine(since: number, changes: SetChanges): string {
  if (noChange(changes)) return `No change since ${at(since)}.`;
  const parts: string[] = [];
  if (changes.goneDue.length > 0) parts.push(`${groupDigits(changes.goneDue.length)} promoted (were due)`);
  if (changes.goneNotDue.length > 0) parts.push(`${groupDigits(changes.goneNotDue.length)} ${removedWords(changes)}`);
  if (changes.added.length > 0) parts.push(`${groupDigits(changes.added.length)} added`);
  if (changes.moved.length > 0) parts.push(`${groupDigits(changes.moved.length)} moved`);
  return `Since ${at(since)}: ${parts.join(', ')}.`;
}

/** A score's fire-time as the library that wrote it reads it (bare ms for bee-queue), or the score's own text when it is none. */
const fireTimeText = (row: ReadMember, scheme: ScoreScheme) =>
  row.score === null || !Number.isFinite(row.score) ? row.scoreText : isoTime(fireTimeOfScore(row.score, scheme));

function Members({ label, testId, items }: { label: string; testId: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  const more = items.length - LISTED;
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        {items.slice(0, LISTED).join(', ')}
        {more > 0 ? `, and ${plural(more, 'more', 'more')}` : ''}
      </dd>
    </div>
  );
}

/** Where the clock that judged "due" came from: the server's TIME (through the bridge), or this page's. */
export type DueClock = 'server' | 'page';

export function ChangesView({
  since,
  clock,
  scheme,
  changes,
}: {
  since: number;
  clock: DueClock;
  scheme: ScoreScheme;
  changes: SetChanges;
}) {
  const name = (row: ReadMember) => printable(row.member);
  const time = (row: ReadMember) => fireTimeText(row, scheme);
  return (
    <div className={styles.changes} data-testid="live-changes">
      <p data-testid="live-changes-line">{changesLine(since, changes)}</p>
      {changes.goneDue.length + changes.goneNotDue.length > 0 ? (
        <p className={panel.hint}>
          Gone and due is most likely promoted: two reads cannot tell a promote from a remove.{' '}
          {clock === 'server'
            ? "Due by the server's clock (its TIME, read through the bridge)."
            : "Due by this page's clock: the bridge named no queue for this set, so the server's clock is not known."}
        </p>
      ) : null}
      {changes.horizon !== null ? (
        <p className={panel.hint}>
          Compared up to {time({ member: '', score: changes.horizon, scoreText: String(changes.horizon) })}: the panel reads the
          head of the set, and what lies past the last score either read reached is not counted.
        </p>
      ) : null}
      {noChange(changes) ? null : (
        <details>
          <summary>The members</summary>
          <dl className={styles.changeList}>
            <Members label="Promoted (were due)" testId="live-changes-promoted" items={changes.goneDue.map(name)} />
            <Members
              label={removedWords(changes).replace(/^r/, 'R')}
              testId="live-changes-removed"
              items={changes.goneNotDue.map(name)}
            />
            <Members label="Added" testId="live-changes-added" items={changes.added.map(name)} />
            <Members
              label="Moved"
              testId="live-changes-moved"
              items={changes.moved.map((m) => `${printable(m.member)} (${time(m.from)} → ${time(m.to)})`)}
            />
          </dl>
        </details>
      )}
    </div>
  );
}
