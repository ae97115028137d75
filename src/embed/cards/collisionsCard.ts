/**
 * `collisions`: N jobs in one millisecond, into the textbook set and the band set side by side.
 * On the textbook side they tie on one score and Redis falls back to member order (bytes: "10"
 * before "2"); on the band side each takes the next slot and arrival order is kept.
 */
import { groupDigits, plural } from '../../model/format.ts';
import { decodeScore } from '../../model/protocol/score.ts';
import { parseBatchSize } from '../../session/input.ts';
import type { SetReader } from '../../session/setReader.ts';
import { bandFireTime, outOfDueOrder, rowsOf, textbookFireTime } from '../cardSession.ts';
import { button, h, replaceChildren, setText, slot, uniqueId } from '../dom.ts';
import type { CardFactory } from './card.ts';

/** Rows shown per set; the rest are counted. */
const SHOWN_ROWS = 12;

interface SetColumn {
  readonly element: HTMLElement;
  update(arrivals: ReadonlyMap<string, number>): void;
}

function setColumn(
  title: string,
  command: string,
  testId: string,
  reader: () => SetReader,
  fireTimeOf: (score: number) => number,
  bandSide: boolean,
): SetColumn {
  const badge = slot('ft-badge', { 'data-testid': `${testId}-badge` });
  const size = slot('ft-hint');
  const list = h('ol', { class: 'ft-rows', 'aria-label': `${title} in set order` });
  const more = h('p', { class: 'ft-hint' });
  const element = h(
    'section',
    { class: 'ft-set', 'data-testid': testId, 'aria-label': title },
    h('h3', {}, title),
    h('p', { class: 'ft-command' }, command),
    h('p', {}, badge, ' ', size),
    list,
    more,
  );
  return {
    element,
    update(arrivals) {
      const set = reader();
      const rows = rowsOf(set, arrivals, SHOWN_ROWS);
      const wrong = outOfDueOrder(set, arrivals, fireTimeOf);
      setText(
        badge,
        set.size === 0 ? 'empty' : wrong === 0 ? 'in due order' : `${plural(wrong, 'pair', 'pairs')} out of due order`,
      );
      badge.setAttribute('data-state', set.size === 0 ? 'empty' : wrong === 0 ? 'ok' : 'warn');
      setText(size, plural(set.size, 'member', 'members'));
      replaceChildren(
        list,
        ...rows.map((row, index) =>
          h(
            'li',
            { 'data-arrival': row.arrival },
            h('span', { class: 'ft-member' }, row.member),
            h('span', { class: 'ft-arrival' }, `#${row.arrival}`),
            bandSide
              ? h('span', { class: 'ft-slot' }, `slot ${groupDigits(decodeScore(row.score).slot)}`)
              : // The textbook's score is the same for a whole batch: written where it changes.
                index === 0 || rows[index - 1]!.score !== row.score
                ? h('span', { class: 'ft-slot' }, row.scoreText)
                : null,
          ),
        ),
      );
      setText(more, set.size > rows.length ? `and ${plural(set.size - rows.length, 'more', 'more')}` : '');
    },
  };
}

export const collisionsCard: CardFactory = (state, options, changed) => {
  const nId = uniqueId('n');
  const nMessageId = uniqueId('n-message');
  const nField = h('input', {
    id: nId,
    type: 'text',
    inputmode: 'numeric',
    class: 'ft-field ft-field-short',
    value: options.n,
    'aria-describedby': nMessageId,
  });
  const nMessage = h('p', { id: nMessageId, class: 'ft-field-message', role: 'status' });
  const readN = (): number | null => {
    const parsed = parseBatchSize(nField.value);
    setText(nMessage, parsed.ok ? '' : parsed.message);
    if (parsed.ok) nField.removeAttribute('aria-invalid');
    else nField.setAttribute('aria-invalid', 'true');
    return parsed.ok ? parsed.value : null;
  };
  nField.addEventListener('input', () => readN());
  const enqueueN = button('Enqueue N in one millisecond', () => {
    const n = readN();
    if (n !== null && state.enqueue(n)) changed();
  });
  const textbook = setColumn(
    'Textbook set',
    'ZADD key <fire-time> <id>',
    'textbook-set',
    () => state.session.textbookReader,
    textbookFireTime,
    false,
  );
  const band = setColumn(
    'Band set',
    'addDelayedJob: fire-time × 0x1000 + k',
    'band-set',
    () => state.session.bandReader,
    bandFireTime,
    true,
  );
  const note = h('p', { class: 'ft-field-message', role: 'status' });
  const body = h(
    'div',
    { class: 'ft-collisions' },
    h('div', { class: 'ft-control-row' }, h('label', { for: nId }, 'N (jobs sharing one timestamp)'), nField),
    nMessage,
    h(
      'div',
      { class: 'ft-actions' },
      enqueueN,
      button('Enqueue one job', () => {
        if (state.enqueue(1)) changed();
      }),
      button('Reset', () => {
        if (state.reset()) changed();
      }),
    ),
    note,
    h('div', { class: 'ft-sets' }, textbook.element, band.element),
    h(
      'p',
      { class: 'ft-caption' },
      'Textbook: one score for all, so the tie falls back to member order, byte by byte. Band: each job takes the next slot of its millisecond, so arrival order is kept.',
    ),
  );
  return {
    title: 'Jobs due in the same millisecond',
    body,
    update() {
      const arrivals = state.session.arrivals;
      textbook.update(arrivals);
      band.update(arrivals);
      setText(note, state.session.enqueueError ?? '');
    },
  };
};
