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
