import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  BridgeRequestError,
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
import { busiestBand, decodeLiveSet } from '../../store/live.ts';
import { liveLinkFromSearch } from './liveLink.ts';
import { QueuesSection } from './QueuesSection.tsx';
import { LiveSetViews } from './LiveSetViews.tsx';
import { useKeyScheme } from './useKeyScheme.ts';
import type { LiveLink } from './liveLink.ts';
import type { LiveSet } from '../../store/live.ts';
import { NumberField, ValidatedField } from '../../ui/ValidatedField.tsx';
import panel from '../../ui/panel.module.css';
import styles from './LiveRedisPanel.module.css';
import { groupDigits, plural } from '../../model/format.ts';

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The page's own fetch (one function for the panel's lifetime, so the refresh timer is not reset). */
const pageFetch: Fetch = (url, init) => fetch(url, init);

/** What the page's address asks of the panel (`?bridge=...&pattern=...&key=...`, as npm run live-demo prints it). */
const pageLink = (): LiveLink => liveLinkFromSearch(typeof window === 'undefined' ? '' : window.location.search);

interface Snapshot {
  readonly set: LiveSet;
  /** keyId of the key it was read from. */
  readonly keyId: string;
  readonly readAt: number;
}

/** A key's identity: its bytes, or the digest of a long key's bytes (the text of two keys may read alike). */
const keyId = (key: ListedKey) => nameId(key);

interface KeyListing {
  readonly keys: ListedKey[];
  readonly complete: boolean;
  /** Cluster nodes the bridge could not read: their keys are missing from the list. */
  readonly unreadNodes: readonly string[];
  readonly pattern: string;
}

/**
 * The Live Redis panel: connects to the read-only bridge (`npm run bridge`), lists the sorted sets
 * matching a pattern, and shows a chosen delayed set through the simulation's own views: SetView
 * for the set order, BandStrip and BandGrid for one millisecond, and the score decoder's flags per
 * member. Everything from Redis (keys, members, scores) is rendered as text only. A bridge or
 * Redis that cannot be reached is said in the panel; nothing else on the page depends on it.
 * A page address naming a bridge (`link`, read from the query string) sets the fields and lists
 * the keys at once, and reads the named key.
 */
export function LiveRedisPanel({ fetchImpl = pageFetch, link = pageLink() }: { fetchImpl?: Fetch; link?: LiveLink }) {
  const headingId = useId();
  const [bridgeUrl, setBridgeUrl] = useState(link.bridgeUrl ?? DEFAULT_BRIDGE_URL);
  const [token, setToken] = useState('');
  const [pattern, setPattern] = useState(link.pattern ?? DEFAULT_KEY_PATTERN);
  const [keys, setKeys] = useState<KeyListing | null>(null);
  const [chosenKey, setChosenKey] = useState<ListedKey | null>(
    link.bridgeUrl === null || link.key === null ? null : keyFromText(link.key),
  );
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [chosenBand, setChosenBand] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(link.problem);
  const [busy, setBusy] = useState(false);
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [refreshSeconds, setRefreshSeconds] = useState(5);
  const [version, setVersion] = useState(0);
  const request = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const loading = useRef(false);
  /** The request number of the link's read once started; null before (or after an unmount cut it short). */
  const linkRequest = useRef<number | null>(null);

  useEffect(
    () => () => {
      // StrictMode (and an <Activity> shown again) mounts the effects a second time: a link read
      // cancelled here must run again then, or the panel is left showing "Cancelled."
      if (loading.current && linkRequest.current === request.current) linkRequest.current = null;
      inFlight.current?.abort();
    },
    [],
  );

  /** Lists the keys (when asked) and re-reads the chosen key; a newer load supersedes an older one. */
  const load = useCallback(
    async (what: { listKeys: boolean; key: ListedKey | null }) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const id = ++request.current;
      loading.current = true;
      setBusy(true);
      const fetchWithToken = withToken(fetchImpl, token);
      try {
        if (what.listKeys) {
          const listed = await listKeys(bridgeUrl, pattern, fetchWithToken, controller.signal);
          if (id !== request.current) return;
          setKeys({ ...listed, pattern });
        }
        if (what.key !== null) {
          const head = await readSetHead(bridgeUrl, what.key, fetchWithToken, controller.signal);
          if (id !== request.current) return;
          const set = decodeLiveSet(what.key.text, head.size, head.entries);
          setSnapshot({ set, keyId: keyId(what.key), readAt: Date.now() });
          setChosenBand((band) => (band !== null && set.bands.some((b) => b.fireTime === band) ? band : busiestBand(set)));
          setVersion((v) => v + 1);
        }
        setProblem(null);
      } catch (error) {
        if (id !== request.current) return;
        setProblem(error instanceof BridgeRequestError ? error.message : 'The bridge gave an answer the panel cannot read.');
      } finally {
        if (id === request.current) {
          loading.current = false;
          setBusy(false);
        }
      }
    },
    [bridgeUrl, token, pattern, fetchImpl],
  );

  const refresh = useCallback(() => void load({ listKeys: true, key: chosenKey }), [load, chosenKey]);

  // a link that names a bridge: read it once, as List keys would (and the named key)
  useEffect(() => {
    if (linkRequest.current !== null || link.bridgeUrl === null) return;
    void load({ listKeys: true, key: link.key === null ? null : keyFromText(link.key) });
    // load numbered its request before its first await
    linkRequest.current = request.current;
  }, [link, load]);

  useEffect(() => {
    if (!autoRefresh) return;
    // a tick while a read is still running skips: it would cancel that read
    const timer = setInterval(() => {
      if (!loading.current) refresh();
    }, refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [autoRefresh, refreshSeconds, refresh]);

  function choose(key: ListedKey) {
    setChosenKey(key);
    setChosenBand(null);
    void load({ listKeys: false, key });
  }

  const set = snapshot !== null && chosenKey !== null && snapshot.keyId === keyId(chosenKey) ? snapshot.set : null;
  const detected = useKeyScheme(bridgeUrl, token, fetchImpl, set?.key ?? null);

  return (
    <section className={panel.panel} aria-labelledby={headingId} data-testid="live-redis">
      <h2 id={headingId}>Live Redis</h2>
      <p className={panel.lede}>
        Look at a real delayed set through the same views as the simulation. Start the bridge beside your Redis with{' '}
        <code>npm run bridge -- --redis redis://127.0.0.1:6379</code>: it only reads (SCAN, TYPE, ZCARD, ZRANGE), listens on this
        machine only and answers only this page. The simulation above does not depend on it.
      </p>
      <div className={styles.controls}>
        <ValidatedField
          label="Bridge address"
          value={bridgeUrl}
          parse={parseBridgeUrl}
          onValid={setBridgeUrl}
          hint="As npm run bridge prints it."
          testId="live-bridge-url"
        />
        <ValidatedField
          label="Token"
          value={token}
          parse={parseToken}
          onValid={setToken}
          hint="Only for a bridge started with --token or beyond this machine."
          testId="live-token"
        />
        <ValidatedField
          label="Key pattern"
          value={pattern}
          parse={parseKeyPattern}
          onValid={setPattern}
          hint="SCAN MATCH, sorted sets only."
          testId="live-pattern"
        />
        <div className={`${panel.row} ${styles.buttons}`}>
          <button type="button" onClick={() => void load({ listKeys: true, key: chosenKey })} disabled={busy}>
            List keys
          </button>
          <button type="button" className="secondary" onClick={refresh} disabled={busy || (keys === null && chosenKey === null)}>
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
          <NumberField
            label="Every (seconds)"
            value={refreshSeconds}
            parse={parseRefreshSeconds}
            onValid={setRefreshSeconds}
            testId="live-refresh-seconds"
          />
        </div>
      </div>
      <p className={panel.hint} role="status" data-testid="live-status">
        {statusText(busy, keys, snapshot)}
      </p>
      {problem !== null ? (
        <p className={`${styles.problem}`} role="alert" data-testid="live-problem">
          {problem}
          {snapshot !== null ? ` Showing the set as read at ${clock(snapshot.readAt)} UTC.` : ''}
        </p>
      ) : null}
      <QueuesSection bridgeUrl={bridgeUrl} token={token} fetchImpl={fetchImpl} />
      {keys !== null ? <KeyList keys={keys} chosen={chosenKey} onChoose={choose} /> : null}
      {set !== null ? (
        <LiveSetViews set={set} chosenBand={chosenBand} onChooseBand={setChosenBand} version={version} detected={detected} />
      ) : null}
    </section>
  );
}

function statusText(busy: boolean, keys: KeyListing | null, snapshot: Snapshot | null): string {
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
