/**
 * `band`: the 4,096 slots of one millisecond as a 64 x 64 grid, filling as jobs bump in. Past the
 * last slot every further job shares the ceiling score, and Redis orders those by member bytes.
 */
import { groupDigits, plural } from '../../model/format.ts';
import { BAND_SLOTS, bandOf, fireTimeOf } from '../../model/protocol/score.ts';
import { MAX_BATCH } from '../../session/input.ts';
import { button, figure, h, setText, slot } from '../dom.ts';
import type { CardFactory } from './card.ts';
import { iso } from './card.ts';

const SIDE = 64;
/** Pixels a cell in the canvas bitmap (CSS scales the canvas to the column). */
const CELL = 4;
/** Members at the ceiling listed, in set order. */
const CEILING_SHOWN = 6;

/** The card's colours, read from its stylesheet's custom properties (the theme decides them). */
function colours(element: Element): { empty: string; early: string; late: string; ceiling: string } {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    empty: read('--ft-cell-empty', '#e8e8ee'),
    early: read('--ft-cell-early', '#4f7cff'),
    late: read('--ft-cell-late', '#17b890'),
    ceiling: read('--ft-warn', '#c2410c'),
  };
}

export const bandCard: CardFactory = (state, options, changed) => {
  const canvas = h('canvas', { width: SIDE * CELL, height: SIDE * CELL, class: 'ft-grid', role: 'img' });
  const fireTime = slot('ft-value');
  const fireTimeIso = slot('ft-hint');
  const range = slot('ft-value ft-score');
  const used = slot('ft-value', { 'data-testid': 'band-used' });
  const ceiling = slot('ft-value', { 'data-testid': 'band-ceiling' });
  const ceilingList = h('p', { class: 'ft-hint' });
  const add = (count: number) => () => {
    if (count >= 1 && state.enqueue(Math.min(count, MAX_BATCH))) changed();
  };
  const inBand = () => {
    const band = bandOf(fireTimeOf(state.now(), state.settings.delay));
    return state.session.bandReader.count(band.minScore, band.maxScore);
  };
  const body = h(
    'div',
    { class: 'ft-band' },
    h(
      'div',
      { class: 'ft-actions' },
      button('Enqueue one job', add(1)),
      button(`Enqueue ${groupDigits(options.n)}`, add(options.n)),
      button('Fill to the ceiling', () => add(BAND_SLOTS - inBand())()),
      button('Reset', () => {
        if (state.reset()) changed();
      }),
    ),
    canvas,
    h(
      'dl',
      { class: 'ft-figures' },
      figure('The millisecond', fireTime, fireTimeIso),
      figure('Its scores, floor to ceiling', range),
      figure('Slots used', used),
      figure('Jobs sharing the ceiling', ceiling, ceilingList),
    ),
  );

  const draw = (minScore: number, entries: ReadonlyArray<{ score: number; arrival: number }>, shared: number) => {
    const context = canvas.getContext('2d');
    if (context === null) return;
    const c = colours(body);
    context.fillStyle = c.empty;
    context.fillRect(0, 0, canvas.width, canvas.height);
    const first = entries[0]?.arrival ?? 0;
    const last = entries.at(-1)?.arrival ?? 0;
    for (const entry of entries) {
      const k = entry.score - minScore;
      // Early arrivals one colour, late ones the other: the fill runs in arrival order, slot by slot.
      context.fillStyle = last > first && entry.arrival - first > (last - first) / 2 ? c.late : c.early;
      context.fillRect((k % SIDE) * CELL, Math.floor(k / SIDE) * CELL, CELL - 1, CELL - 1);
    }
    if (shared > 1) {
      context.strokeStyle = c.ceiling;
      context.lineWidth = 2;
      context.strokeRect((SIDE - 1) * CELL - 2, (SIDE - 1) * CELL - 2, CELL + 3, CELL + 3);
    }
  };

  return {
    title: 'One millisecond, 4,096 slots',
    body,
    update() {
      const due = fireTimeOf(state.now(), state.settings.delay);
      const band = bandOf(due);
      const reader = state.session.bandReader;
      const arrivals = state.session.arrivals;
      const entries = reader.rangeByScore(band.minScore, band.maxScore, BAND_SLOTS).map((entry) => ({
        score: entry.score,
        arrival: arrivals.get(entry.member) ?? 0,
      }));
      const atCeiling = reader.count(band.maxScore, band.maxScore);
      const distinct = reader.count(band.minScore, band.maxScore) - Math.max(0, atCeiling - 1);
      setText(fireTime, `${groupDigits(due)} ms`);
      setText(fireTimeIso, iso(due));
      setText(range, `${reader.scoreText(band.minScore)} to ${reader.scoreText(band.maxScore)}`);
      setText(used, `${groupDigits(distinct)} of ${groupDigits(BAND_SLOTS)}`);
      setText(
        ceiling,
        atCeiling <= 1 ? (atCeiling === 1 ? '1 job (the band is full)' : 'none yet') : plural(atCeiling, 'job', 'jobs'),
      );
      const tied = atCeiling > 1 ? reader.rangeByScore(band.maxScore, band.maxScore, CEILING_SHOWN) : [];
      setText(
        ceilingList,
        tied.length === 0
          ? 'Each job so far has a slot of its own.'
          : `They tie on score ${reader.scoreText(band.maxScore)}, so member bytes order them: ${tied
              .map((entry) => `${entry.member} (#${arrivals.get(entry.member) ?? 0})`)
              .join(', ')}${atCeiling > tied.length ? ', …' : ''}`,
      );
      canvas.setAttribute(
        'aria-label',
        `${groupDigits(distinct)} of 4,096 slots of the millisecond ${groupDigits(due)} used${atCeiling > 1 ? `; ${plural(atCeiling, 'job shares', 'jobs share')} the ceiling` : ''}`,
      );
      draw(band.minScore, entries, atCeiling);
    },
  };
};
