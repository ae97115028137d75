/**
 * Makes a selector that recomputes only when its inputs change (compared with Object.is), so a
 * selector over the sets returns the same object until `version` (or another input) moves. One
 * cached result per selector and per store (keyed on the state's `owner`, one object for all the
 * states of one store), so two stores on one page do not evict each other's reads.
 * Curried, `memoOn(inputs)(compute)`, so the inputs alone fix the types compute receives.
 */
export function memoOn<S extends { readonly owner: object }, const D extends readonly unknown[]>(inputs: (state: S) => D) {
  return <R>(compute: (...inputs: D) => R): ((state: S) => R) => {
    const cached = new WeakMap<object, { readonly inputs: D; readonly result: R }>();
    return (state) => {
      const next = inputs(state);
      const last = cached.get(state.owner);
      if (
        last !== undefined &&
        next.length === last.inputs.length &&
        next.every((value, i) => Object.is(value, last.inputs[i]))
      ) {
        return last.result;
      }
      const result = compute(...next);
      cached.set(state.owner, { inputs: next, result });
      return result;
    };
  };
}
