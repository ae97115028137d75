/**
 * Reset (r): both sets emptied, arrival numbers start again at 1, the command log cleared. Undone
 * by putting back the sets it replaced (kept whole); redone by putting back the empty ones.
 */
import type { SessionState, Sets } from '../sessionState.ts';
import { atOnce } from './chunks.ts';
import { SCALARS_ONLY } from './kind.ts';
import type { Change, OperationKind, Redo } from './kind.ts';
import { refuse } from './tokens.ts';

/** Swaps the session's sets for `sets`; gives the ones it held. */
function swapSets(state: SessionState, sets: Sets): Sets {
  const held = state.sets();
  state.useSets(sets);
  return held;
}

function replaced(sets: Sets): Change {
  return {
    jobs: 0,
    exact: true,
    undo(state) {
      const emptied = swapSets(state, sets);
      const redo: Redo = {
        redo(s) {
          swapSets(s, emptied);
          return atOnce(undefined);
        },
      };
      return atOnce(redo);
    },
  };
}

function runReset(state: SessionState, keep: boolean): Change {
  if (state.holdsNoJob()) {
    // Nothing to empty: the sets stay, so a run of resets keeps no old sets alive for undo (the
    // Session's record of the scalars undoes it)
    state.hooks.onReset?.();
    state.lastEnqueue = null;
    state.lastPromote = null;
    state.selectedFireTime = null;
    state.enqueueError = null;
    return SCALARS_ONLY;
  }
  const sets = state.sets();
  state.hooks.onReset?.();
  state.emptySets();
  return keep ? replaced(sets) : SCALARS_ONLY;
}

export const reset: OperationKind<'reset'> = {
  kind: 'reset',
  token: {
    head: 'r',
    encode: () => 'r',
    decode: (rest) => (rest === '' ? { ok: true, value: { kind: 'reset' } } : refuse('r takes nothing')),
  },
  setting: false,
  frozenAfter: (_op, frozen) => frozen,
  jobs: () => 0,
  instant: () => null,
  cost(_op, cost) {
    cost.next = 1;
    cost.pending.clear();
    cost.work += 1;
  },
  run: (state, _op, keep) => atOnce(runReset(state, keep)),
};
