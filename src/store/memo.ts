/**
 * Makes a selector that recomputes only when its inputs change (compared with Object.is), so a
 * selector over mutable instances returns the same object until `version` (or another input) moves.
 * One cached result per selector: enough for one store per page (tests create a fresh one each).
 * Curried, `memoOn(inputs)(compute)`, so the inputs alone fix the types compute receives.
 */
export function memoOn<S, const D extends readonly unknown[]>(inputs: (state: S) => D) {
  return <R>(compute: (...inputs: D) => R): ((state: S) => R) => {
    let lastInputs: D | undefined;
    let lastResult: R | undefined;
    return (state) => {
      const next = inputs(state);
      const previous = lastInputs;
      if (previous !== undefined && next.length === previous.length && next.every((value, i) => Object.is(value, previous[i]))) {
        return lastResult as R;
      }
      lastInputs = next;
      lastResult = compute(...next);
      return lastResult;
    };
  };
}
