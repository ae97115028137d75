import { cardFallbackHtml } from 'firetime-cards/fallback';
import type { Plugin } from 'vite';

/** The full app's address: where "Open in firetime" goes. */
const app = 'https://firetime.example/';

/** Writes each `<!-- firetime-card band -->` of index.html as that card's opening numbers and link. */
export const firetimeFallback: Plugin = {
  name: 'firetime-fallback',
  transformIndexHtml: (html) => html.replace(/<!-- firetime-card (\w+) -->/g, (_, card: string) => cardFallbackHtml(card, app)),
};
