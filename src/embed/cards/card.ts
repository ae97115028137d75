import type { QueueNames } from '../../session/view/names.ts';
import type { CardSession } from '../cardSession.ts';
import type { CardOptions } from '../options.ts';

/** One card's content inside the frame (title, notes and the link are the frame's). */
export interface CardView {
  readonly title: string;
  readonly body: HTMLElement;
  /** Rewrites what the state changed (after an action, or each second for a live clock). */
  update(): void;
}

/** What a card is built from: its state, its options, the words for its queue, its heading level. */
export interface CardContext {
  readonly state: CardSession;
  readonly options: CardOptions;
  readonly names: QueueNames;
  /** The level of the card's own sub-headings (the title's level + 1). */
  readonly subLevel: number;
  /** Tells the frame an action changed the state (the link follows, the result is announced). */
  readonly changed: () => void;
}

/** Builds a card over its state. */
export type CardFactory = (context: CardContext) => CardView;

/** An instant as the app prints it: ISO 8601 in UTC. */
export function iso(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? `${ms} ms` : date.toISOString();
}
