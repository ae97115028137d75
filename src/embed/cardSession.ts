/**
 * A card's state: the app's own Session (the two sets, driven by the project's port of BullMQ's
 * scripts and by the textbook's ZADD), fed operations as the page's store feeds them, and the
 * scenario those operations make, so "open in firetime" carries the card's state as a `#s=` link.
 */
import { seededUuid } from '../model/uuid.ts';
import { countDueInversions } from '../model/strategies/dueOrder.ts';
import { decodeScore } from '../model/protocol/score.ts';
import { Session } from '../session/session.ts';
import type { Operation, Settings } from '../session/operations.ts';
import { HASH_KEY, encodeScenario } from '../session/scenarioCodec.ts';
import type { SetReader } from '../session/setReader.ts';
import type { CardOptions } from './options.ts';

/** The seed of a card's uuid ids: fixed, so a card given the same options makes the same ids (and the link the same members). */
const CARD_SEED = 0x0f17e;

export class CardSession {
  readonly session: Session;
  readonly initial: Settings;
  readonly #operations: Operation[] = [];
  readonly #clock: () => number;

  constructor(options: CardOptions, clock: () => number = Date.now) {
    this.#clock = clock;
    this.initial = {
      delay: options.delay,
      // The card shows the textbook score as the bare fire-time in ms, beside the band's fire-time x 0x1000.
      textbookUnit: 'ms',
      clockMode: options.clock,
      frozenAt: options.at,
      idStyle: options.idStyle,
      idPrefix: options.idPrefix,
      batchSize: options.n,
    };
    this.session = new Session(this.initial, { uuid: (index) => seededUuid(CARD_SEED, index) });
  }

  get settings(): Settings {
    return this.session.settings;
  }

  /** The clock's reading: the frozen instant, or the machine's clock (whole ms) when live. */
  now(): number {
    const s = this.session.settings;
    return s.clockMode === 'frozen' ? s.frozenAt : Math.floor(this.#clock());
  }

  /** Applies an operation; kept in the scenario only when the Session accepted it. */
  perform(op: Operation): boolean {
    const applied = this.session.apply(op);
    if (applied) {
      const last = this.#operations.at(-1);
      // A drag of the slider is one step of the scenario, as the app folds it.
      if (op.kind === 'delay' && last?.kind === 'delay') this.#operations[this.#operations.length - 1] = op;
      else this.#operations.push(op);
    }
    return applied;
  }

  setDelay(delay: number): boolean {
    return this.perform({ kind: 'delay', delay });
  }

  enqueue(count: number): boolean {
    return this.perform({ kind: 'enqueue', count, at: this.now() });
  }

  promote(): boolean {
    return this.perform({ kind: 'promote', at: this.now() });
  }

  /** Moves the clock by `ms` (a live clock is frozen at its reading first, as the app's step buttons do). */
  step(ms: number): boolean {
    return this.perform({ kind: 'freeze', at: this.now() + ms });
  }

  reset(): boolean {
    return this.perform({ kind: 'reset' });
  }

  /** The app's address for this state: `<app>#s=<scenario>`. */
  link(appBase: string): string {
    const text = encodeScenario({ seed: CARD_SEED, initial: this.initial, operations: this.#operations });
    return `${appBase.split('#')[0]}#${HASH_KEY}=${text}`;
  }
}

/** A set's member, score and arrival number, in set order. */
export interface CardRow {
  readonly member: string;
  readonly score: number;
  readonly scoreText: string;
  readonly arrival: number;
}

/** The first `limit` rows of a set, in set order. */
export function rowsOf(reader: SetReader, arrivals: ReadonlyMap<string, number>, limit: number): CardRow[] {
  return reader.rangeByRank(0, limit - 1).map((entry) => ({
    member: entry.member,
    score: entry.score,
    scoreText: reader.scoreText(entry.score),
    arrival: arrivals.get(entry.member) ?? 0,
  }));
}

/**
 * Pairs of jobs the set lists against due order (fire-time, then arrival): the badge a card shows
 * beside each set. `fireTimeOf` reads a row's fire-time from its score (the textbook's score is
 * the fire-time; the band's is fire-time x 0x1000). Counted with the model's countDueInversions, as
 * the stage counts; swap this one function to change what the cards count.
 */
export function outOfDueOrder(
  reader: SetReader,
  arrivals: ReadonlyMap<string, number>,
  fireTimeOf: (score: number) => number,
): number {
  const rows = rowsOf(reader, arrivals, reader.size);
  return countDueInversions(
    rows.map((row) => fireTimeOf(row.score)),
    rows.map((row) => row.arrival),
  );
}

/** A band score's fire-time. */
export const bandFireTime = (score: number): number => decodeScore(score).fireTime;
/** A textbook score's fire-time (the card's textbook set scores in ms). */
export const textbookFireTime = (score: number): number => score;
