/**
 * The score as a picture: a band score as the whole number it is, in binary, one cell a bit: the
 * fire-time's bits, then the twelve slot bits in their own colour, under a bracket over the 53
 * places a double holds exactly. Every bit comes from bitLayout (src/model), so what is drawn is
 * the double's own bits; a place a double cannot hold is hatched.
 */
import { useId, useRef } from 'react';
import { bitLayout, exactScore, scoreBitLayout } from '../../model/protocol/bits.ts';
import type { BitLayout } from '../../model/protocol/bits.ts';
import { SIGNIFICAND_BITS } from '../../model/protocol/cliff.ts';
import { decodeScore } from '../../model/protocol/score.ts';
import { plural } from '../../model/format.ts';
import { useAppStore } from '../../store/StoreContext.tsx';
import { selectLastEnqueue, selectScorePanel } from '../../store/scores.ts';
import { changedDigits, groupedRuns } from './digits.ts';
import type { BitsMode } from './steps.ts';
import { useBringIntoView, useChange } from './useChange.ts';
import styles from './pictures.module.css';

/** One cell's width in the drawing's units (the drawing scales to its box). */
const CELL = 12;
const CELL_HEIGHT = 18;
/** Room above the cells for the 53-bit bracket. */
const BRACKET = 9;

interface Row {
  readonly key: string;
  readonly label: string;
  readonly layout: BitLayout;
  /** The row before the reader's last change, to mark the bits and digits that changed. */
  readonly previous: BitLayout | null;
  /** Draw the fire-time's bits arriving from twelve places to the right: the shift. */
  readonly slide: boolean;
  /** Bits of a plain fire-time (no slot field): drawn in the millisecond's colour throughout. */
  readonly plain: boolean;
  /** A key that changes with each marked change, restarting the row's motion. */
  readonly motion: string;
}

function BitRow({ row, width, bracket }: { row: Row; width: number; bracket: boolean }) {
  const { layout, previous } = row;
  const top = bracket ? BRACKET : 0;
  const height = top + CELL_HEIGHT + 2;
  const x = (place: number) => (width - 1 - place) * CELL;
  const before = (place: number): 0 | 1 | null => {
    if (previous === null) return null;
    return place < previous.width ? previous.bits[previous.width - 1 - place]!.value : 0;
  };
  // a bare fire-time is drawn with its own digits only, so the shift visibly moves them
  const drawn = row.plain ? layout.bits.filter((bit) => bit.place < Math.max(layout.length, 1)) : layout.bits;
  const cells = drawn.map((bit) => {
    const field = row.plain ? 'ms' : bit.field;
    const old = before(bit.place);
    const changed = old !== null && old !== bit.value;
    return (
      <g key={bit.place} data-place={bit.place} data-bit={bit.value} data-field={field} data-changed={changed || undefined}>
        <rect
          className={`${styles.cell} ${field === 'slot' ? styles.slotBit : styles.msBit}`}
          data-on={bit.value === 1 ? 'true' : 'false'}
          x={x(bit.place) + 1}
          y={top + 1}
          width={CELL - 2}
          height={CELL_HEIGHT - 2}
          rx={1.5}
        />
        {bit.rounded ? (
          <path
            className={styles.roundedBit}
            d={`M${x(bit.place) + 2} ${top + CELL_HEIGHT - 2}L${x(bit.place) + CELL - 2} ${top + 2}`}
          />
        ) : null}
        {changed ? (
          <rect
            className={styles.changedBit}
            x={x(bit.place) + 0.5}
            y={top + 0.5}
            width={CELL - 1}
            height={CELL_HEIGHT - 1}
            rx={2}
          />
        ) : null}
      </g>
    );
  });
  const slideCells = row.slide ? cells.filter((_, at) => drawn[at]!.field === 'ms') : cells;
  const fixedCells = row.slide ? cells.filter((_, at) => drawn[at]!.field === 'slot') : [];
  return (
    <svg
      className={styles.bitSvg}
      viewBox={`0 0 ${width * CELL} ${height}`}
      role="img"
      aria-label={`${row.label}: ${layout.value.toString(2)} in binary`}
      data-testid={`bits-row-${row.key}`}
    >
      {bracket ? (
        <path
          className={styles.bracket}
          d={`M${x(layout.heldTop) + 1} ${BRACKET - 1}V2H${x(layout.heldBottom) + CELL - 1}V${BRACKET - 1}`}
          data-testid="bits-53"
        />
      ) : null}
      <g key={row.motion} className={row.slide ? styles.slide : undefined}>
        {slideCells}
      </g>
      {row.slide ? (
        <g key={`${row.motion}-free`} className={styles.appear}>
          {fixedCells}
        </g>
      ) : null}
    </svg>
  );
}

/** A whole number's decimal digits, grouped, the ones that changed marked. */
export function Decimal({ value, previous, testId }: { value: bigint; previous: bigint | null; testId?: string }) {
  const text = value.toString();
  const runs = groupedRuns(text, changedDigits(previous === null ? null : previous.toString(), text));
  return (
    <span className={`mono ${styles.decimal}`} data-testid={testId}>
      {runs.map((run, at) =>
        run.marked ? (
          <mark key={at} className={styles.mark}>
            {run.text}
          </mark>
        ) : (
          <span key={at}>{run.text}</span>
        ),
      )}
    </span>
  );
}

const asLayout = (score: number): BitLayout => scoreBitLayout(score) ?? bitLayout(0n);

/** The score in binary for one of the lesson's steps, from the figure's store. */
export function ScoreBits({ mode, presetOperations }: { mode: BitsMode; presetOperations: number }) {
  const panel = useAppStore(selectScorePanel);
  const last = useAppStore(selectLastEnqueue);
  const headingId = useId();
  const lastScore = last?.lastScore ?? null;
  const fireChange = useChange(panel.fireTime, presetOperations);
  const lastChange = useChange(lastScore, presetOperations);
  const floor = asLayout(panel.minScore);
  const sectionRef = useRef<HTMLElement>(null);
  // where the band's zoom is drawn too (bump, ceiling), it is the part brought into view; here the last row whole
  // (the floor's, the stored score's: its label, its number and its bits), so the rows above it are in view with it
  useBringIntoView(
    sectionRef,
    mode === 'shift' || mode === 'cliff' ? fireChange.count + lastChange.count : 0,
    ':scope > div:last-of-type',
  );

  const rows: Row[] = [];
  let slotText: string;
  if (mode === 'shift') {
    const previousFire = fireChange.previous;
    rows.push({
      key: 'fire-time',
      label: 'the fire-time (ms)',
      layout: bitLayout(BigInt(panel.fireTime)),
      previous: previousFire === null ? null : bitLayout(BigInt(previousFire)),
      slide: false,
      plain: true,
      motion: `f${fireChange.count}`,
    });
    rows.push({
      key: 'floor',
      label: '× 0x1000: the floor',
      layout: floor,
      previous: previousFire === null ? null : asLayout(previousFire * 0x1000),
      slide: true,
      plain: false,
      motion: `s${fireChange.count}`,
    });
    slotText = 'slot field: 000000000000, twelve free bits';
  } else if (mode === 'cliff') {
    const stored = lastScore ?? panel.minScore;
    const meant = exactScore(panel.fireTime, 1);
    rows.push({
      key: 'meant',
      label: 'meant: the floor + 1',
      layout: bitLayout(meant),
      previous: null,
      slide: false,
      plain: false,
      motion: 'm',
    });
    rows.push({
      key: 'stored',
      label: 'stored: the newest job’s score',
      layout: asLayout(stored),
      previous: null,
      slide: false,
      plain: false,
      motion: `c${lastChange.count}`,
    });
    slotText = `a double keeps ${SIGNIFICAND_BITS} bits: the lowest place is rounded away, so + 1 is lost`;
  } else {
    const score = lastScore ?? panel.minScore;
    const slot = decodeScore(score).slot;
    if (mode === 'bump')
      rows.push({ key: 'floor', label: 'the floor', layout: floor, previous: null, slide: false, plain: false, motion: 'b' });
    rows.push({
      key: 'last',
      label: 'the newest job’s score',
      layout: asLayout(score),
      previous: lastChange.previous === null ? null : asLayout(lastChange.previous),
      slide: false,
      plain: false,
      motion: `l${lastChange.count}`,
    });
    if (mode === 'ceiling')
      rows.push({
        key: 'ceiling',
        label: 'the ceiling',
        layout: asLayout(panel.maxScore),
        previous: null,
        slide: false,
        plain: false,
        motion: 'c',
      });
    slotText = `slot field of the newest job: ${slot.toString(2).padStart(12, '0')} = ${slot}${
      score === panel.maxScore ? ' (all ones: pinned at the ceiling)' : ''
    }`;
  }
  const width = Math.max(...rows.map((row) => row.layout.width));
  const msBits = Math.max(0, rows.at(-1)!.layout.length - 12);

  return (
    <section ref={sectionRef} aria-labelledby={headingId} data-testid="lesson-bits" data-mode={mode}>
      <h3 id={headingId} className={styles.heading}>
        {mode === 'shift'
          ? '× 0x1000: the fire-time’s bits slide twelve places left'
          : mode === 'cliff'
            ? 'Past 2^53: the score needs 54 bits'
            : 'The score in binary: the slot field counts the jobs'}
      </h3>
      <p className={styles.bracketNote}>
        <span className={styles.bracketKey} aria-hidden="true" /> the {SIGNIFICAND_BITS} bits a double holds exactly
      </p>
      {rows.map((row, at) => (
        <div key={row.key} className={styles.bitRow}>
          <p className={styles.rowLabel}>
            {row.label} {/* the meant score is never stored, so nothing of it changes: grouped like the rest, unmarked */}
            <Decimal
              value={row.layout.value}
              previous={row.key === 'meant' ? row.layout.value : (row.previous?.value ?? null)}
              testId={`bits-decimal-${row.key}`}
            />
          </p>
          <BitRow row={row} width={width} bracket={at === 0} />
        </div>
      ))}
      <p className={styles.fields}>
        <span className={styles.msKey} aria-hidden="true" /> fire-time, {plural(msBits, 'bit', 'bits')}{' '}
        <span className={styles.slotKey} aria-hidden="true" /> slot, 12 bits{' '}
        <span className={styles.changedKey} aria-hidden="true" /> changed by your last press
      </p>
      <p className={`mono ${styles.slotLine}`} data-testid="bits-slot-text">
        {slotText}
      </p>
    </section>
  );
}
