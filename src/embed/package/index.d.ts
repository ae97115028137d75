/**
 * The types of the `firetime-cards` package's main module (the <firetime-card> custom element).
 * Written by hand for the package, and held to the element's own types by types.test.ts; the
 * card's code takes CardState from here, so that type has one definition.
 */

/** The cards, in the order the lesson meets them. */
export type CardName = 'delay' | 'collisions' | 'band' | 'wake';

/** The settings the card's scenario runs with (the app's). */
export interface CardSettings {
  readonly delay: number;
  readonly textbookUnit: 's' | 'ms';
  readonly clockMode: 'frozen' | 'live';
  readonly frozenAt: number;
  readonly idStyle: 'N' | 'job:N' | 'uuid' | 'prefix';
  readonly idPrefix: string;
  readonly batchSize: number;
}

/** The card's state: the `firetime:change` event's detail, and `element.cardState`. */
export interface CardState {
  readonly card: string;
  /** The full app's address in this state. */
  readonly link: string;
  readonly jobs: { readonly textbook: number; readonly band: number };
  /** Pairs of jobs each set lists against due order. */
  readonly outOfDueOrder: { readonly textbook: number; readonly band: number };
  readonly settings: CardSettings;
  /** The reader has changed the card since it opened. */
  readonly touched: boolean;
}

/** The element's attributes (each also a property, camelCase: `headingLevel`); docs/embed.md has the values. */
export interface FiretimeCardAttributes {
  card?: CardName;
  /** The card's opening state: delay `empty`|`bumped`; collisions `ties`|`empty`; band `ceiling`|`half`|`empty`; wake `before-wake`|`empty`. */
  preset?: string;
  /** An app scenario: the text after `#s=` in an app link. */
  scenario?: string;
  /** ms, 0 to 100 years. */
  delay?: string | number;
  /** Jobs per "Enqueue N", 2 to 10,000. */
  n?: string | number;
  /** `plain`, `job`, `uuid`, or a prefix of your own. */
  ids?: string;
  clock?: 'frozen' | 'live';
  /** The frozen instant: Unix ms or ISO 8601 with a zone. */
  at?: string | number;
  theme?: 'light' | 'dark' | 'auto';
  names?: 'bullmq' | 'echomq';
  'heading-level'?: string | number;
  font?: 'inherit' | 'card';
  /** The full app's http(s) address, for "Open in firetime" (required when the module is bundled or copied). */
  app?: string;
}

/** The name of the event the element dispatches after every change (bubbling, composed). */
export declare const CHANGE_EVENT: 'firetime:change';

export type FiretimeChangeEvent = CustomEvent<CardState>;

/** <firetime-card>: importing the module defines it. Each property reads and writes its attribute (null when unset). */
export declare class FiretimeCard extends HTMLElement {
  static readonly observedAttributes: readonly string[];
  card: string | null;
  preset: string | null;
  scenario: string | null;
  delay: string | number | null;
  n: string | number | null;
  ids: string | null;
  clock: string | null;
  at: string | number | null;
  theme: string | null;
  names: string | null;
  headingLevel: string | number | null;
  font: string | null;
  app: string | null;
  /** The card's state as the last `firetime:change` carried it; null before the card is built. */
  readonly cardState: CardState | null;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'firetime-card': FiretimeCard;
  }
  interface HTMLElementEventMap {
    'firetime:change': FiretimeChangeEvent;
  }
  // It bubbles out of the Shadow DOM (composed): a page may listen once, on the document.
  interface DocumentEventMap {
    'firetime:change': FiretimeChangeEvent;
  }
}
