/**
 * The enqueue warm-up's work, framework-free (src/app/warmUp.ts runs it at idle, in slices; see
 * there why and how): throwaway Sessions with the store's own hooks take bursts of same-ms jobs and
 * are read as the panels read the page's sets, then dropped. Nothing reaches the page's store.
 */
import { CommandLog } from '../session/commandLog.ts';
import { defaultSettings } from '../session/operations.ts';
import { Session } from '../session/session.ts';
import { pageSessionHooks } from '../session/scenarioSession.ts';
import { STRIP_RADIUS, bandViewOf } from './band.ts';
import { bandFloor, snapshotOf, textbookFloor } from './sets.ts';
import { scorePanelOf } from './scores.ts';

/** What one step (one enqueue) aims to take, in ms, and the bounds of its job count. */
const STEP_MS = 0.75;
const MIN_STEP = 4;
const MAX_STEP = 512;
/** Rounds of ROUND_JOBS jobs in one millisecond in small enqueues (the code still cold)... */
const ROUNDS = 1;
const ROUND_JOBS = 10_000;
/** ...then rounds of one enqueue of ROUND_JOBS, as a click sends it, stepped through Session.run. */
const FULL_ROUNDS = 3;
/** Meanwhile, the panels' reads of the sets every READ_EVERY jobs while a round has at most READ_UNTIL (a read stays short). */
const READ_EVERY = 500;
const READ_UNTIL = 1_000;

/** The instant the throwaway sessions' clock is frozen at (any fixed time works). */
const FROZEN_AT = Date.UTC(2026, 0, 1);

function throwawaySession(): Session {
  return new Session(defaultSettings(FROZEN_AT, 'frozen'), pageSessionHooks(1, new CommandLog()));
}

/**
 * What the panels read after an enqueue, read from a throwaway session (through the selectors'
 * own functions, not the memoized selectors, whose one cached result belongs to the page's store).
 */
function readAsThePanelsDo(session: Session): void {
  const { delay, textbookUnit } = session.settings;
  // the score cards ask the band set (not its logging wrapper) for the next score: without this
  // read, the model's getDelayedScore was compiled for the wrapper alone and thrown away (V8
  // "wrong map") on the page's first burst, when the cards read the page's own set
  scorePanelOf(session.bandReader, FROZEN_AT, delay, textbookUnit);
  const fireTime = session.lastEnqueue?.fireTime ?? FROZEN_AT;
  bandViewOf(session.bandReader, session.arrivals, fireTime, session.lastEnqueue, STRIP_RADIUS);
  snapshotOf(session.textbookReader, session.arrivals, session.textbookOrder, textbookFloor, 0).readRows(0, 40);
  snapshotOf(session.bandReader, session.arrivals, session.bandOrder, bandFloor, 0).readRows(0, 40);
}

/**
 * The warm-up's steps: each yield is a place where it may stop until the next slice. The rounds are
 * parameters for bench/warmUp.ts, which compares warm-ups in Node.
 */
export function* warmUpSteps(rounds = ROUNDS, fullRounds = FULL_ROUNDS): Generator<void, void, void> {
  let step = MIN_STEP;
  for (let round = 0; round < rounds; round++) {
    const session = throwawaySession();
    for (let done = 0; done < ROUND_JOBS;) {
      const count = Math.min(step, ROUND_JOBS - done);
      const before = performance.now();
      session.apply({ kind: 'enqueue', count, at: FROZEN_AT });
      const perJob = Math.max(performance.now() - before, 0.001) / count;
      const reads = Math.floor(done / READ_EVERY);
      done += count;
      // the next step's size from this one's speed, within half and twice this one
      step = Math.round(Math.min(MAX_STEP, Math.max(MIN_STEP, step / 2, Math.min(step * 2, STEP_MS / perJob))));
      yield;
      if (done <= READ_UNTIL && Math.floor(done / READ_EVERY) !== reads) {
        readAsThePanelsDo(session);
        yield;
      }
    }
  }
  for (let round = 0; round < fullRounds; round++) {
    const session = throwawaySession();
    const run = session.run({ kind: 'enqueue', count: ROUND_JOBS, at: FROZEN_AT });
    while (run.next().done !== true) yield;
    readAsThePanelsDo(session);
    yield;
  }
}
