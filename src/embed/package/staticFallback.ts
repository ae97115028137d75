/**
 * `firetime-cards/fallback`: a card's static fallback for an author's build, in Node (no DOM):
 * the HTML to write inside a <firetime-card> element, or in a client-rendered site's <noscript>,
 * so a reader with no JavaScript (or a printer before the module runs) sees the card's opening
 * numbers and the link to the full app in that state. Computed by the cards' own model, for the
 * parameters given, so it never drifts from what the card shows. A build should fail loudly
 * rather than ship a fallback of the wrong card, so a parameter the card would only note (a typo,
 * a value that does not parse) or an app address that is not http(s) throws here.
 */
import { cardFallback, fallbackElementHtml } from '../fallback.ts';

export function cardFallbackHtml(card: string, app: string, params: Readonly<Record<string, string>> = {}): string {
  let url: URL | null;
  try {
    url = new URL(app);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error(`firetime-cards: app must be the full app's http(s) address, not "${app}"`);
  const fallback = cardFallback(card, url.href, params);
  if (fallback.notes.length > 0) throw new Error(`firetime-cards: ${fallback.notes.join(' ')}`);
  return fallbackElementHtml(fallback);
}
