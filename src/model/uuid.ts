/** 32 hex digits in a uuid's text layout, 8-4-4-4-12 (the version and variant digits are the caller's to set). */
export function uuidText(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A 32-bit mix (murmur3's finalizer) of two words: the seeded uuids' source of bits. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The `index`-th uuid of a scenario whose seed is `seed`: version 4 layout, random-looking, and the
 * same on every replay (so a shared URL rebuilds the same members).
 */
export function seededUuid(seed: number, index: number): string {
  const words = [0, 1, 2, 3].map((k) => mix(mix(seed, index), k + 1));
  words[1] = (words[1]! & 0xffff0fff) | 0x00004000;
  words[2] = (words[2]! & 0x3fffffff) | 0x80000000;
  const hex = words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
  return uuidText(hex);
}
