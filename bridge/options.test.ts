import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPTIONS,
  DEFAULT_ORIGINS,
  USAGE,
  isLoopbackHost,
  makeToken,
  parseBridgeArgs,
  secretsOf,
  shownRedisUrl,
} from './options.ts';
import type { BridgeOptions, ParsedArgs } from './options.ts';

function options(parsed: ParsedArgs): BridgeOptions {
  if (parsed.kind !== 'options') throw new Error(`expected options, got ${JSON.stringify(parsed)}`);
  return parsed.options;
}

function refusal(parsed: ParsedArgs): string {
  if (parsed.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(parsed)}`);
  return parsed.message;
}

describe('parseBridgeArgs', () => {
  it('defaults: local Redis, 127.0.0.1:7379, the Vite dev, preview and e2e origins, 2 s timeout', () => {
    expect(options(parseBridgeArgs([]))).toEqual(DEFAULT_OPTIONS);
    expect(DEFAULT_OPTIONS.host).toBe('127.0.0.1');
    expect(DEFAULT_OPTIONS.port).toBe(7379);
    expect(DEFAULT_ORIGINS).toContain('http://localhost:5173');
    expect(DEFAULT_ORIGINS).toContain('http://127.0.0.1:4317');
  });

  it('reads every option, spaced or with =', () => {
    const parsed = options(
      parseBridgeArgs([
        '--redis',
        'redis://cache:6380/1',
        '--password=pw',
        '--host',
        'localhost',
        '--port=8000',
        '--origin',
        'http://a.test:1,https://b.test',
        '--origin=http://c.test:3/',
        '--timeout',
        '500',
        '--token',
        'sixteen-chars-ok',
      ]),
    );
    expect(parsed).toEqual({
      redisUrl: 'redis://cache:6380/1',
      password: 'pw',
      host: 'localhost',
      port: 8000,
      origins: ['http://a.test:1', 'https://b.test', 'http://c.test:3'],
      commandTimeoutMs: 500,
      token: 'sixteen-chars-ok',
    });
  });

  it('takes the password from FIRETIME_REDIS_PASSWORD, --password winning', () => {
    expect(options(parseBridgeArgs([], { FIRETIME_REDIS_PASSWORD: 'env-pw' })).password).toBe('env-pw');
    expect(options(parseBridgeArgs(['--password', 'flag-pw'], { FIRETIME_REDIS_PASSWORD: 'env-pw' })).password).toBe('flag-pw');
  });

  it("takes an ACL user from the URL apart from a password given elsewhere (ioredis would send the URL's empty one)", () => {
    const parsed = options(
      parseBridgeArgs(['--redis', 'redis://fire%20time@10.0.0.5:6380/2'], { FIRETIME_REDIS_PASSWORD: 'env-pw' }),
    );
    expect(parsed).toMatchObject({ redisUrl: 'redis://10.0.0.5:6380/2', username: 'fire time', password: 'env-pw' });
    expect(shownRedisUrl(parsed)).toBe('redis://fire%20time:***@10.0.0.5:6380/2');
    // a user and a password both in the URL stay there; no password at all leaves the URL as given
    expect(options(parseBridgeArgs(['--redis', 'redis://u:p@h:1']))).toMatchObject({
      redisUrl: 'redis://u:p@h:1',
      password: null,
    });
    expect(options(parseBridgeArgs(['--redis', 'redis://u@h:1'])).username).toBeUndefined();
  });

  it('reads the password from --password-file (its first line), never echoing it', () => {
    const files: Record<string, string> = { '/run/secrets/redis': 's3cret pw\n', '/empty': '\n' };
    const readFile = (path: string) => {
      if (path in files) return files[path]!;
      throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    };
    const parsed = options(
      parseBridgeArgs(['--redis', 'redis://firetime@h:1', '--password-file', '/run/secrets/redis'], {}, readFile),
    );
    expect(parsed).toMatchObject({ redisUrl: 'redis://h:1', username: 'firetime', password: 's3cret pw' });
    expect(secretsOf(parsed)).toContain('s3cret pw');
    expect(refusal(parseBridgeArgs(['--password-file', '/nope'], {}, readFile))).toBe(
      '--password-file: cannot read /nope (ENOENT)',
    );
    expect(refusal(parseBridgeArgs(['--password-file', '/empty'], {}, readFile))).toBe(
      '--password-file: /empty holds no password on its first line',
    );
  });

  it.each([
    [['--port', '70000'], '--port: a whole number from 0 to 65535, not 70000'],
    [['--port', '12ab'], '--port: a whole number from 0 to 65535, not 12ab'],
    [['--timeout', '10'], '--timeout: milliseconds from 50 to 600000, not 10'],
    [['--redis', 'http://127.0.0.1:6379'], '--redis: use redis:// or rediss://, not http://'],
    [['--redis', 'redis://h:1/queue'], '--redis: the path must be a database number (/0 to /99), not redis://h:1/queue'],
    [['--origin', 'http://a.test/app'], '--origin: give only scheme://host:port (e.g. http://a.test), not http://a.test/app'],
    [['--origin', 'file:///x'], '--origin: use http:// or https://, not file:///x'],
    [['--host', 'a b'], '--host: not an address: a b'],
    [['--port'], '--port needs a value'],
    [['--verbose'], 'unknown option --verbose'],
    [['--password', ''], '--password is empty'],
    [['--token', 'short'], '--token: 16 to 256 visible ASCII characters, no spaces'],
    [['--token', 'has a space in it, sixteen+'], '--token: 16 to 256 visible ASCII characters, no spaces'],
  ])('refuses %j', (argv, message) => {
    expect(refusal(parseBridgeArgs(argv))).toBe(message);
  });

  it('never repeats a password in its messages', () => {
    expect(refusal(parseBridgeArgs(['--redis', 'redis://:hunter2@h:1/queue']))).not.toContain('hunter2');
    expect(refusal(parseBridgeArgs(['--redis', 'redis:/:hunter2@h']))).not.toContain('hunter2');
    expect(refusal(parseBridgeArgs(['--redis', 'redis://:hunter2@h', 'hunter2']))).not.toContain('hunter2');
    expect(refusal(parseBridgeArgs(['--redis', 'nope :hunter2@']))).not.toContain('hunter2');
  });

  it('answers --help with the usage, naming the read-only commands', () => {
    expect(parseBridgeArgs(['--port', '1', '--help'])).toEqual({ kind: 'help' });
    expect(USAGE).toContain(
      'only ever sends SCAN, TYPE, EXISTS, ZCARD, ZRANGE, ZRANGEBYSCORE, ZCOUNT, ZSCORE, LLEN, PTTL,\nTIME, HGET',
    );
    expect(USAGE).toContain('--client-list');
  });
});

describe('the token', () => {
  it('comes from FIRETIME_BRIDGE_TOKEN, --token winning; none by default', () => {
    expect(options(parseBridgeArgs([])).token).toBeNull();
    expect(options(parseBridgeArgs([], { FIRETIME_BRIDGE_TOKEN: 'from-the-environment' })).token).toBe('from-the-environment');
    expect(
      options(parseBridgeArgs(['--token', 'from-the-command-line'], { FIRETIME_BRIDGE_TOKEN: 'from-the-environment' })).token,
    ).toBe('from-the-command-line');
  });

  it('is a secret: scrubbed from the log like a password', () => {
    expect(secretsOf({ redisUrl: 'redis://h', password: null, token: 'from-the-command-line' })).toEqual([
      'from-the-command-line',
    ]);
  });

  it('makeToken gives a fresh 24-character base64url token each time', () => {
    const a = makeToken();
    expect(a).toMatch(/^[\w-]{24}$/);
    expect(makeToken()).not.toBe(a);
  });
});

describe('shownRedisUrl and secretsOf', () => {
  it('hides a password from the URL or from --password', () => {
    expect(shownRedisUrl({ redisUrl: 'redis://:hunter2@h:1', password: null })).toBe('redis://:***@h:1');
    expect(shownRedisUrl({ redisUrl: 'redis://h:1', password: 'hunter2' })).toBe('redis://:***@h:1');
    expect(shownRedisUrl({ redisUrl: 'redis://h:1', password: null })).toBe('redis://h:1');
  });

  it('lists both passwords, the URL one decoded too', () => {
    expect(secretsOf({ redisUrl: 'redis://u:p%40ss@h', password: 'other' })).toEqual(['other', 'p%40ss', 'p@ss']);
    expect(secretsOf({ redisUrl: 'redis://h', password: null })).toEqual([]);
  });
});

describe('isLoopbackHost', () => {
  it('knows the loopback names', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '192.168.1.4', '::'].some(isLoopbackHost)).toBe(false);
  });
});

describe('--client-list', () => {
  it('is off unless given, and takes no value', () => {
    expect(options(parseBridgeArgs([])).clientList ?? false).toBe(false);
    const parsed = options(parseBridgeArgs(['--client-list', '--port', '8000']));
    expect([parsed.clientList, parsed.port]).toEqual([true, 8000]);
  });
});
