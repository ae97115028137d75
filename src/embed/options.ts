/**
 * What a card is told by its address (`embed/?card=delay&delay=5000`) or by its element's
 * attributes (`<firetime-card card="delay" delay="5000">`): the same names, read by the same
 * parsers as the app's fields (src/session/input.ts). A value that does not parse is left out and
 * named in a note the card shows; the card then uses its default, so a typo never blanks a frame.
 */
import { printable } from '../model/printable.ts';
import { parseBatchSize, parseClock, parseDelay, parseIdPrefix } from '../session/input.ts';
import type { IdStyle } from '../session/jobIds.ts';
import { QUEUE_LIBRARIES } from '../session/view/names.ts';
import type { QueueLibrary } from '../session/view/names.ts';

/** The cards, in the order the lesson meets them. */
export const CARD_NAMES = ['delay', 'collisions', 'band', 'wake'] as const;
export type CardName = (typeof CARD_NAMES)[number];

/** The names an author may set (query parameters and attributes alike). */
export const OPTION_NAMES = [
  'card',
  'preset',
  'scenario',
  'delay',
  'n',
  'ids',
  'clock',
  'at',
  'theme',
  'names',
  'heading-level',
  'font',
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];

/** The options that change only how the card looks or what it calls things: changed, they keep the reader's jobs as they are. */
export const LOOK_OPTIONS: ReadonlySet<string> = new Set(['theme', 'names', 'heading-level', 'font']);

export type Theme = 'light' | 'dark' | 'auto';

/**
 * The state a card opens in, per card. `empty` opens with no job; the others open with the jobs
 * that make the card's point already in, so a reader who only skims (or prints) sees it.
 */
export const PRESETS: Readonly<Record<CardName, readonly string[]>> = {
  delay: ['empty', 'bumped'],
  collisions: ['ties', 'empty'],
  band: ['ceiling', 'half', 'empty'],
  wake: ['before-wake', 'empty'],
};

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
  /** The card's opening state: one of PRESETS[card] (the first is the default). */
  readonly preset: string;
  /** An app scenario (`#s=` code) the card opens in instead of a preset; null when none. */
  readonly scenario: string | null;
  readonly names: QueueLibrary;
  /** The level of the card's title (2 to 6); its set titles are one below. */
  readonly headingLevel: number;
  /** The card takes its text font from the host page. */
  readonly inheritFont: boolean;
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

/** Edit distance, for "did you mean" (names are short: a plain table). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The note for a parameter or attribute the cards do not know (a typo such as `dealy`). */
export function unknownNote(name: string, known: readonly string[] = OPTION_NAMES): string {
  const shown = printable(name.slice(0, 40), '');
  const near = known.find((option) => distance(option, name.toLowerCase()) <= 2);
  return `Ignored ${shown}: not a parameter of the cards${near === undefined ? '' : ` (did you mean ${near}?)`}.`;
}

/**
 * Reads the card's options; `get` gives a parameter's raw text, or null when it is not set.
 * `given` lists every name the author set, so the ones the cards do not know are noted too.
 */
export function readCardOptions(get: (name: string) => string | null, given: readonly string[] = []): ReadOptions {
  const notes: string[] = [];
  const ignore = (name: string, raw: string, why: string) =>
    notes.push(`Ignored ${name}="${printable(raw.slice(0, 40), '')}": ${why.replace(/\.$/, '')}.`);
  for (const name of given) if (!(OPTION_NAMES as readonly string[]).includes(name.toLowerCase())) notes.push(unknownNote(name));

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

  let preset = PRESETS[card][0]!;
  const presetText = get('preset');
  if (presetText !== null) {
    const value = presetText.trim().toLowerCase();
    if (PRESETS[card].includes(value)) preset = value;
    else ignore('preset', presetText, `the ${card} card's presets are ${PRESETS[card].join(', ')}`);
  }

  const scenarioText = get('scenario');
  // The app's own codec reads it when the card starts; here only its shape is checked.
  const scenario = scenarioText === null || scenarioText.trim() === '' ? null : scenarioText.trim().replace(/^#?s=/, '');

  let names: QueueLibrary = 'bullmq';
  const namesText = get('names');
  if (namesText !== null) {
    const value = namesText.trim().toLowerCase();
    const named = QUEUE_LIBRARIES.find((library) => library === value);
    if (named === undefined) ignore('names', namesText, `use ${QUEUE_LIBRARIES.join(' or ')}`);
    else names = named;
  }

  let headingLevel = 2;
  const levelText = get('heading-level');
  if (levelText !== null) {
    const value = Number(levelText.trim());
    if (Number.isInteger(value) && value >= 2 && value <= 5) headingLevel = value;
    else ignore('heading-level', levelText, 'use 2 to 5 (the sets inside take the level below)');
  }

  let inheritFont = false;
  const fontText = get('font');
  if (fontText !== null) {
    const value = fontText.trim().toLowerCase();
    if (value === 'inherit' || value === 'card') inheritFont = value === 'inherit';
    else ignore('font', fontText, "use inherit (the page's font) or card");
  }

  return {
    options: { card, delay, n, idStyle, idPrefix, clock, at, theme, preset, scenario, names, headingLevel, inheritFont },
    notes,
  };
}
