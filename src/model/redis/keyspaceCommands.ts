/**
 * The keyspace commands MemoryRedis answers besides the sorted-set ones: DEL, EXISTS and
 * FLUSHALL (db.c). `args` are the arguments after the command name, already checked against
 * the command's arity.
 */
import type { Reply } from './reply.ts';
import type { Keyspace } from './keyspace.ts';
import { argText, isKeyword, type Arg } from './commandArgs.ts';
import { RedisError, SYNTAX_ERROR } from './redisError.ts';

/** DEL key [key ...]: how many keys were removed (a key named twice counts once). */
export function del(db: Keyspace, args: Arg[]): Reply {
  let removed = 0;
  for (const key of args) if (db.delete(argText(key))) removed++;
  return removed;
}

/** EXISTS key [key ...]: how many of the named keys exist (a key named twice counts twice). */
export function exists(db: Keyspace, args: Arg[]): Reply {
  let found = 0;
  for (const key of args) if (db.has(argText(key))) found++;
  return found;
}

/** FLUSHALL [ASYNC | SYNC] (getFlushCommandFlags): empties every key. */
export function flushall(db: Keyspace, args: Arg[]): Reply {
  if (args.length > 1 || (args.length === 1 && !isKeyword(args[0]!, 'SYNC') && !isKeyword(args[0]!, 'ASYNC'))) {
    throw new RedisError(SYNTAX_ERROR);
  }
  db.clear();
  return 'OK';
}
