import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RedisName } from '../../model/bridgeWire.ts';
import type { FullestBandReading, HistogramReply, JobRow } from '../../model/doctor/doctorWire.ts';
import { firstNotDue } from '../../model/doctor/histogram.ts';
import { holdText } from '../../model/doctor/holdWords.ts';
import { failedText, jobAttemptText, jobWhatText, runAtText, storyText } from '../../model/doctor/jobWords.ts';
import { fireTimeOfScore, hasCeiling } from '../../model/doctor/scheme.ts';
import { BAND_SLOTS } from '../../model/protocol/score.ts';
import { parseScoreArg } from '../../model/redis/doubles.ts';
import { exactDurationText, instantText } from '../../model/doctor/words.ts';
import { groupDigits, plural } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';
import panel from '../../ui/panel.module.css';
import { BridgeRequestError } from './bridgeClient.ts';
import type { BridgeAccess } from './bridgeClient.ts';
import { DETAIL_PAGE, findJob, readFullestBand, readHistogram, readJobs, readMembersPage } from './detailClient.ts';
import type { QueueReading } from './queuesClient.ts';
import styles from './QueueDetail.module.css';
// a read that went wrong is framed as in the queues' list above
import queuesStyles from './QueuesSection.module.css';

interface QueueDetailProps {
  readonly reading: QueueReading;
  readonly bridge: BridgeAccess;
  readonly onClose: () => void;
}

/** Why an overdue delayed job of the queue waits: the verdict's cause, or the verdict itself when it names none. */
const whyItWaits = (row: QueueReading['row']) => `why it waits: ${holdText(row, 'due') ?? "the queue's verdict, above"}`;

/** Fire-times from..to (ms, to exclusive). */
interface Range {
  readonly from: number;
  readonly to: number;
}

const messageOf = (error: unknown) =>
  error instanceof BridgeRequestError ? error.message : 'The bridge gave an answer the panel cannot read.';

/** A job id as typed in "Find a job": 1 to 512 characters, no control characters. */
function parseJobId(text: string): { ok: true; id: string } | { ok: false; message: string } {
  const id = text.trim();
  if (id === '') return { ok: false, message: 'Type a job id, e.g. 42 (BullMQ numbers its jobs) or a custom id.' };
  if (id.length > 512) return { ok: false, message: 'At most 512 characters.' };
  if (/\p{Cc}/u.test(id)) return { ok: false, message: 'No control characters in a job id.' };
  return { ok: true, id };
}

/** The page (of DETAIL_PAGE) that shows the member `inWindow` places into a window, kept within the window's pages. */
function pageOf(inWindow: number, window: HistogramReply): number {
  const jobs = window.buckets.reduce((sum, b) => sum + b.jobs, 0);
  const last = Math.max(0, Math.ceil(jobs / DETAIL_PAGE) - 1);
  return Math.min(last, Math.max(0, Math.floor(inWindow / DETAIL_PAGE)));
}

/**
 * One queue's delayed set in full: a histogram of
 * every fire-time by ZCOUNT (any size of set), a window picked to zoom in and read in pages from its
 * rank, each page's jobs with their names, attempts, backoff and true run-at, and a job found by id.
 */
export function QueueDetail({ reading, bridge, onClose }: QueueDetailProps) {
  const { row } = reading;
  const headingId = useId();
  const fieldId = useId();
  const queue = `${row.prefix}:${row.name}`;
  const { url: bridgeUrl, send } = bridge;
  const client = useQueryClient();
  const [range, setRange] = useState<Range | null>(null);
  const [page, setPage] = useState(0);
  const [marked, setMarked] = useState<string | null>(null);
  const [lookupText, setLookupText] = useState('');
  const [lookupNote, setLookupNote] = useState<{ text: string; problem: boolean } | null>(null);
  const base = ['queue-detail', bridgeUrl, bridge.tokenSent, row.delayedKey.base64, row.scheme] as const;
  // each read of the queue's row (Read queues, Refresh, an Auto-refresh tick) reads the open
  // detail's histogram and page again: their keys carry the row's server time
  const readOf = reading.now;

  const histogram = useQuery({
    queryKey: [...base, 'histogram', readOf, range?.from ?? null, range?.to ?? null],
    queryFn: ({ signal }) => readHistogram(bridgeUrl, row.delayedKey, row.scheme, range, send, signal),
    placeholderData: keepPreviousData,
    // a queue with nothing delayed has no set to count (its key is gone): Find still reads any job
    enabled: row.delayed > 0,
  });
  const shown = histogram.data;
  // the page is read only once the histogram of this very range is in: its `before` is the rank
  const current = shown !== undefined && !histogram.isPlaceholderData && range !== null ? shown : undefined;
  const inRange = current === undefined ? 0 : current.buckets.reduce((sum, b) => sum + b.jobs, 0);
  const start = current === undefined ? 0 : current.before + page * DETAIL_PAGE;
  const count = Math.max(0, Math.min(DETAIL_PAGE, inRange - page * DETAIL_PAGE));
  const members = useQuery({
    queryKey: [...base, 'members', readOf, start, count],
    queryFn: ({ signal }) => readMembersPage(bridgeUrl, row.delayedKey, start, count, send, signal),
    enabled: current !== undefined && count > 0,
    placeholderData: keepPreviousData,
  });
  const entries = members.data?.entries ?? [];
  // a member shortened by the bridge (over 4 KB) cannot be named back to it
  const ids = entries.map(([member]) => member).filter((member) => member.sha256 === undefined);
  const jobs = useQuery({
    queryKey: [...base, 'jobs', ids.map((id) => id.base64).join(',')],
    queryFn: ({ signal }) => readJobs(bridgeUrl, queue, ids, row.scheme, send, signal),
    enabled: ids.length > 0 && !members.isPlaceholderData,
  });
  const jobOf = new Map<string, JobRow>((jobs.data ?? []).map((job) => [job.id.base64, job]));
  // a set the row read whole carries its fullest band; a larger one's is searched once, on opening
  const band = useQuery({
    queryKey: [...base, 'fullest-band'],
    queryFn: ({ signal }) => readFullestBand(bridgeUrl, row.delayedKey, row.scheme, send, signal),
    enabled: row.fullestBand === null && row.delayed > 0,
  });
  const fullestBand = row.fullestBand ?? band.data ?? null;
  // the server's now of the latest read: the histogram's when it is in, else the row's
  const now = shown?.now ?? reading.now;

  // the set gone since the row was read (its last job promoted or removed): said as such, not as a failed read
  const gone = shown === undefined && histogram.error instanceof BridgeRequestError && histogram.error.code === 'not-found';
  const failed = [gone ? null : histogram, members, jobs, gone ? null : band].find((q) => q !== null && q.error !== null);

  function zoom(next: Range | null) {
    setRange(next);
    setPage(0);
    setMarked(null);
  }

  async function find(event: FormEvent) {
    event.preventDefault();
    const parsed = parseJobId(lookupText);
    if (!parsed.ok) {
      setLookupNote({ text: parsed.message, problem: true });
      return;
    }
    try {
      const job = await client.fetchQuery({
        queryKey: [...base, 'find', parsed.id],
        queryFn: ({ signal }) => findJob(bridgeUrl, queue, parsed.id, row.scheme, send, signal),
        staleTime: 0,
      });
      if (job.score === null || job.facts === null) {
        // not delayed now: its state and story, when the bridge tells them
        const story = job.story === undefined ? 'not in the delayed set now' : storyText(job.story, now, holdText(row, 'ready'));
        setLookupNote({ text: `Job ${printable(parsed.id)}: ${story}.`, problem: false });
        return;
      }
      // its millisecond, opened at the page that holds it: the members before the window (the
      // histogram's `before`) and before the job (the bridge's count of lower scores) give the page
      const window = { from: job.facts.runAt, to: job.facts.runAt + 1 };
      const counted = await client.fetchQuery({
        queryKey: [...base, 'histogram', window.from, window.to],
        queryFn: ({ signal }) => readHistogram(bridgeUrl, row.delayedKey, row.scheme, window, send, signal),
        staleTime: 0,
      });
      const lower = job.lower ?? null;
      zoom(window);
      setPage(lower === null ? 0 : pageOf(lower - counted.before, counted));
      setMarked(job.id.base64);
      const ahead = lower === null ? '' : `; ${plural(lower, 'job is', 'jobs are')} ahead of it in the set`;
      const failure = failedText(job.facts);
      const waits = job.facts.runAt <= counted.now ? `; ${whyItWaits(row)}` : '';
      setLookupNote({
        text: `Job ${job.id.text}: delayed, ${runAtText(job.facts, counted.now)}${waits}${failure === '' ? '' : `; ${failure}`}${ahead}.`,
        problem: false,
      });
    } catch (error) {
      setLookupNote({ text: messageOf(error), problem: true });
    }
  }

  return (
    <section className={styles.detail} aria-labelledby={headingId} data-testid="queue-detail" data-queue={queue}>
      <div className={styles.head}>
        <h4 id={headingId}>{queue}: the whole delayed set</h4>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {failed !== undefined ? (
        <p className={queuesStyles.problem} role="alert" data-testid="queue-detail-problem">
          {messageOf(failed.error)}
          {shown !== undefined ? ` Showing the detail as read at ${instantText(shown.now, shown.now)}.` : ''}
        </p>
      ) : null}
      {gone ? null : <FullestBandLine band={fullestBand} searching={band.isFetching} row={reading.row} now={now} />}
      {shown !== undefined ? (
        <Histogram
          reading={reading}
          band={fullestBand}
          histogram={shown}
          zoomed={range !== null}
          loading={histogram.isFetching}
          onZoom={(window) => zoom(window)}
          onWhole={() => zoom(null)}
        />
      ) : row.delayed === 0 || gone ? (
        <p className={panel.hint} data-testid="queue-detail-empty">
          {gone
            ? `No job is delayed in this queue now: its delayed set is gone since the queue was read at ${instantText(reading.now, reading.now)} (its last job promoted or removed); Refresh reads the queue again.`
            : 'No job is delayed in this queue now.'}{' '}
          Find a job by id below: it says where the job is, in any state.
        </p>
      ) : histogram.error !== null ? null : (
        <p className={panel.hint}>Reading the histogram…</p>
      )}
      <form className={styles.find} onSubmit={(event) => void find(event)}>
        <label htmlFor={fieldId}>Find a job by id</label>
        <input
          id={fieldId}
          value={lookupText}
          onChange={(event) => setLookupText(event.target.value)}
          aria-invalid={lookupNote?.problem === true}
          data-testid="queue-detail-find"
        />
        <button type="submit" className="secondary">
          Find
        </button>
      </form>
      {lookupNote !== null ? (
        <p
          className={lookupNote.problem ? queuesStyles.problem : panel.hint}
          role={lookupNote.problem ? 'alert' : 'status'}
          data-testid="queue-detail-found"
        >
          {lookupNote.text}
        </p>
      ) : null}
      {current !== undefined ? (
        <div className={styles.page} data-testid="queue-detail-page">
          <div className={styles.head}>
            <p className={panel.hint} data-testid="queue-detail-page-status">
              {inRange === 0
                ? 'No job falls due in this window.'
                : `Jobs ${groupDigits(page * DETAIL_PAGE + 1)}–${groupDigits(page * DETAIL_PAGE + count)} of ${groupDigits(inRange)} in this window (ranks ${groupDigits(start + 1)}–${groupDigits(start + count)} of the set's ${groupDigits(current.total)}).`}
            </p>
            <button type="button" className="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              Previous page
            </button>
            <button
              type="button"
              className="secondary"
              disabled={(page + 1) * DETAIL_PAGE >= inRange}
              onClick={() => setPage((p) => p + 1)}
            >
              Next page
            </button>
          </div>
          <ol className={styles.jobs} aria-label={`Jobs of ${queue} in this window`}>
            {entries.map(([member, score], index) => (
              <JobItem
                rank={start + index + 1}
                key={member.base64 + (member.sha256 ?? '')}
                member={member}
                score={score}
                job={jobOf.get(member.base64)}
                reading={reading}
                now={now}
                marked={member.base64 === marked}
              />
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

/** The queue's fullest band: the row's (a set read whole), or the one searched when the detail opened. */
function FullestBandLine({
  band,
  searching,
  row,
  now,
}: {
  band: FullestBandReading | null;
  searching: boolean;
  row: QueueReading['row'];
  now: number;
}) {
  if (row.delayed === 0) return null;
  let text: string;
  if (band === null)
    text = searching ? 'Fullest band: searching the set (once, on opening)…' : 'Fullest band: none found (the set is empty now).';
  else {
    const ceiling = band.atCeiling === null || band.atCeiling === 0 ? '' : `, ${groupDigits(band.atCeiling)} at the ceiling`;
    const how =
      band.counts === 0
        ? 'every member read'
        : band.complete
          ? `found with ${groupDigits(band.counts)} ZCOUNTs`
          : `the search stopped after ${groupDigits(band.counts)} ZCOUNTs: another band may hold up to ${groupDigits(band.atMost)}`;
    text = `Fullest band: ${instantText(band.fireTime, now)}, ${plural(band.jobs, 'job', 'jobs')}${ceiling} (${how}).`;
  }
  return (
    <p className={panel.hint} data-testid="queue-detail-band">
      {text}
    </p>
  );
}

function Histogram({
  reading,
  band,
  histogram,
  zoomed,
  loading,
  onZoom,
  onWhole,
}: {
  reading: QueueReading;
  band: FullestBandReading | null;
  histogram: HistogramReply;
  zoomed: boolean;
  loading: boolean;
  onZoom: (window: Range) => void;
  onWhole: () => void;
}) {
  const { now } = histogram;
  const most = Math.max(1, ...histogram.buckets.map((b) => b.jobs));
  // windows end where due fire-times end (the bridge cuts the window holding now there)
  const notDue = firstNotDue(now);
  const dueJobs = histogram.buckets.filter((b) => b.to <= notDue).reduce((sum, b) => sum + b.jobs, 0);
  const saturated = hasCeiling(reading.row.scheme) && band !== null && band.jobs > BAND_SLOTS ? band.fireTime : null;
  const outside = [
    histogram.before > 0 ? `${groupDigits(histogram.before)} before` : '',
    histogram.after > 0 ? `${groupDigits(histogram.after)} after` : '',
  ].filter(Boolean);
  return (
    <div className={styles.histogram} data-testid="queue-detail-histogram" data-total={histogram.total}>
      <p className={panel.hint} data-testid="queue-detail-summary">
        {plural(histogram.total, 'delayed job', 'delayed jobs')} (ZCARD); {plural(histogram.buckets.length, 'window', 'windows')}{' '}
        of {exactDurationText(histogram.width)} from {instantText(histogram.from, now)}, each counted by ZCOUNT
        {outside.length > 0 ? `; ${outside.join(' and ')} this span` : ''}. The server's now: {instantText(now, now)}
        {dueJobs > 0 ? `; ${plural(dueJobs, 'job', 'jobs')} of these windows overdue` : ''}
        {loading ? ' (reading again…)' : ''}.
      </p>
      <div className={styles.head}>
        {zoomed ? (
          <button type="button" className="secondary" onClick={onWhole}>
            Whole set
          </button>
        ) : null}
        <span className={panel.hint}>Pick a window to read its jobs.</span>
      </div>
      <ol className={styles.windows} aria-label="Jobs per window of fire-times">
        {histogram.buckets.map((b) => {
          // a window is wholly due or wholly not yet due; the first not yet due starts at now + 1
          const due = b.to <= notDue;
          const startsNow = b.from === notDue;
          // a bridge that does not cut at now leaves one window holding both: said so
          const holdsNow = b.from < notDue && notDue < b.to;
          // the queue's fullest band, and any window holding more jobs than its milliseconds' bands
          // have slots: one of its bands then holds more than 4,096 (pigeonhole), though not which
          const fullest = saturated !== null && b.from <= saturated && saturated < b.to;
          const overfull = hasCeiling(reading.row.scheme) && b.jobs > BAND_SLOTS * (b.to - b.from);
          const full = fullest || overfull;
          const saturation = fullest
            ? ` (a saturated band: ${groupDigits(band!.jobs)} jobs in ${instantText(saturated, now)})`
            : !full
              ? ''
              : b.to - b.from === 1
                ? ' (a saturated band)'
                : ` (holds a saturated band: more jobs than ${groupDigits(b.to - b.from)} ms of bands have slots)`;
          const when = due
            ? ' (overdue)'
            : holdsNow
              ? ' (holds now: overdue and not yet due)'
              : startsNow
                ? ' (from now: not yet due)'
                : '';
          const label = `${instantText(b.from, now)}: ${plural(b.jobs, 'job', 'jobs')}${when}${saturation}`;
          return (
            <li
              key={b.from}
              data-jobs={b.jobs}
              data-due={due || undefined}
              data-now={startsNow || holdsNow || undefined}
              data-saturated={full || undefined}
            >
              <button
                type="button"
                className={styles.window}
                disabled={b.jobs === 0}
                onClick={() => onZoom({ from: b.from, to: b.to })}
                aria-label={label}
                title={label}
              >
                <span className={styles.bar} style={{ width: `${(b.jobs / most) * 100}%` }} />
                <span className={styles.windowText}>{label}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function JobItem({
  rank,
  member,
  score,
  job,
  reading,
  now,
  marked,
}: {
  rank: number;
  member: RedisName;
  score: string;
  job: JobRow | undefined;
  reading: QueueReading;
  now: number;
  marked: boolean;
}) {
  const facts = job?.facts ?? null;
  const value = parseScoreArg(score);
  const runAt =
    facts !== null
      ? runAtText(facts, now)
      : value === null || !Number.isFinite(value)
        ? 'no run-at: the score is not a finite number'
        : `runs ${instantText(fireTimeOfScore(value, reading.row.scheme), now)}`;
  const overdue = facts !== null && facts.runAt <= now;
  const failure = facts === null ? '' : failedText(facts);
  return (
    <li
      className={styles.job}
      data-testid="queue-detail-job"
      data-member={member.text}
      data-marked={marked || undefined}
      data-moved={facts?.runAtDiffers || undefined}
    >
      <span className={styles.rank} data-number>
        {groupDigits(rank)}.
      </span>
      <span className={styles.member}>{member.text}</span>
      <span className={styles.score} data-number>
        <span className="visually-hidden">score </span>
        {score}
      </span>
      <span data-testid="queue-detail-what">
        {facts === null
          ? job === undefined
            ? '…'
            : job.unreadable !== undefined
              ? `unreadable: ${job.unreadable}`
              : 'not in the delayed set now'
          : jobWhatText(facts, now)}
      </span>
      <span data-testid="queue-detail-attempt">{facts === null ? '' : jobAttemptText(facts)}</span>
      <span
        className={facts?.runAtDiffers ? styles.moved : undefined}
        data-testid="queue-detail-runat"
        data-overdue={overdue || undefined}
      >
        {runAt}
        {overdue ? `; ${whyItWaits(reading.row)}` : ''}
      </span>
      {failure !== '' ? <span data-testid="queue-detail-failure">{failure}</span> : null}
    </li>
  );
}
