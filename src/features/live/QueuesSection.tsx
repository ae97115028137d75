import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { verdictOf } from '../../model/doctor/verdict.ts';
import type { QueueRow, QueueStateReading } from '../../model/doctor/doctorWire.ts';
import { durationText, instantText } from '../../model/doctor/words.ts';
import { groupDigits, plural } from '../../model/format.ts';
import panel from '../../ui/panel.module.css';
import { BridgeRequestError } from './bridgeClient.ts';
import type { BridgeAccess } from './bridgeClient.ts';
import { queueNameOf, readNamedQueues, readQueues } from './queuesClient.ts';
import type { QueueReading, QueuesOverview } from './queuesClient.ts';
import styles from './QueuesSection.module.css';
import { QueueDetail } from './QueueDetail.tsx';

interface QueuesSectionProps {
  /** The bridge at the origin the panel's field holds, with the reader's token. */
  readonly bridge: BridgeAccess;
  /** A page link naming the bridge: read its queues at once (only those it names, when it names some). */
  readonly link?: { readonly bridgeUrl: string; readonly queues: readonly string[] } | null;
  /** The panel's auto-refresh (ms), or false: each tick reads the listed queues again by name, never by a walk. */
  readonly refreshMs?: number | false;
  /** Told each overview read, and when (this page's clock): the panel takes the server's clock from it. */
  readonly onRead?: (overview: QueuesOverview, readAt: number, bridgeUrl: string) => void;
}

/** What the section asked for: the bridge, and the queues by name (null: walk every key to find them). */
interface QueuesAsked {
  readonly bridgeUrl: string;
  readonly names: readonly string[] | null;
}

/** An overview, with the one read before it under the same ask (for the counts before -> now). */
type QueuesRead = QueuesOverview & { readonly before: QueuesRead | null };

/** The names to refresh the listed queues by; the ones that cannot be named (not UTF-8) wait for a walk. */
const namesOf = (overview: QueuesOverview) =>
  overview.queues.map((q) => queueNameOf(q.row)).filter((name): name is string => name !== null);

/**
 * The queues overview of the Live panel: every queue the bridge's GET /api/queues finds,
 * one row each with its counts against the server's clock, and the doctor's verdict in words.
 * Reads through the panel's QueryClient (liveQueryClient.ts), which the panel provides.
 */
export function QueuesSection(props: QueuesSectionProps) {
  return <QueuesOverviewView {...props} />;
}

function QueuesOverviewView({ bridge, link = null, refreshMs = false, onRead }: QueuesSectionProps) {
  const bridgeUrl = bridge.url;
  const headingId = useId();
  // what the user (or the link) last asked: typing an address reads nothing until Read queues is pressed
  const [asked, setAsked] = useState<QueuesAsked | null>(() =>
    link === null ? null : { bridgeUrl: link.bridgeUrl, names: link.queues.length > 0 ? link.queues : null },
  );
  const client = useQueryClient();
  /** The queue whose detail is open (`<prefix>:<name>`), below the list. */
  const [opened, setOpened] = useState<string | null>(null);
  // one query a bridge, however its queues are found: each read keeps the one before it
  const queryKey = ['queues', asked?.bridgeUrl ?? null];
  const keep = (before: QueuesRead | undefined, overview: QueuesOverview): QueuesRead => ({
    ...overview,
    // one read back is kept, not the chain of every read
    before: before === undefined ? null : { ...before, before: null },
  });
  const walk = async ({ signal, client }: { signal: AbortSignal; client: QueryClient }) =>
    keep(client.getQueryData<QueuesRead>(queryKey), await readQueues(asked?.bridgeUrl ?? bridgeUrl, bridge.send, signal));
  const query = useQuery({
    queryKey,
    // the first read walks (or reads the link's queues); a later one, a refresh tick, reads the
    // queues already listed by name, so a tick never walks the keyspace: Read queues walks it
    queryFn: async ({ signal, client }) => {
      const known = client.getQueryData<QueuesRead>(queryKey);
      const names = asked?.names ?? (known === undefined ? null : namesOf(known));
      if (names === null) return walk({ signal, client });
      // nothing listed to read by name (a walk found no queue): the tick leaves it as read
      if (names.length === 0 && known !== undefined) return known;
      return keep(known, await readNamedQueues(asked?.bridgeUrl ?? bridgeUrl, names, bridge.send, signal));
    },
    enabled: asked !== null,
    refetchInterval: refreshMs,
  });

  const readAt = query.dataUpdatedAt;
  const readFrom = asked?.bridgeUrl ?? null;
  useEffect(() => {
    if (query.data !== undefined && readFrom !== null) onRead?.(query.data, readAt, readFrom);
  }, [query.data, readAt, readFrom, onRead]);

  const openedReading = query.data?.queues.find((q) => `${q.row.prefix}:${q.row.name}` === opened);

  function refresh() {
    if (asked === null || asked.bridgeUrl !== bridgeUrl) {
      setAsked({ bridgeUrl, names: null });
      return;
    }
    if (asked.names !== null) setAsked({ bridgeUrl, names: null });
    // a read still running is cancelled (its signal aborts the request), then every key walked
    // again: refetch alone would join a first read that has no answer yet rather than replace it
    void client
      .cancelQueries({ queryKey })
      .then(() => client.fetchQuery({ queryKey, queryFn: walk, staleTime: 0 }))
      .catch(() => undefined);
  }

  const problem =
    query.error === null
      ? null
      : query.error instanceof BridgeRequestError
        ? query.error.message
        : 'The bridge gave an answer the panel cannot read.';

  return (
    <section className={styles.queues} aria-labelledby={headingId} data-testid="live-queues">
      <div className={styles.head}>
        <h3 id={headingId}>Queues</h3>
        <button type="button" className="secondary" onClick={refresh}>
          Read queues
        </button>
      </div>
      <p className={panel.hint} role="status" data-testid="live-queues-status">
        {statusText(asked?.bridgeUrl ?? null, query.isFetching, query.data)}
      </p>
      {problem !== null ? (
        <p className={styles.problem} role="alert" data-testid="live-queues-problem">
          {problem}
          {query.data !== undefined ? ` Showing the queues as read at ${instantText(query.data.now, query.data.now)}.` : ''}
        </p>
      ) : null}
      {query.data !== undefined && query.data.queues.length > 0 ? (
        <ul className={styles.list} aria-label="Queues the bridge found">
          {query.data.queues.map((reading) => (
            <QueueItem
              key={`${reading.row.prefix}\u0000${reading.row.name}`}
              reading={reading}
              before={query.data?.before?.queues.find(
                (q) => q.row.prefix === reading.row.prefix && q.row.name === reading.row.name,
              )}
              open={opened === `${reading.row.prefix}:${reading.row.name}`}
              onOpen={() => setOpened(`${reading.row.prefix}:${reading.row.name}`)}
            />
          ))}
        </ul>
      ) : null}
      {query.data !== undefined && query.data.unreadable.length > 0 ? (
        <ul className={styles.list} aria-label="Queues found that cannot be shown" data-testid="live-queues-unreadable">
          {query.data.unreadable.map((queue) => (
            <li key={queue.name} className={styles.item} data-testid="live-queue-unreadable">
              <p className={styles.name}>{queue.name}</p>
              <p className={panel.hint}>Cannot be shown. {queue.why}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {openedReading !== undefined && readFrom !== null ? (
        <QueueDetail key={opened} reading={openedReading} bridge={{ ...bridge, url: readFrom }} onClose={() => setOpened(null)} />
      ) : null}
    </section>
  );
}

function statusText(asked: string | null, fetching: boolean, data: QueuesOverview | undefined): string {
  if (fetching) return 'Reading the queues from the bridge…';
  if (asked === null || data === undefined)
    return 'Not read yet: Read queues finds every BullMQ, Bull and bee-queue queue through the bridge (a SCAN of every key).';
  const found =
    data.queues.length === 0
      ? `No queue found at ${asked} (BullMQ writes <prefix>:<queue>:meta, Bull and bee-queue <prefix>:<queue>:id)`
      : `${plural(data.queues.length, 'queue', 'queues')} at ${asked}, read at ${instantText(data.now, data.now)} (the server's clock)`;
  const unreadable =
    data.unreadable.length === 0
      ? ''
      : ` ${plural(data.unreadable.length, 'queue', 'queues')} found cannot be shown (below, with why).`;
  const byName = data.readBy === 'name' ? ' Read by name: Read queues walks every key for queues added since.' : '';
  return `${found}.${unreadable}${incompleteText(data)}${byName}`;
}

/** Why the list may miss queues, in words; '' when it holds every one. */
function incompleteText(data: QueuesOverview): string {
  if (data.complete) return '';
  const reasons: string[] = [];
  if (data.unreadNodes.length > 0) reasons.push(`the bridge could not read ${data.unreadNodes.join(', ')}`);
  if (data.stoppedEarly) reasons.push('the key walk was stopped before its end');
  if (data.truncated) reasons.push('more queues were found than one list holds');
  if (reasons.length === 0) reasons.push('the bridge said its walk was incomplete');
  return ` Not every queue may be listed: ${reasons.join('; ')}.`;
}

const library = (row: QueueRow) => (row.version === null ? row.library : `${row.library} ${row.version}`);

function markerText(row: QueueRow, now: number): string {
  if (row.marker === null) return row.library === 'bullmq' ? 'none' : `none (${row.library} keeps none)`;
  if (row.marker.time === null) return 'empty';
  if (row.marker.time === 0) return '0: jobs are waiting';
  return instantText(row.marker.time, now);
}

function fullestBandText(row: QueueRow, now: number): string {
  const band = row.fullestBand;
  if (band === null) return '—';
  const ceiling = band.atCeiling === null || band.atCeiling === 0 ? '' : `, ${groupDigits(band.atCeiling)} at the ceiling`;
  const unsure = band.complete ? '' : ` (the search stopped: another band may hold up to ${groupDigits(band.atMost)})`;
  return `${instantText(band.fireTime, now)}: ${plural(band.jobs, 'job', 'jobs')}${ceiling}${unsure}`;
}

/** A count read from a key of another type than BullMQ writes there is said so, not shown as 0. */
const countText = (n: number | null) => (n === null ? 'not a list or set' : groupDigits(n));

/** What decides whether a BullMQ queue's due jobs run, as facts of its card (none for Bull and bee-queue). */
function stateFacts(state: QueueStateReading | null): Array<[string, string, string]> {
  if (state === null) return [];
  const { counts, workers } = state;
  const paused = state.paused
    ? 'yes (meta paused)'
    : state.pausedList !== null && state.pausedList > 0
      ? `${plural(state.pausedList, 'job', 'jobs')} in the legacy paused list`
      : 'no';
  const limiter =
    state.limiterTtlMs === null
      ? 'no limiter key'
      : state.limiterTtlMs < 0
        ? 'limiter key with no expiry'
        : `${durationText(state.limiterTtlMs)} left (PTTL ${groupDigits(state.limiterTtlMs)} ms)`;
  const workersText = workers.visible
    ? `${groupDigits(workers.count)} (CLIENT LIST)`
    : workers.reason === 'not-allowed'
      ? 'not visible (CLIENT LIST not allowed)'
      : `not visible (${workers.message})`;
  return [
    ['paused', 'Paused', paused],
    ['limiter', 'Rate limit', limiter],
    ['wait', 'Waiting', countText(counts.wait)],
    ['active', 'Active', countText(counts.active)],
    ['prioritized', 'Prioritized', countText(counts.prioritized)],
    ['waiting-children', 'Waiting children', countText(counts.waitingChildren)],
    ['failed', 'Failed', countText(counts.failed)],
    ['completed', 'Completed', countText(counts.completed)],
    ...(state.concurrency === null
      ? []
      : [['concurrency', 'Global concurrency', groupDigits(state.concurrency)] as [string, string, string]]),
    ['workers', 'Workers', workersText],
  ];
}

/** The counts before -> now, where the last read of the same queue differs ('' when none does). */
function changeText(before: QueueReading | undefined, row: QueueRow): string {
  if (before === undefined) return '';
  const parts: string[] = [];
  if (before.row.delayed !== row.delayed) parts.push(`delayed ${groupDigits(before.row.delayed)} → ${groupDigits(row.delayed)}`);
  if (before.row.overdue !== row.overdue) parts.push(`overdue ${groupDigits(before.row.overdue)} → ${groupDigits(row.overdue)}`);
  return parts.length === 0
    ? `No change since ${instantText(before.now, before.now)}.`
    : `Since ${instantText(before.now, before.now)}: ${parts.join(', ')}.`;
}

function QueueItem({
  reading,
  before,
  open,
  onOpen,
}: {
  reading: QueueReading;
  before?: QueueReading | undefined;
  open: boolean;
  onOpen: () => void;
}) {
  const { row, now } = reading;
  const verdict = verdictOf({
    now,
    library: row.library,
    delayed: row.delayed,
    overdue: row.overdue,
    oldestOverdueFireTime: row.oldestOverdueMs === null ? null : now - row.oldestOverdueMs,
    nextFireTime: row.nextFireTime,
    markerTime: row.marker?.time ?? null,
    state: row.state ?? null,
  });
  const name = `${row.prefix}:${row.name}`;
  const facts: Array<[string, string, string]> = [
    ['library', 'Library', library(row)],
    ['delayed', 'Delayed', groupDigits(row.delayed)],
    ['overdue', 'Overdue', groupDigits(row.overdue)],
    ['oldest', 'Oldest overdue', row.oldestOverdueMs === null ? '—' : `${durationText(row.oldestOverdueMs)} late`],
    ['next', 'Next fire-time', row.nextFireTime === null ? '—' : instantText(row.nextFireTime, now)],
    ['band', 'Fullest band', fullestBandText(row, now)],
    ['marker', 'Marker', markerText(row, now)],
    ...stateFacts(row.state ?? null),
  ];
  return (
    <li className={styles.item} data-testid="live-queue" data-queue={name} data-verdict={verdict.kind}>
      <div className={styles.head}>
        <p className={styles.name}>{name}</p>
        <button type="button" className="secondary" aria-pressed={open} onClick={onOpen}>
          Open {name}
        </button>
      </div>
      <p className={styles.verdict} data-testid="live-queue-verdict">
        {verdict.words}
      </p>
      <p className={styles.evidence} data-testid="live-queue-evidence">
        Rests on: {verdict.evidence}
      </p>
      {before !== undefined ? (
        <p className={panel.hint} data-testid="live-queue-change">
          {changeText(before, row)}
        </p>
      ) : null}
      <dl className={styles.facts}>
        {facts.map(([id, label, value]) => (
          <div key={id} data-fact={id}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
