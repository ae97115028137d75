import type { CardSession } from '../cardSession.ts';
import type { CardOptions } from '../options.ts';

/** One card's content inside the frame (title, notes and the link are the frame's). */
export interface CardView {
  readonly title: string;
  readonly body: HTMLElement;
  /** Rewrites what the state changed (after an action, or each second for a live clock). */
  update(): void;
}

/** Builds a card over its state; `changed` tells the frame an action changed it (the link follows). */
export type CardFactory = (state: CardSession, options: CardOptions, changed: () => void) => CardView;

/** An instant as the app prints it: ISO 8601 in UTC. */
export function iso(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? `${ms} ms` : date.toISOString();
}
