/**
 * What one Refresh (the button, or a tick of Auto-refresh) reads again, given what the panel
 * already shows. One function for the panel and for bench/doctor.ts, so the bench measures the
 * reads the page really sends.
 */

export interface RefreshState {
  /** A set is chosen in the key list (its head is on screen). */
  readonly keyChosen: boolean;
  /** The Queues section holds queues read from this bridge (they are read again by name). */
  readonly queuesRead: boolean;
  /** A queue's detail is open below the queues. */
  readonly detailOpen: boolean;
}

export interface RefreshReads {
  /** List the keys matching the pattern again: a SCAN walk of the whole keyspace. */
  readonly listKeys: boolean;
  /** Read the chosen set's head again. */
  readonly readSet: boolean;
  /** Read the listed queues again by name (?queue=, no walk). */
  readonly readQueues: boolean;
  /** Read the open queue detail's histogram (and its page) again. */
  readonly readDetail: boolean;
}

/**
 * A Refresh reads again what is on screen, by name: the chosen set's head, the listed queues
 * (?queue=) and the open detail (its keys follow the queues' read). None of them walks the
 * keyspace, so a Refresh costs Redis the same on a keyspace of a thousand keys or a million.
 * Only a panel showing nothing yet but the key list lists the keys again (a SCAN walk): List keys
 * and Read queues walk it when asked.
 */
export function refreshReads(state: RefreshState): RefreshReads {
  const known = state.keyChosen || state.queuesRead;
  return {
    listKeys: !known,
    readSet: state.keyChosen,
    readQueues: state.queuesRead,
    readDetail: state.queuesRead && state.detailOpen,
  };
}
