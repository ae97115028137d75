import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { QueryClient, QueryClientProvider, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { newLiveQueryClient } from './liveQueryClient.ts';
import {
  BridgeRequestError,
  bridgeAccess,
  keyFromText,
  listKeys,
  nameId,
  parseBridgeUrl,
  parseKeyPattern,
  parseRefreshSeconds,
  parseToken,
  readSetHead,
  withToken,
} from './bridgeClient.ts';
import type { Fetch, ListedKey } from './bridgeClient.ts';
import { DEFAULT_BRIDGE_URL, DEFAULT_KEY_PATTERN, MAX_KEY_BYTES } from '../../model/bridgeWire.ts';
import { printable } from '../../model/printable.ts';
import { busiestBand, decodeLiveSet } from './live.ts';
import { liveLinkFromSearch } from './liveLink.ts';
import { setChanges } from './liveChanges.ts';
import type { QueuesOverview } from './queuesClient.ts';
import { ChangesView } from './ChangesView.tsx';
import type { DueClock } from './ChangesView.tsx';
import type { ScoreScheme } from '../../model/doctor/scheme.ts';
import { QueuesSection } from './QueuesSection.tsx';
import { refreshReads } from './refreshPlan.ts';
import { LiveSetViews } from './LiveSetViews.tsx';
import type { RowChange } from './LiveSetViews.tsx';
import { useKeyScheme } from './useKeyScheme.ts';
import type { LiveLink } from './liveLink.ts';
import type { LiveSet } from './live.ts';
import { NumberField, ValidatedField } from '../../ui/ValidatedField.tsx';
import type { NumberFieldProps, ValidatedFieldProps } from '../../ui/ValidatedField.tsx';
import panel from '../../ui/panel.module.css';
import styles from './LiveRedisPanel.module.css';
import { groupDigits, plural } from '../../model/format.ts';

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The page's own fetch (one function for the panel's lifetime, so the refresh timer is not reset). */
const pageFetch: Fetch = (url, init) => fetch(url, init);

/** What the page's address asks of the panel (`?bridge=...&pattern=...&key=...`, as npm run live-demo prints it). */
const pageLink = (): LiveLink => liveLinkFromSearch(typeof window === 'undefined' ? '' : window.location.search);

/** A key's identity: its bytes, or the digest of a long key's bytes (the text of two keys may read alike). */
const keyId = (key: ListedKey) => nameId(key);

interface KeyListing {
  readonly keys: ListedKey[];
  readonly complete: boolean;
  /** Cluster nodes the bridge could not read: their keys are missing from the list. */
  readonly unreadNodes: readonly string[];
  readonly pattern: string;
}

/** What List keys (or Refresh, or the link) asked for: the fields as they were when pressed. */
interface Listing {
  readonly bridgeUrl: string;
  readonly token: string;
  readonly pattern: string;
}

/** The fields a listing is made of, in the panel's order: each one's field, checked as it is typed. */
const LISTING_FIELDS: Record<keyof Listing, Pick<ValidatedFieldProps<string>, 'label' | 'parse' | 'hint' | 'testId'>> = {
  bridgeUrl: { label: 'Bridge address', parse: parseBridgeUrl, hint: 'As npm run bridge prints it.', testId: 'live-bridge-url' },
  token: {
    label: 'Token',
    parse: parseToken,
    hint: 'Only for a bridge started with --token or beyond this machine.',
    testId: 'live-token',
  },
  pattern: { label: 'Key pattern', parse: parseKeyPattern, hint: 'SCAN MATCH, sorted sets only.', testId: 'live-pattern' },
};

/** Auto-refresh's period, beside its checkbox. */
const REFRESH_FIELD: Pick<NumberFieldProps, 'label' | 'parse' | 'testId'> = {
  label: 'Every (seconds)',
  parse: parseRefreshSeconds,
  testId: 'live-refresh-seconds',
};

/** One of the listing's fields; a valid value replaces that field alone (memoised, with a stable onValid, as ValidatedField asks). */
const ListingField = memo(function ListingField({
  name,
  value,
  setFields,
}: {
  name: keyof Listing;
  value: string;
  setFields: Dispatch<SetStateAction<Listing>>;
}) {
  const onValid = useCallback((text: string) => setFields((now) => ({ ...now, [name]: text })), [name, setFields]);
  return <ValidatedField {...LISTING_FIELDS[name]} value={value} onValid={onValid} />;
});

/** A set's head as read, decoded, when (this page's clock), and the read of the same set before it. */
interface SetReading {
  readonly set: LiveSet;
  readonly readAt: number;
  readonly before: { readonly set: LiveSet; readonly readAt: number } | null;
}

// Query keys carry whether a token is sent, never the token itself.
const keysQueryKey = (listing: Listing) => ['live', 'keys', listing.bridgeUrl, listing.token !== '', listing.pattern] as const;
const setQueryKey = (listing: Listing, key: ListedKey) =>
  ['live', 'set', listing.bridgeUrl, listing.token !== '', keyId(key)] as const;

/**
 * The key list. Each listing that lands marks the heads read from the same bridge stale, so the
 * chosen set is read again after it (as List keys, Refresh and each tick always did), not beside it.
 */
function keysQuery(listing: Listing, fetchImpl: Fetch) {
  return {
    queryKey: keysQueryKey(listing),
    queryFn: async ({ signal, client }: { signal: AbortSignal; client: QueryClient }): Promise<KeyListing> => {
      const listed = await listKeys(listing.bridgeUrl, listing.pattern, withToken(fetchImpl, listing.token), signal);
      // a head read still running is joined, not cancelled (as a refresh tick never cancels a read)
      void client.invalidateQueries(
        { queryKey: ['live', 'set', listing.bridgeUrl, listing.token !== ''] },
        { cancelRefetch: false },
      );
      return { ...listed, pattern: listing.pattern };
    },
  };
}

function setQuery(listing: Listing, key: ListedKey, fetchImpl: Fetch) {
  return {
    queryKey: setQueryKey(listing, key),
    queryFn: async ({ signal, client }: { signal: AbortSignal; client: QueryClient }): Promise<SetReading> => {
      const head = await readSetHead(listing.bridgeUrl, key, withToken(fetchImpl, listing.token), signal);
      const last = client.getQueryData<SetReading>(setQueryKey(listing, key));
      return {
        set: decodeLiveSet(key.text, head.size, head.entries),
        readAt: Date.now(),
        before: last === undefined ? null : { set: last.set, readAt: last.readAt },
      };
    },
    // a head holds up to 20,000 members: comparing two reads member by member to keep the old
    // object costs more than it saves, and a set left unshown is dropped at once
    structuralSharing: false,
    gcTime: 0,
  };
}

const messageOf = (error: Error) =>
  error instanceof BridgeRequestError ? error.message : 'The bridge gave an answer the panel cannot read.';

/**
 * The Live Redis panel: connects to the read-only bridge (`npm run bridge`), lists the sorted sets
 * matching a pattern, and shows a chosen delayed set through the simulation's own views: SetView
 * for the set order, BandStrip and BandGrid for one millisecond, and the score decoder's flags per
 * member. Everything from Redis (keys, members, scores) is rendered as text only. A bridge or
 * Redis that cannot be reached is said in the panel; nothing else on the page depends on it.
 * A page address naming a bridge (`link`, read from the query string) sets the fields and lists
 * the keys at once, and reads the named key. Its reads go through one TanStack Query client
 * (liveQueryClient.ts), shared with the Queues section.
 */
export function LiveRedisPanel(props: { fetchImpl?: Fetch; link?: LiveLink }) {
  const [client] = useState(newLiveQueryClient);
  return (
    <QueryClientProvider client={client}>
      <LivePanelView {...props} />
    </QueryClientProvider>
  );
}

function LivePanelView({ fetchImpl = pageFetch, link = pageLink() }: { fetchImpl?: Fetch; link?: LiveLink }) {
  const headingId = useId();
  const client = useQueryClient();
  const sectionRef = useRef<HTMLElement>(null);
  const opensPanel = link.open === true;
  // `?live` opens this panel itself: it mounts below the stage, so the page is brought to it
  useEffect(() => {
    if (opensPanel) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [opensPanel]);
  // the fields as they are now: what List keys lists with when pressed
  const [fields, setFields] = useState<Listing>({
    bridgeUrl: link.bridgeUrl ?? DEFAULT_BRIDGE_URL,
    token: '',
    pattern: link.pattern ?? DEFAULT_KEY_PATTERN,
  });
  const { bridgeUrl, token } = fields;
  const bridge = useMemo(() => bridgeAccess(bridgeUrl, token, fetchImpl), [bridgeUrl, token, fetchImpl]);
  // A link that names a bridge reads nothing until the reader says yes: anyone can write a link,
  // and what the panel then shows is that bridge's Redis's text.
  const [linkAsks, setLinkAsks] = useState(link.bridgeUrl !== null);
  const [listing, setListing] = useState<Listing | null>(null);
  /** The reader said yes to the link's bridge: list its keys, as List keys would, and read its queues. */
  function readFromLink() {
    if (link.bridgeUrl === null) return;
    setLinkAsks(false);
    setListing({ bridgeUrl: link.bridgeUrl, token: '', pattern: link.pattern ?? DEFAULT_KEY_PATTERN });
  }
  const [chosenKey, setChosenKey] = useState<ListedKey | null>(
    link.bridgeUrl === null || link.key === null ? null : keyFromText(link.key),
  );
  const [chosenBand, setChosenBand] = useState<number | null>(null);
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [refreshSeconds, setRefreshSeconds] = useState(5);
  const [queuesRead, setQueuesRead] = useState<{ overview: QueuesOverview; readAt: number; bridgeUrl: string } | null>(null);
  const onQueuesRead = useCallback(
    (overview: QueuesOverview, readAt: number, from: string) => setQueuesRead({ overview, readAt, bridgeUrl: from }),
    [],
  );

  /** What a Refresh or a tick reads again (refreshPlan.ts): what is on screen, by name, never a walk once something is. */
  const reads = refreshReads({
    keyChosen: listing !== null && chosenKey !== null,
    queuesRead: queuesRead !== null && queuesRead.bridgeUrl === bridgeUrl,
    // the open detail re-reads itself when its queue's row is read again (QueueDetail)
    detailOpen: true,
  });

  // A tick of refetchInterval asks the query for a fetch without cancelRefetch: while a listing
  // (or the set read it leads to) still runs, the tick joins that fetch instead of cancelling it.
  const keys = useQuery({
    ...keysQuery(listing ?? fields, fetchImpl),
    enabled: listing !== null,
    // a new pattern or bridge keeps the last list on screen until its own answer comes
    placeholderData: keepPreviousData,
    // a tick lists the keys (a SCAN walk) only while nothing else is on screen (refreshPlan.ts)
    refetchInterval: autoRefresh && reads.listKeys ? refreshSeconds * 1000 : false,
  });
  // the chosen set is read once a listing has landed (a link's key after its list), and again
  // whenever a later listing marks it stale (keysQuery)
  const head = useQuery({
    ...setQuery(listing ?? fields, chosenKey ?? keyFromText(''), fetchImpl),
    enabled: listing !== null && chosenKey !== null && keys.data !== undefined && !keys.isFetching,
    // a tick reads the chosen set again by its key, with no listing before it
    refetchInterval: autoRefresh && !reads.listKeys && reads.readSet ? refreshSeconds * 1000 : false,
  });

  /** List keys and Refresh: lists with the fields as they are now (the chosen set is read after). */
  function listAndRead() {
    setListing(fields);
    void client.fetchQuery({ ...keysQuery(fields, fetchImpl), staleTime: 0 }).catch(() => undefined);
  }

  /** Refresh: what refreshReads says; the queues already read from this bridge again by name. */
  function refresh() {
    if (reads.listKeys) listAndRead();
    else if (reads.readSet && listing !== null && chosenKey !== null)
      void client.fetchQuery({ ...setQuery(listing, chosenKey, fetchImpl), staleTime: 0 }).catch(() => undefined);
    if (reads.readQueues)
      void client.refetchQueries({ queryKey: ['queues', bridgeUrl], exact: true, type: 'active' }).catch(() => undefined);
  }

  function choose(key: ListedKey) {
    setChosenKey(key);
    setChosenBand(null);
    if (listing !== null) void client.fetchQuery({ ...setQuery(listing, key, fetchImpl), staleTime: 0 }).catch(() => undefined);
  }

  const busy = keys.isFetching || head.isFetching;
  const set = chosenKey !== null ? (head.data?.set ?? null) : null;
  const readAt = head.data?.readAt ?? 0;
  const detected = useKeyScheme(bridge, set?.key ?? null);
  const changes = useMemo(() => {
    const reading = chosenKey === null ? undefined : head.data;
    if (reading === undefined || reading.before === null || chosenKey === null) return null;
    // the server's clock at this read: a queue row of this set gives the server's now at the
    // queues read, moved on by the time this page counted between the two reads; the set's own
    // queue looked up for its library gives the server's clock as an offset from this page's
    const row =
      queuesRead?.bridgeUrl !== listing?.bridgeUrl
        ? undefined
        : queuesRead?.overview.queues.find((q) => nameId(q.row.delayedKey) === keyId(chosenKey));
    const clock: { now: number; from: DueClock; scheme: ScoreScheme } =
      row !== undefined && queuesRead !== null
        ? { now: row.now + (reading.readAt - queuesRead.readAt), from: 'server', scheme: row.row.scheme }
        : detected
          ? { now: reading.readAt + detected.clockOffset, from: 'server', scheme: detected.scheme }
          : { now: reading.readAt, from: 'page', scheme: 'band' };
    return {
      since: reading.before.readAt,
      clock: clock.from,
      scheme: clock.scheme,
      changes: setChanges(reading.before.set, reading.set, clock.now, clock.scheme),
    };
  }, [head.data, chosenKey, queuesRead, listing, detected]);
  const keysListed = keys.data ?? null;
  // the read that failed last, if it failed after its own last success
  const failed = [keys, head]
    .filter((q) => q.error !== null && q.errorUpdatedAt >= q.dataUpdatedAt)
    .sort((a, b) => b.errorUpdatedAt - a.errorUpdatedAt)[0];
  const problem =
    failed !== undefined && failed.error !== null
      ? messageOf(failed.error)
      : keys.isSuccess || head.isSuccess
        ? null
        : link.problem;
  const rowMarks = useMemo(() => {
    if (changes === null) return undefined;
    const marks = new Map<string, RowChange>();
    for (const row of changes.changes.added) marks.set(row.member, 'added');
    for (const move of changes.changes.moved) marks.set(move.member, 'moved');
    return marks;
  }, [changes]);
  const shownBand = useMemo(
    () =>
      set === null
        ? null
        : chosenBand !== null && set.bands.some((b) => b.fireTime === chosenBand)
          ? chosenBand
          : busiestBand(set),
    [set, chosenBand],
  );

  return (
    <section ref={sectionRef} className={panel.panel} aria-labelledby={headingId} data-testid="live-redis">
      <h2 id={headingId}>Live Redis</h2>
      <p className={panel.lede}>
        Look at a real delayed set through the same views as the simulation. Start the bridge beside your Redis with{' '}
        <code>npm run bridge -- --redis redis://127.0.0.1:6379</code>: it only reads (every command it sends is listed in
        docs/live-redis.md), listens on this machine only and answers only this page. The simulation above does not depend on it.
      </p>
      <div className={styles.controls}>
        {(Object.keys(LISTING_FIELDS) as Array<keyof Listing>).map((name) => (
          <ListingField key={name} name={name} value={fields[name]} setFields={setFields} />
        ))}
        <div className={`${panel.row} ${styles.buttons}`}>
          <button type="button" onClick={listAndRead} disabled={busy}>
            List keys
          </button>
          <button
            type="button"
            className="secondary"
            onClick={refresh}
            disabled={busy || (keysListed === null && chosenKey === null && !reads.readQueues)}
          >
            Refresh
          </button>
        </div>
        <div className={styles.auto}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={autoRefresh}
              onChange={(event) => setAutoRefresh(event.target.checked)}
              data-testid="live-auto"
            />
            Auto-refresh
          </label>
          <NumberField {...REFRESH_FIELD} value={refreshSeconds} onValid={setRefreshSeconds} />
        </div>
      </div>
      <p className={panel.hint} role="status" data-testid="live-status">
        {statusText(busy, keysListed, set === null ? null : { set, readAt })}
      </p>
      {linkAsks && link.bridgeUrl !== null ? (
        <div className={styles.linkAsk} role="group" aria-label="The link's bridge" data-testid="live-link-ask">
          <p>
            This address asks the page to read Redis through the bridge at <code>{printable(link.bridgeUrl)}</code>
            {link.queues !== undefined && link.queues.length > 0
              ? ` (${plural(link.queues.length, 'queue', 'queues')} named: ${link.queues
                  .slice(0, 3)
                  .map((name) => printable(name))
                  .join(', ')}${link.queues.length > 3 ? ', …' : ''})`
              : ''}
            . Nothing has been read yet. What the panel shows after it (keys, job names, failure reasons) is that bridge&apos;s
            Redis&apos;s text, shown as text only: read it if you started that bridge or trust whoever did.
          </p>
          <button type="button" onClick={readFromLink}>
            Read from {printable(link.bridgeUrl)}
          </button>
        </div>
      ) : null}
      {problem !== null ? (
        <p className={`${styles.problem}`} role="alert" data-testid="live-problem">
          {problem}
          {set !== null ? ` Showing the set as read at ${clock(readAt)} UTC.` : ''}
        </p>
      ) : null}
      <QueuesSection
        // mounted again when the reader says yes to the link, so it reads the link's queues then
        key={linkAsks ? 'link-asks' : 'reading'}
        bridge={bridge}
        link={linkAsks || link.bridgeUrl === null ? null : { bridgeUrl: link.bridgeUrl, queues: link.queues ?? [] }}
        refreshMs={autoRefresh ? refreshSeconds * 1000 : false}
        onRead={onQueuesRead}
      />
      {keysListed !== null ? <KeyList keys={keysListed} chosen={chosenKey} onChoose={choose} /> : null}
      {set !== null && changes !== null ? <ChangesView {...changes} /> : null}
      {set !== null ? (
        <LiveSetViews
          set={set}
          chosenBand={shownBand}
          onChooseBand={setChosenBand}
          version={readAt}
          changed={rowMarks}
          detected={detected}
        />
      ) : null}
    </section>
  );
}

function statusText(busy: boolean, keys: KeyListing | null, snapshot: { set: LiveSet; readAt: number } | null): string {
  if (busy) return 'Reading from the bridge…';
  if (keys === null) return 'Not connected yet: start the bridge, then List keys.';
  const unread =
    keys.unreadNodes.length === 0 ? '' : ` (not those of ${keys.unreadNodes.join(', ')}: the bridge could not read them)`;
  const found = `${plural(keys.keys.length, 'sorted set', 'sorted sets')} match ${printable(keys.pattern)}${keys.complete ? '' : ' (the first ones: narrow the pattern)'}${unread}`;
  return snapshot === null ? `${found}.` : `${found}; ${printable(snapshot.set.key)} read at ${clock(snapshot.readAt)} UTC.`;
}

function KeyList({ keys, chosen, onChoose }: { keys: KeyListing; chosen: ListedKey | null; onChoose: (key: ListedKey) => void }) {
  if (keys.keys.length === 0) {
    return (
      <p className={panel.hint}>
        No sorted set matches {printable(keys.pattern)}. BullMQ names its delayed sets bull:&lt;queue&gt;:delayed.
      </p>
    );
  }
  const chosenId = chosen === null ? null : keyId(chosen);
  return (
    <ul className={styles.keys} aria-label="Sorted sets matching the pattern" data-testid="live-keys">
      {keys.keys.map((key) => {
        const id = keyId(key);
        const tooLong = key.byteLength > MAX_KEY_BYTES;
        return (
          <li key={id}>
            <button
              type="button"
              className={id === chosenId ? undefined : 'secondary'}
              aria-pressed={id === chosenId}
              disabled={tooLong}
              title={
                tooLong
                  ? `This key is ${plural(key.byteLength, 'byte', 'bytes')} long; the bridge opens keys of up to ${groupDigits(MAX_KEY_BYTES)} bytes.`
                  : undefined
              }
              onClick={() => onChoose(key)}
            >
              {printable(key.text)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
