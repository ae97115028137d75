/**
 * ZRANGE, ZRANGEBYSCORE and ZREVRANGEBYSCORE, one parser as in Redis 7.0's zrangeGenericCommand:
 * options first (a bad LIMIT number fails before anything else), then the option conflicts, then
 * the range, then the key. Only the replied entries are walked (cursorAt), so LIMIT 0 1 on a
 * large set costs one search, not a copy of the range.
 */
import type { Reply } from './reply.ts';
import type { Keyspace } from './keyspace.ts';
import type { ScoreRange, SortedSet } from './sortedSet.ts';
import { formatScore, type ScoreFormat } from './doubles.ts';
import { argText, integerArg, isKeyword, scoreRangeArgs, type Arg } from './commandArgs.ts';
import { lexAboveMin, lexBelowMax, lexStartRank, parseLexBound, type LexRange } from './lexRange.ts';
import { BAD_LEX_RANGE, RedisError, SYNTAX_ERROR } from './redisError.ts';

const RANK = 0;
const BY_SCORE = 1;
const BY_LEX = 2;
type RangeType = typeof RANK | typeof BY_SCORE | typeof BY_LEX;

/** The most reply slots a range reply allocates up front; a longer reply grows as it fills. */
const PREALLOCATED = 1024;

/** zslValueGteMin. */
function aboveMin(score: number, range: ScoreRange): boolean {
  return range.minExclusive ? score > range.min : score >= range.min;
}

/** zslValueLteMax. */
function belowMax(score: number, range: ScoreRange): boolean {
  return range.maxExclusive ? score < range.max : score <= range.max;
}

/** genericZrangebyrankCommand: ranks as ZRANGE takes them, negative ones counting from the end. */
function byRank(set: SortedSet, start: number, end: number, reverse: boolean, withScores: boolean, format: ScoreFormat): Reply[] {
  const size = set.size;
  if (start < 0) start += size;
  if (end < 0) end += size;
  if (start < 0) start = 0;
  if (start > end || start >= size) return [];
  if (end >= size) end = size - 1;
  const count = end - start + 1;
  const reply: Reply[] = new Array<Reply>((count < PREALLOCATED ? count : PREALLOCATED) * (withScores ? 2 : 1));
  let filled = 0;
  const cursor = set.cursorAt(reverse ? size - 1 - start : start, reverse ? -1 : 1);
  for (let left = count; left > 0 && !cursor.done; left--, cursor.advance()) {
    reply[filled++] = cursor.member;
    if (withScores) reply[filled++] = formatScore(cursor.score, format);
  }
  if (filled < reply.length) reply.length = filled;
  return reply;
}

/**
 * The walk shared by genericZrangebyscoreCommand and genericZrangebylexCommand: from the first
 * rank in range, skip `offset` entries (a negative offset walks off the end: empty), then take up
 * to `limit` entries (negative: no limit) while the far end of the range holds: the score range
 * when `scores` is given, else the lex range.
 */
function walk(
  set: SortedSet,
  startRank: number,
  offset: number,
  limit: number,
  reverse: boolean,
  scores: ScoreRange | null,
  lex: LexRange | null,
  withScores: boolean,
  format: ScoreFormat,
): Reply[] {
  if (startRank < 0 || offset < 0) return [];
  const rank = reverse ? startRank - offset : startRank + offset;
  if (rank < 0 || rank >= set.size) return [];
  // room for every entry the walk could reply (up to a cap), filled by index and cut to length at
  // the end: one allocation instead of push's regrowths (LIMIT 0 1 WITHSCORES: two slots)
  const available = reverse ? rank + 1 : set.size - rank;
  const most = limit >= 0 && limit < available ? limit : available;
  const reply: Reply[] = new Array<Reply>((most < PREALLOCATED ? most : PREALLOCATED) * (withScores ? 2 : 1));
  let filled = 0;
  const cursor = set.cursorAt(rank, reverse ? -1 : 1);
  for (; limit !== 0 && !cursor.done; limit--, cursor.advance()) {
    const member = cursor.member;
    const score = cursor.score;
    const inRange =
      scores !== null
        ? reverse
          ? aboveMin(score, scores)
          : belowMax(score, scores)
        : reverse
          ? lexAboveMin(member, lex!)
          : lexBelowMax(member, lex!);
    if (!inRange) break;
    reply[filled++] = member;
    if (withScores) reply[filled++] = formatScore(score, format);
  }
  if (filled < reply.length) reply.length = filled;
  return reply;
}

/**
 * zrangeGenericCommand. `fixedType` is BY_SCORE for Z[REV]RANGEBYSCORE (which then refuse BYSCORE,
 * BYLEX and REV as syntax errors) and null for ZRANGE; `fixedReverse` likewise for the direction.
 */
function zrangeGeneric(
  db: Keyspace,
  args: Arg[],
  format: ScoreFormat,
  fixedType: RangeType | null,
  fixedReverse: boolean | null,
): Reply {
  let withScores = false;
  let offset = 0;
  let limit = -1;
  let reverse = fixedReverse;
  let type = fixedType;
  for (let j = 3; j < args.length; j++) {
    const option = args[j]!;
    if (isKeyword(option, 'WITHSCORES')) withScores = true;
    else if (isKeyword(option, 'LIMIT') && args.length - j - 1 >= 2) {
      offset = integerArg(args[j + 1]!);
      limit = integerArg(args[j + 2]!);
      j += 2;
    } else if (reverse === null && isKeyword(option, 'REV')) reverse = true;
    else if (type === null && isKeyword(option, 'BYLEX')) type = BY_LEX;
    else if (type === null && isKeyword(option, 'BYSCORE')) type = BY_SCORE;
    else throw new RedisError(SYNTAX_ERROR);
  }
  const rangeType = type ?? RANK;
  const isReverse = reverse ?? false;
  if (limit !== -1 && rangeType === RANK) {
    throw new RedisError('ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX');
  }
  if (withScores && rangeType === BY_LEX) {
    throw new RedisError('ERR syntax error, WITHSCORES not supported in combination with BYLEX');
  }
  // BYSCORE and BYLEX with REV take the range as max, min.
  const swap = isReverse && rangeType !== RANK;
  const minArg = args[swap ? 2 : 1]!;
  const maxArg = args[swap ? 1 : 2]!;

  if (rangeType === RANK) {
    const start = integerArg(minArg);
    const end = integerArg(maxArg);
    const set = db.get(argText(args[0]!));
    return set === undefined ? [] : byRank(set, start, end, isReverse, withScores, format);
  }
  if (rangeType === BY_SCORE) {
    const range = scoreRangeArgs(minArg, maxArg);
    const set = db.get(argText(args[0]!));
    if (set === undefined) return [];
    const startRank = isReverse ? set.lastRankInRange(range) : set.firstRankInRange(range);
    return walk(set, startRank, offset, limit, isReverse, range, null, withScores, format);
  }
  const min = parseLexBound(argText(minArg));
  const max = parseLexBound(argText(maxArg));
  if (min === null || max === null) throw new RedisError(BAD_LEX_RANGE);
  const range: LexRange = { min, max };
  const set = db.get(argText(args[0]!));
  if (set === undefined) return [];
  const startRank = lexStartRank(set, range, isReverse ? -1 : 1);
  return walk(set, startRank, offset, limit, isReverse, null, range, false, format);
}

/** ZRANGE key start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count] [WITHSCORES]. */
export function zrange(db: Keyspace, args: Arg[], format: ScoreFormat): Reply {
  return zrangeGeneric(db, args, format, null, null);
}

/** ZRANGEBYSCORE key min max [WITHSCORES] [LIMIT offset count]. */
export function zrangebyscore(db: Keyspace, args: Arg[], format: ScoreFormat): Reply {
  return zrangeGeneric(db, args, format, BY_SCORE, false);
}

/** ZREVRANGEBYSCORE key max min [WITHSCORES] [LIMIT offset count]: highest score first. */
export function zrevrangebyscore(db: Keyspace, args: Arg[], format: ScoreFormat): Reply {
  return zrangeGeneric(db, args, format, BY_SCORE, true);
}
