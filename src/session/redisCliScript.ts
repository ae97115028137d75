/**
 * A session's write commands as a redis-cli script: one command a line, each argument written so
 * that redis-cli's line splitter (sds.c sdssplitargs, used by the REPL that reads piped stdin)
 * gives back exactly the bytes the model sent. Plain arguments stay bare; anything else is put in
 * double quotes with sdscatrepr's escapes (`\\` `\"` `\n` `\r` `\t` `\a` `\b`, other bytes `\xHH`),
 * which sdssplitargs reads back. Numbers are written as Lua hands them to redis.call (luaNumberArg).
 */
import { luaNumberArg } from '../model/redis/doubles.ts';
import { quoteCliString } from '../model/redis/cliQuoting.ts';

/** One command as the model sent it through RedisLike.call. */
export interface ScriptCommand {
  readonly command: string;
  readonly args: ReadonlyArray<string | number>;
}

/** Bytes sdssplitargs reads as they are outside quotes: no space, quote or escape, printable ASCII. */
const BARE = /^[A-Za-z0-9:._+\-/@#()=,]+$/;

/** One argument as sdssplitargs expects it: bare when safe, else quoted (sds.c sdscatrepr). */
export function cliArgument(arg: string | number): string {
  const text = typeof arg === 'number' ? luaNumberArg(arg) : arg;
  return BARE.test(text) ? text : quoteCliString(text);
}

/** One line of the script: `ZADD key 7364608000000000 job:1`. */
export function cliLine(entry: ScriptCommand): string {
  return [entry.command, ...entry.args].map(cliArgument).join(' ');
}

/** The whole script: each command on its own line, ending in a newline (empty when there are none). */
export function redisCliScript(commands: Iterable<ScriptCommand>): string {
  // One join: a flat string, not a rope of two small strings a line (an export of 2,000,000 lines is held in parts of these).
  const lines: string[] = [];
  for (const entry of commands) lines.push(cliLine(entry), '\n');
  return lines.join('');
}
