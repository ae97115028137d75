/**
 * A card's state: the app's own Session (the two sets, driven by the project's port of BullMQ's
 * scripts and by the textbook's ZADD), fed operations as the page's store feeds them, and the
 * scenario those operations make, so "open in firetime" carries the card's state as a `#s=` link.
 * A card opens in a state that already makes its point (a preset, or an app scenario), and an
 * author's later change of a parameter is applied to the reader's state as one more operation.
 */
import { seededUuid } from '../model/uuid.ts';
import { BAND_SLOTS, nextTimestampOf, wakeMillisecond } from '../model/protocol/score.ts';
import { Session } from '../session/session.ts';
import type { Operation, Settings } from '../session/operations.ts';
import { HASH_KEY, decodeScenario, encodeScenario } from '../session/scenarioCodec.ts';
import type { CardOptions } from './options.ts';
import type { CardState } from './package/index.js';

/** The seed of a card's uuid ids: fixed, so a card given the same options makes the same ids (and the link the same members). */
const CARD_SEED = 0x0f17e;

/** The most jobs a card's scenario may hold: a card is a picture of a few jobs, not a load test. */
export const CARD_SCENARIO_JOBS = 20_000;

// What a card tells its page after each change (the `firetime:change` event's detail): one
// definition, the one the package publishes, so the published type cannot drift from the code.
export type { CardState } from './package/index.js';

/** The first state of a card: the settings, and the operations a preset or a scenario performs. */
interface Start {
  readonly seed: number;
  readonly initial: Settings;
  readonly operations: readonly Operation[];
  /** Why a scenario was not used (the card then opens in its preset). */
  readonly note: string | null;
}

function settingsOf(options: CardOptions): Settings {
  return {
    delay: options.delay,
    // The card shows the textbook score as the bare fire-time in ms, beside the band's fire-time x 0x1000.
    textbookUnit: 'ms',
    clockMode: options.clock,
    frozenAt: options.at,
    idStyle: options.idStyle,
    idPrefix: options.idPrefix,
    batchSize: options.n,
  };
}

function scenarioStart(text: string): Start | string {
  const decoded = decodeScenario(text);
  if (!decoded.ok) return decoded.message;
  const operations = [...decoded.scenario.operations];
  const jobs = operations.reduce((sum, op) => sum + (op.kind === 'enqueue' ? op.count : 0), 0);
  if (jobs > CARD_SCENARIO_JOBS) return `it enqueues ${jobs} jobs; a card takes at most ${CARD_SCENARIO_JOBS}.`;
  return { seed: decoded.scenario.seed, initial: decoded.scenario.initial, operations, note: null };
}

export class CardSession {
  readonly session: Session;
  readonly initial: Settings;
  readonly seed: number;
  /** A sentence when the card's scenario was refused. */
  readonly note: string | null;
  readonly #operations: Operation[] = [];
  /** Operations of the opening state (a preset's or a scenario's); the reader's come after. */
  readonly #opening: number;
  readonly #clock: () => number;

  constructor(options: CardOptions, clock: () => number = Date.now) {
    this.#clock = clock;
    let start: Start = { seed: CARD_SEED, initial: settingsOf(options), operations: [], note: null };
    if (options.scenario !== null) {
      const read = scenarioStart(options.scenario);
      if (typeof read === 'string') start = { ...start, note: `Ignored the scenario: ${read.replace(/\.$/, '')}.` };
      else start = read;
    }
    this.seed = start.seed;
    this.initial = start.initial;
    this.note = start.note;
    this.session = new Session(this.initial, { uuid: (index) => seededUuid(start.seed, index) });
    if (options.scenario !== null && start.note === null) for (const op of start.operations) this.perform(op);
    else this.#preset(options);
    this.#opening = this.#operations.length;
  }

  /** The preset's jobs and clock, performed as a reader would. */
  #preset(options: CardOptions): void {
    switch (`${options.card}/${options.preset}`) {
      case 'delay/bumped':
      case 'collisions/ties':
        this.enqueue(options.n);
        return;
      case 'band/ceiling':
        // Every slot taken, and four more jobs piled on the last one.
        this.enqueue(BAND_SLOTS + 4);
        return;
      case 'band/half':
        this.enqueue(BAND_SLOTS / 2);
        return;
      case 'wake/before-wake': {
        this.enqueue(options.n);
        const head = this.session.bandReader.head;
        if (head !== undefined) this.perform({ kind: 'freeze', at: wakeMillisecond(nextTimestampOf(head.score)) - 1 });
        return;
      }
      default:
        return;
    }
  }

  get settings(): Settings {
    return this.session.settings;
  }

  /** The reader has done something since the card opened. */
  get touched(): boolean {
    return this.#operations.length > this.#opening;
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
      if (op.kind === 'delay' && last?.kind === 'delay' && this.#operations.length > this.#opening)
        this.#operations[this.#operations.length - 1] = op;
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

  /**
   * An author changed the card's parameters from `before` to `after`: each one that changed is
   * applied to the state as the app's control would apply it (the jobs stay). False when one was refused.
   */
  retune(before: CardOptions, after: CardOptions): boolean {
    let ok = true;
    const run = (op: Operation) => {
      ok = this.perform(op) && ok;
    };
    if (before.delay !== after.delay) run({ kind: 'delay', delay: after.delay });
    if (before.n !== after.n) run({ kind: 'batch', size: after.n });
    if (before.idStyle !== after.idStyle) run({ kind: 'idStyle', style: after.idStyle });
    if (before.idPrefix !== after.idPrefix && after.idStyle === 'prefix') run({ kind: 'prefix', prefix: after.idPrefix });
    if (before.clock !== after.clock) run(after.clock === 'live' ? { kind: 'live' } : { kind: 'freeze', at: this.now() });
    else if (before.at !== after.at && after.clock === 'frozen') run({ kind: 'freeze', at: after.at });
    return ok;
  }

  /** The app's address for this state: `<app>#s=<scenario>`. */
  link(appBase: string): string {
    const text = encodeScenario({ seed: this.seed, initial: this.initial, operations: this.#operations });
    return `${appBase.split('#')[0]}#${HASH_KEY}=${text}`;
  }

  /** The state a page reads from the card's change event. */
  state(card: string, appBase: string): CardState {
    const s = this.session;
    return {
      card,
      link: this.link(appBase),
      jobs: { textbook: s.textbookReader.size, band: s.bandReader.size },
      outOfDueOrder: { textbook: s.textbookOrder.inversions, band: s.bandOrder.inversions },
      settings: s.settings,
      touched: this.touched,
    };
  }
}
