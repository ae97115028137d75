/**
 * The Live panel's views of one set as the bridge read it: the summary, the scheme its scores are
 * read by (chosen, or told by the queue's row, or by the set's ids), SetView for the set order,
 * BandStrip and BandGrid for one millisecond (BullMQ's band scheme only), and each member decoded
 * with its flags. A queue's marker key is shown as a marker (MarkerView). Everything from Redis is
 * rendered as text only.
 */
import { useCallback, useMemo, useState } from 'react';
import { MAX_LIVE_MEMBERS } from './bridgeClient.ts';
import { printable } from '../../model/printable.ts';
import { bandStrip, liveBand, liveSetAs } from './live.ts';
import type { LiveRow, LiveSet } from './live.ts';
import { BandGrid } from '../../ui/bandGrid/BandGrid.tsx';
import { BandStrip } from '../../ui/BandStrip.tsx';
import { SetView } from '../../ui/SetView.tsx';
import { STRIP_RADIUS } from '../../store/band.ts';
import type { SetRow } from '../../store/sets.ts';
import { HeadedRowList, type RowColumn } from '../../ui/HeadedRowList.tsx';
import { FlagCounts } from '../../ui/FlagCounts.tsx';
import { isoTime } from '../../ui/isoTime.ts';
import panel from '../../ui/panel.module.css';
import styles from './LiveRedisPanel.module.css';
import { flagText } from '../../ui/flagText.ts';
import { SCHEME_RULE, SCHEME_TEXT, SchemeChooser } from '../../ui/SchemeChooser.tsx';
import { schemeFromScores } from '../../model/doctor/scheme.ts';
import type { ScoreScheme } from '../../model/doctor/scheme.ts';
import { isPlainMsInstant } from '../../model/decoder/scoreDecoder.ts';
import { queueOfKey } from './useKeyScheme.ts';
import type { KeyQueue } from './useKeyScheme.ts';
import { MarkerView } from './MarkerView.tsx';
import { LabelledCell } from '../../ui/LabelledCell.tsx';
import flagStyles from '../../ui/flags.module.css';
import { groupDigits, plural } from '../../model/format.ts';

/** Row height (px) of the flags list; LiveRedisPanel.module.css uses the same 30px. */
const ROW_HEIGHT = 30;
/** Bands offered in the millisecond menu: the fullest ones. */
const MENU_BANDS = 100;

/** What the live set view's columns hold, and which jobs its due-order count can place. */
function liveDescription(set: LiveSet): string {
  const walk = 'The set as ZRANGE walks it, scores exactly as Redis replied them.';
  if (set.arrivalKnown)
    return `${walk} Arrival is the job id: BullMQ and Bull count ids up as jobs are added; due order is the score’s millisecond, then the id.`;
  // arrival is null only for the other ids of a set that has counter ids too
  if (set.rows.some((row) => row.arrival === null))
    return `${walk} Arrival is the job id where it is a counter id; the other ids (a scheduler’s repeat: jobs, custom ids) have no arrival number (–), and the due-order count leaves them out.`;
  return `${walk} These ids are not counter ids, so arrival order is unknown: the Arrival column repeats the position, and no pair can be counted.`;
}

const LIBRARY_TEXT = { bullmq: 'BullMQ', bull: 'Bull', 'bee-queue': 'bee-queue' } as const;

/** The scheme the set is read by unless one is chosen, and how it was told. */
function toldScheme(detected: KeyQueue | null | undefined, idScheme: ScoreScheme | null): { scheme: ScoreScheme; how: string } {
  if (detected) {
    const library = LIBRARY_TEXT[detected.library];
    const how = {
      meta: `the queue’s meta says ${library} ${detected.version ?? ''}`.trimEnd(),
      library: `${printable(detected.queue)} is a ${library} queue`,
      scores: 'the queue’s meta names no version; its scores tell',
      assumed: 'assumed: the queue’s meta names no version and no score tells',
    }[detected.schemeFrom];
    return { scheme: detected.scheme, how };
  }
  const pending = detected === undefined ? '; looking up the queue…' : '';
  if (idScheme !== null) return { scheme: idScheme, how: `detected from the ids${pending}` };
  return { scheme: 'band', how: `assumed: no queue row or id tells${pending}` };
}

/** A marker's entries: plain ms instants or 0 (anything else is read as a set). */
function holdsAMarker(set: LiveSet): boolean {
  return set.rows.length > 0 && set.rows.every((row) => row.score !== null && (row.score === 0 || isPlainMsInstant(row.score)));
}

export function LiveSetViews({
  set: read,
  chosenBand,
  onChooseBand,
  version,
  changed,
  detected,
}: {
  set: LiveSet;
  chosenBand: number | null;
  onChooseBand: (fireTime: number) => void;
  version: number;
  /** Members added or moved since the last read (ChangesView), marked in the decoded list. */
  changed?: ReadonlyMap<string, RowChange> | undefined;
  /** The queue the key belongs to (useKeyScheme): undefined while it is being looked up, null when none. */
  detected?: KeyQueue | null;
}) {
  const idScheme = useMemo(
    () => schemeFromScores(read.rows.map((row) => [row.member, row.score ?? Number.NaN] as const)),
    [read],
  );
  const told = toldScheme(detected, idScheme);
  const [chosen, setChosen] = useState<{ key: string; scheme: ScoreScheme } | null>(null);
  const scheme = chosen !== null && chosen.key === read.key ? chosen.scheme : told.scheme;
  const set = useMemo(() => liveSetAs(read, scheme), [read, scheme]);
  const readRows = useCallback((start: number, end: number): SetRow[] => set.rows.slice(start, end + 1), [set]);
  const band = useMemo(() => (chosenBand === null ? null : liveBand(set, chosenBand)), [set, chosenBand]);
  const strip = useMemo(() => (chosenBand === null ? [] : bandStrip(set, chosenBand, STRIP_RADIUS)), [set, chosenBand]);
  const menu = useMemo(() => {
    const fullest = [...set.bands].sort((a, b) => b.count - a.count || a.fireTime - b.fireTime).slice(0, MENU_BANDS);
    if (chosenBand !== null && !fullest.some((b) => b.fireTime === chosenBand))
      fullest.push({ fireTime: chosenBand, count: band?.slots.length ?? 0 });
    return fullest.sort((a, b) => a.fireTime - b.fireTime);
  }, [set, chosenBand, band]);
  const partial = set.rows.length < set.size;

  if (queueOfKey(set.key)?.part === 'marker' && holdsAMarker(read)) {
    return (
      <div className={styles.views}>
        <MarkerView set={read} clockOffset={detected?.clockOffset ?? null} />
      </div>
    );
  }

  return (
    <div className={styles.views}>
      <div className={panel.row}>
        <p data-testid="live-read-as">
          Read as: <strong>{SCHEME_TEXT[scheme]}</strong> ({chosen?.key === set.key ? `as chosen; ${told.how}` : told.how}).{' '}
          <span className={panel.hint}>{SCHEME_RULE[scheme]}.</span>
        </p>
        <SchemeChooser value={scheme} onChange={(next) => setChosen({ key: set.key, scheme: next })} testId="live-scheme" />
      </div>
      <div className={styles.summary} data-testid="live-summary">
        <p>
          <strong>{printable(set.key)}</strong>: {plural(set.size, 'member', 'members')} (ZCARD)
          {partial
            ? `; showing the first ${groupDigits(set.rows.length)}, the jobs due first (the panel reads at most ${groupDigits(MAX_LIVE_MEMBERS)})`
            : ''}
          , in{' '}
          {scheme === 'band'
            ? plural(set.bands.length, 'millisecond band', 'millisecond bands')
            : plural(set.bands.length, 'millisecond', 'milliseconds')}
          .
        </p>
        <FlagCounts counts={set.flagCounts} label="Members by flag" scheme={scheme} />
      </div>
      <SetView
        title={`${printable(set.key)} (live)`}
        description={liveDescription(set)}
        size={set.rows.length}
        outOfOrderPairs={set.outOfOrderPairs}
        orderNote={
          set.uncounted === 0
            ? undefined
            : `${plural(set.uncounted, 'job', 'jobs')} with no counter id or no numeric score not counted`
        }
        readRows={readRows}
        version={version}
        testId="live-set-view"
      />
      {scheme === 'band' && band !== null && chosenBand !== null ? (
        <div className={styles.band}>
          <h3>One millisecond of this set</h3>
          <label className={panel.field}>
            Millisecond (the {Math.min(MENU_BANDS, set.bands.length)} fullest)
            <select
              value={chosenBand}
              onChange={(event) => onChooseBand(Number(event.target.value))}
              data-testid="live-band-select"
            >
              {menu.map((b) => (
                <option key={b.fireTime} value={b.fireTime}>
                  {isoTime(b.fireTime)} · {plural(b.count, 'job', 'jobs')}
                </option>
              ))}
            </select>
          </label>
          <div className={panel.clip}>
            <BandStrip bands={strip} selected={chosenBand} onSelect={onChooseBand} />
          </div>
          <BandGrid {...band} />
        </div>
      ) : null}
      <FlagsList rows={set.rows} scheme={scheme} changed={changed} />
    </div>
  );
}

/** The decoded members' columns, in the order FlagRow fills them. */
const FLAG_COLUMNS: readonly RowColumn[] = [
  { heading: 'Position', numeric: true },
  { heading: 'Member' },
  { heading: 'Score', numeric: true },
  { heading: 'Fire-time (UTC)' },
  { heading: 'Slot', numeric: true },
  { heading: 'Flags' },
];

/** What happened to a member since the last read, as its row in the decoded list says it. */
export type RowChange = 'added' | 'moved';

function FlagsList({
  rows,
  scheme,
  changed,
}: {
  rows: readonly LiveRow[];
  scheme: ScoreScheme;
  changed?: ReadonlyMap<string, RowChange> | undefined;
}) {
  return (
    <div className={styles.flagsBlock}>
      <h3>Each member decoded</h3>
      <HeadedRowList
        columns={FLAG_COLUMNS}
        classes={{ frame: styles.flagsScroll, table: styles.flagsTable, row: styles.flagRow, head: styles.head, num: styles.num }}
        count={rows.length}
        rowHeight={ROW_HEIGHT}
        label="Members decoded"
        testId="live-flags"
        renderRow={(index) => <FlagRow row={rows[index]!} scheme={scheme} change={changed?.get(rows[index]!.member)} />}
      />
    </div>
  );
}

function FlagRow({ row, scheme, change }: { row: LiveRow; scheme: ScoreScheme; change?: RowChange | undefined }) {
  return (
    <div className={styles.flagRow} data-flags={row.flags.join(' ')} data-member={row.member} data-change={change}>
      <LabelledCell label="Position" className={styles.num}>
        {String(row.position)}
      </LabelledCell>
      <LabelledCell label="Member">{printable(row.member)}</LabelledCell>
      <LabelledCell label="Score" className={styles.num}>
        {row.scoreText}
      </LabelledCell>
      <LabelledCell label="Fire-time">{row.fireTime === null ? '—' : isoTime(row.fireTime)}</LabelledCell>
      <LabelledCell label="Slot" className={styles.num}>
        {row.slot === null ? '—' : String(row.slot)}
      </LabelledCell>
      <span className={flagStyles.badges}>
        <span className="visually-hidden">Flags: </span>
        {row.flags.map((flag) => (
          <span key={flag} className={flagStyles.badge} data-flag={flag}>
            {flagText(flag, scheme).badge}
          </span>
        ))}
        {change !== undefined ? (
          <span className={styles.changeMark}>{change === 'added' ? 'new since last read' : 'moved since last read'}</span>
        ) : null}
      </span>
    </div>
  );
}
