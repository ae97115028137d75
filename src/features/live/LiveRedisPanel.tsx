import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  BridgeRequestError,
  MAX_LIVE_MEMBERS,
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
import { bandStrip, busiestBand, decodeLiveSet, liveBand } from '../../store/live.ts';
import { liveLinkFromSearch } from './liveLink.ts';
import { QueuesSection } from './QueuesSection.tsx';
import type { LiveLink } from './liveLink.ts';
import type { LiveRow, LiveSet } from '../../store/live.ts';
import { BandGrid } from '../../ui/bandGrid/BandGrid.tsx';
import { BandStrip } from '../../ui/BandStrip.tsx';
import { SetView } from '../../ui/SetView.tsx';
import { STRIP_RADIUS } from '../../store/band.ts';
import type { SetRow } from '../../store/sets.ts';
import { NumberField, ValidatedField } from '../../ui/ValidatedField.tsx';
import { HeadedRowList, type RowColumn } from '../../ui/HeadedRowList.tsx';
import { FlagCounts } from '../../ui/FlagCounts.tsx';
import { isoTime } from '../../ui/isoTime.ts';
import panel from '../../ui/panel.module.css';
import styles from './LiveRedisPanel.module.css';
import { FLAG_TEXT } from '../../ui/flagText.ts';
import { LabelledCell } from '../../ui/LabelledCell.tsx';
import flagStyles from '../../ui/flags.module.css';
import { groupDigits, plural } from '../../model/format.ts';

/** Row height (px) of the flags list; LiveRedisPanel.module.css uses the same 30px. */
const ROW_HEIGHT = 30;
/** Bands offered in the millisecond menu: the fullest ones. */
const MENU_BANDS = 100;

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
      {set !== null ? <LiveSetViews set={set} chosenBand={chosenBand} onChooseBand={setChosenBand} version={version} /> : null}
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

/** What the live set view's columns hold, and which jobs its due-order count can place. */
function liveDescription(set: LiveSet): string {
  const walk = 'The set as ZRANGE walks it, scores exactly as Redis replied them.';
  if (set.arrivalKnown)
    return `${walk} Arrival is the job id: BullMQ counts ids up as jobs are added; due order is the score’s millisecond, then the id.`;
  // arrival is null only for the other ids of a set that has counter ids too
  if (set.rows.some((row) => row.arrival === null))
    return `${walk} Arrival is the job id where it is a counter id; the other ids (a scheduler’s repeat: jobs, custom ids) have no arrival number (–), and the due-order count leaves them out.`;
  return `${walk} These ids are not counter ids, so arrival order is unknown: the Arrival column repeats the position, and no pair can be counted.`;
}

function LiveSetViews({
  set,
  chosenBand,
  onChooseBand,
  version,
}: {
  set: LiveSet;
  chosenBand: number | null;
  onChooseBand: (fireTime: number) => void;
  version: number;
}) {
  const readRows = useCallback((start: number, end: number): SetRow[] => set.rows.slice(start, end + 1), [set]);
  const band = useMemo(() => (chosenBand === null ? null : liveBand(set, chosenBand)), [set, chosenBand]);
  const strip = useMemo(() => (chosenBand === null ? [] : bandStrip(set, chosenBand, STRIP_RADIUS)), [set, chosenBand]);
  const menu = useMemo(() => {
    const fullest = [...set.bands].sort((a, b) => b.count - a.count || a.fireTime - b.fireTime).slice(0, MENU_BANDS);
    if (chosenBand !== null && !fullest.some((b) => b.fireTime === chosenBand))
      fullest.push({ fireTime: chosenBand, count: band?.slots.length ?? 0 });
    return fullest.sort((a, b) => a.fireTime - b.fireTime);
  }, [set, chosenBand, band]);
  const partial = set.rows.length < set.size;

  return (
    <div className={styles.views}>
      <div className={styles.summary} data-testid="live-summary">
        <p>
          <strong>{printable(set.key)}</strong>: {plural(set.size, 'member', 'members')} (ZCARD)
          {partial
            ? `; showing the first ${groupDigits(set.rows.length)}, the jobs due first (the panel reads at most ${groupDigits(MAX_LIVE_MEMBERS)})`
            : ''}
          , in {plural(set.bands.length, 'millisecond band', 'millisecond bands')}.
        </p>
        <FlagCounts counts={set.flagCounts} label="Members by flag" />
      </div>
      <SetView
        title={`${printable(set.key)} (live)`}
        description={liveDescription(set)}
        size={set.rows.length}
        outOfOrderPairs={set.outOfOrderPairs}
        orderNote={
          set.uncounted === 0
            ? undefined
            : `${plural(set.uncounted, 'job', 'jobs')} with no counter id or no numeric score not counted`
        }
        readRows={readRows}
        version={version}
        testId="live-set-view"
      />
      {band !== null && chosenBand !== null ? (
        <div className={styles.band}>
          <h3>One millisecond of this set</h3>
          <label className={panel.field}>
            Millisecond (the {Math.min(MENU_BANDS, set.bands.length)} fullest)
            <select
              value={chosenBand}
              onChange={(event) => onChooseBand(Number(event.target.value))}
              data-testid="live-band-select"
            >
              {menu.map((b) => (
                <option key={b.fireTime} value={b.fireTime}>
                  {isoTime(b.fireTime)} · {plural(b.count, 'job', 'jobs')}
                </option>
              ))}
            </select>
          </label>
          <div className={panel.clip}>
            <BandStrip bands={strip} selected={chosenBand} onSelect={onChooseBand} />
          </div>
          <BandGrid {...band} />
        </div>
      ) : null}
      <FlagsList rows={set.rows} />
    </div>
  );
}

/** The decoded members' columns, in the order FlagRow fills them. */
const FLAG_COLUMNS: readonly RowColumn[] = [
  { heading: 'Position', numeric: true },
  { heading: 'Member' },
  { heading: 'Score', numeric: true },
  { heading: 'Fire-time (UTC)' },
  { heading: 'Slot', numeric: true },
  { heading: 'Flags' },
];

function FlagsList({ rows }: { rows: readonly LiveRow[] }) {
  return (
    <div className={styles.flagsBlock}>
      <h3>Each member decoded</h3>
      <HeadedRowList
        columns={FLAG_COLUMNS}
        classes={{ frame: styles.flagsScroll, table: styles.flagsTable, row: styles.flagRow, head: styles.head, num: styles.num }}
        count={rows.length}
        rowHeight={ROW_HEIGHT}
        label="Members decoded"
        testId="live-flags"
        renderRow={(index) => <FlagRow row={rows[index]!} />}
      />
    </div>
  );
}

function FlagRow({ row }: { row: LiveRow }) {
  return (
    <div className={styles.flagRow} data-flags={row.flags.join(' ')} data-member={row.member}>
      <LabelledCell label="Position" className={styles.num}>
        {String(row.position)}
      </LabelledCell>
      <LabelledCell label="Member">{printable(row.member)}</LabelledCell>
      <LabelledCell label="Score" className={styles.num}>
        {row.scoreText}
      </LabelledCell>
      <LabelledCell label="Fire-time">{row.fireTime === null ? '—' : isoTime(row.fireTime)}</LabelledCell>
      <LabelledCell label="Slot" className={styles.num}>
        {row.slot === null ? '—' : String(row.slot)}
      </LabelledCell>
      <span className={flagStyles.badges}>
        <span className="visually-hidden">Flags: </span>
        {row.flags.map((flag) => (
          <span key={flag} className={flagStyles.badge} data-flag={flag}>
            {FLAG_TEXT[flag].badge}
          </span>
        ))}
      </span>
    </div>
  );
}
