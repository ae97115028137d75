/**
 * Commands sent with a wrong number of arguments, each of which redis-server 7.0.15 refuses with
 * "ERR wrong number of arguments for '<command in lower case>' command". The model's test
 * (src/model/redis/memoryRedis.test.ts) expects that reply, and conformance/commands.test.ts
 * compares the model's replies to these with redis-server's.
 */
export const WRONG_ARITY: ReadonlyArray<readonly [command: string, ...args: string[]]> = [
  ['ZADD', 'k', '1'],
  ['ZREM', 'k'],
  ['ZSCORE', 'k'],
  ['ZMSCORE', 'k'],
  ['ZRANK', 'k', 'a', 'WITHSCORE'],
  ['ZREVRANK', 'k'],
  ['ZCARD', 'k', 'x'],
  ['ZCOUNT', 'k', '1'],
  ['ZRANGE', 'k', '1'],
  ['ZRANGEBYSCORE', 'k', '1'],
  ['ZREVRANGEBYSCORE', 'k', '1'],
  ['ZPOPMIN'],
  ['ZPOPMAX'],
  ['DEL'],
  ['EXISTS'],
];
