/**
 * What a card says where it cannot run (no JavaScript, a feed reader, print before the module
 * loads): its opening state's key numbers, as the card announces them, and the app's link to that
 * state. Computed from the same CardSession and summary the card uses, at build time (the embed
 * page's <noscript>, the package's React wrapper), so the text never drifts from the model.
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
 * a preset, a delay...); `appBase` starts the link. A live clock's numbers would be stale by the
 * time anyone reads them, so the fallback is always the frozen instant's.
 */
export function cardFallback(card: CardName, appBase: string, params: Readonly<Record<string, string>> = {}): CardFallback {
  const get = (name: string) => (name === 'card' ? card : name === 'clock' ? 'frozen' : (params[name] ?? null));
  const { options } = readCardOptions(get);
  const state = new CardSession(options, () => options.at);
  return { card, title: CARD_TITLES[card], text: cardSummary(card, state), link: state.link(appBase) };
}

/** Every card's fallback in its default opening state. */
export function cardFallbacks(appBase: string): CardFallback[] {
  return CARD_NAMES.map((card) => cardFallback(card, appBase));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The embed page's <noscript> content: one frame shows one card, but with no script the page
 * cannot read which one its address names, so it lists the four cards' opening numbers, each with
 * its link to the app in that state. `appBase` is the app's address as the page sees it (`../`).
 */
export function fallbackHtml(appBase: string): string {
  const items = cardFallbacks(appBase).map(
    (fallback) =>
      `<dt>${escapeHtml(fallback.title)}</dt><dd data-card="${fallback.card}">${escapeHtml(fallback.text)} ` +
      `<a href="${escapeHtml(fallback.link)}" target="_blank" rel="noopener">Open in firetime</a></dd>`,
  );
  return (
    '<div class="ft-fallback" data-testid="card-fallback">' +
    '<p>This firetime card needs JavaScript. What the cards show when they open, and the full app in that state:</p>' +
    `<dl>${items.join('')}</dl></div>`
  );
}
