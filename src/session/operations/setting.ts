/** What the kinds that only change a setting share: no jobs, no instant, undone by the scalars alone. */
import type { Settings } from '../operations.ts';
import type { SessionState } from '../sessionState.ts';
import { atOnce } from './chunks.ts';
import { SCALARS_ONLY } from './kind.ts';
import type { CostState, Kind, OperationKind, OperationOf, Token } from './kind.ts';

export interface SettingSpec<K extends Kind> {
  readonly kind: K;
  readonly token: Token<K>;
  /** The token a link's starting settings write for `settings` (null: none of this kind). */
  fromSettings(settings: Settings): OperationOf<K> | null;
  /** A starting-settings token read into settings. */
  settle(settings: Settings, op: OperationOf<K>): Settings;
  /** The settings after it, or null when the Session refuses it. */
  apply(state: SessionState, op: OperationOf<K>): Settings | null;
  /** Whether it clears the last enqueue's refusal (the ids change, so the refusal no longer holds). */
  readonly clearsError?: boolean;
  frozenAfter?(op: OperationOf<K>, frozen: number | null): number | null;
  /** What it changes in the cost of later steps. */
  cost?(op: OperationOf<K>, cost: CostState): void;
}

export function settingKind<K extends Kind>(spec: SettingSpec<K>): OperationKind<K> {
  return {
    kind: spec.kind,
    token: spec.token,
    setting: true,
    fromSettings: (settings) => spec.fromSettings(settings),
    settle: (settings, op) => spec.settle(settings, op),
    frozenAfter: (op, frozen) => (spec.frozenAfter === undefined ? frozen : spec.frozenAfter(op, frozen)),
    jobs: () => 0,
    instant: () => null,
    cost(op, cost) {
      cost.work += 1;
      spec.cost?.(op, cost);
    },
    run(state, op) {
      const next = spec.apply(state, op);
      if (next === null) return atOnce(null);
      state.settings = next;
      if (spec.clearsError === true) state.enqueueError = null;
      return atOnce(SCALARS_ONLY);
    },
  };
}
