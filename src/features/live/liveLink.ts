/**
 * A page link that points the Live Redis panel at a bridge: `?bridge=<address>&pattern=<glob>&key=<key>`
 * in the query string (the hash holds the scenario). `npm run live-demo` prints one. Each part is
 * checked as the panel's own fields check it; a part that does not pass is left out and named in
 * `problem`, and the panel keeps its defaults for it.
 */
import { parseBridgeUrl, parseKeyPattern } from './bridgeClient.ts';

/** The query parameters the panel reads. */
export const LIVE_LINK_PARAMS = { bridge: 'bridge', pattern: 'pattern', key: 'key' } as const;

/** What a link asks of the panel; null where it asks nothing (or asked for something invalid). */
export interface LiveLink {
  readonly bridgeUrl: string | null;
  readonly pattern: string | null;
  readonly key: string | null;
  /** What was wrong with the link, to show in the panel; null when nothing was. */
  readonly problem: string | null;
}

/** The longest key a link may name (the bridge reads keys of any length; a link need not). */
const MAX_LINK_KEY = 1024;

/** Reads the panel's parameters from a query string (`location.search`). */
export function liveLinkFromSearch(search: string): LiveLink {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const read = (
    name: string,
    parse: (text: string) => { ok: true; value: string } | { ok: false; message: string },
  ): string | null => {
    const text = params.get(name);
    if (text === null) return null;
    const parsed = parse(text);
    if (parsed.ok) return parsed.value;
    problems.push(`The link's ${name} was not used: ${parsed.message}`);
    return null;
  };
  const bridgeUrl = read(LIVE_LINK_PARAMS.bridge, parseBridgeUrl);
  const pattern = read(LIVE_LINK_PARAMS.pattern, parseKeyPattern);
  const key = read(LIVE_LINK_PARAMS.key, (text) =>
    text === '' || text.length > MAX_LINK_KEY
      ? { ok: false, message: `a key of 1 to ${MAX_LINK_KEY} characters.` }
      : { ok: true, value: text },
  );
  return { bridgeUrl, pattern, key, problem: problems.length > 0 ? problems.join(' ') : null };
}

/** The query string (with its `?`) that points the panel at `bridgeUrl`, optionally with a pattern and a key. */
export function liveLinkSearch(link: { bridgeUrl: string; pattern?: string; key?: string }): string {
  const params = new URLSearchParams({ [LIVE_LINK_PARAMS.bridge]: link.bridgeUrl });
  if (link.pattern !== undefined) params.set(LIVE_LINK_PARAMS.pattern, link.pattern);
  if (link.key !== undefined) params.set(LIVE_LINK_PARAMS.key, link.key);
  return `?${params.toString()}`;
}
