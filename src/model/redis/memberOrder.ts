/**
 * The order Redis gives members that share a score (t_zset.c zslInsert / sdscmp): memcmp over
 * the members' UTF-8 bytes, and when one is a prefix of the other the shorter comes first.
 *
 * UTF-8 byte order is Unicode code point order, so no bytes are built: the strings are walked
 * as UTF-16 code units. Below 0xD800 a code unit is its code point, which is the fast path.
 * Above it, UTF-16 code-unit order and code point order disagree (a surrogate pair encodes a
 * code point above U+FFFF, yet its units 0xD800..0xDFFF sort below U+E000..U+FFFF), so both units
 * are shifted: surrogates up by 0x2000, U+E000..U+FFFF down by 0x800, which restores code point
 * order at the first unit where well-formed strings differ.
 *
 * A lone surrogate (not valid UTF-16; MemoryRedis turns it into U+FFFD on the way in, as a
 * client's UTF-8 does) compares as if it were a code point of its own value.
 */

/** Redis's order of equal-score members (memcmp of UTF-8 bytes); negative when a sorts first. */
export function compareMembers(a: string, b: string): number {
  if (a === b) return 0;
  const shared = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < shared; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 || y < 0xd800) return x - y;
    return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Maps a code unit >= 0xD800 to a value whose order is the order of the code points it starts. */
function codePointRank(unit: number): number {
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/** The same order over raw bytes (memcmp, then the shorter first): keys that need not be UTF-8. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
