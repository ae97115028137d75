/**
 * The names a card or a page writes for the queue it teaches: BullMQ's, or EchoMQ's port of the
 * same protocol (its delayed set is `emq:{queue}:delayed`, its score computed by getDelayedScore,
 * included in addDelayedJob-6.lua). The numbers are the same; only the words change.
 */

export const QUEUE_LIBRARIES = ['bullmq', 'echomq'] as const;
export type QueueLibrary = (typeof QUEUE_LIBRARIES)[number];

export interface QueueNames {
  /** The library's name as a reader knows it. */
  readonly library: string;
  /** The delayed set's key for the queue `firetime`. */
  readonly delayedKey: string;
  /** What computes a delayed job's score and adds it. */
  readonly addScript: string;
  /** What moves due jobs out of the delayed set. */
  readonly promoteScript: string;
  /** What reads the next wake from the head's score. */
  readonly nextTimestamp: string;
}

const NAMES: Readonly<Record<QueueLibrary, QueueNames>> = {
  bullmq: {
    library: 'BullMQ',
    delayedKey: 'bull:firetime:delayed',
    addScript: 'addDelayedJob',
    promoteScript: 'promoteDelayedJobs',
    nextTimestamp: 'getNextDelayedTimestamp',
  },
  echomq: {
    library: 'EchoMQ',
    delayedKey: 'emq:{firetime}:delayed',
    addScript: 'getDelayedScore (addDelayedJob-6.lua)',
    promoteScript: 'the promote sweep',
    nextTimestamp: 'getNextDelayedTimestamp',
  },
};

/** The words for `library`. */
export function queueNames(library: QueueLibrary): QueueNames {
  return NAMES[library];
}

/** The page's query key that picks the names: `?names=echomq` (the cards' `names` parameter). */
export const NAMES_QUERY = 'names';

/** The library a page's query names (`?names=echomq`); BullMQ when it names none or another. */
export function queueLibraryFrom(search: string): QueueLibrary {
  // Read by hand: the session has no DOM (URLSearchParams), and the values are plain words.
  const named = new RegExp(`(?:^|[?&])${NAMES_QUERY}=([^&#]*)`).exec(search)?.[1]?.trim().toLowerCase();
  return QUEUE_LIBRARIES.find((library) => library === named) ?? 'bullmq';
}

/**
 * `href` (a query of this page, `?lesson=3` or `?stage&lesson=2#s=...`) with the names the page's
 * `search` asked for, so moving between the lesson and the stage keeps them. BullMQ's are the
 * default and are not written.
 */
export function withNames(href: string, search: string): string {
  const library = queueLibraryFrom(search);
  if (library === 'bullmq') return href;
  const hash = href.indexOf('#');
  const [path, fragment] = hash === -1 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  if (new RegExp(`(?:^|[?&])${NAMES_QUERY}=`).test(path)) return href;
  return `${path}${path.includes('?') ? '&' : '?'}${NAMES_QUERY}=${library}${fragment}`;
}
