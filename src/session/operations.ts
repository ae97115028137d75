/**
 * The scenario as data: the settings it starts from and the operations performed, each with every
 * input it needs (the instant a live clock read, the uuid seed), so replaying it is deterministic.
 */
import type { IdStyle } from './jobIds.ts';

export type ClockMode = 'live' | 'frozen';
export type TextbookUnit = 's' | 'ms';

/** The controls' values. */
export interface Settings {
  readonly delay: number;
  readonly textbookUnit: TextbookUnit;
  readonly clockMode: ClockMode;
  /** The frozen clock's instant (ms); kept while live, used again when frozen without an instant. */
  readonly frozenAt: number;
  readonly idStyle: IdStyle;
  readonly idPrefix: string;
  readonly batchSize: number;
}

/** One thing the user did. Enqueue and promote carry the instant the clock read. */
export type Operation =
  | { readonly kind: 'delay'; readonly delay: number }
  | { readonly kind: 'unit'; readonly unit: TextbookUnit }
  | { readonly kind: 'live' }
  | { readonly kind: 'freeze'; readonly at: number }
  | { readonly kind: 'idStyle'; readonly style: IdStyle }
  | { readonly kind: 'prefix'; readonly prefix: string }
  | { readonly kind: 'batch'; readonly size: number }
  | { readonly kind: 'enqueue'; readonly count: number; readonly at: number }
  | { readonly kind: 'promote'; readonly at: number }
  | { readonly kind: 'reset' };

/**
 * What readers of a scenario's operations use: a ReadonlyArray, or the OperationLog the page's
 * store appends to (operationLog.ts). Read by index (`at`), iteration, `length` and `slice`.
 */
export interface OperationList extends Iterable<Operation> {
  readonly length: number;
  at(index: number): Operation | undefined;
  /** A copy of entries start..end-1, as Array.prototype.slice. */
  slice(start?: number, end?: number): Operation[];
}

/** Everything that rebuilds a state: the seed of the uuid ids, the starting settings, the operations. */
export interface Scenario {
  readonly seed: number;
  readonly initial: Settings;
  readonly operations: OperationList;
}

/**
 * What a visitor's fresh page (no `#s=` link) starts with over defaultSettings: plain number ids and
 * N = 12, so the first "same millisecond" enqueue already shows the point ("10", "11" and "12" sort
 * before "2" in the textbook set; the band set keeps arrival order). A link writes every setting,
 * so these never change what a link opens (scenarioCodec's START reads the ones a link leaves out).
 */
export const FRESH_PAGE_DEFAULTS: PageDefaults = { idStyle: 'N', batchSize: 12 };

/** The settings a page may start with other than defaultSettings'. */
export type PageDefaults = Partial<Pick<Settings, 'idStyle' | 'batchSize'>>;

/** The settings before anyone touches them (the clock frozen at `frozenAt` or live): the model's baseline, which tests and replays start from. */
export function defaultSettings(frozenAt: number, clockMode: ClockMode = 'live'): Settings {
  return { delay: 5000, textbookUnit: 's', clockMode, frozenAt, idStyle: 'job:N', idPrefix: 'order-', batchSize: 3 };
}
