/**
 * `band`: the 4,096 slots of one millisecond as a 64 x 64 grid, filling as jobs bump in. Past the
 * last slot every further job shares the ceiling score, and Redis orders those by member bytes.
 * The grid is the page's: read, coloured and painted by the view model (session/view), at the
 * column's width.
 */
import { groupDigits, plural } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';
import { BAND_SLOTS, fireTimeOf } from '../../model/protocol/score.ts';
import { MAX_BATCH } from '../../session/input.ts';
import { drawCells, drawRings } from '../../session/view/bandDraw.ts';
import type { DrawnCells } from '../../session/view/bandDraw.ts';
import { CEILING_SLOT, gridLayout } from '../../session/view/bandGeometry.ts';
import { arrivalRange, groupBySlot, readBand, slotFills } from '../../session/view/bandSlots.ts';
import type { BandRead } from '../../session/view/bandSlots.ts';
import { bandTheme } from '../../session/view/bandTheme.ts';
import type { BandTheme } from '../../session/view/bandTheme.ts';
import { cssColor } from '../../session/view/color.ts';
import { button, figure, h, setText, slot } from '../dom.ts';
import type { CardFactory } from './card.ts';

/** Members at the ceiling listed, in set order. */
const CEILING_SHOWN = 3;
/** CSS px free round the grid, room for the ceiling's ring. */
const INSET = 4;
/** The grid's side before the card is laid out. */
const FIRST_SIDE = 264;

/**
 * The grid's side (CSS px) in a column `width` wide: whole pixels a cell, so every cell is crisp
 * and the grid fills its side; 3 to 7 px a cell, and at most 4 in a narrow column, where the
 * card's height matters more than the cells' size.
 */
export function gridSide(width: number): number {
  const most = width < 400 ? 4 : 7;
  const step = Math.max(3, Math.min(most, Math.floor((width - 2 * INSET) / 64)));
  return step * 64 + 2 * INSET;
}

/**
 * The card's theme: its colours (the host's `--ft-*` or the card's own), mixed as the page mixes
 * its own. Read from `palette`, a hidden element card.css paints in them: each --c-* colour is a
 * light-dark() pair, which only a property that takes a colour resolves (to rgb()) for the scheme
 * the card is in; the custom property's own text is the unresolved pair.
 */
function cardTheme(palette: Element): BandTheme {
  const style = getComputedStyle(palette);
  const read = {
    surface: style.backgroundColor,
    fg: style.color,
    border: style.borderTopColor,
    accent: style.borderRightColor,
    focus: style.borderBottomColor,
    warn: style.borderBottomColor,
  } as const;
  return bandTheme((colour) => read[colour]);
}

/** A small canvas filled with one colour: a legend's swatch (no style attribute: a host's CSP may refuse them). */
function swatch(): HTMLCanvasElement {
  return h('canvas', { width: 12, height: 12, class: 'ft-swatch', 'aria-hidden': 'true' });
}

function paintSwatch(canvas: HTMLCanvasElement, from: string, to = from): void {
  const context = canvas.getContext('2d');
  if (context === null) return;
  context.fillStyle = from;
  context.fillRect(0, 0, 12, 12);
  context.fillStyle = to;
  context.fillRect(6, 0, 6, 12);
}

export const bandCard: CardFactory = ({ state, changed }) => {
  const cells = h('canvas', { width: FIRST_SIDE, height: FIRST_SIDE, class: 'ft-grid', role: 'img', part: 'grid' });
  const rings = h('canvas', { width: FIRST_SIDE, height: FIRST_SIDE, class: 'ft-grid-rings', 'aria-hidden': 'true' });
  const callout = h('p', { class: 'ft-ceiling-callout', 'data-testid': 'band-callout', 'aria-hidden': 'true' });
  const palette = h('span', { class: 'ft-palette', 'aria-hidden': 'true' });
  const grid = h('div', { class: 'ft-grid-box' }, cells, rings, callout, palette);
  const fireTime = slot('ft-value');
  const range = slot('ft-value ft-score');
  const used = slot('ft-value', { 'data-testid': 'band-used' });
  const ceiling = slot('ft-value', { 'data-testid': 'band-ceiling' });
  const ceilingList = h('p', { class: 'ft-hint' });
  const keys = { empty: swatch(), filled: swatch(), shared: swatch() };
  const sharedText = slot('', { 'data-testid': 'band-legend-shared' });
  const legend = h(
    'ul',
    { class: 'ft-legend', 'aria-label': 'Legend', part: 'legend' },
    h('li', {}, keys.empty, 'empty'),
    h('li', {}, keys.filled, 'a job, by arrival (first to latest)'),
    h('li', {}, keys.shared, sharedText),
  );
  const add = (count: number) => () => {
    if (count >= 1 && state.enqueue(Math.min(count, MAX_BATCH))) changed();
  };
  let band: BandRead | null = null;
  const inBand = () => band?.jobs ?? 0;
  const body = h(
    'div',
    { class: 'ft-band' },
    h(
      'div',
      { class: 'ft-actions' },
      button('Enqueue one job', add(1)),
      button(`Enqueue ${groupDigits(state.settings.batchSize)}`, () => add(state.settings.batchSize)()),
      button('Fill to the ceiling', () => add(BAND_SLOTS - inBand())()),
      button('Reset', () => {
        if (state.reset()) changed();
      }),
    ),
    grid,
    legend,
    h(
      'dl',
      { class: 'ft-figures' },
      figure('The millisecond', fireTime),
      figure('Its scores, floor to ceiling', range),
      figure('Slots used', used),
      figure('Jobs sharing the ceiling', ceiling, ceilingList),
    ),
  );

  let drawn: DrawnCells | null = null;
  let side = FIRST_SIDE;
  const draw = () => {
    if (band === null) return;
    const theme = cardTheme(palette);
    const saturated = band.ceilingMembers > 1;
    const fills = slotFills(groupBySlot(band.slots), arrivalRange(band.slots), theme, saturated);
    const dpr = Math.max(1, Math.round(globalThis.devicePixelRatio || 1));
    if (body.isConnected && body.clientWidth > 0) side = gridSide(body.clientWidth);
    const pixels = side * dpr;
    for (const canvas of [cells, rings]) {
      if (canvas.width !== pixels) {
        canvas.width = pixels;
        canvas.height = pixels;
        // Through the CSSOM, which a host's CSP allows (a style attribute in markup it may refuse).
        canvas.style.width = `${side}px`;
        canvas.style.height = `${side}px`;
        drawn = null;
      }
    }
    const layout = gridLayout(pixels, INSET * dpr);
    const context = cells.getContext('2d');
    const ringContext = rings.getContext('2d');
    if (context === null || ringContext === null) return;
    drawn = drawCells(context, layout, fills, drawn);
    // The ceiling's shared score: the slot ringed in the warning colour, so the pile-up cannot be missed.
    drawRings(ringContext, { layout, dpr, theme, newestSlot: null, active: saturated ? CEILING_SLOT : null });
    paintSwatch(keys.empty, theme.empty);
    paintSwatch(keys.filled, cssColor(theme.early), cssColor(theme.late));
    paintSwatch(keys.shared, theme.warn);
  };
  // The grid follows the column's width (gridSide), drawn in whole device pixels.
  if (typeof ResizeObserver !== 'undefined')
    new ResizeObserver(([entry]) => {
      if (entry !== undefined && gridSide(entry.contentRect.width) !== side) draw();
    }).observe(body);

  return {
    title: 'One millisecond, 4,096 slots',
    body,
    update() {
      const due = fireTimeOf(state.now(), state.settings.delay);
      const reader = state.session.bandReader;
      const arrivals = state.session.arrivals;
      band = readBand(reader, arrivals, due);
      const atCeiling = band.ceilingMembers;
      setText(fireTime, `${groupDigits(due)} ms`);
      setText(range, `${reader.scoreText(band.minScore)} to ${reader.scoreText(band.maxScore)}`);
      setText(used, `${groupDigits(band.slotsUsed)} of ${groupDigits(BAND_SLOTS)}`);
      setText(
        ceiling,
        atCeiling <= 1 ? (atCeiling === 1 ? '1 job (the band is full)' : 'none yet') : plural(atCeiling, 'job', 'jobs'),
      );
      setText(sharedText, atCeiling > 1 ? 'the ceiling: one score, many jobs' : 'a shared score (the ceiling, once full)');
      setText(callout, atCeiling > 1 ? `the ceiling ↑ ${plural(atCeiling, 'job', 'jobs')} on one score` : '');
      const tied = atCeiling > 1 ? reader.rangeByScore(band.maxScore, band.maxScore, CEILING_SHOWN) : [];
      setText(
        ceilingList,
        tied.length === 0
          ? 'Each job so far has a slot of its own.'
          : `Tied on one score, so member bytes order them: ${tied
              .map((entry) => `${printable(entry.member)} (#${arrivals.get(entry.member) ?? 0})`)
              .join(', ')}${atCeiling > tied.length ? ', …' : ''}`,
      );
      cells.setAttribute(
        'aria-label',
        `${groupDigits(band.slotsUsed)} of 4,096 slots of the millisecond ${groupDigits(due)} used${atCeiling > 1 ? `; ${plural(atCeiling, 'job shares', 'jobs share')} the ceiling` : ''}`,
      );
      draw();
    },
  };
};
