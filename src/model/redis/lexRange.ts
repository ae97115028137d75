/**
 * ZRANGE ... BYLEX ranges (t_zset.c zslParseLexRange and the listpack walk zzlFirstInLexRange /
 * zzlLastInLexRange). A lex range only means something when all members share a score; Redis
 * does not check that, it walks the set in score order comparing members. The walk here is the
 * listpack one (linear from the head or from the tail), which is what Redis does for small sets;
 * for a large set of equal scores the skiplist walk finds the same members.
 */
import type { SortedSet } from './sortedSet.ts';
import { compareMembers } from './memberOrder.ts';

/** One end of a lex range: a member text, or "-" (below everything) or "+" (above everything). */
export interface LexBound {
  readonly kind: 'text' | 'min' | 'max';
  readonly text: string;
  readonly exclusive: boolean;
}

/** A lex range as zslParseLexRange builds it. */
export interface LexRange {
  readonly min: LexBound;
  readonly max: LexBound;
}

/** zslParseLexRangeItem: "[x" inclusive, "(x" exclusive, "-" and "+" alone; anything else is null. */
export function parseLexBound(text: string): LexBound | null {
  const head = text.charAt(0);
  if (head === '+' || head === '-') {
    return text.length === 1 ? { kind: head === '+' ? 'max' : 'min', text: '', exclusive: true } : null;
  }
  if (head === '(' || head === '[') return { kind: 'text', text: text.slice(1), exclusive: head === '(' };
  return null;
}

/** sdscmplex: compares a member or bound with a bound, "-" below and "+" above every text. */
function compareLex(a: LexBound, b: LexBound): number {
  if (a.kind === b.kind && a.kind !== 'text') return 0;
  if (a.kind === 'min' || b.kind === 'max') return -1;
  if (a.kind === 'max' || b.kind === 'min') return 1;
  return compareMembers(a.text, b.text);
}

function memberBound(member: string): LexBound {
  return { kind: 'text', text: member, exclusive: false };
}

/** zslLexValueGteMin. */
export function lexAboveMin(member: string, range: LexRange): boolean {
  const cmp = compareLex(memberBound(member), range.min);
  return range.min.exclusive ? cmp > 0 : cmp >= 0;
}

/** zslLexValueLteMax. */
export function lexBelowMax(member: string, range: LexRange): boolean {
  const cmp = compareLex(memberBound(member), range.max);
  return range.max.exclusive ? cmp < 0 : cmp <= 0;
}

/** zzlIsInLexRange: false when the range is empty or lies wholly past either end of the set. */
function mayOverlap(set: SortedSet, range: LexRange): boolean {
  const cmp = compareLex(range.min, range.max);
  if (cmp > 0 || (cmp === 0 && (range.min.exclusive || range.max.exclusive))) return false;
  const last = set.at(set.size - 1);
  const first = set.at(0);
  return first !== undefined && last !== undefined && lexAboveMin(last.member, range) && lexBelowMax(first.member, range);
}

/**
 * zzlFirstInLexRange (direction 1) or zzlLastInLexRange (-1): walks from the head (or tail) to the
 * first member past the near end of the range, and gives its rank if it is within the far end, else -1.
 */
export function lexStartRank(set: SortedSet, range: LexRange, direction: 1 | -1): number {
  if (!mayOverlap(set, range)) return -1;
  let rank = direction === 1 ? 0 : set.size - 1;
  for (const entry of set.entriesFrom(rank, direction)) {
    if (direction === 1 ? lexAboveMin(entry.member, range) : lexBelowMax(entry.member, range)) {
      return (direction === 1 ? lexBelowMax(entry.member, range) : lexAboveMin(entry.member, range)) ? rank : -1;
    }
    rank += direction;
  }
  return -1;
}
