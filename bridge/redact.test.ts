import { describe, expect, it } from 'vitest';
import { redactRedisUrl, scrubSecrets } from './redact.ts';

describe('redactRedisUrl', () => {
  it('replaces the password and keeps user, host, port and database', () => {
    expect(redactRedisUrl('redis://:hunter2@127.0.0.1:6379/2')).toBe('redis://:***@127.0.0.1:6379/2');
    expect(redactRedisUrl('redis://app:p%40ss@cache:6380')).toBe('redis://app:***@cache:6380');
  });

  it('leaves a URL without a password as it is', () => {
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });

  it('hides text that is not a URL whole', () => {
    expect(redactRedisUrl(':hunter2@nowhere')).toBe('***');
  });
});

describe('scrubSecrets', () => {
  it('removes every occurrence of each secret, typed and URL-encoded', () => {
    expect(scrubSecrets('WRONGPASS for p@ss (p%40ss), p@ss again', ['p@ss'])).toBe('WRONGPASS for *** (***), *** again');
  });

  it('ignores empty secrets', () => {
    expect(scrubSecrets('nothing to hide', [''])).toBe('nothing to hide');
  });
});
