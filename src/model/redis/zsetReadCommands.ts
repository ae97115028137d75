/**
 * The sorted-set commands that read one member or a count: ZSCORE, ZMSCORE, ZRANK, ZREVRANK,
 * ZCARD, ZCOUNT, with Redis 7.0's replies for a missing key (t_zset.c). `args` are the
 * arguments after the command name, already checked against the command's arity.
 */
import type { Reply } from './reply.ts';
import type { Keyspace } from './keyspace.ts';
import { formatScore, type ScoreFormat } from './doubles.ts';
import { argText, scoreRangeArgs, type Arg } from './commandArgs.ts';

/** ZSCORE key member: the score as text, or nil. */
export function zscore(db: Keyspace, args: Arg[], format: ScoreFormat): Reply {
  const score = db.get(argText(args[0]!))?.score(argText(args[1]!));
  return score === undefined ? null : formatScore(score, format);
}

/** ZMSCORE key member [member ...]: one score or nil per member; a missing key gives all nils. */
export function zmscore(db: Keyspace, args: Arg[], format: ScoreFormat): Reply {
  const set = db.get(argText(args[0]!));
  const reply: Reply[] = [];
  for (let j = 1; j < args.length; j++) {
    const score = set?.score(argText(args[j]!));
    reply.push(score === undefined ? null : formatScore(score, format));
  }
  return reply;
}

/** ZRANK key member (Redis 7.0: no WITHSCORE): the 0-based rank from the lowest score, or nil. */
export function zrank(db: Keyspace, args: Arg[]): Reply {
  return db.get(argText(args[0]!))?.rank(argText(args[1]!)) ?? null;
}

/** ZREVRANK key member: the 0-based rank from the highest score, or nil. */
export function zrevrank(db: Keyspace, args: Arg[]): Reply {
  const set = db.get(argText(args[0]!));
  const rank = set?.rank(argText(args[1]!));
  return set === undefined || rank === undefined ? null : set.size - 1 - rank;
}

/** ZCARD key: the number of members, 0 for a missing key. */
export function zcard(db: Keyspace, args: Arg[]): Reply {
  return db.get(argText(args[0]!))?.size ?? 0;
}

/** ZCOUNT key min max: members with a score in the range; the range is checked even for a missing key. */
export function zcount(db: Keyspace, args: Arg[]): Reply {
  const range = scoreRangeArgs(args[1]!, args[2]!);
  const set = db.get(argText(args[0]!));
  if (set === undefined) return 0;
  const first = set.firstRankInRange(range);
  return first < 0 ? 0 : set.lastRankInRange(range) - first + 1;
}
