/**
 * The frame every card shares: its title, the card, the notes on ignored options, and the link to
 * the full app with the card's state. Used by the embed page and by <firetime-card>.
 */
import { CardSession } from './cardSession.ts';
import { bandCard } from './cards/bandCard.ts';
import type { CardFactory } from './cards/card.ts';
import { collisionsCard } from './cards/collisionsCard.ts';
import { delayCard } from './cards/delayCard.ts';
import { wakeCard } from './cards/wakeCard.ts';
import { h } from './dom.ts';
import type { CardName, ReadOptions } from './options.ts';

const CARDS: Readonly<Record<CardName, CardFactory>> = {
  delay: delayCard,
  collisions: collisionsCard,
  band: bandCard,
  wake: wakeCard,
};

/** A mounted card: its root element, and how to take it down (stops a live clock's tick). */
export interface MountedCard {
  readonly element: HTMLElement;
  readonly state: CardSession;
  destroy(): void;
}

/**
 * Builds the card `read.options.card` into `parent`. `appBase` is the full app's address (the
 * link's start); a live clock rewrites the card each second.
 */
export function mountCard(parent: Node, read: ReadOptions, appBase: string): MountedCard {
  const { options, notes } = read;
  const state = new CardSession(options);
  const open = h('a', { class: 'ft-open', target: '_blank', rel: 'noopener' }, 'Open in firetime');
  let view: ReturnType<CardFactory> | null = null;
  const changed = () => {
    view?.update();
    open.setAttribute('href', state.link(appBase));
  };
  view = CARDS[options.card](state, options, changed);
  const notesList =
    notes.length === 0
      ? null
      : h(
          'ul',
          { class: 'ft-notes', 'data-testid': 'card-notes', 'aria-label': 'Options the card ignored' },
          ...notes.map((note) => h('li', {}, note)),
        );
  const element = h(
    'article',
    { class: 'ft-card', 'data-card': options.card, 'data-theme': options.theme, 'data-testid': `card-${options.card}` },
    h('h2', { class: 'ft-title' }, view.title),
    notesList,
    view.body,
    h('p', { class: 'ft-footer' }, open, h('span', { class: 'ft-hint' }, ' the full app, in this state')),
  );
  parent.appendChild(element);
  changed();
  const timer = options.clock === 'live' ? setInterval(() => view?.update(), 1000) : null;
  return {
    element,
    state,
    destroy() {
      if (timer !== null) clearInterval(timer);
      element.remove();
    },
  };
}

/** The card's title, for a frame's title attribute. */
export function cardTitle(card: CardName): string {
  return `firetime: the ${card} card`;
}
