/**
 * What a card is told by its address (`embed/?card=delay&delay=5000`) or by its element's
 * attributes (`<firetime-card card="delay" delay="5000">`): the same names, read by the same
 * parsers as the app's fields (src/session/input.ts). A value that does not parse is left out and
 * named in a note the card shows; the card then uses its default, so a typo never blanks a frame.
 */
import { printable } from '../model/printable.ts';
import { parseBatchSize, parseClock, parseDelay, parseIdPrefix } from '../session/input.ts';
import type { IdStyle } from '../session/jobIds.ts';

/** The cards, in the order the lesson meets them. */
export const CARD_NAMES = ['delay', 'collisions', 'band', 'wake'] as const;
export type CardName = (typeof CARD_NAMES)[number];

/** The names an author may set (query parameters and attributes alike). */
export const OPTION_NAMES = ['card', 'delay', 'n', 'ids', 'clock', 'at', 'theme'] as const;

export type Theme = 'light' | 'dark' | 'auto';

export interface CardOptions {
  readonly card: CardName;
  readonly delay: number;
  /** How many jobs "Enqueue N" adds at one timestamp (2 to 10,000). */
  readonly n: number;
  readonly idStyle: IdStyle;
  /** The prefix when idStyle is 'prefix'. */
  readonly idPrefix: string;
  readonly clock: 'frozen' | 'live';
  /** The frozen clock's instant (ms). */
  readonly at: number;
  readonly theme: Theme;
}

/**
 * The instant a frozen card's clock shows unless `at` says otherwise: fixed, so the numbers a lesson's
 * text quotes are the numbers the reader sees. 2026-12-01T09:00:00.000Z.
 */
export const DEFAULT_AT = Date.UTC(2026, 11, 1, 9, 0, 0, 0);

/** Per card: the batch size that makes its point (10 and over, plain ids tie-break "10" before "2"). */
const DEFAULT_N: Readonly<Record<CardName, number>> = { delay: 3, collisions: 12, band: 500, wake: 3 };
const DEFAULT_IDS: Readonly<Record<CardName, IdStyle>> = { delay: 'job:N', collisions: 'N', band: 'N', wake: 'job:N' };

/** The id styles `ids` names; any other value is a prefix of the author's. */
const NAMED_IDS: ReadonlyMap<string, IdStyle> = new Map([
  ['plain', 'N'],
  ['job', 'job:N'],
  ['uuid', 'uuid'],
]);

export interface ReadOptions {
  readonly options: CardOptions;
  /** One sentence per value that was ignored, naming it. */
  readonly notes: readonly string[];
}

/** Reads the card's options; `get` gives a parameter's raw text, or null when it is not set. */
export function readCardOptions(get: (name: string) => string | null): ReadOptions {
  const notes: string[] = [];
  const ignore = (name: string, raw: string, why: string) =>
    notes.push(`Ignored ${name}="${printable(raw.slice(0, 40), '')}": ${why.replace(/\.$/, '')}.`);

  const cardText = get('card');
  let card: CardName = 'delay';
  if (cardText !== null) {
    const named = CARD_NAMES.find((name) => name === cardText.trim().toLowerCase());
    if (named === undefined) ignore('card', cardText, `cards are ${CARD_NAMES.join(', ')}; showing delay`);
    else card = named;
  }

  let delay = 5000;
  const delayText = get('delay');
  if (delayText !== null) {
    const parsed = parseDelay(delayText);
    if (parsed.ok) delay = parsed.value;
    else ignore('delay', delayText, parsed.message);
  }

  let n = DEFAULT_N[card];
  const nText = get('n');
  if (nText !== null) {
    const parsed = parseBatchSize(nText);
    if (parsed.ok) n = parsed.value;
    else ignore('n', nText, parsed.message);
  }

  let idStyle = DEFAULT_IDS[card];
  let idPrefix = 'order-';
  const idsText = get('ids');
  if (idsText !== null) {
    const named = NAMED_IDS.get(idsText.trim().toLowerCase());
    if (named !== undefined) idStyle = named;
    else {
      const parsed = parseIdPrefix(idsText);
      if (parsed.ok) {
        idStyle = 'prefix';
        idPrefix = parsed.value;
      } else ignore('ids', idsText, `use plain, job, uuid or a prefix (${parsed.message.replace(/\.$/, '')})`);
    }
  }

  let clock: 'frozen' | 'live' = 'frozen';
  const clockText = get('clock');
  if (clockText !== null) {
    const value = clockText.trim().toLowerCase();
    if (value === 'frozen' || value === 'live') clock = value;
    else ignore('clock', clockText, 'use frozen or live');
  }

  let at = DEFAULT_AT;
  const atText = get('at');
  if (atText !== null) {
    const parsed = parseClock(atText);
    if (parsed.ok) at = parsed.value;
    else ignore('at', atText, parsed.message);
  }

  let theme: Theme = 'auto';
  const themeText = get('theme');
  if (themeText !== null) {
    const value = themeText.trim().toLowerCase();
    if (value === 'light' || value === 'dark' || value === 'auto') theme = value;
    else ignore('theme', themeText, 'use light, dark or auto');
  }

  return { options: { card, delay, n, idStyle, idPrefix, clock, at, theme }, notes };
}
