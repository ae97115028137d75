/**
 * A page link that points the Live Redis panel at a bridge: `?bridge=<address>&pattern=<glob>&key=<key>`
 * and any number of `&queue=<prefix>:<name>` (the queues to read by name, not by a walk of every key)
 * in the query string (the hash holds the scenario). `npm run live-demo` prints one. Each part is
 * checked as the panel's own fields check it; a part that does not pass is left out and named in
 * `problem`, and the panel keeps its defaults for it.
 */
import { parseBridgeUrl, parseKeyPattern } from './bridgeClient.ts';

/** The query parameters the panel reads. */
export const LIVE_LINK_PARAMS = { bridge: 'bridge', pattern: 'pattern', key: 'key', queue: 'queue', live: 'live' } as const;

/** What a link asks of the panel; null where it asks nothing (or asked for something invalid). */
export interface LiveLink {
  readonly bridgeUrl: string | null;
  readonly pattern: string | null;
  readonly key: string | null;
  /** The queues named (`<prefix>:<name>`, as the Queues section lists them); absent when none is. */
  readonly queues?: readonly string[];
  /** What was wrong with the link, to show in the panel; null when nothing was. */
  readonly problem: string | null;
  /** `?live`: the address opens the Live panel itself, so the page scrolls to it. */
  readonly open?: boolean;
}

/** The longest key a link may name (the bridge reads keys of any length; a link need not). */
const MAX_LINK_KEY = 1024;
/** The most queues a link may name: the bridge reads at most 200 by name in one request. */
const MAX_LINK_QUEUES = 200;

/** A queue as the bridge's ?queue= takes it: a prefix and a name split at the last colon, neither empty. */
function parseQueueName(text: string): { ok: true; value: string } | { ok: false; message: string } {
  const split = text.lastIndexOf(':');
  if (split <= 0 || split === text.length - 1 || text.length > MAX_LINK_KEY || /\p{Cc}/u.test(text))
    return { ok: false, message: `name a queue as <prefix>:<name> (bull:mail), at most ${MAX_LINK_KEY} characters.` };
  return { ok: true, value: text };
}

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
  const queues: string[] = [];
  for (const text of params.getAll(LIVE_LINK_PARAMS.queue)) {
    const parsed = parseQueueName(text);
    if (!parsed.ok) problems.push(`The link's queue ${JSON.stringify(text.slice(0, 80))} was not used: ${parsed.message}`);
    else if (queues.length >= MAX_LINK_QUEUES) {
      problems.push(`The link names more than ${MAX_LINK_QUEUES} queues; the first ${MAX_LINK_QUEUES} are read.`);
      break;
    } else if (!queues.includes(parsed.value)) queues.push(parsed.value);
  }
  return {
    bridgeUrl,
    pattern,
    key,
    ...(queues.length > 0 ? { queues } : {}),
    problem: problems.length > 0 ? problems.join(' ') : null,
    ...(params.has(LIVE_LINK_PARAMS.live) ? { open: true } : {}),
  };
}

/** The query string (with its `?`) that points the panel at `bridgeUrl`, optionally with a pattern, a key and queues. */
export function liveLinkSearch(link: { bridgeUrl: string; pattern?: string; key?: string; queues?: readonly string[] }): string {
  const params = new URLSearchParams({ [LIVE_LINK_PARAMS.bridge]: link.bridgeUrl });
  if (link.pattern !== undefined) params.set(LIVE_LINK_PARAMS.pattern, link.pattern);
  if (link.key !== undefined) params.set(LIVE_LINK_PARAMS.key, link.key);
  for (const queue of link.queues ?? []) params.append(LIVE_LINK_PARAMS.queue, queue);
  return `?${params.toString()}`;
}
