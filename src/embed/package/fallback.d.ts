/**
 * The types of `firetime-cards/fallback`: a card's static fallback for an author's build (Node).
 */
/**
 * The HTML to write inside `<firetime-card card=... app=...>` (or a <noscript>): `card`'s opening
 * numbers for `params` (the element's other attributes: `preset`, `delay`...) and the link to the
 * full app in that state. Throws on an app address that is not http(s) and on a parameter the card
 * would not take, and on a card name that is not one of `delay`, `collisions`, `band`, `wake`
 * (read from the page's markup, the name is a string; a typo fails the build).
 */
export declare function cardFallbackHtml(card: string, app: string, params?: Readonly<Record<string, string>>): string;
