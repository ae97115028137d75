/**
 * Test support for the head-run path of ZREM (SortedSet.deleteMembers): argument lists that are
 * the set's head run (what promote sends after ZRANGEBYSCORE ... LIMIT), or almost that.
 * Shared by sortedSet.test.ts and memoryRedis.property.test.ts.
 */
import fc from 'fast-check';

/** What a ZREM list is made from: the head run of the set, more or less. */
export const listKindArb = fc.constantFrom(
  'head',
  'head missing one',
  'head plus one absent',
  'head plus one present',
  'head shuffled',
  'head duplicated',
  'random',
);

/** A ZREM argument list built from the set's entries in order. */
export function zremList(inOrder: string[], kind: string, length: number, pick: number[]): string[] {
  const head = inOrder.slice(0, length);
  const at = (i: number) => (head.length === 0 ? 0 : pick[i % pick.length]! % head.length);
  switch (kind) {
    case 'head':
      return head;
    case 'head missing one':
      return head.filter((_, i) => i !== at(0));
    case 'head plus one absent':
      return [...head.slice(0, at(0)), 'not-there', ...head.slice(at(0))];
    case 'head plus one present': {
      const extra = inOrder[(length + (pick[0] ?? 0)) % Math.max(1, inOrder.length)];
      return extra === undefined ? head : [...head.slice(0, at(1)), extra, ...head.slice(at(1))];
    }
    case 'head shuffled': {
      const shuffled = [...head];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = pick[i % pick.length]! % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      return shuffled;
    }
    case 'head duplicated':
      return [...head.slice(0, at(0) + 1), head[at(0)] ?? 'dup', ...head.slice(at(0) + 1), ...head.slice(0, at(1))];
    default:
      return pick.map((p) => inOrder[p % Math.max(1, inOrder.length)] ?? `m${p}`);
  }
}
