/**
 * The frame every card shares: its title, the card, the notes on ignored options, the result of
 * the last action (announced), and the link to the full app with the card's state. Used by the
 * embed page and by <firetime-card>. New options restyle the card in place and keep the reader's
 * jobs; only a new opening state (preset or scenario) starts the card again, and then it says so.
 */
import { queueNames } from '../session/view/names.ts';
import { CardSession } from './cardSession.ts';
import type { CardState } from './cardSession.ts';
import { bandCard } from './cards/bandCard.ts';
import type { CardFactory, CardView } from './cards/card.ts';
import { collisionsCard } from './cards/collisionsCard.ts';
import { delayCard } from './cards/delayCard.ts';
import { wakeCard } from './cards/wakeCard.ts';
import { h, heading, replaceChildren, setText } from './dom.ts';
import type { CardOptions, ReadOptions } from './options.ts';
import { liveClock } from './liveClock.ts';
import { cardSummary } from './summary.ts';

const CARDS = {
  delay: delayCard,
  collisions: collisionsCard,
  band: bandCard,
  wake: wakeCard,
} as const satisfies Record<CardOptions['card'], CardFactory>;

/** A mounted card: its root element, its state, and how to change or take it down. */
export interface MountedCard {
  readonly element: HTMLElement;
  readonly state: CardSession;
  /** New options (an attribute changed): restyled or retuned in place, or started again. */
  update(read: ReadOptions, appBase: string): void;
  /** Stops its clock's ticks (the card stays as it is). */
  pause(): void;
  /** Ticks again (a live clock), after pause. */
  resume(): void;
  destroy(): void;
}

export interface MountHooks {
  /** Called after every change of the card's state (an action, a retune, a start), with that state. */
  readonly onChange?: (state: CardState) => void;
  /** The machine's clock (tests pass their own). */
  readonly clock?: () => number;
}

/**
 * Whether new options open the card in another state (so they must start it again): a new scenario,
 * or a new preset of the same card (another card keeps the state: every card reads the same sets).
 */
function newOpening(before: CardOptions, after: CardOptions): boolean {
  return before.scenario !== after.scenario || (before.card === after.card && before.preset !== after.preset);
}

/**
 * Builds the card `read.options.card` into `parent`. `appBase` is the full app's address (the
 * link's start); a live clock rewrites the card each second while it is on screen.
 */
export function mountCard(parent: Node, read: ReadOptions, appBase: string, hooks: MountHooks = {}): MountedCard {
  let options = read.options;
  let base = appBase;
  let state = new CardSession(options, hooks.clock);
  let restartNote: string | null = null;
  const element = h('article', { class: 'ft-card', part: 'card' });
  const open = h('a', { class: 'ft-open', target: '_blank', rel: 'noopener', part: 'link' }, 'Open in firetime');
  // Announced after each action: the card's key numbers, as a screen reader's user needs them.
  // Read out, not shown: the card's figures already show the same numbers to a sighted reader.
  const status = h('p', { class: 'ft-visually-hidden', role: 'status', 'data-testid': 'card-status' });
  let view: CardView | null = null;
  let announce = false;

  const changed = () => {
    view?.update();
    open.setAttribute('href', state.link(base));
    if (announce) setText(status, cardSummary(options.card, state));
    hooks.onChange?.(state.state(options.card, base));
  };
  const act = () => {
    announce = true;
    changed();
  };

  const build = (notes: readonly string[]) => {
    view = CARDS[options.card]({
      state,
      options,
      names: queueNames(options.names),
      subLevel: options.headingLevel + 1,
      changed: act,
    });
    const allNotes = [...notes, ...(state.note === null ? [] : [state.note]), ...(restartNote === null ? [] : [restartNote])];
    const notesList =
      allNotes.length === 0
        ? null
        : h(
            'ul',
            { class: 'ft-notes', 'data-testid': 'card-notes', 'aria-label': 'Options the card ignored', part: 'notes' },
            ...allNotes.map((note) => h('li', {}, note)),
          );
    element.setAttribute('data-card', options.card);
    element.setAttribute('data-theme', options.theme);
    element.setAttribute('data-testid', `card-${options.card}`);
    element.toggleAttribute('data-inherit-font', options.inheritFont);
    replaceChildren(
      element,
      heading(options.headingLevel, { class: 'ft-title', part: 'title' }, view.title),
      notesList,
      view.body,
      status,
      h('p', { class: 'ft-footer' }, open, h('span', { class: 'ft-hint' }, ' the full app, in this state')),
    );
    changed();
  };

  parent.appendChild(element);
  build(read.notes);

  let ticking = false;
  const tick = () => view?.update();
  const clockOn = () => {
    if (!ticking && state.settings.clockMode === 'live') {
      ticking = true;
      liveClock.add(element, tick);
    }
  };
  const clockOff = () => {
    if (ticking) liveClock.remove(element);
    ticking = false;
  };
  clockOn();

  return {
    element,
    get state() {
      return state;
    },
    update(next, nextBase) {
      const before = options;
      options = next.options;
      base = nextBase;
      restartNote = null;
      if (newOpening(before, options) || (!state.touched && !lookOnly(before, options))) {
        if (state.touched) restartNote = 'The card started again: its preset or scenario changed.';
        state = new CardSession(options, hooks.clock);
      } else if (state.retune(before, options) === false) {
        restartNote = 'The card kept its jobs; a changed parameter was refused by the card (see the app for why).';
      }
      clockOff();
      build(next.notes);
      clockOn();
    },
    pause: clockOff,
    resume: clockOn,
    destroy() {
      clockOff();
      element.remove();
    },
  };
}

/** Only the look changed (theme, names, heading level, font): the state stays as it is. */
function lookOnly(before: CardOptions, after: CardOptions): boolean {
  return (
    before.card === after.card &&
    before.delay === after.delay &&
    before.n === after.n &&
    before.idStyle === after.idStyle &&
    before.idPrefix === after.idPrefix &&
    before.clock === after.clock &&
    before.at === after.at
  );
}
