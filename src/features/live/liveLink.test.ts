import { describe, expect, it } from 'vitest';
import { liveLinkFromSearch, liveLinkSearch } from './liveLink.ts';

describe('liveLinkFromSearch', () => {
  it('reads nothing from a page without the parameters', () => {
    expect(liveLinkFromSearch('')).toEqual({ bridgeUrl: null, pattern: null, key: null, problem: null });
    expect(liveLinkFromSearch('?other=1')).toEqual({ bridgeUrl: null, pattern: null, key: null, problem: null });
  });

  it('round-trips what liveLinkSearch writes, awkward characters included', () => {
    const search = liveLinkSearch({
      bridgeUrl: 'http://127.0.0.1:7381',
      pattern: 'bull:*:delayed',
      key: 'bull:demo & "x"/é:delayed',
    });
    expect(liveLinkFromSearch(search)).toEqual({
      bridgeUrl: 'http://127.0.0.1:7381',
      pattern: 'bull:*:delayed',
      key: 'bull:demo & "x"/é:delayed',
      problem: null,
    });
  });

  it('leaves out a part that the panel’s fields would refuse, and says why', () => {
    const link = liveLinkFromSearch('?bridge=javascript:alert(1)&pattern=ok:*&key=');
    expect(link.bridgeUrl).toBeNull();
    expect(link.pattern).toBe('ok:*');
    expect(link.key).toBeNull();
    expect(link.problem).toContain("The link's bridge was not used: Use http://");
    expect(link.problem).toContain("The link's key was not used");
  });

  it('keeps only the origin of a bridge address that passes', () => {
    expect(liveLinkFromSearch('?bridge=http%3A%2F%2F127.0.0.1%3A7379%2F').bridgeUrl).toBe('http://127.0.0.1:7379');
  });

  it('reads the queues a link names (repeatable), once each, and leaves out one that is not <prefix>:<name>', () => {
    const search = liveLinkSearch({ bridgeUrl: 'http://127.0.0.1:7381', queues: ['bull:mail', 'my:app:pdf', 'bull:mail'] });
    expect(search).toBe('?bridge=http%3A%2F%2F127.0.0.1%3A7381&queue=bull%3Amail&queue=my%3Aapp%3Apdf&queue=bull%3Amail');
    expect(liveLinkFromSearch(search).queues).toEqual(['bull:mail', 'my:app:pdf']);
    const bad = liveLinkFromSearch('?bridge=http%3A%2F%2F127.0.0.1%3A7381&queue=nocolon&queue=bull%3A&queue=bull%3Aok');
    expect(bad.queues).toEqual(['bull:ok']);
    expect(bad.problem).toContain('The link\'s queue "nocolon" was not used');
    expect(bad.problem).toContain('The link\'s queue "bull:" was not used');
  });
});
