/**
 * The doctor's verdict on one queue, in words: is anything overdue, how late, and what the
 * marker (the worker's wake-up call) says about whether a worker is polling.
 *
 * What the marker is (BullMQ 5+, checked with bullmq 6.7.0): `<prefix>:<queue>:marker`, a sorted
 * set a worker waits on with BZPOPMIN. Adding a delayed job writes member "1" scored with the
 * head's fire-time in plain ms (not x 0x1000); adding a job to wait writes member "0" scored 0
 * ("jobs are waiting now"). A polling worker pops the lowest entry at once and sleeps until its
 * score, so a marker entry that stays behind, in the past, while jobs are due means nobody is
 * polling; an absent marker is the usual sight beside an idle worker that already took it.
 */
import { groupDigits, plural } from '../format.ts';
import type { QueueStateReading } from './queueState.ts';
import type { QueueLibrary } from './scheme.ts';
import { durationText, instantText } from './words.ts';

/** A marker entry older than this while jobs are due is "long past": a polling worker takes it within milliseconds. */
const LONG_PAST_MS = 5000;

/** What the verdict reads of a queue; every instant in ms since the epoch, from the server's TIME. */
export interface QueueState {
  readonly now: number;
  readonly library: QueueLibrary;
  /** Members of the delayed set. */
  readonly delayed: number;
  /** Members whose fire-time is at or before now. */
  readonly overdue: number;
  /** The fire-time of the earliest due member (null when none is due). */
  readonly oldestOverdueFireTime: number | null;
  /** The fire-time of the head of the set, due or not (null when it is empty). */
  readonly nextFireTime: number | null;
  /** The marker's wake time (its lowest score, ms; 0 = jobs are waiting), or null when there is no marker. */
  readonly markerTime: number | null;
  /**
   * What else decides whether due jobs run (BullMQ: paused, the limiter, the lists' lengths, the
   * workers); null or absent when it was not read (Bull, bee-queue, an older bridge): the verdict
   * then rests on the delayed set and the marker alone.
   */
  readonly state?: QueueStateReading | null;
}

export type VerdictKind =
  | 'empty'
  | 'overdue-no-worker'
  | 'no-worker'
  | 'overdue'
  | 'wakes-late'
  | 'waiting'
  | 'idle'
  | 'running'
  | 'busy'
  | 'paused'
  | 'rate-limited'
  | 'undecided'
  | 'broken';

export interface Verdict {
  readonly kind: VerdictKind;
  readonly words: string;
  /** The fields and counts the verdict rests on, e.g. "meta paused = 1; CLIENT LIST: 1 worker; wait 50". */
  readonly evidence?: string;
}

/** The libraries that keep a marker key (BullMQ 5+); Bull and bee-queue promote on their own timers. */
const hasMarker = (library: QueueLibrary) => library === 'bullmq';

/** What the marker says while `state.overdue` jobs are due. */
function overdueMarker(state: QueueState): { kind: VerdictKind; words: string } {
  const { markerTime: marker, now } = state;
  if (marker === null)
    return { kind: 'overdue', words: 'no marker is set: a worker took it and has not promoted them yet (busy or stopped)' };
  if (marker === 0)
    return { kind: 'overdue-no-worker', words: 'the marker says jobs are waiting, and nobody took it: no worker is polling' };
  const said = `the marker says ${instantText(marker, now)}`;
  if (marker <= now - LONG_PAST_MS) return { kind: 'overdue-no-worker', words: `${said}, long past: no worker is polling` };
  if (marker <= now) return { kind: 'overdue', words: `${said}, a moment ago: a polling worker takes them now` };
  return {
    kind: 'wakes-late',
    words: `the marker is later than the head (${instantText(marker, now)}): the worker will wake late`,
  };
}

/** What the marker says while nothing is due and the head falls due at `head`. */
function waitingMarker(state: QueueState, head: number): { kind: VerdictKind; words: string } {
  const { now } = state;
  // a bumped head's marker is fractional (getNextDelayedTimestamp does not floor): its whole ms is the wake
  const marker = state.markerTime === null ? null : Math.floor(state.markerTime);
  if (marker === null) return { kind: 'waiting', words: 'no marker is set (a waiting worker took it, or none was written)' };
  if (marker === 0) return { kind: 'waiting', words: 'the marker says jobs are waiting in the wait list' };
  if (marker === head) return { kind: 'waiting', words: 'the marker agrees' };
  if (marker > head)
    return {
      kind: 'wakes-late',
      words: `the marker is later than the head (${instantText(marker, now)}): the worker will wake late`,
    };
  return {
    kind: 'waiting',
    words: `the marker says ${instantText(marker, now)}, before the head: a worker wakes early, finds nothing due and sleeps again`,
  };
}

/** "2,281 due, oldest 13 min late": the due part of the delayed set. */
function dueHead(state: QueueState): string {
  const oldest = state.oldestOverdueFireTime ?? state.nextFireTime ?? state.now;
  return `${groupDigits(state.overdue)} due, oldest ${durationText(state.now - oldest)} late`;
}

/** The verdict from the delayed set and the marker alone (what Bull, bee-queue and an older bridge's rows give). */
function markerVerdict(state: QueueState): { kind: VerdictKind; words: string } {
  if (state.delayed === 0 || state.nextFireTime === null) return { kind: 'empty', words: 'nothing delayed' };
  if (state.overdue > 0) {
    const due = dueHead(state);
    if (!hasMarker(state.library)) {
      const late = state.now - (state.oldestOverdueFireTime ?? state.nextFireTime) >= LONG_PAST_MS;
      return late
        ? { kind: 'overdue-no-worker', words: `${due}: no worker is promoting them (${state.library} keeps no marker)` }
        : { kind: 'overdue', words: `${due}: a worker promotes them on its next sweep` };
    }
    const marker = overdueMarker(state);
    return { kind: marker.kind, words: `${due}; ${marker.words}` };
  }
  const head = state.nextFireTime;
  if (head < 0)
    return {
      kind: 'overdue-no-worker',
      words: "the head's score is below 0: the promote sweep starts at 0 and never reaches it",
    };
  const inText = head <= state.now ? 'next job due now' : `next job in ${durationText(head - state.now)}`;
  if (!hasMarker(state.library)) return { kind: 'waiting', words: inText };
  const marker = waitingMarker(state, head);
  return { kind: marker.kind, words: `${inText}; ${marker.words}` };
}

/** How the marker is said as evidence. */
function markerEvidence(markerTime: number | null, now: number): string {
  if (markerTime === null) return 'marker: none';
  if (markerTime === 0) return 'marker: 0 (jobs are waiting)';
  return `marker: ${instantText(markerTime, now)}`;
}

/** The delayed set's part of the evidence. */
function delayedEvidence(state: QueueState): string[] {
  if (state.delayed === 0)
    return [state.state?.delayedType === 'none' ? 'delayed key: none (Redis keeps no empty set)' : 'delayed 0'];
  return [`delayed ${groupDigits(state.delayed)}, ${groupDigits(state.overdue)} due`];
}

/** "1 worker connected" or why the workers cannot be seen. */
function workersEvidence(reading: QueueStateReading): string {
  const workers = reading.workers;
  if (workers.visible) return `CLIENT LIST: ${plural(workers.count, 'worker', 'workers')}`;
  return workers.reason === 'not-allowed'
    ? 'workers: not visible (CLIENT LIST not allowed)'
    : `workers: not visible (${workers.message})`;
}

/** A count as evidence: "wait 50", or "wait: not a list" when the key holds another type. */
const countEvidence = (name: string, n: number | null, type: string) =>
  n === null ? `${name}: not a ${type}` : `${name} ${groupDigits(n)}`;

/** The sets that hold jobs no worker will run again (failed, completed) or not yet (waiting-children), when they hold any. */
function keptEvidence(reading: QueueStateReading): string[] {
  const { failed, completed, waitingChildren } = reading.counts;
  return [
    ...(failed !== 0 ? [countEvidence('failed', failed, 'sorted set')] : []),
    ...(completed !== 0 ? [countEvidence('completed', completed, 'sorted set')] : []),
    ...(waitingChildren !== 0 ? [countEvidence('waiting-children', waitingChildren, 'sorted set')] : []),
  ];
}

const connected = (n: number) => `${plural(n, 'worker', 'workers')} connected`;

/**
 * The verdict in words, with the evidence it rests on, e.g. "2,281 due, oldest 13 min late; the
 * marker says 05:55:50.444 UTC, long past: no worker is polling". With the queue's state (BullMQ),
 * what stops due jobs is said first, in the order BullMQ's moveToActive checks it: paused, then
 * the rate limit, then the global concurrency; then whether any worker is connected, busy or idle.
 */
export function verdictOf(state: QueueState): Verdict & { readonly evidence: string } {
  const reading = state.state ?? null;
  if (reading === null) {
    const verdict = markerVerdict(state);
    const evidence = [
      ...delayedEvidence(state),
      ...(hasMarker(state.library) && state.delayed > 0 ? [markerEvidence(state.markerTime, state.now)] : []),
    ];
    return { ...verdict, evidence: evidence.join('; ') };
  }
  const verdict = stateVerdict(state, reading);
  const evidence = verdict.kind === 'broken' ? verdict.evidence : [...verdict.evidence, ...keptEvidence(reading)];
  return { kind: verdict.kind, words: verdict.words, evidence: evidence.join('; ') };
}

/** The verdict of a BullMQ queue whose state was read. */
function stateVerdict(state: QueueState, reading: QueueStateReading): { kind: VerdictKind; words: string; evidence: string[] } {
  const { now } = state;
  const counts = reading.counts;
  const wait = counts.wait ?? 0;
  const active = counts.active ?? 0;
  const prioritized = counts.prioritized ?? 0;
  const legacy = reading.pausedList ?? 0;
  const ready = wait + prioritized + legacy;
  const due = state.overdue;
  const workers = reading.workers.visible ? reading.workers.count : null;
  const workerWords = workersEvidence(reading);

  const readyText = (): string => {
    const parts: string[] = [];
    if (wait > 0 || (prioritized === 0 && legacy === 0)) parts.push(`${groupDigits(wait)} waiting`);
    if (prioritized > 0) parts.push(`${groupDigits(prioritized)} prioritized`);
    if (legacy > 0) parts.push(`${groupDigits(legacy)} in the legacy paused list`);
    return parts.join(', ');
  };
  const dueText = (): string => {
    if (due === 0) return '';
    const oldest = state.oldestOverdueFireTime ?? state.nextFireTime ?? now;
    return `${groupDigits(due)} due in the delayed set (oldest ${durationText(now - oldest)} late)`;
  };
  const jobsText = () => [ready > 0 ? readyText() : '', dueText()].filter(Boolean).join(', ');
  const readyEvidence = [
    countEvidence('wait', counts.wait, 'list'),
    ...(prioritized > 0 || counts.prioritized === null ? [countEvidence('prioritized', counts.prioritized, 'sorted set')] : []),
    ...(legacy > 0 || reading.pausedList === null ? [countEvidence('legacy paused list', reading.pausedList, 'list')] : []),
  ];
  const activeEvidence = countEvidence('active', counts.active, 'list');

  if (reading.delayedType !== 'zset' && reading.delayedType !== 'none')
    return {
      kind: 'broken',
      words: `the delayed key holds a ${reading.delayedType}, not a sorted set: no delayed job can be promoted from it`,
      evidence: [`TYPE delayed = ${reading.delayedType}`],
    };

  if (reading.paused || legacy > 0) {
    const why = reading.paused ? 'meta paused is set' : `${groupDigits(legacy)} jobs wait in the legacy paused list`;
    const evidence = [
      reading.paused ? 'meta paused = 1' : countEvidence('legacy paused list', reading.pausedList, 'list'),
      countEvidence('wait', counts.wait, 'list'),
      ...delayedEvidence(state),
      activeEvidence,
      workerWords,
    ];
    let rest: string;
    if (workers === null)
      rest = `${jobsText() || 'nothing waiting or due'}; whether a worker moves due delayed jobs to wait cannot be told (workers not visible)`;
    else if (workers > 0)
      rest = `${connected(workers)}: it moves due delayed jobs to wait and runs none (${jobsText() || 'nothing waiting or due yet'})`;
    else rest = due > 0 ? `no worker is connected either, so ${dueText()} stay there` : `no worker is connected (${readyText()})`;
    return { kind: 'paused', words: `paused (${why}): no job runs until Queue.resume(); ${rest}`, evidence };
  }

  const pending = ready > 0 || due > 0;
  if (workers === 0 && (pending || active > 0 || state.delayed > 0)) {
    const evidence = [workerWords, ...readyEvidence, ...delayedEvidence(state), activeEvidence];
    if (pending)
      return {
        kind: 'overdue-no-worker',
        words: `${jobsText()}; no worker is connected (CLIENT LIST shows none for this queue): nothing runs them`,
        evidence,
      };
    if (state.delayed > 0 && state.nextFireTime !== null)
      return {
        kind: 'no-worker',
        words: `next job in ${durationText(state.nextFireTime - now)}; no worker is connected (CLIENT LIST shows none for this queue): it will stay delayed until one starts`,
        evidence,
      };
    return {
      kind: 'no-worker',
      words: `${groupDigits(active)} active but no worker is connected: they stay active until a worker finds them stalled`,
      evidence,
    };
  }

  if (reading.limiterTtlMs !== null && reading.limiterTtlMs > 0 && pending)
    return {
      kind: 'rate-limited',
      words: `rate-limited for ${durationText(reading.limiterTtlMs)} more (the limiter key expires then): ${jobsText()} run after it${workers === null ? '' : `; ${connected(workers)}`}`,
      evidence: [
        `limiter PTTL ${groupDigits(reading.limiterTtlMs)} ms`,
        ...readyEvidence,
        ...delayedEvidence(state),
        activeEvidence,
        workerWords,
      ],
    };

  if (reading.concurrency !== null && active >= reading.concurrency && pending)
    return {
      kind: 'busy',
      words: `at the queue's global concurrency (${groupDigits(active)} active of ${groupDigits(reading.concurrency)}): ${jobsText()} run as jobs finish`,
      evidence: [
        `meta concurrency ${groupDigits(reading.concurrency)}`,
        activeEvidence,
        ...readyEvidence,
        ...delayedEvidence(state),
        workerWords,
      ],
    };

  if (active > 0 && pending) {
    const evidence = [
      activeEvidence,
      ...readyEvidence,
      ...delayedEvidence(state),
      workerWords,
      markerEvidence(state.markerTime, now),
    ];
    if (workers !== null)
      return {
        kind: 'busy',
        words: `busy: ${connected(workers)}, ${groupDigits(active)} active; ${jobsText()} wait for a free slot`,
        evidence,
      };
    return {
      kind: 'undecided',
      words: `${groupDigits(active)} active, ${jobsText()}: a worker is busy with all its slots, or stopped holding them until they are found stalled; cannot tell which (workers not visible)`,
      evidence,
    };
  }

  const base = markerVerdict(state);
  const markerEvidenceList = [markerEvidence(state.markerTime, now)];

  if (due > 0) {
    const evidence = [...delayedEvidence(state), ...markerEvidenceList, ...readyEvidence, activeEvidence, workerWords];
    if (base.kind === 'wakes-late') return { ...base, evidence };
    if (workers !== null && workers > 0)
      return {
        kind: base.kind === 'overdue-no-worker' ? 'undecided' : 'overdue',
        words:
          base.kind === 'overdue-no-worker'
            ? `${dueHead(state)}; ${connected(workers)}, yet the marker was not taken: a worker that is stuck, or one of another prefix; cannot tell which`
            : `${dueHead(state)}; ${connected(workers)}: it promotes them when it next asks for a job`,
        evidence,
      };
    if (workers === null && state.markerTime === null)
      return {
        kind: 'undecided',
        words: `${dueHead(state)}; no marker is set and nothing is active: a worker took the marker and has not promoted them yet, or stopped; cannot tell which (workers not visible)`,
        evidence,
      };
    return { ...base, evidence };
  }

  if (ready > 0) {
    const evidence = [...readyEvidence, ...markerEvidenceList, activeEvidence, ...delayedEvidence(state), workerWords];
    if (workers !== null) return { kind: 'overdue', words: `${readyText()}; ${connected(workers)}: it takes them now`, evidence };
    if (state.markerTime === 0)
      return {
        kind: 'overdue-no-worker',
        words: `${readyText()}; the marker says jobs are waiting, and nobody took it: no worker is polling`,
        evidence,
      };
    return {
      kind: 'undecided',
      words: `${readyText()} and no marker set: a worker took it and takes them now, or stopped; cannot tell which (workers not visible)`,
      evidence,
    };
  }

  if (state.delayed > 0) {
    const evidence = [...delayedEvidence(state), ...markerEvidenceList, ...readyEvidence, activeEvidence, workerWords];
    if (base.kind === 'wakes-late' || base.kind === 'overdue-no-worker') return { ...base, evidence };
    if (active > 0) return { kind: 'waiting', words: `${base.words}; ${groupDigits(active)} active`, evidence };
    if (workers !== null && workers > 0)
      return { kind: 'idle', words: `idle and healthy: ${connected(workers)}, nothing waiting; ${base.words}`, evidence };
    return { ...base, evidence };
  }

  const evidence = [...delayedEvidence(state), ...readyEvidence, activeEvidence, workerWords];
  if (active > 0)
    return {
      kind: 'running',
      words: `nothing delayed or waiting; ${groupDigits(active)} active${workers === null ? '' : ` (${connected(workers)})`}`,
      evidence,
    };
  const idle = workers === null ? '' : workers > 0 ? `; ${connected(workers)}, idle` : '; no worker connected';
  return { kind: 'empty', words: `empty: nothing delayed, waiting or active${idle}`, evidence };
}
