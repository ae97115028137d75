/**
 * "What changed since the last read" of the chosen set (issue 27, Live): counts in one line, the
 * members named below it (text only, printable()), and what the page cannot know said plainly.
 */
import { instantText } from '../../model/doctor/words.ts';
import { groupDigits, plural } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';
import { noChange } from '../../store/liveChanges.ts';
import type { ReadMember, SetChanges } from '../../store/liveChanges.ts';
import panel from '../../ui/panel.module.css';
import { isoTime } from '../../ui/isoTime.ts';
import styles from './LiveRedisPanel.module.css';

/** Members named per kind at most; past it, how many more. */
const LISTED = 50;

const at = (ms: number) => instantText(ms, ms);

export function changesLine(since: number, changes: SetChanges): string {
  if (noChange(changes)) return `No change since ${at(since)}.`;
  const parts: string[] = [];
  if (changes.goneDue.length > 0) parts.push(`${groupDigits(changes.goneDue.length)} promoted (were due)`);
  if (changes.goneNotDue.length > 0) parts.push(`${groupDigits(changes.goneNotDue.length)} removed (not yet due)`);
  if (changes.added.length > 0) parts.push(`${groupDigits(changes.added.length)} added`);
  if (changes.moved.length > 0) parts.push(`${groupDigits(changes.moved.length)} moved`);
  return `Since ${at(since)}: ${parts.join(', ')}.`;
}

const fireTimeText = (row: ReadMember) =>
  row.score === null || !Number.isFinite(row.score) ? row.scoreText : isoTime(Math.floor(row.score / 0x1000));

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

export function ChangesView({ since, server, changes }: { since: number; server: boolean; changes: SetChanges }) {
  const name = (row: ReadMember) => printable(row.member);
  return (
    <div className={styles.changes} data-testid="live-changes">
      <p data-testid="live-changes-line">{changesLine(since, changes)}</p>
      {changes.goneDue.length + changes.goneNotDue.length > 0 ? (
        <p className={panel.hint}>
          Gone and due is most likely promoted: two reads cannot tell a promote from a remove.{' '}
          {server
            ? "Due by the server's clock (from the Queues section's read)."
            : "Due by this page's clock: read the queues for the server's."}
        </p>
      ) : null}
      {changes.horizon !== null ? (
        <p className={panel.hint}>
          Compared up to {fireTimeText({ member: '', score: changes.horizon, scoreText: String(changes.horizon) })}: the panel
          reads the head of the set, and what lies past the last score either read reached is not counted.
        </p>
      ) : null}
      {noChange(changes) ? null : (
        <details>
          <summary>The members</summary>
          <dl className={styles.changeList}>
            <Members label="Promoted (were due)" testId="live-changes-promoted" items={changes.goneDue.map(name)} />
            <Members label="Removed (not yet due)" testId="live-changes-removed" items={changes.goneNotDue.map(name)} />
            <Members label="Added" testId="live-changes-added" items={changes.added.map(name)} />
            <Members
              label="Moved"
              testId="live-changes-moved"
              items={changes.moved.map((m) => `${printable(m.member)} (${fireTimeText(m.from)} → ${fireTimeText(m.to)})`)}
            />
          </dl>
        </details>
      )}
    </div>
  );
}
