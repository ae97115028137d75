/**
 * The bridge's only way to Redis: every command passes `readOnlyCall`, which refuses anything
 * outside the read-only allow-list before it is sent. The routes never take a command name from
 * a request, and this is the one function that holds the Redis client.
 */

/**
 * The commands the bridge may send: SCAN (key and queue listing), TYPE, ZCARD, ZRANGE,
 * ZRANGEBYSCORE, ZCOUNT and ZSCORE (the delayed and marker sets, a queue's other sets, a job's
 * place in a set), LLEN (a queue's lists), LPOS with MAXLEN (a job's place in a list, bounded),
 * PTTL (a queue's limiter), TIME (the server's now), HGET (a queue's `meta` version only), HMGET
 * (a job hash's JOB_HASH_FIELDS, or a queue meta's META_STATE_FIELDS), HSTRLEN (JOB_HASH_FIELDS)
 * and EXISTS (whether a queue candidate has any of its other keys, MAX_EXISTS_KEYS at most).
 */
export const ALLOWED_COMMANDS: ReadonlySet<string> = new Set([
  'SCAN',
  'TYPE',
  'ZCARD',
  'ZRANGE',
  'ZRANGEBYSCORE',
  'ZCOUNT',
  'ZSCORE',
  'LLEN',
  'PTTL',
  'TIME',
  'HGET',
  'HMGET',
  // a job's place and size, for Find and /api/jobs (bridge/jobState.ts, readJobs)
  'HSTRLEN',
  'LPOS',
  // the queue walk: whether an `id` string has any key of a queue beside it (bridge/queueDiscovery.ts)
  'EXISTS',
]);

/** Keys one EXISTS may name: a queue candidate's delayed, wait, paused and jobs keys. */
const MAX_EXISTS_KEYS = 4;

/**
 * CLIENT LIST, the one admin command the bridge may send, and only when it was started with
 * `--client-list`: it is how BullMQ's Queue.getWorkers() finds a queue's workers (their connection
 * names), but it also shows every client's address and last command, which an operator may not
 * want a page to read. Only the LIST subcommand, with no filter.
 */
const OPT_IN_COMMAND = 'CLIENT';

/**
 * The job-hash fields HMGET may ask for: what the doctor shows of a job (name, when it was added,
 * its delay, its attempts, its options). `atm` is where BullMQ 5+ keeps attemptsMade (Bull 3/4
 * write `attemptsMade`). A job's `data`, `returnvalue` and `stacktrace` are never read.
 */
export const JOB_HASH_FIELDS: readonly string[] = [
  'name',
  'timestamp',
  'delay',
  'attemptsMade',
  'atm',
  'opts',
  // why the last attempt failed, and when a worker took the job and when it finished
  'failedReason',
  'processedOn',
  'finishedOn',
];

/** The most members one LPOS may compare (its MAXLEN): a job's place in a list is searched, not the list walked. */
const MAX_LPOS_COMPARED = 2000;

/** The one field HGET may read: the library and version BullMQ writes in `<prefix>:<queue>:meta`. */
export const META_VERSION_FIELD = 'version';

/**
 * The queue-meta fields HMGET may ask for: what stops a BullMQ queue's jobs from running
 * (`paused`, set by Queue.pause(); `concurrency`, the queue's global concurrency). Nothing else of
 * the hash is read.
 */
export const META_STATE_FIELDS: readonly string[] = ['paused', 'concurrency'];

/** What the bridge may send beyond the read-only list: CLIENT LIST, when the operator allowed it. */
export interface CallOptions {
  readonly clientList?: boolean;
}

/** An argument of a command: key and member names go as bytes. */
export type CommandArg = string | number | Buffer;

/**
 * What readOnlyCall needs of a client: ioredis's `callBuffer`, which sends Buffers as they are and
 * replies with Buffers, so a key that is not UTF-8 survives the round trip.
 */
export interface CommandSender {
  callBuffer(command: string, ...args: CommandArg[]): Promise<unknown>;
}

/** A command the allow-list does not hold, or an allowed one with arguments it does not allow; it was never sent. */
export class RefusedCommandError extends Error {
  constructor(
    readonly command: string,
    reason = command.toUpperCase() === OPT_IN_COMMAND
      ? 'CLIENT LIST is sent only when the bridge is started with --client-list'
      : `${command.toUpperCase()} is not one of ${[...ALLOWED_COMMANDS].join(', ')}`,
  ) {
    super(`the bridge is read-only: ${reason}`);
    this.name = 'RefusedCommandError';
  }
}

/** A function that sends one allowed command to Redis; bulk replies come back as Buffers. */
export type ReadOnlyCall = (command: string, ...args: CommandArg[]) => Promise<unknown>;

const argText = (arg: CommandArg | undefined): string | undefined =>
  arg === undefined ? undefined : Buffer.isBuffer(arg) ? arg.toString('latin1') : String(arg);

/**
 * Why `name args...` is refused though `name` is allowed, or null: the hash reads name their
 * fields (HGET only `version`, HMGET only job-hash fields), TIME takes no argument.
 */
function argumentRefusal(name: string, args: readonly CommandArg[]): string | null {
  if (name === 'TIME') return args.length === 0 ? null : 'TIME takes no arguments';
  if (name === 'HGET') {
    return args.length === 2 && argText(args[1]) === META_VERSION_FIELD
      ? null
      : `HGET may read only the field ${META_VERSION_FIELD} (a queue's meta)`;
  }
  if (name === 'EXISTS')
    return args.length >= 1 && args.length <= MAX_EXISTS_KEYS ? null : `EXISTS is sent with 1 to ${MAX_EXISTS_KEYS} keys`;
  if (name === 'HSTRLEN') {
    return args.length === 2 && JOB_HASH_FIELDS.includes(argText(args[1]) ?? '')
      ? null
      : `HSTRLEN may measure only the job-hash fields ${JOB_HASH_FIELDS.join(', ')}`;
  }
  if (name === 'LPOS') {
    // LPOS key element RANK r MAXLEN n: without MAXLEN it compares the whole list
    const [, , rankWord, rank, maxWord, max] = args.map(argText);
    return args.length === 6 &&
      rankWord?.toUpperCase() === 'RANK' &&
      /^-?[1-9]\d{0,8}$/.test(rank ?? '') &&
      maxWord?.toUpperCase() === 'MAXLEN' &&
      /^\d{1,9}$/.test(max ?? '') &&
      Number(max) >= 1 &&
      Number(max) <= MAX_LPOS_COMPARED
      ? null
      : `LPOS is sent only as LPOS key element RANK r MAXLEN n, n from 1 to ${MAX_LPOS_COMPARED}`;
  }
  if (name === 'HMGET') {
    const fields = args.slice(1).map(argText);
    const allFrom = (allowed: readonly string[]) =>
      fields.length > 0 && fields.every((field) => field !== undefined && allowed.includes(field));
    return allFrom(JOB_HASH_FIELDS) || allFrom(META_STATE_FIELDS)
      ? null
      : `HMGET may read only the job-hash fields ${JOB_HASH_FIELDS.join(', ')} or the meta fields ${META_STATE_FIELDS.join(', ')}`;
  }
  if (name === OPT_IN_COMMAND)
    return args.length === 1 && argText(args[0])?.toUpperCase() === 'LIST' ? null : 'CLIENT may only LIST, with no filter';
  return null;
}

/**
 * Sends `command args...` through `client` when the command is on the allow-list (and, for TIME,
 * HGET and HMGET, its arguments are the allowed ones); otherwise rejects with RefusedCommandError
 * without touching the client. ZRANGE's STORE-free forms and the other commands only read.
 */
export function readOnlyCall(client: CommandSender, command: string, ...args: CommandArg[]): Promise<unknown> {
  return optedInCall({}, client, command, ...args);
}

/** readOnlyCall, with CLIENT LIST allowed too when `options.clientList` says so. */
function optedInCall(options: CallOptions, client: CommandSender, command: string, ...args: CommandArg[]): Promise<unknown> {
  const name = command.toUpperCase();
  const optedIn = name === OPT_IN_COMMAND && options.clientList === true;
  if (!ALLOWED_COMMANDS.has(name) && !optedIn) return Promise.reject(new RefusedCommandError(command));
  const refusal = argumentRefusal(name, args);
  if (refusal !== null) return Promise.reject(new RefusedCommandError(command, refusal));
  return client.callBuffer(name, ...args);
}

/** readOnlyCall bound to one client (and CLIENT LIST when `options.clientList`): the shape the routes receive. */
export function readOnlyCaller(client: CommandSender, options: CallOptions = {}): ReadOnlyCall {
  return (command, ...args) => optedInCall(options, client, command, ...args);
}
