/**
 * The page's sets as tests read them. The page's snapshot holds typed readers, not the sets:
 * these turn a reader's walk into the replies Redis gives (ZRANGE key 0 -1 [WITHSCORES]), and
 * `replayedSets` rebuilds a scenario in a fresh Session whose sets answer commands, an oracle that
 * shares nothing with the page's readers.
 */
import type { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import type { SetReader } from '../src/session/setReader.ts';
import { Session, replay } from '../src/session/session.ts';
import { pageSessionHooks } from '../src/session/scenarioSession.ts';
import { CommandLog } from '../src/session/commandLog.ts';
import type { Operation, Scenario } from '../src/session/operations.ts';

/** ZRANGE key 0 -1 of the set: its members in set order. */
export function membersOf(set: SetReader): string[] {
  return set.rangeByRank(0, set.size - 1).map((entry) => entry.member);
}

/** ZRANGE key 0 -1 WITHSCORES of the set: member, score text, member, score text, ... */
export function withScoresOf(set: SetReader): string[] {
  return set.rangeByRank(0, set.size - 1).flatMap((entry) => [entry.member, set.scoreText(entry.score)]);
}

interface Sets {
  readonly band: MemoryRedis;
  readonly textbook: MemoryRedis;
}

/** A fresh Session with the page's hooks (uuids from the scenario's seed), given no operation yet. */
function pageSession(scenario: Scenario): Session {
  return new Session(scenario.initial, pageSessionHooks(scenario.seed, new CommandLog()));
}

/** Both sets of `scenario` replayed into a fresh Session with the page's hooks (uuids from the scenario's seed). */
export function replayedSets(scenario: Scenario): Sets {
  const fresh = pageSession(scenario);
  const refused = replay(fresh, scenario.operations);
  if (refused !== -1) throw new Error(`operation ${refused} of the scenario was refused on replay`);
  return { band: fresh.band, textbook: fresh.textbook };
}

/**
 * `replayedSets` for the scenarios of one run, read after each step. While a scenario only grows
 * (the last one's operations, the same objects, then more), one Session applies just the new ones,
 * where a replay from the start at every step would redo an early burst of thousands of jobs each
 * time; anything else (an undo, a step folded into the last) starts a fresh Session.
 */
export function replayedSetsOfARun(): (scenario: Scenario) => Sets {
  let session: Session | null = null;
  let last: Scenario | null = null;
  const applied: Operation[] = [];
  return (scenario) => {
    const ops = scenario.operations;
    const grows =
      last?.seed === scenario.seed &&
      last.initial === scenario.initial &&
      applied.length <= ops.length &&
      applied.every((op, i) => ops.at(i) === op);
    if (session === null || !grows) {
      session = pageSession(scenario);
      applied.length = 0;
    }
    last = scenario;
    for (let i = applied.length; i < ops.length; i++) {
      const op = ops.at(i)!;
      if (!session.apply(op)) throw new Error(`operation ${i} of the scenario was refused on replay`);
      applied.push(op);
    }
    return { band: session.band, textbook: session.textbook };
  };
}

/** The promote steps of the store's scenario, in order: what auto-promote recorded. */
export function promotesOf(store: { getState(): { readonly scenario: Scenario } }): Operation[] {
  return [...store.getState().scenario.operations].filter((op) => op.kind === 'promote');
}
