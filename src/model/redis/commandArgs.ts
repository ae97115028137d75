/**
 * How MemoryRedis reads the arguments of a command, the way Redis's object.c and t_zset.c read
 * them: every argument is text (a Lua number is first printed as redis.call prints it,
 * luaNumberArg), keywords match ASCII case-insensitively (strcasecmp), and numbers are parsed
 * from that text with Redis's own rules (doubles.ts), failing with Redis's error lines.
 *
 * Shortcut on the hot path: a number's luaNumberArg text (%.17g, "inf", "-inf") parses back to
 * the very same double, so a non-NaN number is used as it is instead of being printed and parsed
 * again. memoryRedis.property.test.ts checks that both ways give the same replies.
 */
import type { ScoreRange } from './sortedSet.ts';
import { luaNumberArg, parseIntegerArg, parseRangeBound, parseScoreArg, plainIntegerValue } from './doubles.ts';
import { BAD_SCORE_RANGE, NOT_A_FLOAT, NOT_AN_INTEGER, NOT_POSITIVE, RedisError } from './redisError.ts';

/** One argument of MemoryRedis.call: text, or a Lua number that redis.call turns into text. */
export type Arg = string | number;

/**
 * The text Redis receives for an argument: redis.call prints a Lua number with luaNumberArg, and
 * a client sends text as UTF-8, where a lone UTF-16 surrogate (no valid UTF-8 form) becomes
 * U+FFFD. So 'a\uD800' and 'a\uDC00' name one member, stored and read back as 'a\uFFFD'. Every
 * argument read as text (keys, members, lex bounds, what an error line quotes) goes through
 * here; keywords and numbers are read from the argument as given, which gives the same answer
 * (a surrogate, lone or replaced, is never part of a keyword or a number).
 */
export function argText(arg: Arg): string {
  if (typeof arg !== 'string') return luaNumberArg(arg);
  return arg.isWellFormed() ? arg : arg.toWellFormed();
}

/** The text a number is parsed from: as given (a surrogate is never part of a number, replaced or not). */
function numberText(arg: Arg): string {
  return typeof arg === 'string' ? arg : luaNumberArg(arg);
}

/**
 * strcasecmp(arg, keyword) == 0 for an option such as WITHSCORES or NX; `keyword` is given in
 * upper case, the way scripts write it, so the usual match is one string comparison (two string
 * literals are often the very same string). ASCII only, as strcasecmp: "lımıt" is not LIMIT,
 * though JS's toUpperCase says so.
 */
export function isKeyword(arg: Arg, keyword: string): boolean {
  if (arg === keyword) return true;
  if (typeof arg !== 'string' || arg.length !== keyword.length) return false;
  for (let i = 0; i < arg.length; i++) {
    let code = arg.charCodeAt(i);
    if (code >= 97 && code <= 122) code -= 32;
    if (code !== keyword.charCodeAt(i)) return false;
  }
  return true;
}

/** getDoubleFromObjectOrReply (string2d): a ZADD score or increment. */
export function scoreArg(arg: Arg): number {
  if (typeof arg === 'number' && !Number.isNaN(arg)) return arg;
  const value = parseScoreArg(numberText(arg));
  if (value === null) throw new RedisError(NOT_A_FLOAT);
  return value;
}

/** getLongFromObjectOrReply (string2ll): a rank, or a LIMIT offset or count. */
export function integerArg(arg: Arg, error = NOT_AN_INTEGER): number {
  if (typeof arg === 'number' && Number.isSafeInteger(arg) && !Object.is(arg, -0)) return arg;
  const value = parseIntegerArg(numberText(arg));
  if (value === null) throw new RedisError(error);
  return value;
}

/** getPositiveLongFromObjectOrReply: ZPOPMIN's count; a non-integer gets the same error as a negative. */
export function positiveCountArg(arg: Arg): number {
  const value = integerArg(arg, NOT_POSITIVE);
  if (value < 0) throw new RedisError(NOT_POSITIVE);
  return value;
}

/** zslParseRange: the min and max of ZCOUNT and ZRANGEBYSCORE, "(" marking an exclusive end. */
export function scoreRangeArgs(minArg: Arg, maxArg: Arg): ScoreRange {
  // the usual bounds: Lua numbers, or the whole-number text a script's numbers become
  const min = typeof minArg === 'number' ? minArg : plainIntegerValue(minArg);
  const max = typeof maxArg === 'number' ? maxArg : plainIntegerValue(maxArg);
  if (min === min && max === max) return { min, max, minExclusive: false, maxExclusive: false };
  return parsedScoreRange(minArg, maxArg);
}

/** scoreRangeArgs for any other text: "(" prefixes, decimals, inf, white space, errors. */
function parsedScoreRange(minArg: Arg, maxArg: Arg): ScoreRange {
  const min = parseRangeBound(numberText(minArg));
  const max = parseRangeBound(numberText(maxArg));
  if (min === null || max === null) throw new RedisError(BAD_SCORE_RANGE);
  return { min: min.value, max: max.value, minExclusive: min.exclusive, maxExclusive: max.exclusive };
}
