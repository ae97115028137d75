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

/** Both sets of `scenario` replayed into a fresh Session with the page's hooks (uuids from the scenario's seed). */
export function replayedSets(scenario: Scenario): { readonly band: MemoryRedis; readonly textbook: MemoryRedis } {
  const fresh = new Session(scenario.initial, pageSessionHooks(scenario.seed, new CommandLog()));
  const refused = replay(fresh, scenario.operations);
  if (refused !== -1) throw new Error(`operation ${refused} of the scenario was refused on replay`);
  return { band: fresh.band, textbook: fresh.textbook };
}

/** The promote steps of the store's scenario, in order: what auto-promote recorded. */
export function promotesOf(store: { getState(): { readonly scenario: Scenario } }): Operation[] {
  return [...store.getState().scenario.operations].filter((op) => op.kind === 'promote');
}
