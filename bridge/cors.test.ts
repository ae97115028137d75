import { describe, expect, it } from 'vitest';
import { decideOrigin, isAllowedHost } from './cors.ts';

const APP = ['http://localhost:5173', 'http://127.0.0.1:4317'];

describe('decideOrigin', () => {
  it('answers an allowed origin with its own name, never *', () => {
    const decision = decideOrigin('http://127.0.0.1:4317', APP);
    expect(decision).toEqual({
      allowed: true,
      headers: { 'Access-Control-Allow-Origin': 'http://127.0.0.1:4317', 'Access-Control-Allow-Methods': 'GET, OPTIONS', 'Access-Control-Max-Age': '600', Vary: 'Origin' },
    });
  });

  it.each(['https://evil.test', 'http://localhost:5174', 'http://localhost:5173.evil.test', 'null', 'HTTP://LOCALHOST:5173'])('refuses %j', (origin) => {
    const decision = decideOrigin(origin, APP);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.message).toContain(`origin ${origin} may not read this bridge`);
  });

  it('serves a request without Origin with no CORS header (no page can read it)', () => {
    expect(decideOrigin(undefined, APP)).toEqual({ allowed: true, headers: { Vary: 'Origin' } });
  });
});

describe('isAllowedHost', () => {
  it.each(['127.0.0.1:7379', 'localhost:7379', 'LOCALHOST', '[::1]:7379', '127.0.0.2:80'])('accepts %j', (host) => {
    expect(isAllowedHost(host, '127.0.0.1')).toBe(true);
  });

  it.each([undefined, '', 'evil.test:7379', 'rebind.evil.test', '127.0.0.1.evil.test:7379', '0.0.0.0:7379'])('refuses %j', (host) => {
    expect(isAllowedHost(host, '127.0.0.1')).toBe(false);
  });

  it('accepts the address given to --host', () => {
    expect(isAllowedHost('192.168.1.4:7379', '192.168.1.4')).toBe(true);
  });
});
