import { memo, useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, ChangeEvent, ClipboardEvent, DragEvent } from 'react';
import { formatScore } from '../../model/redis/doubles.ts';
import { exampleCliPaste } from '../../model/decoder/decoderExample.ts';
import type { DecodedScore, SchemeChoice } from '../../model/decoder/scoreDecoder.ts';
import type { ScoreScheme } from '../../model/doctor/scheme.ts';
import type { PasteLayout } from '../../model/decoder/redisCliOutput.ts';
import { VirtualList } from '../../ui/VirtualList.tsx';
import { HeadedRowList, type RowColumn } from '../../ui/HeadedRowList.tsx';
import { FlagCounts } from '../../ui/FlagCounts.tsx';
import { useDecodedPaste } from './useDecodedPaste.ts';
import { FIELD_MAX_CHARS, fitsTheField, holdText, lineCount, withPaste } from './heldText.ts';
import type { HeldText } from './heldText.ts';
import type { DecodedRows } from './packedPaste.ts';
import { isoTime } from '../../ui/isoTime.ts';
import panel from '../../ui/panel.module.css';
import styles from './ScoreDecoder.module.css';
import { flagText } from '../../ui/flagText.ts';
import { SCHEME_RULE, SCHEME_TEXT, SchemeChooser } from '../../ui/SchemeChooser.tsx';
import { LabelledCell } from '../../ui/LabelledCell.tsx';
import flagStyles from '../../ui/flags.module.css';
import { groupDigits, plural } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';

/** Typing pauses this long (ms) before the text is decoded again. */
const DECODE_DELAY_MS = 300;
/** Row height (px) of both lists; ScoreDecoder.module.css sizes the lists with the same 30px. */
const ROW_HEIGHT = 30;

const LAYOUT_TEXT: Readonly<Record<PasteLayout, string>> = {
  numbered: "redis-cli's numbered layout (a terminal, or --no-raw)",
  raw: 'redis-cli --raw: member and score on alternating lines',
  scores: 'a list of scores',
  empty: 'no reply',
};

/** The example session, built once on first use (it fills a 4096-slot band through BullMQ's scoring). */
let example: string | null = null;
function exampleText(): string {
  example ??= exampleCliPaste();
  return example;
}

/** The row count as the CSS variable the list heights use. */
function rowsStyle(count: number): CSSProperties {
  return { '--rows': count } as CSSProperties;
}

/**
 * The score decoder: paste redis-cli output or scores, see each score split into fire-time and slot
 * with flags for what getDelayedScore.lua did. Decoding is model code (scoreDecoder.ts), long pastes in
 * a Web Worker (useDecodedPaste) with Cancel; the table and the list of unread lines are virtualized.
 * The field is uncontrolled (read on input, decoded after a pause), and a text too long to edit
 * quickly is held outside it (heldText.ts), so 1,000,000 lines stay responsive. Pasted text is only
 * ever rendered as text.
 */
export function ScoreDecoder() {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [held, setHeld] = useState<HeldText | null>(null);
  const [decodingLines, setDecodingLines] = useState(0);
  const { decoded, pending, cancelled, decode, cancel } = useDecodedPaste();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [choice, setChoice] = useState<SchemeChoice>('band');
  /** The choice for a decode a timer starts later. */
  const choiceNow = useRef<SchemeChoice>('band');

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  function decodeNow(value: string, lines = lineCount(value)) {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setDecodingLines(lines);
    decode(value, choiceNow.current);
  }

  function choose(next: SchemeChoice) {
    setChoice(next);
    choiceNow.current = next;
    if (decoded !== null || held !== null) decodeNow(held?.text ?? field.current?.value ?? '', held?.lines);
  }

  /** Puts a text in the field (leaving a held one) and decodes it. */
  function edit(value: string) {
    setHeld(null);
    if (field.current) field.current.value = value;
    decodeNow(value);
  }

  function hold(value: string) {
    const text = holdText(value);
    setHeld(text);
    if (field.current) field.current.value = text.preview;
    decodeNow(value, text.lines);
  }

  function onInput(event: ChangeEvent<HTMLTextAreaElement>) {
    if (held) return;
    const value = event.target.value;
    if (!fitsTheField(value)) {
      hold(value);
      return;
    }
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => decodeNow(value), DECODE_DELAY_MS);
  }

  /**
   * A paste or a drop of text: left to the browser when the field can hold the result; otherwise
   * the text goes in at the selection and is held (the browser inserting megabytes is a task of
   * seconds). Over a held text, it replaces all of it (the field shows only the start).
   */
  function insert(event: { preventDefault(): void; currentTarget: HTMLTextAreaElement }, inserted: string) {
    if (held) {
      event.preventDefault();
      if (fitsTheField(inserted)) edit(inserted);
      else hold(inserted);
      return;
    }
    const area = event.currentTarget;
    if (inserted.length + area.value.length <= FIELD_MAX_CHARS && fitsTheField(inserted)) {
      const next = withPaste(area.value, area.selectionStart, area.selectionEnd, inserted);
      if (fitsTheField(next)) return; // the browser inserts it; the input event follows
    }
    event.preventDefault();
    hold(withPaste(area.value, area.selectionStart, area.selectionEnd, inserted));
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    insert(event, event.clipboardData.getData('text/plain'));
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    const dropped = event.dataTransfer.getData('text/plain');
    if (dropped !== '') insert(event, dropped);
  }

  return (
    <section className={panel.panel} aria-labelledby={headingId} data-testid="score-decoder">
      <h2 id={headingId}>Decode real scores</h2>
      <p className={panel.lede}>
        Paste scores from a real delayed set: one score, a list, or what <code>redis-cli ZRANGE key 0 -1 WITHSCORES</code> prints,
        in a terminal or with <code>--raw</code> / <code>--no-raw</code>. Each score is split into the millisecond it fires at and
        its slot in that millisecond&apos;s band of 4096 scores.
      </p>
      <div className={panel.field}>
        <label htmlFor={inputId}>Scores to decode</label>
        <textarea
          id={inputId}
          ref={field}
          className={styles.input}
          onChange={onInput}
          onPaste={onPaste}
          onDrop={onDrop}
          readOnly={held !== null}
          rows={8}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={hintId}
          placeholder={'127.0.0.1:6379> ZRANGE bull:mail:delayed 0 -1 WITHSCORES\n1) "1"\n2) "7356535848960000"'}
        />
        {held ? (
          <p id={hintId} className={panel.hint} data-testid="decoder-held">
            {plural(held.lines, 'line', 'lines')} ({groupDigits(held.text.length)} characters) pasted: too long to edit here, so
            the field shows the first {groupDigits(held.previewLines)}, read-only. All of them are decoded. Paste again to replace
            them.{' '}
            <button type="button" className="secondary" onClick={() => edit('')}>
              Clear
            </button>
          </p>
        ) : (
          <p id={hintId} className={panel.hint}>
            Decodes as you type. Nothing leaves the page.
          </p>
        )}
      </div>
      <div className={styles.scheme}>
        <SchemeChooser<'detect'>
          value={choice}
          onChange={choose}
          detect={
            choice === 'detect' || (decoded?.idScheme ?? null) !== null
              ? { value: 'detect', label: 'Detect from the ids' }
              : undefined
          }
          testId="decoder-scheme"
        />
        <p className={panel.hint}>
          {choice === 'detect'
            ? 'Read by what the counter ids show: under Bull 3–4 and BullMQ before 5.8.6 a job’s slot is its id & 0xfff.'
            : SCHEME_RULE[choice]}
        </p>
      </div>
      <div className={`${panel.row} ${styles.actions}`}>
        <button type="button" onClick={() => decodeNow(held?.text ?? field.current?.value ?? '', held?.lines)}>
          Decode
        </button>
        <button type="button" className="secondary" onClick={() => edit(exampleText())}>
          Try an example
        </button>
      </div>
      {pending ? (
        <div className={panel.row} role="status" data-testid="decoder-pending">
          <progress aria-label="Decoding" />
          <span className={panel.hint}>Decoding {plural(decodingLines, 'line', 'lines')}…</span>
          <button type="button" className="secondary" onClick={cancel}>
            Cancel
          </button>
        </div>
      ) : cancelled ? (
        <p className={panel.hint} role="status">
          Decoding cancelled: Decode starts it again.
        </p>
      ) : null}
      {decoded ? <DecodedView decoded={decoded} choice={choice} /> : null}
    </section>
  );
}

/** The decoded paste: summary, table, lines not read. Memoised: it changes only with a new decode. */
const DecodedView = memo(function DecodedView({ decoded, choice }: { decoded: DecodedRows; choice: SchemeChoice }) {
  const { rowCount, unreadableCount, skippedCount, notReadCount, flagCounts, scheme } = decoded;
  if (decoded.layout === 'empty' && notReadCount === 0) {
    return (
      <p className={panel.hint} role="status" data-testid="decoder-summary">
        Nothing to decode: paste a score, a list of scores or redis-cli output above, or try the example.
      </p>
    );
  }
  return (
    <div className={styles.result}>
      <div className={styles.summary} role="status" data-testid="decoder-summary">
        <p className={styles.counts} data-testid="decoder-read-as">
          Scores read as written by <strong>{SCHEME_TEXT[scheme]}</strong>
          {schemeNote(decoded, choice)}.
        </p>
        <p className={styles.counts} data-number="decoder-counts">
          Read as {LAYOUT_TEXT[decoded.layout]}: <strong>{plural(rowCount, 'score', 'scores')}</strong> in{' '}
          {scheme === 'band' ? (
            <>
              {plural(decoded.bands, 'millisecond band', 'millisecond bands')} ({groupDigits(decoded.crowdedBands)} with several
              jobs, {groupDigits(decoded.saturatedBands)} saturated)
            </>
          ) : (
            <>
              {plural(decoded.bands, 'millisecond', 'milliseconds')} ({groupDigits(decoded.crowdedBands)} with several jobs)
            </>
          )}
          {decoded.multiLineMembers > 0 ? `, ${plural(decoded.multiLineMembers, 'member', 'members')} across several lines` : ''};{' '}
          {plural(unreadableCount, 'unreadable line', 'unreadable lines')}
          {skippedCount > 0 ? `, ${plural(skippedCount, 'line', 'lines')} skipped (prompts, empty replies)` : ''}.
        </p>
        {scheme !== 'bare-ms' && decoded.plainMsScores > 0 ? (
          <p className={panel.hint} data-testid="decoder-plain-ms">
            {plural(decoded.plainMsScores, 'score is', 'scores are')} itself an instant in plain ms (2000 to 2200), not a
            fire-time x 0x1000: a BullMQ marker key (<code>&lt;queue&gt;:marker</code>) holds the worker’s next wake that way (0:
            jobs are waiting), and bee-queue writes its fire-times so. Choose bee-queue above to read them as ms.
          </p>
        ) : null}
        <FlagCounts counts={flagCounts} label="Rows by flag" scheme={scheme} />
      </div>
      {rowCount > 0 ? <ScoreTable decoded={decoded} /> : null}
      {notReadCount > 0 ? <NotReadList decoded={decoded} /> : null}
    </div>
  );
});

/** The decoded table's columns, in the order ScoreRow fills them. */
const SCORE_COLUMNS: readonly RowColumn[] = [
  { heading: 'Line', numeric: true },
  { heading: 'Member' },
  { heading: 'Score', numeric: true },
  { heading: 'Fire-time (ms)', numeric: true },
  { heading: 'Fire-time (UTC)' },
  { heading: 'Slot', numeric: true },
  { heading: 'Flags' },
];

function ScoreTable({ decoded }: { decoded: DecodedRows }) {
  return (
    <HeadedRowList
      columns={SCORE_COLUMNS}
      classes={{ frame: styles.tableScroll, table: styles.table, row: styles.tableRow, head: styles.head, num: styles.num }}
      style={rowsStyle(decoded.rowCount)}
      count={decoded.rowCount}
      rowHeight={ROW_HEIGHT}
      label="Decoded scores"
      testId="decoder-rows"
      frameTestId="decoder-table"
      renderRow={(index) => <ScoreRow row={decoded.rowAt(index)} scheme={decoded.scheme} />}
    />
  );
}

/** How the scheme was told, after its name; and, when the ids show another scheme than the one chosen, that. */
function schemeNote(decoded: DecodedRows, choice: SchemeChoice): string {
  if (choice === 'detect') return decoded.detected ? ' (detected from the ids)' : ' (no counter id tells the scheme: assumed)';
  if (decoded.idScheme !== null && decoded.idScheme !== decoded.scheme)
    return `, as chosen; the ids and slots look like ${SCHEME_TEXT[decoded.idScheme]}’s (Detect from the ids reads them so)`;
  return ', as chosen';
}

function ScoreRow({ row, scheme }: { row: DecodedScore; scheme: ScoreScheme }) {
  const member = row.member === null ? '—' : printable(row.member, '(empty member)');
  const exact = formatScore(row.score);
  const scoreTitle = exact === row.scoreText ? exact : `${exact} (pasted as ${row.scoreText})`;
  return (
    <div className={`${styles.tableRow} ${row.notBandReason !== null ? styles.notBandRow : ''}`} data-flags={row.flags.join(' ')}>
      <LabelledCell label="Line" className={styles.num}>
        {String(row.line)}
      </LabelledCell>
      <LabelledCell label="Member" className={row.member === null || row.member === '' ? styles.muted : undefined}>
        {member}
      </LabelledCell>
      <LabelledCell label="Score" className={styles.num} title={scoreTitle}>
        {exact}
      </LabelledCell>
      <LabelledCell label="Fire-time (ms)" className={styles.num}>
        {row.fireTime === null ? '—' : formatScore(row.fireTime)}
      </LabelledCell>
      <LabelledCell label="Fire-time (UTC)">{row.fireTime === null ? '—' : isoTime(row.fireTime)}</LabelledCell>
      <LabelledCell label="Slot" className={styles.num}>
        {row.slot === null ? '—' : formatScore(row.slot)}
      </LabelledCell>
      <span className={flagStyles.badges} title={row.notBandReason ?? undefined}>
        <span className="visually-hidden">Flags: </span>
        {row.flags.map((flag) => (
          <span key={flag} className={flagStyles.badge} data-flag={flag}>
            {flag === 'shared' ? `shared ×${groupDigits(row.sharedBy)}` : flagText(flag, scheme).badge}
          </span>
        ))}
        {row.notBandReason !== null ? <span className={styles.reason}>{row.notBandReason}</span> : null}
      </span>
    </div>
  );
}

function NotReadList({ decoded }: { decoded: DecodedRows }) {
  return (
    <div className={styles.notRead} data-testid="decoder-unreadable" style={rowsStyle(decoded.notReadCount)}>
      <h3>Lines not decoded: skipped or unreadable</h3>
      <VirtualList
        count={decoded.notReadCount}
        rowHeight={ROW_HEIGHT}
        label="Lines not decoded"
        renderRow={(index) => {
          const entry = decoded.notReadAt(index);
          return (
            <span className={styles.notReadRow} title={entry.text}>
              <span className={styles.lineNo}>line {entry.line}</span>
              <span className={styles.reasonText}>{entry.reason}</span>
              <code className={styles.lineText}>{entry.text === '' ? '(empty)' : entry.text}</code>
            </span>
          );
        }}
      />
    </div>
  );
}
