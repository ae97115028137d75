/**
 * One-line texts for the command log: a command as redis-cli would echo it (number arguments turned
 * into text the way Lua hands them to redis.call), and a reply or error in redis-cli's style.
 */
import { groupDigits } from '../model/format.ts';
import { luaNumberArg } from '../model/redis/doubles.ts';
import type { Reply } from '../model/redis/memoryRedis.ts';
import type { LogEntry } from './commandLog.ts';

/** How many arguments or array elements a line shows before it says how many more there are. */
export const SHOWN_ITEMS = 8;

function quoted(text: string): string {
  return JSON.stringify(text);
}

function argText(arg: string | number): string {
  return typeof arg === 'number' ? luaNumberArg(arg) : /^[\w:.+\-()]+$/.test(arg) ? arg : quoted(arg);
}

function more(total: number): string {
  return total > SHOWN_ITEMS ? ` … (+${groupDigits(total - SHOWN_ITEMS)} more)` : '';
}

/** `ZADD key 7364608000000000 job:1`: the command and its arguments, long lists cut short. */
export function commandText(entry: Pick<LogEntry, 'command' | 'args'>): string {
  const shown = entry.args.slice(0, SHOWN_ITEMS).map(argText);
  return [entry.command, ...shown].join(' ') + more(entry.args.length);
}

function replyItem(reply: Reply): string {
  if (reply === null) return '(nil)';
  if (typeof reply === 'number') return `(integer) ${reply}`;
  if (typeof reply === 'string') return quoted(reply);
  return `(array of ${reply.length})`;
}

/** The reply as one line: `(integer) 1`, `"job:1"`, `(empty array)`, `1) "job:1" 2) "7364…"`, or the error. */
export function replyText(entry: Pick<LogEntry, 'reply' | 'error'>): string {
  if (entry.error !== undefined) return `(error) ${entry.error}`;
  const reply = entry.reply;
  if (reply === undefined) return '';
  if (!Array.isArray(reply)) return replyItem(reply);
  if (reply.length === 0) return '(empty array)';
  return (
    reply
      .slice(0, SHOWN_ITEMS)
      .map((item, i) => `${i + 1}) ${replyItem(item)}`)
      .join(' ') + more(reply.length)
  );
}
