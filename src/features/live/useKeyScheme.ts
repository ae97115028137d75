/**
 * Which library wrote the set the Live panel shows: for a queue's `<prefix>:<queue>:delayed` (or
 * `:marker`) key, the queue's row from the bridge (GET /api/queues?queue=<prefix>:<queue>, one
 * named queue, no key walk), which says its library, version and score scheme (src/model/doctor/
 * scheme.ts), and the server's clock. Any other key, or a bridge that does not answer, gives null:
 * the set's own scores tell the scheme then (LiveSetViews).
 */
import { useQuery } from '@tanstack/react-query';
import type { QueueLibrary, SchemeSource, ScoreScheme } from '../../model/doctor/scheme.ts';
import { printable } from '../../model/printable.ts';
import { getJson } from './bridgeClient.ts';
import type { BridgeAccess } from './bridgeClient.ts';

/** The queue a key belongs to, as the bridge's row tells it. */
export interface KeyQueue {
  /** `<prefix>:<queue>`, as the bridge names queues. */
  readonly queue: string;
  readonly library: QueueLibrary;
  readonly version: string | null;
  readonly scheme: ScoreScheme;
  readonly schemeFrom: SchemeSource;
  /** The server's TIME minus the page's clock when the row came (ms): the page's clock plus it is the server's. */
  readonly clockOffset: number;
}

/** The part of a queue a key is: its delayed set or its marker. */
export type QueuePart = 'delayed' | 'marker';

/** `<prefix>:<queue>` and the part for a key `<prefix>:<queue>:delayed` or `:marker`; null for any other key. */
export function queueOfKey(key: string): { queue: string; part: QueuePart } | null {
  const match = /^(.+:[^:]+):(delayed|marker)$/s.exec(key);
  return match === null ? null : { queue: match[1]!, part: match[2] as QueuePart };
}

const LIBRARIES: readonly string[] = ['bullmq', 'bull', 'bee-queue'];
const SCHEMES: readonly string[] = ['band', 'id-counter', 'bare-ms'];
const SOURCES: readonly string[] = ['library', 'meta', 'scores', 'assumed'];

/** The named queue's row in a /api/queues reply, checked for the fields used here; null when it is not there. */
export function keyQueueFrom(body: unknown, queue: string, pageNow: number): KeyQueue | null {
  if (typeof body !== 'object' || body === null) return null;
  const { now, queues } = body as { now?: unknown; queues?: unknown };
  if (typeof now !== 'number' || !Number.isFinite(now) || !Array.isArray(queues)) return null;
  for (const row of queues as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const r = row as Record<string, unknown>;
    if (typeof r.prefix !== 'string' || typeof r.name !== 'string' || `${r.prefix}:${r.name}` !== queue) continue;
    if (!LIBRARIES.includes(r.library as string) || !SCHEMES.includes(r.scheme as string)) return null;
    if (!SOURCES.includes(r.schemeFrom as string)) return null;
    return {
      queue,
      library: r.library as QueueLibrary,
      version: typeof r.version === 'string' ? printable(r.version).slice(0, 64) : null,
      scheme: r.scheme as ScoreScheme,
      schemeFrom: r.schemeFrom as SchemeSource,
      clockOffset: now - pageNow,
    };
  }
  return null;
}

/**
 * The queue of `key` (see the file's comment), read once per key and bridge through the panel's
 * query client: undefined while it is being read, null when the key is not a queue's or the bridge
 * could not tell. A refresh of the set does not read it again (the library of a queue stays).
 */
export function useKeyScheme(bridge: BridgeAccess, key: string | null): KeyQueue | null | undefined {
  const queue = key === null ? null : (queueOfKey(key)?.queue ?? null);
  const lookup = useQuery({
    // whether a token is sent, never the token itself (as every key of the panel's queries)
    queryKey: ['key-queue', bridge.url, bridge.tokenSent, queue],
    queryFn: ({ signal }) =>
      getJson(bridge.url, `/api/queues?queue=${encodeURIComponent(queue!)}`, bridge.send, signal).then(
        (body) => keyQueueFrom(body, queue!, Date.now()),
        // a bridge that cannot tell: the set's own scores will
        () => null,
      ),
    enabled: queue !== null,
  });
  if (queue === null) return null;
  return lookup.data;
}
