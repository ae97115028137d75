import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { BAND_SLOTS } from '../../model/protocol/score.ts';
import { groupDigits } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';
import type { BandSlot, BandView } from '../../store/band.ts';
import { useCanvasSize } from '../useCanvasSize.ts';
import { whenIdle } from '../whenIdle.ts';
import { drawCells, drawRings } from '../../session/view/bandDraw.ts';
import type { DrawnCells } from '../../session/view/bandDraw.ts';
import { CEILING_SLOT, GRID_SIDE, gridLayout, moveCursor, slotAtPoint, slotCell } from '../../session/view/bandGeometry.ts';
import { arrivalRange, filledSlots, groupBySlot, slotFills, startSlot } from '../../session/view/bandSlots.ts';
import { useTheme } from './theme.ts';
import { useLanding } from './useLanding.ts';
import styles from './BandGrid.module.css';

export interface BandGridProps extends BandView {
  /**
   * Changes with each new arrival (the last enqueue): the newest slot then gets a marker that
   * travels into its cell (none with reduced motion, or when arrivals come too fast to follow).
   */
  landingKey?: unknown;
  /** The stage's grid: one-line notes, no legend; the full notes live in the band panel below. */
  compact?: boolean;
  /**
   * With compact: the grid sits where what follows may move (the lesson's overview), so the summary
   * takes only the lines it fills and the readout its own room, rather than keeping the stage still.
   */
  fit?: boolean;
}

/** CSS px kept free around the grid inside the canvas so outlines of edge cells are not cut off. */
const OUTLINE_ROOM = 4;
/** How many of the jobs sharing one slot the readout names before saying "and N more". */
const NAMED_SHARERS = 3;

/**
 * One millisecond's band: its 4096 slots (scores minScore..maxScore) as a 64 x 64 grid on a
 * canvas, filled slots coloured by arrival, the newest bump outlined, the ceiling's pile-up
 * counted. Mouse hover or a keyboard cursor (arrows, PageUp/PageDown, Home/End) names a slot's
 * score and job in a readout that is also a live region.
 */
export function BandGrid({
  fireTime,
  slots,
  jobs = slots.length,
  ceilingMembers,
  newestSlot,
  pastCliff,
  landingKey,
  compact = false,
  fit = false,
}: BandGridProps) {
  const helpId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const ringsRef = useRef<HTMLCanvasElement>(null);
  /** What the cell canvas shows, so the next draw fills only the cells that changed. */
  const drawnRef = useRef<DrawnCells | null>(null);
  /** Whether the ring layer has been drawn on (until then it is left untouched). */
  const ringsUsed = useRef(false);
  // The column's width, less the frame's border and padding around the canvas.
  const measure = useCallback((wrap: HTMLDivElement) => {
    const canvas = canvasRef.current;
    const frame = frameRef.current;
    return canvas && frame ? wrap.clientWidth - (frame.offsetWidth - canvas.offsetWidth) : 0;
  }, []);
  const { size: available, dpr, repaints } = useCanvasSize(wrapRef, measure);
  const themeOf = useTheme(repaints);
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const active = hover ?? cursor;

  const bySlot = useMemo(() => groupBySlot(slots), [slots]);
  const filled = useMemo(() => filledSlots(bySlot), [bySlot]);
  const arrivals = useMemo(() => arrivalRange(slots), [slots]);
  const saturated = ceilingMembers > 1;

  // The canvas is a whole number of device pixels per cell, as large as the column allows.
  const inset = Math.ceil(OUTLINE_ROOM * dpr);
  const cellPixels = Math.floor((available * dpr - 2 * inset) / GRID_SIDE);
  const pixels = cellPixels > 0 ? cellPixels * GRID_SIDE + 2 * inset : 0;

  // Both canvases: `pixels` device pixels square, shown at the CSS size those make.
  const canvasSize = {
    width: pixels || undefined,
    height: pixels || undefined,
    style: { width: pixels / dpr, height: pixels / dpr },
  };

  // Two stacked canvases: the cells are drawn only when the band, the size or the colours change;
  // the rings above them (newest bump, cursor) are redrawn on every hover and key press.
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas && pixels > 0 ? canvas.getContext('2d') : null;
    if (!canvas || !ctx) return;
    const fills = slotFills(bySlot, arrivals, themeOf(canvas), saturated);
    drawnRef.current = drawCells(ctx, gridLayout(pixels, inset), fills, drawnRef.current);
  }, [pixels, inset, bySlot, arrivals, saturated, themeOf]);

  // A canvas's first drawing allocates its pixels, which costs: the ring layer's is done when the
  // browser is next idle, not at load and not in the frame of the first burst, which also draws
  // the full grid for the first time.
  useEffect(() => {
    if (pixels <= 0 || ringsUsed.current) return;
    return whenIdle(() => {
      if (!ringsUsed.current) ringsRef.current?.getContext('2d')?.clearRect(0, 0, 1, 1);
    });
  }, [pixels]);

  useEffect(() => {
    const canvas = ringsRef.current;
    // Nothing to ring and nothing ringed yet: the layer is left as it is (cleared, if at all, at idle above).
    if (newestSlot === null && active === null && !ringsUsed.current) return;
    const ctx = canvas && pixels > 0 ? canvas.getContext('2d') : null;
    if (!canvas || !ctx) return;
    ringsUsed.current = true;
    drawRings(ctx, { layout: gridLayout(pixels, inset), dpr, theme: themeOf(canvas), newestSlot, active });
  }, [pixels, inset, dpr, themeOf, newestSlot, active]);

  const landingRef = useLanding({ landingKey, newestSlot, jobs, pixels, inset, dpr });

  function slotUnderPointer(event: PointerEvent<HTMLCanvasElement>): number | null {
    const rect = event.currentTarget.getBoundingClientRect();
    const layout = gridLayout(Math.round(rect.width * dpr), inset);
    return slotAtPoint(layout, (event.clientX - rect.left) * dpr, (event.clientY - rect.top) * dpr);
  }

  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    const next = moveCursor(cursor ?? startSlot(newestSlot, slots), event.key);
    if (next === null) return;
    event.preventDefault();
    setHover(null);
    setCursor(next);
  }

  return (
    <div className={[styles.band, compact ? styles.compact : '', compact && fit ? styles.fit : ''].join(' ').trim()}>
      {compact ? (
        // Three lines reserved from the start, each kept to the column: a full band or the cliff
        // adds words, never height or width (the stage keeps its layout: no shift as jobs land).
        <p className={styles.compactSummary} data-testid="band-summary">
          <span className={styles.summaryLine} data-number="band-slots-used">
            slots used: <span className={styles.mono}>{`${groupDigits(filled)} of ${groupDigits(BAND_SLOTS)}`}</span>
          </span>
          <span className={styles.summaryLine} data-number="band-jobs">
            {jobs > filled ? (
              <>
                <span className={styles.mono}>{groupDigits(jobs)}</span> jobs:{' '}
                {saturated ? 'ties in member order' : 'some share a slot'}
              </>
            ) : null}
          </span>
          <span className={styles.summaryLine} data-number="band-badges">
            {saturated ? (
              <span className={styles.badge} data-testid="band-ceiling-badge" data-number="band-ceiling-badge">
                full: {groupDigits(ceilingMembers)} share the ceiling
              </span>
            ) : null}
            {pastCliff ? <span className={styles.badge}>past the cliff: +1 is lost</span> : null}
          </span>
        </p>
      ) : (
        <p className={styles.summary} data-number="band-summary">
          <span>
            slots used: <span className={styles.mono}>{`${groupDigits(filled)} of ${groupDigits(BAND_SLOTS)}`}</span>
          </span>
          {jobs > filled ? (
            <span>
              <span className={styles.mono}>{groupDigits(jobs)}</span> jobs: some share a slot
            </span>
          ) : null}
        </p>
      )}
      <div ref={wrapRef} className={pixels > 0 ? styles.canvasWrap : `${styles.canvasWrap} ${styles.unmeasured}`}>
        <div ref={frameRef} className={styles.frame}>
          <div className={styles.stack}>
            <canvas
              ref={canvasRef}
              className={styles.canvas}
              {...canvasSize}
              tabIndex={0}
              role="application"
              aria-roledescription="slot grid"
              aria-label={`Band of fire-time ${fireTime} ms: 64 by 64 grid of ${groupDigits(BAND_SLOTS)} slots, ${groupDigits(filled)} used`}
              aria-describedby={helpId}
              onKeyDown={onKeyDown}
              onFocus={() => setCursor((c) => c ?? startSlot(newestSlot, slots))}
              onPointerMove={(event) => setHover(slotUnderPointer(event))}
              onPointerLeave={() => setHover(null)}
              onPointerDown={(event) => {
                const slot = slotUnderPointer(event);
                if (slot !== null) setCursor(slot);
              }}
            />
            <canvas ref={ringsRef} className={styles.rings} {...canvasSize} aria-hidden="true" />
            <span ref={landingRef} className={styles.landing} aria-hidden="true" data-testid="band-landing" />
          </div>
        </div>
      </div>
      <p className={styles.readout} aria-live="polite" aria-atomic="true">
        <span className={styles.readoutText} data-number="band-readout">
          {active === null ? (
            <span className={styles.hint}>Hover or focus the grid to read a slot.</span>
          ) : (
            <SlotReadout slot={active} entries={bySlot[active]} ceilingMembers={ceilingMembers} />
          )}
        </span>
      </p>
      <p id={helpId} className={compact ? 'visually-hidden' : styles.help}>
        Arrow keys move between slots, Page Up/Down by eight rows, Home and End jump to slot 0 (the floor) and 4095 (the ceiling).
      </p>
      {compact ? null : (
        <ul className={styles.legend} aria-label="Legend">
          <li>
            <span className={`${styles.swatch} ${styles.swatchArrival}`} aria-hidden="true" />
            arrival{' '}
            {arrivals ? (
              <span className={styles.mono}>
                {groupDigits(arrivals.first)} → {groupDigits(arrivals.last)}
              </span>
            ) : null}
          </li>
          <li>
            <span className={`${styles.swatch} ${styles.swatchEmpty}`} aria-hidden="true" />
            empty
          </li>
          <li>
            <span className={`${styles.swatch} ${styles.swatchNewest}`} aria-hidden="true" />
            newest
          </li>
          <li>
            <span className={`${styles.swatch} ${styles.swatchShared}`} aria-hidden="true" />
            shared score
          </li>
        </ul>
      )}
      {saturated && !compact ? (
        <p className={styles.ceiling} data-number="band-ceiling">
          <span className={styles.badge}>
            slot {CEILING_SLOT} × <span className={styles.mono}>{groupDigits(ceilingMembers)}</span>
          </span>{' '}
          The band is full: {groupDigits(ceilingMembers)} jobs share the ceiling score (maxScore). With equal scores Redis orders
          them by member bytes, not by arrival.
        </p>
      ) : null}
      {pastCliff && !compact ? (
        <p className={styles.cliff}>
          <span className={styles.badge}>past the cliff</span> This fire-time is at or beyond 2<sup>41</sup> ms, so its scores are
          at or beyond 2<sup>53</sup>, where doubles are no longer 1 apart: score + 1 rounds back to the same score and the +1 is
          lost here. Jobs in this millisecond share a score and fall back to member-byte order.
        </p>
      ) : null}
    </div>
  );
}

function SlotReadout({
  slot,
  entries,
  ceilingMembers,
}: {
  slot: number;
  entries: readonly BandSlot[] | undefined;
  ceilingMembers: number;
}) {
  const { row, col } = slotCell(slot);
  const where = slot === 0 ? ' (floor)' : slot === CEILING_SLOT ? ' (ceiling)' : '';
  const head = (
    <>
      <strong>
        Slot {slot}
        {where}
      </strong>
      <span className={styles.cell}>
        {' '}
        row {row}, column {col}
      </span>
      :{' '}
    </>
  );
  const first = entries?.[0];
  if (!entries || !first) return <>{head}empty.</>;
  if (entries.length === 1 && !(slot === CEILING_SLOT && ceilingMembers > 1)) {
    return (
      <>
        {head}score <Value>{first.scoreText}</Value>, member <Value>{printable(first.member)}</Value>, arrival{' '}
        <Value>{groupDigits(first.arrival)}</Value>.
      </>
    );
  }
  const sharers = slot === CEILING_SLOT ? Math.max(ceilingMembers, entries.length) : entries.length;
  const named = entries.slice(0, NAMED_SHARERS);
  const rest = sharers - named.length;
  return (
    <>
      {head}score <Value>{first.scoreText}</Value>, shared by {groupDigits(sharers)} jobs in member-byte order:{' '}
      {named.map((entry, i) => (
        <span key={i}>
          {i > 0 ? ', ' : ''}
          <Value>{printable(entry.member)}</Value> (arrival {groupDigits(entry.arrival)})
        </span>
      ))}
      {rest > 0 ? ` and ${groupDigits(rest)} more` : ''}.
    </>
  );
}

function Value({ children }: { children: ReactNode }) {
  return <span className={styles.value}>{children}</span>;
}
