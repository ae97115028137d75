/**
 * The scenario in the URL: `#s=` followed by a short, versioned text that a person can read and edit.
 *
 *   1~<seed>~<settings>~<operations>        e.g.  1~k2x9a~d5000.us.f1796040000000.ij.xb3JkZXIt.b3~e1.e3.f1796040006000.p
 *
 * `1` is the format version; <seed> the uuid seed in base 36; <settings> the starting controls and
 * <operations> what was done, both as tokens joined by `.`:
 *   d<ms> delay · us / um textbook unit (s, ms) · L live clock · f<ms> clock frozen at an instant ·
 *   ij / in / iu / ip id style (job:N, N, uuid, prefix) · x<base64url of UTF-8> id prefix · b<n> N ·
 *   e<n>[@<ms>] enqueue n jobs · p[@<ms>] promote · r reset.
 * `@<ms>` is the instant a live clock read; it is left out when the clock was frozen (the instant
 * is then the frozen one). Values are checked with the fields' own parsers (input.ts).
 */
import type { Parsed } from './input.ts';
import { OperationLog } from './operationLog.ts';
import { ALL_KINDS, kindOf } from './operations/registry.ts';
import type { Operation, OperationList, Scenario, Settings } from './operations.ts';
import { costCounter } from './scenarioCost.ts';
import { SCALE_JOBS, SCALE_STEPS, scaleRefusal } from './scale.ts';
import type { ScenarioCost } from './scenarioCost.ts';

export { scenarioCost } from './scenarioCost.ts';
export type { ScenarioCost } from './scenarioCost.ts';

/** The format version written first. */
export const SCENARIO_VERSION = '1';
/** The URL hash key: `#s=...`. */
export const HASH_KEY = 's';
/** Refuse texts longer than this (browsers keep URLs up to about 2 MB). The URL writer keeps to it too. */
export const MAX_SCENARIO_CHARS = 2_000_000;
/** Refuse scenarios that would enqueue more jobs than this in total: the page's stated scale (scale.ts). */
export const MAX_SCENARIO_JOBS = SCALE_JOBS;
/**
 * Why a scenario of this many characters and jobs is over the limits above (what the decoder
 * refuses), or null when a link can hold it. The decoder and the URL writer both ask this.
 */
export function scenarioLimitError(chars: number, jobs: number, steps = 0): string | null {
  if (chars > MAX_SCENARIO_CHARS) return 'The scenario is too long.';
  return scaleRefusal('This link', jobs, steps);
}

function settingTokens(s: Settings): string[] {
  const tokens: string[] = [];
  for (const kind of ALL_KINDS) {
    const op = kind.fromSettings?.(s) ?? null;
    if (op !== null) tokens.push(tokenOf(op, null));
  }
  return tokens;
}

/** One operation's token; `frozen` is the clock's frozen instant before it (null when live), which an instant equal to it leaves out. */
function tokenOf(op: Operation, frozen: number | null): string {
  return kindOf(op).token.encode(op, frozen);
}

/** The text after `#s=`: the scenario in the format above. */
export function encodeScenario(scenario: Scenario): string {
  return new ScenarioEncoder().encode(scenario);
}

/**
 * encodeScenario and scenarioCost for a scenario that grows one operation at a time (the page's
 * URL while jobs are played): it keeps the text and the cost of the operations it encoded last
 * and, when the next scenario is the same one with operations appended (the same seed and
 * starting settings, and an OperationLog sharing those operations), encodes only the new ones.
 * Anything else (an undo, another scenario, a plain array) is encoded whole. Gives exactly what
 * encodeScenario and scenarioCost give (scenarioCodec.test.ts checks it).
 */
export class ScenarioEncoder {
  #seed = -1;
  #initial: Settings | null = null;
  #operations: OperationList | null = null;
  #head = '';
  /** The operations' tokens joined by `.` (appended to: V8 keeps it as a rope until it is read whole). */
  #steps = '';
  #frozen: number | null = null;
  #cost = costCounter(START);

  /** Operations encoded afresh by the last call (for tests and benchmarks: the tail, or all of them). */
  lastEncoded = 0;

  /** The text after `#s=` for `scenario` (encodeScenario's). */
  encode(scenario: Scenario): string {
    const ops = scenario.operations;
    const from = this.#extends(scenario) ? this.#operations!.length : this.#restart(scenario);
    for (let i = from; i < ops.length; i++) {
      const op = ops.at(i)!;
      this.#steps += i === 0 ? tokenOf(op, this.#frozen) : `.${tokenOf(op, this.#frozen)}`;
      this.#frozen = kindOf(op).frozenAfter(op, this.#frozen);
      this.#cost.add(op);
    }
    this.lastEncoded = ops.length - from;
    this.#operations = ops;
    return this.#head + this.#steps;
  }

  /** scenarioCost of the scenario encoded last. */
  get cost(): ScenarioCost {
    return this.#cost.total();
  }

  /** shareableScenario's answer, from the text and cost kept so far. */
  shareable(scenario: Scenario): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string } {
    const text = this.encode(scenario);
    const cost = this.#cost.total();
    const error = scenarioLimitError(text.length, cost.jobs, cost.steps);
    return error === null ? { ok: true, text } : { ok: false, message: error };
  }

  /** Whether `scenario` is the last one encoded with operations appended (and only appended). */
  #extends(scenario: Scenario): boolean {
    const last = this.#operations;
    return (
      last instanceof OperationLog &&
      scenario.seed === this.#seed &&
      scenario.initial === this.#initial &&
      scenario.operations.length >= last.length &&
      last.sharedPrefix(scenario.operations) === last.length
    );
  }

  /** Starts over for `scenario`; gives 0 (the first operation to encode). */
  #restart(scenario: Scenario): number {
    this.#seed = scenario.seed;
    this.#initial = scenario.initial;
    this.#head = [SCENARIO_VERSION, scenario.seed.toString(36), settingTokens(scenario.initial).join('.'), ''].join('~');
    this.#steps = '';
    this.#frozen = scenario.initial.clockMode === 'frozen' ? scenario.initial.frozenAt : null;
    this.#cost = costCounter(scenario.initial);
    return 0;
  }
}

/** What decodeScenario gives: a scenario, or why the text is not one. */
export type DecodedScenario =
  | { readonly ok: true; readonly scenario: Scenario }
  /** `pastScale`: readable, but past the page's stated scale (scale.ts); the page keeps what it shows. */
  | { readonly ok: false; readonly message: string; readonly pastScale?: true };

/** A message as one sentence: a full stop added unless the field's own message has one. */
function sentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

/** The kinds by the first character of their token. */
const BY_HEAD = new Map(ALL_KINDS.map((kind) => [kind.token.head, kind]));

/** Which part of the text a token is in, as its messages name it. */
type Part = 'setting' | 'step';

/** One token of `part`; `frozen` is the clock's instant at that point (null when live), for enqueue / promote. */
function parseToken(token: string, frozen: number | null, part: Part): Parsed<Operation> {
  const fail = (message: string): Parsed<Operation> => ({ ok: false, message: `"${token.slice(0, 24)}": ${message}` });
  if (token === '') return fail(`an empty ${part} (two dots in a row, or a dot at an end)`);
  const kind = BY_HEAD.get(token[0]!);
  if (kind === undefined) return fail(`unknown ${part}`);
  const parsed: Parsed<Operation> = kind.token.decode(token.slice(1), frozen);
  return parsed.ok ? parsed : fail(parsed.message);
}

/** Applies a settings token to settings (the starting controls); null when the token is not a setting. */
function settle(settings: Settings, op: Operation): Settings | null {
  return kindOf(op).settle?.(settings, op) ?? null;
}

/**
 * What a link's omitted starting settings mean: the page's defaults when links were first written
 * (job:N ids, N = 3). The encoder writes every setting, so this only reads links written by hand or
 * trimmed; it stays as it is when the page's own defaults (defaultSettings) change, so an old link
 * opens the same sets.
 */
const START: Settings = {
  delay: 5000,
  textbookUnit: 's',
  clockMode: 'live',
  frozenAt: 0,
  idStyle: 'job:N',
  idPrefix: 'order-',
  batchSize: 3,
};

/**
 * Reads the text after `#s=`. Never throws: gives the scenario, or a message saying what is wrong
 * (its values are checked as the page's fields check them; it is not replayed here).
 */
export function decodeScenario(text: string): DecodedScenario {
  const refuse = (message: string): DecodedScenario => ({ ok: false, message });
  const tooLong = scenarioLimitError(text.length, 0);
  if (tooLong !== null) return refuse(tooLong);
  const parts = text.split('~');
  if (parts[0] !== SCENARIO_VERSION)
    return refuse(`Unknown scenario format "${(parts[0] ?? '').slice(0, 12)}" (expected version ${SCENARIO_VERSION}).`);
  if (parts.length !== 4) return refuse('A scenario has four parts: version~seed~settings~steps.');
  const [, seedText = '', settingsText = '', opsText = ''] = parts;
  const seed = /^[0-9a-z]{1,7}$/.test(seedText) ? parseInt(seedText, 36) : NaN;
  if (!(seed >= 0 && seed <= 0xffffffff)) return refuse('The seed is not a base-36 number below 2^32.');

  let initial = START;
  for (const token of settingsText === '' ? [] : settingsText.split('.')) {
    const parsed = parseToken(token, 0, 'setting');
    const next = parsed.ok ? settle(initial, parsed.value) : null;
    if (next === null)
      return refuse(sentence(`Starting settings: ${parsed.ok ? `"${token.slice(0, 24)}" is not a setting` : parsed.message}`));
    initial = next;
  }

  const operations: Operation[] = [];
  let frozen = initial.clockMode === 'frozen' ? initial.frozenAt : null;
  let jobs = 0;
  const tokens = opsText === '' ? [] : opsText.split('.');
  if (tokens.length > SCALE_STEPS) return { ok: false, message: scaleRefusal('This link', 0, tokens.length)!, pastScale: true };
  for (let i = 0; i < tokens.length; i++) {
    const parsed = parseToken(tokens[i]!, frozen, 'step');
    if (!parsed.ok) return refuse(sentence(`Step ${i + 1}: ${parsed.message}`));
    const op = parsed.value;
    frozen = kindOf(op).frozenAfter(op, frozen);
    jobs += kindOf(op).jobs(op);
    operations.push(op);
  }
  // past the scale: refused before anything replays, and the page keeps what it shows
  if (jobs > SCALE_JOBS) return { ok: false, message: scaleRefusal('This link', jobs, 0)!, pastScale: true };
  return { ok: true, scenario: { seed, initial, operations } };
}

/** The scenario part of a URL hash (`#s=...`), or null when the hash holds none. */
export function scenarioText(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!body.startsWith(`${HASH_KEY}=`)) return null;
  const text = body.slice(HASH_KEY.length + 1);
  try {
    return decodeURIComponent(text); // a pasted URL may have its ~ or @ percent-encoded
  } catch {
    return text;
  }
}

/**
 * The URL text of a scenario, or why a link cannot hold it: the same limits the decoder applies
 * (scenarioLimitError), so the page never writes a URL it would refuse to open.
 */
export function shareableScenario(
  scenario: Scenario,
): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string } {
  return new ScenarioEncoder().shareable(scenario);
}
