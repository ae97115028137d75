/**
 * What a card says where it cannot run (no JavaScript, a feed reader, print before the module
 * loads): its opening state's key numbers, as the card announces them, and the app's link to that
 * state. Computed from the same CardSession and summary the card uses, at build time (the embed
 * page's <noscript>, the package's React wrapper and its `firetime-cards/fallback`, the example
 * course page's elements), so the text never drifts from the model.
 */
import { CardSession } from './cardSession.ts';
import { CARD_NAMES, readCardOptions } from './options.ts';
import type { CardName } from './options.ts';
import { cardSummary } from './summary.ts';

export interface CardFallback {
  readonly card: CardName;
  /** The card's title as it shows it. */
  readonly title: string;
  /** The opening state's key numbers, one or two sentences. */
  readonly text: string;
  /** The full app in that state (`<appBase>#s=...`). */
  readonly link: string;
  /** What the card would note about its parameters (a value that does not parse, an unknown name). */
  readonly notes: readonly string[];
}

/** Each card's title, as the cards write it (kept here so the fallback needs no DOM). */
export const CARD_TITLES: Readonly<Record<CardName, string>> = {
  delay: 'One delay, two scores',
  collisions: 'Jobs due in the same millisecond',
  band: 'One millisecond, 4,096 slots',
  wake: 'When the worker wakes',
};

/**
 * The fallback of `card` opened with `params` (the attributes or query, as the card reads them:
 * a preset, a delay...); `appBase` starts the link. A card name or value the card would not take
 * is read as the card reads it (the default, and a note). A live clock's numbers would be stale by
 * the time anyone reads them, so the fallback is always the frozen instant's.
 */
export function cardFallback(card: string, appBase: string, params: Readonly<Record<string, string>> = {}): CardFallback {
  const get = (name: string) => (name === 'card' ? card : name === 'clock' ? 'frozen' : (params[name] ?? null));
  const { options, notes } = readCardOptions(get, Object.keys(params));
  const state = new CardSession(options, () => options.at);
  return {
    card: options.card,
    title: CARD_TITLES[options.card],
    text: cardSummary(options.card, state),
    link: state.link(appBase),
    notes,
  };
}

/** Every card's fallback in its default opening state. */
export function cardFallbacks(appBase: string): CardFallback[] {
  return CARD_NAMES.map((card) => cardFallback(card, appBase));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A card's fallback as the content of its <firetime-card> element: the opening numbers and the
 * link, inert HTML (the text escaped, the link only the app's address with its `#s=` state). The
 * element's Shadow DOM hides it once the card is defined; until then, and with no script, it is
 * what the reader sees.
 */
export function fallbackElementHtml(fallback: CardFallback): string {
  return `<p>${escapeHtml(fallback.text)}</p><a href="${escapeHtml(fallback.link)}">Open in firetime</a>`;
}

/** The content of `<firetime-card card=... app=... ...params>`, as fallbackElementHtml writes it. */
export function cardFallbackHtml(card: string, app: string, params: Readonly<Record<string, string>> = {}): string {
  return fallbackElementHtml(cardFallback(card, app, params));
}

/**
 * The embed page's <noscript> content. With no script the page cannot read which card its query
 * names, so it holds the four cards' opening numbers, each under the card's name as an id, with its
 * link to the app in that state: a frame whose address ends in the card's name (`#band`) shows that
 * card's alone (card.css, `:target`), any other shows the four. `appBase` is the app's address as
 * the page sees it (`../`).
 */
export function fallbackHtml(appBase: string): string {
  const items = cardFallbacks(appBase).map(
    (fallback) =>
      `<div id="${fallback.card}" data-card="${fallback.card}"><dt>${escapeHtml(fallback.title)}</dt><dd>${escapeHtml(fallback.text)} ` +
      `<a href="${escapeHtml(fallback.link)}" target="_blank" rel="noopener">Open in firetime</a></dd></div>`,
  );
  return (
    '<div class="ft-fallback" data-testid="card-fallback">' +
    '<p>This firetime card needs JavaScript. <span class="ft-fallback-all">What the cards show when they open, and the full app in that state:</span>' +
    '<span class="ft-fallback-one">What it shows when it opens, and the full app in that state:</span></p>' +
    `<dl>${items.join('')}</dl></div>`
  );
}
