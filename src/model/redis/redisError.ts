/**
 * The error a Redis command replies with, thrown by MemoryRedis.call. Its message is the exact
 * error line Redis sends (without the leading "-"), e.g. "ERR syntax error", so a caller or a
 * test can compare it with what a real server answers.
 */

/** An error reply of a Redis command (the `-ERR ...` line of RESP, as addReplyError builds it). */
export class RedisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisError';
  }
}

/** shared.syntaxerr in server.c. */
export const SYNTAX_ERROR = 'ERR syntax error';
/** getLongLongFromObjectOrReply's default message (ranks, LIMIT offset and count). */
export const NOT_AN_INTEGER = 'ERR value is not an integer or out of range';
/** getDoubleFromObjectOrReply's default message (ZADD scores). */
export const NOT_A_FLOAT = 'ERR value is not a valid float';
/** zslParseRange's failure as ZCOUNT and ZRANGEBYSCORE report it. */
export const BAD_SCORE_RANGE = 'ERR min or max is not a float';
/** zslParseLexRange's failure as ZRANGE ... BYLEX reports it. */
export const BAD_LEX_RANGE = 'ERR min or max not valid string range item';
/** getPositiveLongFromObjectOrReply's message, also given for a count that is not an integer. */
export const NOT_POSITIVE = 'ERR value is out of range, must be positive';
