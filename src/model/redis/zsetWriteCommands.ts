/**
 * The sorted-set commands that write: ZADD, ZREM, ZPOPMIN, ZPOPMAX, following t_zset.c of
 * Redis 7.0 (zaddGenericCommand, zsetAdd, zremCommand, genericZpopCommand) in what they check,
 * in which order, and what they reply. `args` are the arguments after the command name; the
 * argument count has already been checked against the command's arity.
 */
import type { Reply } from './reply.ts';
import type { Keyspace } from './keyspace.ts';
import type { SortedSet } from './sortedSet.ts';
import { formatScore, type ScoreFormat } from './doubles.ts';
import { argText, isKeyword, positiveCountArg, scoreArg, type Arg } from './commandArgs.ts';
import { RedisError, SYNTAX_ERROR } from './redisError.ts';

const NAN_RESULT = 'ERR resulting score is not a number (NaN)';

/** ZADD's NX XX GT LT INCR flags (ZADD_IN_*), as bits: no object to allocate per command. */
const NX = 1;
const XX = 2;
const GT = 4;
const LT = 8;
const INCR = 16;

/** What zsetAdd did with one pair (ZADD_OUT_*). */
const NOP = 0;
const ADDED = 1;
const UPDATED = 2;
const UNCHANGED = 3;

/** zsetAdd's newscore out-parameter: the member's score after the last addPair that did not return NOP. */
let newScore = 0;

/** zsetAdd: one score-member pair under the flags (ZADD_IN_* bits); the member's new score goes to `newScore`. */
function addPair(db: Keyspace, set: SortedSet, member: string, score: number, flags: number): number {
  if (flags === 0) {
    // nothing to test before writing: one write that reports the score it replaced
    const previous = db.put(set, member, score);
    newScore = score;
    return previous === undefined ? ADDED : previous === score ? UNCHANGED : UPDATED;
  }
  const current = set.score(member);
  if (current === undefined) {
    if (flags & XX) return NOP;
    db.write(set, member, score, true);
    newScore = score;
    return ADDED;
  }
  if (flags & NX) return NOP;
  if (flags & INCR) {
    score += current;
    if (Number.isNaN(score)) throw new RedisError(NAN_RESULT);
  }
  if ((flags & LT && score >= current) || (flags & GT && score <= current)) return NOP;
  newScore = score;
  if (score === current) return UNCHANGED;
  db.write(set, member, score, false);
  return UPDATED;
}

/** ZADD key [NX|XX] [GT|LT] [CH] [INCR] score member [score member ...] (zaddGenericCommand). */
export function zadd(db: Keyspace, args: Arg[], format: ScoreFormat): Reply {
  let flags = 0;
  let ch = false;
  let first = 1;
  for (; first < args.length; first++) {
    const option = args[first]!;
    // every option is 2 or 4 characters long: anything else (a score, as a rule) ends them at once
    if (typeof option !== 'string' || (option.length !== 2 && option.length !== 4)) break;
    if (isKeyword(option, 'NX')) flags |= NX;
    else if (isKeyword(option, 'XX')) flags |= XX;
    else if (isKeyword(option, 'CH')) ch = true;
    else if (isKeyword(option, 'INCR')) flags |= INCR;
    else if (isKeyword(option, 'GT')) flags |= GT;
    else if (isKeyword(option, 'LT')) flags |= LT;
    else break;
  }
  const elements = args.length - first;
  if (elements === 0 || elements % 2 !== 0) throw new RedisError(SYNTAX_ERROR);
  const pairs = elements / 2;
  if (flags & NX && flags & XX) throw new RedisError('ERR XX and NX options at the same time are not compatible');
  if ((flags & NX && flags & (GT | LT)) || (flags & GT && flags & LT)) {
    throw new RedisError('ERR GT, LT, and/or NX options at the same time are not compatible');
  }
  if (flags & INCR && pairs > 1) throw new RedisError('ERR INCR option supports a single increment-element pair');

  // Every score is parsed before anything is written: a bad one fails the whole command. (One
  // pair, the usual ZADD, keeps its score in a local instead of an array.)
  const firstScore = scoreArg(args[first]!);
  const scores: number[] | null = pairs > 1 ? [firstScore] : null;
  for (let j = 1; j < pairs; j++) scores!.push(scoreArg(args[first + 2 * j]!));

  const key = argText(args[0]!);
  let set = db.get(key);
  let added = 0;
  let updated = 0;
  let processed = 0;
  if (set === undefined && !(flags & XX)) set = db.create(key, argText(args[first + 1]!));
  if (set !== undefined) {
    for (let j = 0; j < pairs; j++) {
      const score = j === 0 ? firstScore : scores![j]!;
      const outcome = addPair(db, set, argText(args[first + 2 * j + 1]!), score, flags);
      if (outcome === ADDED) added++;
      else if (outcome === UPDATED) updated++;
      if (outcome !== NOP) processed++;
    }
  }
  if (flags & INCR) return processed > 0 ? formatScore(newScore, format) : null;
  return ch ? added + updated : added;
}

/**
 * ZREM key member [member ...] (zremCommand): how many were removed; an emptied set loses its key.
 * A list that starts with the set's head run (promote's batch) has that run taken off in one pass
 * (SortedSet.deleteMembers); the set and the reply are those of removing member by member.
 */
export function zrem(db: Keyspace, args: Arg[]): Reply {
  const key = argText(args[0]!);
  const set = db.get(key);
  if (set === undefined) return 0;
  const members: string[] = new Array<string>(args.length - 1);
  for (let j = 1; j < args.length; j++) members[j - 1] = argText(args[j]!);
  const removed = set.deleteMembers(members);
  db.deleteIfEmpty(key, set);
  return removed;
}

/** genericZpopCommand for ZPOPMIN (`fromMax` false) and ZPOPMAX: a flat [member, score, ...] reply. */
function zpop(db: Keyspace, args: Arg[], format: ScoreFormat, fromMax: boolean): Reply {
  if (args.length > 2) throw new RedisError(SYNTAX_ERROR);
  const count = args.length === 2 ? positiveCountArg(args[1]!) : 1;
  const key = argText(args[0]!);
  const set = db.get(key);
  if (set === undefined || count === 0) return [];
  const popped = Math.min(count, set.size);
  const entries = fromMax ? set.rangeByRank(set.size - popped, set.size - 1).reverse() : set.rangeByRank(0, popped - 1);
  const reply: Reply[] = [];
  for (const entry of entries) {
    set.delete(entry.member);
    reply.push(entry.member, formatScore(entry.score, format));
  }
  db.deleteIfEmpty(key, set);
  return reply;
}

/** ZPOPMIN key [count]: removes and returns the lowest-scored members. */
export function zpopmin(db: Keyspace, args: Arg[], format: ScoreFormat): Reply {
  return zpop(db, args, format, false);
}

/** ZPOPMAX key [count]: removes and returns the highest-scored members. */
export function zpopmax(db: Keyspace, args: Arg[], format: ScoreFormat): Reply {
  return zpop(db, args, format, true);
}
