/**
 * Keeps Redis passwords out of everything the bridge prints or sends: a redis:// URL is shown
 * with its password replaced, and any text can be scrubbed of the secrets it must not carry.
 */

/** What stands in for a removed password. */
const HIDDEN = '***';

/**
 * The Redis URL as it may be shown: the password (and nothing else) replaced by `***`, so the
 * user, host, port and database stay readable. Text that is not a URL is hidden whole.
 */
export function redactRedisUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return HIDDEN;
  }
  if (url.password !== '') url.password = HIDDEN;
  return url.toString();
}

/**
 * `text` with every occurrence of each secret (as typed and URL-encoded) replaced by `***`: the
 * last guard on a message before it is logged or sent to the browser.
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) scrubbed = scrubbed.split(form).join(HIDDEN);
  }
  return scrubbed;
}
