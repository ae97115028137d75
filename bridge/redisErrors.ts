/**
 * Turns what went wrong on the way to Redis into the JSON error the panel shows: Redis down,
 * too slow (command timeout), asking for a password (NOAUTH) or refusing it (WRONGPASS), a key
 * of another type. Every message names Redis by its password-free URL and is scrubbed of secrets.
 */
import type { BridgeErrorCode } from '../src/model/bridgeWire.ts';
import { RefusedCommandError } from './allowList.ts';
import { scrubSecrets } from './redact.ts';
import { UnreadableReplyError } from './replyGuard.ts';
import { BadCursorError, UnexpectedReplyError } from './replies.ts';

export interface Failure {
  readonly status: number;
  readonly code: BridgeErrorCode;
  readonly message: string;
}

export interface FailureContext {
  /** The Redis URL as it may be shown (password removed). */
  readonly shownUrl: string;
  readonly commandTimeoutMs: number;
  /** Passwords that must not appear in any message. */
  readonly secrets: readonly string[];
  /** The client's latest connection error (ECONNREFUSED, WRONGPASS...), or null while connected. */
  readonly lastConnectionError: Error | null;
}

/**
 * A Redis Cluster that says it is down (CLUSTERDOWN): with cluster-require-full-coverage yes (the
 * default) every master refuses every key once the cluster flags one master as failed, though the
 * others are up. Not a slow or dead connection: said in its own words, with what to do.
 */
export class ClusterDownError extends Error {
  constructor(readonly reply: string) {
    super(`the cluster reports itself down (${reply})`);
    this.name = 'ClusterDownError';
  }
}

/** Why the cluster refused, and what the engineer can do about it, from its CLUSTERDOWN reply. */
export function clusterDownWords(error: ClusterDownError): string {
  if (/Hash slot not served/i.test(error.reply))
    return `no master serves this key's slot (${error.reply}): its master is down and no replica took its place; check CLUSTER NODES for the master marked fail`;
  return `the cluster reports itself down (${error.reply}): a master does not answer and the cluster requires full coverage (cluster-require-full-coverage yes, the default), so every master refuses every key until that master answers again or a replica takes its place; check CLUSTER NODES for the master marked fail, or set cluster-require-full-coverage no to read the other masters meanwhile`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** ioredis's words for "not connected right now" (offline queue off, or the socket closed). */
const NOT_CONNECTED =
  /Stream isn't writeable|Connection is closed|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET|ETIMEDOUT|connect ETIMEDOUT/;

/**
 * True when `error` says the server did not answer (connection refused or closed, a timeout, a
 * reply it could not read): the key walk of a cluster skips such a master and names it.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof UnreadableReplyError) return true;
  const message = messageOf(error);
  return (
    message === 'Command timed out' ||
    NOT_CONNECTED.test(message) ||
    message.startsWith('Reached the max retries per request limit')
  );
}

function classify(error: unknown, context: FailureContext): Failure {
  const { shownUrl, commandTimeoutMs } = context;
  if (error instanceof RefusedCommandError) return { status: 403, code: 'refused-command', message: error.message };
  if (error instanceof UnreadableReplyError) {
    return {
      status: 502,
      code: 'redis-error',
      message: `Redis at ${shownUrl} sent a reply the bridge could not read (${error.reason}): the bridge dropped that connection and reconnects.`,
    };
  }
  if (error instanceof ClusterDownError) {
    return {
      status: 503,
      code: 'redis-down',
      message: `The Redis Cluster at ${shownUrl} refused the read: ${clusterDownWords(error)}.`,
    };
  }
  if (error instanceof BadCursorError) return { status: 400, code: 'bad-request', message: error.message };
  if (error instanceof UnexpectedReplyError) {
    return {
      status: 502,
      code: 'redis-error',
      message: `Redis at ${shownUrl} sent a reply the bridge could not read (${error.message}): is it a Redis server?`,
    };
  }
  const message = messageOf(error);
  const connection = context.lastConnectionError ? messageOf(context.lastConnectionError) : '';
  if (message === 'Command timed out') {
    return {
      status: 504,
      code: 'redis-timeout',
      message: `Redis at ${shownUrl} did not reply within ${commandTimeoutMs} ms (the bridge's --timeout): it is busy, paused or too far away.`,
    };
  }
  // a refused AUTH leaves the connection unauthenticated: later commands may answer NOAUTH
  if (
    message.startsWith('WRONGPASS') ||
    ((NOT_CONNECTED.test(message) || message.startsWith('NOAUTH')) && connection.startsWith('WRONGPASS'))
  ) {
    return {
      status: 502,
      code: 'redis-auth',
      message: `Redis at ${shownUrl} refused the bridge's user or password (WRONGPASS): check --password or the redis:// URL.`,
    };
  }
  if (message.startsWith('NOAUTH') || (NOT_CONNECTED.test(message) && connection.startsWith('NOAUTH'))) {
    return {
      status: 502,
      code: 'redis-auth',
      message: `Redis at ${shownUrl} needs a password (NOAUTH): start the bridge with --password, or put it in the URL as redis://:password@host:port.`,
    };
  }
  if (message.startsWith('WRONGTYPE')) {
    return { status: 409, code: 'wrong-type', message: 'That key holds another type than a sorted set.' };
  }
  if (NOT_CONNECTED.test(message)) {
    const why = connection !== '' ? ` (${connection})` : '';
    return {
      status: 502,
      code: 'redis-down',
      message: `Cannot reach Redis at ${shownUrl}${why}: is redis-server running there? The bridge keeps trying to reconnect.`,
    };
  }
  return { status: 502, code: 'redis-error', message: `Redis at ${shownUrl} answered with an error: ${message}` };
}

/** The failure to send for `error`, its message scrubbed of every secret in the context. */
export function describeFailure(error: unknown, context: FailureContext): Failure {
  const failure = classify(error, context);
  return { ...failure, message: scrubSecrets(failure.message, context.secrets) };
}
