import { describe, expect, it } from 'vitest';
import { decideOrigin, hasToken, isAllowedHost, isLoopbackAddress } from './cors.ts';

const APP = ['http://localhost:5173', 'http://127.0.0.1:4317'];

describe('decideOrigin', () => {
  it('answers an allowed origin with its own name, never *', () => {
    const decision = decideOrigin('http://127.0.0.1:4317', APP);
    expect(decision).toEqual({
      allowed: true,
      headers: {
        'Access-Control-Allow-Origin': 'http://127.0.0.1:4317',
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, X-Firetime-Bridge',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      },
    });
  });

  it.each(['https://evil.test', 'http://localhost:5174', 'http://localhost:5173.evil.test', 'null', 'HTTP://LOCALHOST:5173'])(
    'refuses %j',
    (origin) => {
      const decision = decideOrigin(origin, APP);
      expect(decision.allowed).toBe(false);
      if (!decision.allowed) expect(decision.message).toContain(`origin ${origin} may not read this bridge`);
    },
  );

  it('serves a request without Origin with no CORS header (no page can read it)', () => {
    expect(decideOrigin(undefined, APP)).toEqual({ allowed: true, headers: { Vary: 'Origin' } });
  });
});

describe('isAllowedHost', () => {
  it.each(['127.0.0.1:7379', 'localhost:7379', 'LOCALHOST', '[::1]:7379', '127.0.0.2:80'])('accepts %j', (host) => {
    expect(isAllowedHost(host, '127.0.0.1')).toBe(true);
  });

  it.each([undefined, '', 'evil.test:7379', 'rebind.evil.test', '127.0.0.1.evil.test:7379', '0.0.0.0:7379'])(
    'refuses %j',
    (host) => {
      expect(isAllowedHost(host, '127.0.0.1')).toBe(false);
    },
  );

  it('accepts the address given to --host', () => {
    expect(isAllowedHost('192.168.1.4:7379', '192.168.1.4')).toBe(true);
  });
});

describe('isAllowedHost beyond loopback (--host 0.0.0.0 or an address)', () => {
  it('refuses a loopback name from another machine: "Host: localhost" is not proof of anything', () => {
    for (const host of ['localhost', 'localhost:7379', '127.0.0.1:7379', '[::1]:7379']) {
      expect(isAllowedHost(host, '0.0.0.0', false)).toBe(false);
      expect(isAllowedHost(host, '192.168.1.4', false)).toBe(false);
      expect(isAllowedHost(host, '0.0.0.0', true)).toBe(true);
    }
  });

  it('on a wildcard bind, accepts an IP address but not a DNS name (rebinding) nor the wildcard itself', () => {
    expect(isAllowedHost('192.168.1.4:7379', '0.0.0.0', false)).toBe(true);
    expect(isAllowedHost('[fe80::1]:7379', '::', false)).toBe(true);
    expect(isAllowedHost('rebind.evil.test:7379', '0.0.0.0', false)).toBe(false);
    expect(isAllowedHost('0.0.0.0:7379', '0.0.0.0', false)).toBe(false);
  });

  it('on a bind to one address, accepts only that address', () => {
    expect(isAllowedHost('192.168.1.4:7379', '192.168.1.4', false)).toBe(true);
    expect(isAllowedHost('192.168.1.5:7379', '192.168.1.4', false)).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it('knows a socket from this machine, IPv4-mapped included', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.8.9.10'].every(isLoopbackAddress)).toBe(true);
    expect(['192.168.1.4', '::ffff:10.0.0.1', 'fe80::1', undefined].some(isLoopbackAddress)).toBe(false);
  });
});

describe('hasToken', () => {
  it('accepts exactly "Bearer <token>"', () => {
    expect(hasToken('Bearer s3cret-token', 's3cret-token')).toBe(true);
    for (const header of [
      undefined,
      '',
      'Bearer ',
      'Bearer s3cret-toke',
      'Bearer s3cret-token2',
      'bearer s3cret-token',
      's3cret-token',
      'Bearer s3cret-token x',
    ]) {
      expect(hasToken(header, 's3cret-token')).toBe(false);
    }
  });
});
