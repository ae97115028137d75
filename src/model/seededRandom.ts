/**
 * A seeded source of numbers in [0, 1): Marsaglia's xorshift32 over an integer state, for
 * reproducible streams, benchmarks and random test mixes (not for anything secret). A zero seed
 * is replaced, as xorshift needs one bit set.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}
