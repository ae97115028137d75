/**
 * MemoryRedis: an in-memory Redis 7.0.15 for the sorted-set commands the delayed-job scripts use,
 * spoken to as Redis commands and answering in RESP2 shapes: integers as numbers, bulk strings
 * (scores included, printed as Redis prints them) as strings, nil as null, arrays as arrays, and
 * error replies thrown as RedisError carrying Redis's exact error line.
 *
 * This file is the command layer's front door (processCommand in server.c): it finds the command
 * case-insensitively, checks its arity, and hands the arguments to the command. The commands live
 * in zsetWriteCommands.ts, zsetReadCommands.ts, zsetRangeCommands.ts and keyspaceCommands.ts; the
 * data structure they drive is SortedSet, held by Keyspace.
 */
import { formatScore } from './doubles.ts';
import type { ScoreFormat } from './doubles.ts';
import type { ReadonlySortedSet } from './sortedSet.ts';
import { argText, type Arg } from './commandArgs.ts';
import { Keyspace } from './keyspace.ts';
import { RedisError } from './redisError.ts';
import type { RedisLike, Reply } from './reply.ts';
import { del, exists, flushall } from './keyspaceCommands.ts';
import { zadd, zpopmax, zpopmin, zrem } from './zsetWriteCommands.ts';
import { zcard, zcount, zmscore, zrank, zrevrank, zscore } from './zsetReadCommands.ts';
import { zrange, zrangebyscore, zrevrangebyscore } from './zsetRangeCommands.ts';

export { RedisError } from './redisError.ts';

export type { Reply, RedisLike } from './reply.ts';

/** One entry of the command table (redisCommandTable): name as Redis reports it, and arity. */
interface CommandSpec {
  readonly name: string;
  /** Redis's arity, counting the command name: n means exactly n, -n means at least n. */
  readonly arity: number;
  readonly run: (db: Keyspace, args: Arg[], format: ScoreFormat) => Reply;
}

const COMMANDS: readonly CommandSpec[] = [
  { name: 'zadd', arity: -4, run: zadd },
  { name: 'zrem', arity: -3, run: zrem },
  { name: 'zscore', arity: 3, run: zscore },
  { name: 'zmscore', arity: -3, run: zmscore },
  { name: 'zrank', arity: 3, run: zrank },
  { name: 'zrevrank', arity: 3, run: zrevrank },
  { name: 'zcard', arity: 2, run: zcard },
  { name: 'zcount', arity: 4, run: zcount },
  { name: 'zrange', arity: -4, run: zrange },
  { name: 'zrangebyscore', arity: -4, run: zrangebyscore },
  { name: 'zrevrangebyscore', arity: -4, run: zrevrangebyscore },
  { name: 'zpopmin', arity: -2, run: zpopmin },
  { name: 'zpopmax', arity: -2, run: zpopmax },
  { name: 'del', arity: -2, run: del },
  { name: 'exists', arity: -2, run: exists },
  { name: 'flushall', arity: -1, run: flushall },
];

/** Command lookup by exact name; lower- and upper-case spellings are both keys, for the fast path. */
const BY_NAME = new Map<string, CommandSpec>();
for (const spec of COMMANDS) {
  BY_NAME.set(spec.name, spec);
  BY_NAME.set(spec.name.toUpperCase(), spec);
}

/** lookupCommand: Redis matches command names ASCII case-insensitively (so not "ZRAN\u212A"). */
function lookupCommand(command: string): CommandSpec | undefined {
  const exact = BY_NAME.get(command);
  if (exact !== undefined) return exact;
  let lower = '';
  for (let i = 0; i < command.length; i++) {
    const code = command.charCodeAt(i);
    lower += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : command.charAt(i);
  }
  return BY_NAME.get(lower);
}

const encoder = new TextEncoder();
// ignoreBOM: an argument starting with U+FEFF keeps it in the error line, as the server's bytes do
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * How a C "%.*s" prints an argument into an error line: up to the first NUL byte, at most
 * `maxBytes` UTF-8 bytes (a cut code point shows as U+FFFD once the line is decoded), and with
 * CR and LF turned into spaces (rejectCommandFormat). Gives the text and its byte length.
 */
function printedArg(text: string, maxBytes: number): { text: string; bytes: number } {
  const nul = text.indexOf('\0');
  const bytes = encoder.encode(nul < 0 ? text : text.slice(0, nul));
  const kept = bytes.length > maxBytes ? bytes.subarray(0, maxBytes) : bytes;
  return { text: decoder.decode(kept).replace(/[\r\n]/g, ' '), bytes: kept.length };
}

/** processCommand's reply to an unknown command: its name and the start of its arguments, 128 bytes each. */
function unknownCommandError(command: string, args: Arg[]): RedisError {
  let listed = '';
  let listedBytes = 0;
  for (let i = 0; i < args.length && listedBytes < 128; i++) {
    const printed = printedArg(argText(args[i]!), 128 - listedBytes);
    listed += `'${printed.text}' `;
    listedBytes += printed.bytes + 3;
  }
  return new RedisError(`ERR unknown command '${printedArg(command, 128).text}', with args beginning with: ${listed}`);
}

/** An in-memory Redis 7.0.15 for sorted sets, driven through call() like redis.call in a script. */
export class MemoryRedis implements RedisLike {
  private readonly keys = new Keyspace();
  private readonly scoreFormat: ScoreFormat;

  /** `scoreFormat` picks how scores are printed in replies: '7.0' (%.17g, the default) or '7.2'. */
  constructor(options: { scoreFormat?: ScoreFormat } = {}) {
    this.scoreFormat = options.scoreFormat ?? '7.0';
  }

  /**
   * Runs one command (name in any case) with its arguments; numbers are taken as Lua numbers and
   * turned into text as redis.call does (luaNumberArg). Throws RedisError for an error reply.
   */
  call(command: string, ...args: Array<string | number>): Reply {
    return this.callArgs(command, args);
  }

  /**
   * The sorted set at `key` for typed reads, or undefined when the key holds none (Redis deletes
   * an emptied key). Reads only: every write goes through call(), which keeps the encoding rules.
   */
  sortedSet(key: string): ReadonlySortedSet | undefined {
    return this.keys.get(key);
  }

  /** How this instance prints a score in its replies (formatScore with its score format). */
  printScore(score: number): string {
    return formatScore(score, this.scoreFormat);
  }

  /**
   * call() with the arguments in one array, as a script bridge holds them (script_lua.c builds
   * one argv from the Lua stack): no second array and no spread. The command may read `args`
   * but keeps no reference to it once it returns.
   */
  callArgs(command: string, args: Arg[]): Reply {
    const spec = lookupCommand(command);
    if (spec === undefined) throw unknownCommandError(command, args);
    const argc = args.length + 1;
    if (spec.arity > 0 ? argc !== spec.arity : argc < -spec.arity) {
      throw new RedisError(`ERR wrong number of arguments for '${spec.name}' command`);
    }
    return spec.run(this.keys, args, this.scoreFormat);
  }
}
