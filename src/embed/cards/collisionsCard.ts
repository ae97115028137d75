/**
 * `collisions`: N jobs in one millisecond, into the textbook set and the band set side by side.
 * On the textbook side they tie on one score and Redis falls back to member order (bytes: "10"
 * before "2"); on the band side each takes the next slot and arrival order is kept. The rows, their
 * due-order marks and the counts are the view model's (the page's set lists read the same).
 */
import { groupDigits, plural } from '../../model/format.ts';
import { decodeScore } from '../../model/protocol/score.ts';
import { printable } from '../../model/printable.ts';
import { parseBatchSize } from '../../session/input.ts';
import type { DueOrder } from '../../session/dueOrderTracker.ts';
import type { SetReader } from '../../session/setReader.ts';
import { bandFloor, dueOrderBadge, snapshotOf, textbookFloor } from '../../session/view/setRows.ts';
import type { FireTimeFloor } from '../../session/view/setRows.ts';
import { button, h, heading, replaceChildren, setText, slot, uniqueId } from '../dom.ts';
import type { CardFactory } from './card.ts';

/** Rows shown per set; the rest are counted. */
const SHOWN_ROWS = 12;

interface SetColumn {
  readonly element: HTMLElement;
  update(arrivals: ReadonlyMap<string, number>): void;
}

interface SetSide {
  readonly title: string;
  readonly command: string;
  readonly testId: string;
  readonly reader: () => SetReader;
  readonly order: () => DueOrder;
  readonly floorOf: FireTimeFloor;
  readonly bandSide: boolean;
}

function setColumn(side: SetSide, level: number): SetColumn {
  const { title, command, testId } = side;
  const badge = slot('ft-badge', { 'data-testid': `${testId}-badge`, part: 'badge' });
  const size = slot('ft-hint');
  const list = h('ol', { class: 'ft-rows', 'aria-label': `${title} in set order` });
  const more = h('p', { class: 'ft-hint' });
  const element = h(
    'section',
    { class: 'ft-set', 'data-testid': testId, 'aria-label': title },
    heading(level, {}, title),
    h('p', { class: 'ft-command' }, command),
    h('p', {}, badge, ' ', size),
    list,
    more,
  );
  return {
    element,
    update(arrivals) {
      const set = side.reader();
      const snapshot = snapshotOf(set, arrivals, side.order(), side.floorOf, 0);
      const rows = snapshot.readRows(0, SHOWN_ROWS - 1);
      const shown = dueOrderBadge(snapshot.size, snapshot.outOfOrderPairs);
      setText(badge, shown.text);
      badge.setAttribute('data-state', shown.state);
      setText(size, plural(snapshot.size, 'member', 'members'));
      replaceChildren(
        list,
        ...rows.map((row, index) =>
          h(
            'li',
            { 'data-arrival': row.arrival ?? 0, 'data-out-of-order': row.outOfOrder ? 'true' : null },
            h('span', { class: 'ft-member' }, printable(row.member)),
            h(
              'span',
              { class: 'ft-arrival' },
              row.outOfOrder ? h('span', { class: 'ft-mark', 'aria-hidden': 'true' }, '⇅ ') : null,
              row.outOfOrder ? h('span', { class: 'ft-visually-hidden' }, 'out of due order, arrival ') : null,
              `#${row.arrival ?? 0}`,
            ),
            side.bandSide
              ? h('span', { class: 'ft-slot' }, `slot ${groupDigits(decodeScore(set.score(row.member) ?? 0).slot)}`)
              : // The textbook's score is the same for a whole batch: written where it changes.
                index === 0 || rows[index - 1]!.scoreText !== row.scoreText
                ? h('span', { class: 'ft-slot' }, row.scoreText)
                : null,
          ),
        ),
      );
      setText(more, snapshot.size > rows.length ? `and ${plural(snapshot.size - rows.length, 'more', 'more')}` : '');
    },
  };
}

export const collisionsCard: CardFactory = ({ state, names, subLevel, changed }) => {
  const nId = uniqueId('n');
  const nMessageId = uniqueId('n-message');
  const nField = h('input', {
    id: nId,
    type: 'text',
    inputmode: 'numeric',
    class: 'ft-field ft-field-short',
    value: state.settings.batchSize,
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
    {
      title: 'Textbook set',
      command: 'ZADD key <fire-time> <id>',
      testId: 'textbook-set',
      reader: () => state.session.textbookReader,
      order: () => state.session.textbookOrder,
      floorOf: textbookFloor,
      bandSide: false,
    },
    subLevel,
  );
  const band = setColumn(
    {
      title: 'Band set',
      command: `${names.addScript}: fire-time × 0x1000 + k`,
      testId: 'band-set',
      reader: () => state.session.bandReader,
      order: () => state.session.bandOrder,
      floorOf: bandFloor,
      bandSide: true,
    },
    subLevel,
  );
  const note = h('p', { class: 'ft-field-message' });
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
      'Textbook: one score for all, so ties fall back to member order, byte by byte (⇅: away from its due place). Band: each job takes the next slot, so arrival order is kept.',
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
