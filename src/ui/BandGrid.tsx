import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { BAND_SLOTS } from '../model/protocol/score.ts';
import {
  CEILING_SLOT,
  GRID_SIDE,
  arrivalColorScale,
  cssColor,
  gridLayout,
  mixRgb,
  moveCursor,
  parseColor,
  slotAtPoint,
  slotCell,
} from './bandGeometry.ts';
import type { GridLayout, Rgb } from './bandGeometry.ts';
import { animateArrival, motionDuration, stopMotions } from './motion.ts';
import type { BandSlot, BandView } from '../store/band.ts';
import styles from './BandGrid.module.css';
import { useCanvasSize } from './useCanvasSize.ts';
import { whenIdle } from './whenIdle.ts';
import { groupDigits } from '../model/format.ts';
import { printable } from '../model/printable.ts';

export interface BandGridProps extends BandView {
  /**
   * Changes with each new arrival (the last enqueue): the newest slot then gets a marker that
   * travels into its cell (none with reduced motion, or when arrivals come too fast to follow).
   */
  landingKey?: unknown;
  /** The stage's grid: one-line notes, no legend; the full notes live in the band panel below. */
  compact?: boolean;
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
}: BandGridProps) {
  const helpId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const ringsRef = useRef<HTMLCanvasElement>(null);
  const themeRef = useRef<{ theme: Theme; repaints: number } | null>(null);
  /** Whether the ring layer has been drawn on (until then it is left untouched). */
  const ringsUsed = useRef(false);
  const landingRef = useRef<HTMLSpanElement>(null);
  const landingMotion = useRef<Array<Animation | null>>([]);
  const lastLanding = useRef<{ key: unknown; at: number; jobs: number }>({
    key: landingKey,
    at: Number.NEGATIVE_INFINITY,
    jobs,
  });
  // The column's width, less the frame's border and padding around the canvas.
  const measure = useCallback((wrap: HTMLDivElement) => {
    const canvas = canvasRef.current;
    const frame = frameRef.current;
    return canvas && frame ? wrap.clientWidth - (frame.offsetWidth - canvas.offsetWidth) : 0;
  }, []);
  const { size: available, dpr, repaints } = useCanvasSize(wrapRef, measure);
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

  /** The canvas colours, read from CSS once, and again after each colour-scheme or density change. */
  const themeOf = (element: Element): Theme => {
    if (themeRef.current?.repaints !== repaints) themeRef.current = { theme: readTheme(element), repaints };
    return themeRef.current.theme;
  };

  // Two stacked canvases: the cells are drawn only when the band, the size or the colours change;
  // the rings above them (newest bump, cursor) are redrawn on every hover and key press.
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas && pixels > 0 ? canvas.getContext('2d') : null;
    if (!canvas || !ctx) return;
    const arrivalDomain = arrivals ? [arrivals.first, arrivals.last] : [];
    drawCells(ctx, { layout: gridLayout(pixels, inset), bySlot, arrivalDomain, theme: themeOf(canvas), saturated });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- themeOf reads `repaints`, listed
  }, [pixels, inset, bySlot, arrivals, saturated, repaints]);

  // A canvas's first drawing allocates its pixels (about 10 ms a canvas at load here, profiled):
  // the ring layer's is done when the browser is next idle, not at load and not in the frame of
  // the first burst, which also draws the full grid for the first time (7-13 ms of that click).
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
    ctx.clearRect(0, 0, pixels, pixels);
    drawRings(ctx, { layout: gridLayout(pixels, inset), dpr, theme: themeOf(canvas), newestSlot, active });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- themeOf reads `repaints`, listed
  }, [pixels, inset, dpr, repaints, newestSlot, active]);

  // A new arrival: a marker travels from above the grid into the newest slot's cell (transform
  // and opacity only), then fades, leaving the cell and its ring as drawn.
  useEffect(() => {
    const previous = lastLanding.current;
    if (Object.is(previous.key, landingKey)) {
      previous.jobs = jobs; // the band shown changed (the delay, the clock), not by an arrival
      return;
    }
    const at = performance.now();
    lastLanding.current = { key: landingKey, at, jobs };
    stopMotions(landingMotion.current); // a new arrival: the last one's marker is done
    const marker = landingRef.current;
    const duration = motionDuration(at - previous.at, undefined, jobs - previous.jobs);
    if (!marker || newestSlot === null || pixels <= 0 || duration <= 0) return;
    const layout = gridLayout(pixels, inset);
    const { row, col } = slotCell(newestSlot);
    const x = layout.offset(col) / dpr;
    const y = layout.offset(row) / dpr;
    const size = Math.max(layout.cell / dpr, 2);
    Object.assign(marker.style, { left: `${x}px`, top: `${y}px`, width: `${size}px`, height: `${size}px` });
    const fromX = pixels / dpr / 2 - x;
    const fromY = -y - 12;
    landingMotion.current.push(
      animateArrival(
        marker,
        [
          { transform: `translate(${fromX}px, ${fromY}px) scale(3)`, opacity: 0 },
          { opacity: 1, offset: 0.25 },
          { transform: 'translate(0, 0) scale(1)', opacity: 1, offset: 0.8 },
          { transform: 'translate(0, 0) scale(1)', opacity: 0 },
        ],
        duration,
      ),
    );
  }, [landingKey, newestSlot, pixels, inset, dpr, jobs]);

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
    <div className={compact ? `${styles.band} ${styles.compact}` : styles.band}>
      {compact ? (
        // Three lines reserved from the start, each kept to the column: a full band or the cliff
        // adds words, never height or width (the stage keeps its layout: no shift as jobs land).
        <p className={styles.compactSummary} data-testid="band-summary">
          <span className={styles.summaryLine}>
            slots used: <span className={styles.mono}>{`${groupDigits(filled)} of ${groupDigits(BAND_SLOTS)}`}</span>
          </span>
          <span className={styles.summaryLine}>
            {jobs > filled ? (
              <>
                <span className={styles.mono}>{groupDigits(jobs)}</span> jobs:{' '}
                {saturated ? 'ties in member order' : 'some share a slot'}
              </>
            ) : null}
          </span>
          <span className={styles.summaryLine}>
            {saturated ? (
              <span className={styles.badge} data-testid="band-ceiling-badge">
                full: {groupDigits(ceilingMembers)} share the ceiling
              </span>
            ) : null}
            {pastCliff ? <span className={styles.badge}>past the cliff: +1 is lost</span> : null}
          </span>
        </p>
      ) : (
        <p className={styles.summary}>
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
        {active === null ? (
          <span className={styles.hint}>Hover or focus the grid to read a slot.</span>
        ) : (
          <SlotReadout slot={active} entries={bySlot[active]} ceilingMembers={ceilingMembers} />
        )}
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
        <p className={styles.ceiling}>
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

/** Where the keyboard cursor starts: the newest bump, else the first filled slot, else the floor. */
function startSlot(newestSlot: number | null, slots: readonly BandSlot[]): number {
  return newestSlot ?? slots[0]?.slot ?? 0;
}

function groupBySlot(slots: readonly BandSlot[]): Array<BandSlot[] | undefined> {
  const bySlot: Array<BandSlot[] | undefined> = new Array<BandSlot[] | undefined>(BAND_SLOTS).fill(undefined);
  for (const entry of slots) {
    if (!Number.isInteger(entry.slot) || entry.slot < 0 || entry.slot >= BAND_SLOTS) continue;
    const list = bySlot[entry.slot];
    if (list) list.push(entry);
    else bySlot[entry.slot] = [entry];
  }
  return bySlot;
}

/**
 * The slots in use. This and arrivalRange run over all 4,096 slots on each change, and on the
 * page's first burst their code is still cold (never run on a full band at load): plain indexed
 * loops, no callback per slot (reduce) or iterator and destructuring (for-of), which cost most
 * while cold (the reduce 6.6 ms and the for-of 10.9 ms of that first click in two profiles).
 */
function filledSlots(bySlot: ReadonlyArray<BandSlot[] | undefined>): number {
  let filled = 0;
  for (let slot = 0; slot < bySlot.length; slot++) if (bySlot[slot] !== undefined) filled++;
  return filled;
}

function arrivalRange(slots: readonly BandSlot[]): { first: number; last: number } | null {
  if (slots.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < slots.length; i++) {
    const arrival = slots[i]!.arrival;
    if (arrival < first) first = arrival;
    if (arrival > last) last = arrival;
  }
  return { first, last };
}

interface Theme {
  empty: string;
  early: Rgb;
  late: Rgb;
  fg: string;
  surface: string;
  focus: string;
  warn: string;
}

const FALLBACK: Record<'surface' | 'fg' | 'border' | 'accent' | 'focus' | 'warn', Rgb> = {
  surface: [255, 255, 255],
  fg: [28, 29, 33],
  border: [211, 212, 207],
  accent: [31, 95, 191],
  focus: [194, 65, 12],
  warn: [161, 66, 11],
};

/** Canvas colours from the page's CSS custom properties (light or dark), with fallbacks. */
function readTheme(element: Element): Theme {
  const computed = getComputedStyle(element);
  const read = (name: keyof typeof FALLBACK) => parseColor(computed.getPropertyValue(`--${name}`)) ?? FALLBACK[name];
  const surface = read('surface');
  const fg = read('fg');
  const accent = read('accent');
  return {
    empty: cssColor(mixRgb(surface, read('border'), 0.55)),
    early: mixRgb(surface, accent, 0.42),
    late: mixRgb(accent, fg, 0.45),
    fg: cssColor(fg),
    surface: cssColor(surface),
    focus: cssColor(read('focus')),
    warn: cssColor(read('warn')),
  };
}

/**
 * Every slot as a square: coloured by arrival, faint when empty, warn-coloured when shared. A
 * canvas's first draw (and any draw after its size or colours changed, or when many cells change)
 * draws the whole grid: while at most MAX_CELL_FILLS cells are not empty (a page just loaded, a
 * band of a few jobs) as the empty grid (one square, its gaps cleared: 127 rectangles) and a
 * fillRect for each of those cells; with more, as one ImageData put at once (4,096 fillRect
 * calls took 5 to 20 ms, the image about 1 ms once the code is warm, but at load, cold, its
 * pixel loop and upload took 15-20 ms a canvas, and the page loads two; the empty grid takes about
 * half that, most of it the canvas allocating its pixels). Later draws fill only the
 * cells whose colour changed since: a frame of Play changes a few dozen (the new jobs, and the
 * cells crossing a shade boundary as the arrival range grows), and putting the whole image each
 * frame cost the page about 2 ms a frame in upload and compositing. The layout is in whole device
 * pixels (BandGrid sizes the canvas so); a pixel is one 32-bit word, r | g << 8 | b << 16 | a << 24
 * on the little-endian machines browsers run on.
 */
function drawCells(
  ctx: CanvasRenderingContext2D,
  view: { layout: GridLayout; bySlot: Array<BandSlot[] | undefined>; arrivalDomain: number[]; theme: Theme; saturated: boolean },
) {
  const { layout, bySlot, arrivalDomain, theme, saturated } = view;
  const colorOf = arrivalColorScale(arrivalDomain, theme.early, theme.late);
  const { width, height } = ctx.canvas;
  const cell = Math.max(1, Math.round(layout.cell));
  const fills: string[] = new Array<string>(BAND_SLOTS);
  for (let slot = 0; slot < BAND_SLOTS; slot++) {
    const entries = bySlot[slot];
    const shared = (entries?.length ?? 0) > 1 || (slot === CEILING_SLOT && saturated);
    fills[slot] = shared ? theme.warn : entries?.[0] ? colorOf(entries[0].arrival) : theme.empty;
  }
  const fillCell = (slot: number) => {
    const { row, col } = slotCell(slot);
    ctx.fillStyle = fills[slot]!;
    ctx.fillRect(Math.round(layout.offset(col)), Math.round(layout.offset(row)), cell, cell);
  };
  const key = `${width}x${height}/${cell}/${layout.step}/${Math.round(layout.offset(0))}`;
  const drawn = drawnCells.get(ctx.canvas);
  if (drawn !== undefined && drawn.key === key && drawn.theme === theme) {
    const changed: number[] = [];
    for (let slot = 0; slot < BAND_SLOTS && changed.length <= MAX_CELL_FILLS; slot++)
      if (fills[slot] !== drawn.fills[slot]) changed.push(slot);
    if (changed.length <= MAX_CELL_FILLS) {
      for (const slot of changed) fillCell(slot);
      drawnCells.set(ctx.canvas, { key, theme, fills });
      return;
    }
  }
  let painted = 0;
  for (let slot = 0; slot < BAND_SLOTS && painted <= MAX_CELL_FILLS; slot++) if (fills[slot] !== theme.empty) painted++;
  if (painted <= MAX_CELL_FILLS) {
    drawEmptyGrid(ctx, layout, cell, theme.empty);
    for (let slot = 0; slot < BAND_SLOTS; slot++) if (fills[slot] !== theme.empty) fillCell(slot);
  } else {
    putCellsImage(ctx, layout, cell, fills);
  }
  drawnCells.set(ctx.canvas, { key, theme, fills });
}

/**
 * Every cell in the empty colour, the gaps between them clear: the grid's whole square filled,
 * then the gap after each column and after each row cleared (each cell where drawCells' fillRect
 * and image put it: from the rounded offset, `cell` px).
 */
function drawEmptyGrid(ctx: CanvasRenderingContext2D, layout: GridLayout, cell: number, empty: string) {
  const { width, height } = ctx.canvas;
  ctx.clearRect(0, 0, width, height);
  const first = Math.round(layout.offset(0));
  const span = Math.round(layout.offset(GRID_SIDE - 1)) + cell - first;
  ctx.fillStyle = empty;
  ctx.fillRect(first, first, span, span);
  for (let i = 0; i < GRID_SIDE - 1; i++) {
    const gapAt = Math.round(layout.offset(i)) + cell;
    const gap = Math.round(layout.offset(i + 1)) - gapAt;
    if (gap <= 0) continue;
    ctx.clearRect(gapAt, first, gap, span); // between column i and i + 1
    ctx.clearRect(first, gapAt, span, gap); // between row i and i + 1
  }
}

/** Every cell in its colour, written into one ImageData put on the canvas at once (the gaps stay transparent). */
function putCellsImage(ctx: CanvasRenderingContext2D, layout: GridLayout, cell: number, fills: readonly string[]) {
  const { width, height } = ctx.canvas;
  const image = ctx.createImageData(width, height);
  const pixels = new Uint32Array(image.data.buffer);
  const words = new Map<string, number>();
  const wordOf = (css: string): number => {
    let word = words.get(css);
    if (word === undefined) {
      const [r, g, b] = parseColor(css) ?? [0, 0, 0];
      words.set(css, (word = (r | (g << 8) | (b << 16) | (255 << 24)) >>> 0));
    }
    return word;
  };
  for (let row = 0; row < GRID_SIDE; row++) {
    // one scanline through the row's cells, then copied down the cell's height
    const line = Math.round(layout.offset(row)) * width;
    for (let col = 0; col < GRID_SIDE; col++) {
      const left = line + Math.round(layout.offset(col));
      pixels.fill(wordOf(fills[row * GRID_SIDE + col]!), left, left + cell);
    }
    for (let y = 1; y < cell; y++) pixels.copyWithin(line + y * width, line, line + width);
  }
  ctx.putImageData(image, 0, 0);
}

/** More changed cells than this are drawn as one image again rather than one fillRect each. */
const MAX_CELL_FILLS = 256;

/** What each canvas shows: its layout key, the colours it was drawn with and each cell's fill. */
const drawnCells = new WeakMap<HTMLCanvasElement, { key: string; theme: Theme; fills: readonly string[] }>();

/** Rings around the newest bump and the cursor; a surface-coloured ring first sets each apart. */
function drawRings(
  ctx: CanvasRenderingContext2D,
  view: { layout: GridLayout; dpr: number; theme: Theme; newestSlot: number | null; active: number | null },
) {
  const { layout, dpr, theme, newestSlot, active } = view;
  // a ring `gap` CSS px outside the cell, `width` CSS px wide
  const ring = (slot: number, color: string, width: number, gap: number) => {
    const { row, col } = slotCell(slot);
    const pad = (gap + width / 2) * dpr;
    ctx.strokeStyle = color;
    ctx.lineWidth = width * dpr;
    ctx.strokeRect(layout.offset(col) - pad, layout.offset(row) - pad, layout.cell + 2 * pad, layout.cell + 2 * pad);
  };
  if (newestSlot !== null) {
    ring(newestSlot, theme.surface, 1.5, 0);
    ring(newestSlot, theme.fg, 1.5, 1.5);
  }
  if (active !== null) {
    ring(active, theme.surface, 1.5, 0);
    ring(active, theme.focus, 2, 1.5);
  }
}
