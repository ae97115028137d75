/**
 * The bridge's command line: `--redis <url> --password <pw> --host <addr> --port <n>
 * --origin <url> (repeatable) --timeout <ms> --token <t>`, checked before anything starts.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_BRIDGE_PORT } from '../src/model/bridgeWire.ts';
import { redactRedisUrl } from './redact.ts';

export interface BridgeOptions {
  /** redis:// or rediss:// URL (may hold a user, a password and a database number). */
  readonly redisUrl: string;
  /** Password from --password, --password-file or FIRETIME_REDIS_PASSWORD, used in place of one in the URL. */
  readonly password: string | null;
  /**
   * The ACL user named in the URL when the password comes from elsewhere: the URL then goes
   * without its user (ioredis takes a URL's user with the URL's empty password over the password
   * option), and both go to ioredis as options.
   */
  readonly username?: string | null;
  /** Address the HTTP server binds to. */
  readonly host: string;
  /** Port the HTTP server listens on (0: any free port). */
  readonly port: number;
  /** Origins (scheme://host:port) whose pages may read the bridge's replies. */
  readonly origins: readonly string[];
  /** How long one Redis command may take before the bridge answers "timed out" (ms). */
  readonly commandTimeoutMs: number;
  /**
   * The token every request must carry (`Authorization: Bearer <token>`), or null for none.
   * Required when `host` is not loopback (startBridge refuses to start without it).
   */
  readonly token: string | null;
  /**
   * True (--client-list): the bridge may send CLIENT LIST to find each BullMQ queue's workers, as
   * Queue.getWorkers() does. Off by default: it is an admin command that shows every client.
   */
  readonly clientList?: boolean;
}

/** The app's origins: Vite's dev server (5173), `vite preview` (4173) and the e2e preview (4317). */
export const DEFAULT_ORIGINS: readonly string[] = [5173, 4173, 4317].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export const DEFAULT_OPTIONS: BridgeOptions = {
  redisUrl: 'redis://127.0.0.1:6379',
  password: null,
  host: '127.0.0.1',
  port: DEFAULT_BRIDGE_PORT,
  origins: DEFAULT_ORIGINS,
  commandTimeoutMs: 2000,
  token: null,
};

export const USAGE = `Usage: npm run bridge -- [options]
  --redis <url>      Redis to read, redis://[user:password@]host:port[/db] (default redis://127.0.0.1:6379)
  --password <pw>    Redis password (instead of one in the URL; shown by ps: prefer the two below)
  --password-file <path>  read the Redis password from this file (its first line)
  --host <address>   address to listen on (default 127.0.0.1: this machine only)
  --port <n>         port to listen on (default ${DEFAULT_BRIDGE_PORT})
  --origin <url>     origin of the app allowed to read replies; repeat for several
                     (default ${DEFAULT_ORIGINS.join(', ')})
  --timeout <ms>     Redis command timeout (default 2000)
  --token <t>        token every request must carry (Authorization: Bearer <t>), 16 to 256
                     visible characters; required beyond 127.0.0.1: one is made and printed
                     when --host is not loopback and none is given
  --client-list      also send CLIENT LIST, to count each BullMQ queue's workers as
                     Queue.getWorkers() does (an admin command: an ACL user needs +client|list)
The password may also come from the environment: FIRETIME_REDIS_PASSWORD (npm prints the command line),
the token from FIRETIME_BRIDGE_TOKEN. An ACL user goes in the URL without its password
(redis://firetime@host:6379) with the password from either of those.
The bridge only ever sends SCAN, TYPE, EXISTS, ZCARD, ZRANGE, ZRANGEBYSCORE, ZCOUNT, ZSCORE, LLEN, PTTL,
TIME, HGET (a queue's meta version), HMGET (job-hash fields; meta paused and concurrency), HSTRLEN
(job-hash fields), LPOS (bounded) and, with --client-list only, CLIENT LIST; see docs/live-redis.md for the
handshake's own.`;

export type ParsedArgs =
  | { readonly kind: 'options'; readonly options: BridgeOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** True when the address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function checkRedisUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `--redis: not a URL (${redactRedisUrl(text)}); write redis://host:port`;
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return `--redis: use redis:// or rediss://, not ${url.protocol}//`;
  if (url.hostname === '') return '--redis: the URL has no host';
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname)) {
    return `--redis: the path must be a database number (/0 to /99), not ${redactRedisUrl(text)}`;
  }
  return null;
}

function checkOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `--origin: not a URL: ${text}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--origin: use http:// or https://, not ${text}`;
  if (url.origin !== text.replace(/\/$/, '')) return `--origin: give only scheme://host:port (e.g. ${url.origin}), not ${text}`;
  return null;
}

/** Environment variable holding the Redis password (keeps it off the command line npm echoes). */
const PASSWORD_VARIABLE = 'FIRETIME_REDIS_PASSWORD';
/** Environment variable holding the bridge's token. */
const TOKEN_VARIABLE = 'FIRETIME_BRIDGE_TOKEN';

/** A token is 16 to 256 visible ASCII characters (it travels in an Authorization header). */
function checkToken(text: string): string | null {
  return /^[\x21-\x7e]{16,256}$/.test(text) ? null : '--token: 16 to 256 visible ASCII characters, no spaces';
}

/** A fresh random token (144 bits, base64url), for a bridge beyond loopback started without --token. */
export function makeToken(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Reads the bridge's arguments (process.argv after the script) and FIRETIME_REDIS_PASSWORD
 * (--password wins over it). Every message about a bad --redis value shows the URL with its
 * password removed.
 */
export function parseBridgeArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): ParsedArgs {
  let redisUrl = DEFAULT_OPTIONS.redisUrl;
  let password: string | null = env[PASSWORD_VARIABLE] || null;
  let host = DEFAULT_OPTIONS.host;
  let port = DEFAULT_OPTIONS.port;
  let commandTimeoutMs = DEFAULT_OPTIONS.commandTimeoutMs;
  let token: string | null = env[TOKEN_VARIABLE] || null;
  if (token !== null && checkToken(token) !== null)
    return { kind: 'error', message: `${TOKEN_VARIABLE}: 16 to 256 visible ASCII characters, no spaces` };
  const origins: string[] = [];
  let clientList = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--client-list') {
      clientList = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    const inline = arg.startsWith('--') && equals > 0 ? arg.slice(equals + 1) : undefined;
    const known = ['--redis', '--password', '--password-file', '--host', '--port', '--origin', '--timeout', '--token'];
    if (!known.includes(name)) {
      // never echo what may be a password given without its flag
      return {
        kind: 'error',
        message: arg.startsWith('--') ? `unknown option ${name}` : `unexpected argument #${i + 1} (options start with --)`,
      };
    }
    const value = inline ?? argv[++i];
    if (value === undefined) return { kind: 'error', message: `${name} needs a value` };
    switch (name) {
      case '--redis': {
        const problem = checkRedisUrl(value);
        if (problem) return { kind: 'error', message: problem };
        redisUrl = value;
        break;
      }
      case '--password':
        if (value === '') return { kind: 'error', message: '--password is empty' };
        password = value;
        break;
      case '--password-file': {
        const read = passwordFromFile(value, readFile);
        if (!read.ok) return { kind: 'error', message: read.message };
        password = read.password;
        break;
      }
      case '--host':
        if (!/^[\w.:-]+$/.test(value)) return { kind: 'error', message: `--host: not an address: ${value}` };
        host = value;
        break;
      case '--port': {
        const n = wholeNumber(value, 0, 65535);
        if (n === null) return { kind: 'error', message: `--port: a whole number from 0 to 65535, not ${value}` };
        port = n;
        break;
      }
      case '--origin':
        for (const origin of value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const problem = checkOrigin(origin);
          if (problem) return { kind: 'error', message: problem };
          origins.push(origin.replace(/\/$/, ''));
        }
        break;
      case '--token': {
        const problem = checkToken(value);
        if (problem) return { kind: 'error', message: problem };
        token = value;
        break;
      }
      case '--timeout': {
        const n = wholeNumber(value, 50, 600_000);
        if (n === null) return { kind: 'error', message: `--timeout: milliseconds from 50 to 600000, not ${value}` };
        commandTimeoutMs = n;
        break;
      }
    }
  }
  const user = userApart(redisUrl, password);
  return {
    kind: 'options',
    options: {
      redisUrl: user.redisUrl,
      password,
      ...(user.username !== null ? { username: user.username } : {}),
      host,
      port,
      origins: origins.length > 0 ? origins : DEFAULT_ORIGINS,
      commandTimeoutMs,
      token,
      ...(clientList ? { clientList } : {}),
    },
  };
}

/** The first line of a password file (a trailing line break is not part of the password), or why not. */
function passwordFromFile(
  path: string,
  readFile: (path: string) => string,
): { ok: true; password: string } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, message: `--password-file: cannot read ${path}${code ? ` (${code})` : ''}` };
  }
  const password = text.split(/\r?\n/, 1)[0]!;
  return password === ''
    ? { ok: false, message: `--password-file: ${path} holds no password on its first line` }
    : { ok: true, password };
}

/**
 * A URL naming a user, with the password given apart: the URL without its user, and the user.
 * ioredis reads `redis://user@host` as that user with an empty password, and the URL's empty
 * password wins over the password option: AUTH then fails (WRONGPASS).
 */
function userApart(redisUrl: string, password: string | null): { redisUrl: string; username: string | null } {
  if (password === null) return { redisUrl, username: null };
  const url = new URL(redisUrl);
  if (url.username === '') return { redisUrl, username: null };
  const username = decodeURIComponent(url.username);
  url.username = '';
  url.password = '';
  return { redisUrl: url.toString(), username };
}

/** The URL to show for these options: the password (from the URL or --password) never appears; the user does. */
export function shownRedisUrl(options: Pick<BridgeOptions, 'redisUrl' | 'password' | 'username'>): string {
  const shown = redactRedisUrl(options.redisUrl);
  if (options.password === null) return shown;
  const url = new URL(shown);
  if (options.username) url.username = encodeURIComponent(options.username);
  url.password = '***';
  return url.toString();
}

/** Every secret the options hold (passwords and the token), for scrubSecrets. */
export function secretsOf(options: Pick<BridgeOptions, 'redisUrl' | 'password'> & { readonly token?: string | null }): string[] {
  const secrets: string[] = [];
  if (options.password !== null) secrets.push(options.password);
  if (options.token) secrets.push(options.token);
  try {
    const fromUrl = new URL(options.redisUrl).password;
    if (fromUrl !== '') secrets.push(fromUrl, decodeURIComponent(fromUrl));
  } catch {
    // not a URL: parseBridgeArgs refuses it before it gets here
  }
  return secrets;
}
