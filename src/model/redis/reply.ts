/**
 * What a command answers, and who answers commands: the two types every command module and every
 * client of the model shares (their own module, so the commands need not import MemoryRedis).
 */

/** A RESP2 reply: integer -> number, bulk or status string -> string, nil -> null, array -> array. */
export type Reply = string | number | null | Reply[];

/** Anything that answers Redis commands the way redis.call does inside a Lua script. */
export interface RedisLike {
  /** Runs one command; an error reply is thrown as a RedisError. */
  call(command: string, ...args: Array<string | number>): Reply;
}

/** An array reply as an array; any other reply is a TypeError (a script indexing it would fail too). */
export function arrayReply(reply: Reply): Reply[] {
  if (!Array.isArray(reply)) throw new TypeError(`expected an array reply, got ${JSON.stringify(reply)}`);
  return reply;
}

/** An array reply of bulk strings (members), as a script's table of strings; checked, not copied. */
export function stringsReply(reply: Reply): string[] {
  const array = arrayReply(reply);
  for (const element of array) {
    if (typeof element !== 'string') throw new TypeError(`expected bulk strings, got ${JSON.stringify(element)}`);
  }
  return array as string[];
}
