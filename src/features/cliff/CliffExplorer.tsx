import { useId, useMemo, useState } from 'react';
import { formatScore } from '../../model/redis/doubles.ts';
import { CLIFF_FIRE_TIME, fireTimeOf } from '../../model/protocol/score.ts';
import {
  LAST_EXACT_FIRE_TIME,
  SIGNIFICAND_BITS,
  bandPrecision,
  clockForFireTime,
  fireTimeYearsPastCliff,
  longestFifoDelay,
  sweepReachesNextBand,
} from '../../model/protocol/cliff.ts';
import { tiesOf } from './ties.ts';
import type { AppState } from '../../store/appStore.ts';
import { memoOn } from '../../store/memo.ts';
import { parseClock } from '../../session/input.ts';
import type { Parsed } from '../../session/input.ts';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { ValidatedField } from '../../ui/ValidatedField.tsx';
import { isoTime } from '../../ui/isoTime.ts';
import panel from '../../ui/panel.module.css';
import styles from './CliffExplorer.module.css';
import { groupDigits } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';

/** A Julian year (365.25 days), only to say "about N years". */
const YEAR_MS = 31_557_600_000;
const DAY_MS = 86_400_000;
/** How many members of one shared score the tie note names. */
const NAMED_MEMBERS = 8;

/** The preset fire-times of the time control; `null` is the real now (clock = now, fire-time = now + delay). */
const PRESETS: ReadonlyArray<{ readonly label: string; readonly fireTime: number | null }> = [
  { label: 'Now', fireTime: null },
  { label: '1 ms before the cliff', fireTime: LAST_EXACT_FIRE_TIME },
  { label: 'The cliff', fireTime: CLIFF_FIRE_TIME },
  { label: '1 year past the cliff', fireTime: fireTimeYearsPastCliff(1) },
  { label: '5 years past the cliff', fireTime: fireTimeYearsPastCliff(5) },
];

/** A length of time in the largest unit that fits: ms, s, h, days or years (one decimal). */
function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 3_600_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < DAY_MS) return `${(ms / 3_600_000).toFixed(1)} h`;
  if (ms < YEAR_MS) return `${(ms / DAY_MS).toFixed(1)} days`;
  return `${(ms / YEAR_MS).toFixed(1)} years`;
}

function sideOfCliff(fireTime: number): string {
  if (fireTime === CLIFF_FIRE_TIME) return 'exactly at the cliff: the first millisecond past it';
  return fireTime > CLIFF_FIRE_TIME
    ? `past the cliff by ${duration(fireTime - CLIFF_FIRE_TIME)}`
    : `${duration(CLIFF_FIRE_TIME - fireTime)} before the cliff`;
}

function spacingText(spacing: number): string {
  return `${spacing >= 1 ? groupDigits(spacing) : String(spacing)} (2^${Math.log2(spacing)})`;
}

interface TieNote {
  readonly scoreText: string;
  readonly members: ReadonlyArray<{ readonly member: string; readonly arrival: number }>;
  readonly count: number;
}

/** Scores in the current fire-time's band held by several jobs, with each job's arrival number. */
const selectTies = memoOn((s: AppState) => [s.bandSet, s.version, s.arrivals, fireTimeOf(s.now, s.delay)] as const)(
  (band, _version, arrivals, fireTime): TieNote[] =>
    tiesOf(band, fireTime).map((tie) => ({
      scoreText: tie.scoreText,
      count: tie.count,
      members: tie.members.map((member) => ({ member, arrival: arrivals.get(member) ?? 0 })),
    })),
);

function Ties({ ties }: { ties: TieNote[] }) {
  if (ties.length === 0) return null;
  return (
    <div className={`${panel.card} ${panel.wide}`} data-testid="cliff-ties">
      <h3>Shared scores in this band</h3>
      {ties.map((tie) => {
        const named = tie.members.slice(0, NAMED_MEMBERS);
        const rest = tie.count - named.length;
        return (
          <p key={tie.scoreText}>
            {groupDigits(tie.count)} jobs share the score <span className="mono">{tie.scoreText}</span>. Redis cannot order them
            by score, so it falls back to member order (the bytes of the job id), not arrival order:{' '}
            {named.map((job, i) => (
              <span key={job.member}>
                {i > 0 ? ', ' : null}
                <span className="mono">{printable(job.member)}</span> (arrival {groupDigits(job.arrival)})
              </span>
            ))}
            {rest > 0 ? `, and ${groupDigits(rest)} more` : null}.
          </p>
        );
      })}
    </div>
  );
}

/**
 * The precision cliff explorer: for the page's current fire-time (clock + delay), what a double can
 * still tell apart in its band, where FIFO ends, and a time control that puts the fire-time on either
 * side of 2^41 ms so the rest of the page shows what Redis does there.
 */
export function CliffExplorer() {
  const store = useAppStoreApi();
  const now = useAppStore((s) => s.now);
  const delay = useAppStore((s) => s.delay);
  const ties = useAppStore(selectTies);
  const fireTime = fireTimeOf(now, delay);
  const precision = useMemo(() => bandPrecision(fireTime), [fireTime]);
  const safeDelay = longestFifoDelay(now);
  const sweepEarly = sweepReachesNextBand(now);
  const [jumpError, setJumpError] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const headingId = useId();
  const jumpErrorId = useId();

  /** Freezes the clock so that clock + delay is `target`; false (and a message) when that clock would precede 1970. */
  const jumpTo = (target: number): boolean => {
    const state = store.getState();
    const ok = state.freezeClock(clockForFireTime(target, state.delay));
    setJumpError(
      ok
        ? null
        : `With a delay of ${groupDigits(state.delay)} ms the clock would have to stand before 1970; shorten the delay first.`,
    );
    setRevision((r) => r + 1);
    return ok;
  };

  const jumpToNow = (): void => {
    const state = store.getState();
    state.setClockLive();
    state.freezeClock();
    setJumpError(null);
    setRevision((r) => r + 1);
  };

  /** The field's parser: an instant as the clock field reads it, refused when the clock would precede 1970. */
  const parseFireTime = (text: string): Parsed<number> => {
    const parsed = parseClock(text);
    if (!parsed.ok) return parsed;
    if (clockForFireTime(parsed.value, store.getState().delay) < 0) {
      return {
        ok: false,
        message: 'With the current delay the clock would have to stand before 1970; pick a later fire-time or a shorter delay.',
      };
    }
    return parsed;
  };

  const past = precision.bumpLost;
  return (
    <section className={panel.panel} aria-labelledby={headingId} data-testid="cliff-explorer">
      <h2 id={headingId}>The precision cliff: 2039-09-07</h2>
      <p className={panel.lede}>
        A score is a double, and a double holds whole numbers exactly only up to 2^53. The numbers below are for the page&apos;s
        current fire-time (clock + delay); jump it across the cliff and watch them change.
      </p>

      <div className={styles.controls}>
        <div
          className={styles.presets}
          role="group"
          aria-label="Jump the fire-time to"
          aria-describedby={jumpError ? jumpErrorId : undefined}
        >
          {PRESETS.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className="secondary"
              onClick={() => (preset.fireTime === null ? jumpToNow() : jumpTo(preset.fireTime))}
            >
              {preset.label}
            </button>
          ))}
        </div>
        <p className={panel.hint}>
          Each jump freezes the clock at fire-time − delay, so the fire-time lands on the instant named; Now freezes it at the
          real time.
        </p>
        {jumpError ? (
          <p id={jumpErrorId} className={panel.error} role="alert">
            {jumpError}
          </p>
        ) : null}
        <ValidatedField
          label="Fire-time (ms or ISO)"
          value={isoTime(fireTime)}
          parse={parseFireTime}
          onValid={(value) => {
            store.getState().freezeClock(clockForFireTime(value, store.getState().delay));
            setJumpError(null);
          }}
          hint="Any instant from 1970 to 9999; the clock moves so clock + delay lands there."
          testId="cliff-fire-time-field"
          revision={revision}
        />
      </div>

      <div className={panel.cards}>
        <div className={panel.card}>
          <h3>Fire-time</h3>
          <p className="mono" data-testid="cliff-fire-time">
            {fireTime} ms
          </p>
          <p className="mono">{isoTime(fireTime)}</p>
          <p className={past ? styles.lost : styles.kept} data-testid="cliff-side">
            {sideOfCliff(fireTime)}
          </p>
        </div>

        <div className={panel.card}>
          <h3>Significand bits</h3>
          <p data-testid="cliff-bits">
            <strong>
              {precision.significandBitsUsed} of {SIGNIFICAND_BITS}
            </strong>{' '}
            bits in use
          </p>
          <p className={panel.hint}>
            The band floor needs {precision.scoreBits} binary digits
            {precision.droppedBits > 0 ? (
              <span className={styles.lost} data-testid="cliff-dropped">
                ; {precision.droppedBits === 1 ? 'the lowest bit' : `the lowest ${precision.droppedBits} bits`} cannot be kept
              </span>
            ) : null}
            .
          </p>
        </div>

        <div className={panel.card}>
          <h3>Spacing between neighbouring doubles</h3>
          <p className="mono" data-testid="cliff-spacing">
            {spacingText(precision.spacing)}
          </p>
          <p className={past ? styles.lost : styles.kept} data-testid="cliff-bump">
            {past ? 's + 1 == s at this score: the +1 bump is lost' : 's + 1 != s at this score: the +1 bump works'}
          </p>
        </div>

        <div className={panel.card}>
          <h3>Distinct scores in this band</h3>
          <p data-testid="cliff-distinct">
            <strong>{groupDigits(precision.distinctSlotScores)}</strong> of 4,096
          </p>
          <p className={past ? styles.lost : styles.kept} data-testid="cliff-reachable">
            the bump hands out {groupDigits(precision.reachableScores)} of them to same-ms jobs
          </p>
        </div>

        <div className={panel.card}>
          <h3>Band ceiling (maxScore)</h3>
          <p className="mono" data-testid="cliff-ceiling">
            {formatScore(precision.maxScore)}
          </p>
          <p className={precision.ceilingLeaks ? styles.lost : styles.kept} data-testid="cliff-leak">
            {precision.ceilingLeaks
              ? "rounds onto the next millisecond's minScore: jobs can leak into the next band"
              : 'stays inside this millisecond'}
          </p>
        </div>

        <div className={panel.card}>
          <h3>Last exact fire-time</h3>
          <p className="mono" data-testid="cliff-last-exact">
            {LAST_EXACT_FIRE_TIME} ms
          </p>
          <p className="mono">{isoTime(LAST_EXACT_FIRE_TIME)}</p>
          <p className={panel.hint}>2^41 − 1: its band is the last with 4,096 exact scores.</p>
        </div>

        <div className={panel.card}>
          <h3>Longest FIFO-safe delay from now</h3>
          {safeDelay === null ? (
            <p className={styles.lost} data-testid="cliff-safe-delay">
              none: the clock itself is past the cliff
            </p>
          ) : (
            <>
              <p className="mono" data-testid="cliff-safe-delay">
                {safeDelay} ms
              </p>
              <p className={panel.hint}>about {duration(safeDelay)}; one ms more and same-ms jobs share a score.</p>
            </>
          )}
        </div>

        <div className={panel.card}>
          <h3>A promote sweep at now</h3>
          <p className={sweepEarly ? styles.lost : styles.kept} data-testid="cliff-sweep">
            {sweepEarly
              ? 'its bound rounds up to the next floor: jobs due 1 ms from now come out early'
              : 'its bound ends exactly at the top of this millisecond'}
          </p>
        </div>

        <Ties ties={ties} />
      </div>

      <div className={styles.explain}>
        <h3>What happens past the cliff</h3>
        <p>
          A band score is the millisecond shifted up twelve bits with a slot counter in the low twelve. From 2^41 ms the
          millisecond alone needs 42 bits, so the whole score needs 54, and a double keeps 53: the lowest bit is rounded away
          (half to even), and from 2^42 ms the lowest two. Nothing fails or warns; the Lua just gets other numbers. Every panel on
          this page runs that arithmetic against its in-memory Redis, so after a jump past the cliff you can watch it happen:
        </p>
        <ul>
          <li>
            <strong>Enqueue N at the same millisecond</strong>: each job asks for the band&apos;s highest score + 1, which rounds
            back to the floor. They all get one score, and the <strong>band set</strong> view lists them by member bytes instead
            of arrival (with plain-number ids, 10 and 11 come before 9).
          </li>
          <li>
            The <strong>band grid</strong> only ever fills slot 0. Its ceiling, (fire-time + 1) × 4096 − 1, rounds up onto the
            next millisecond&apos;s floor: enqueue one job with a delay of 1 ms, then one with 0 ms, and the second, due a
            millisecond earlier, is written onto the first one&apos;s score in the next band.
          </li>
          <li>
            <strong>Promote</strong> sweeps up to (now + 1) × 4096 − 1, which rounds up the same way once the clock itself is past
            the cliff: enqueue with a delay of 1 ms, promote straight away, and the job comes out a millisecond before it is due.
          </li>
        </ul>
        <p className={panel.hint}>
          The conformance suite runs these same collisions on a real redis-server 7.0.15 and gets the same scores, order and
          promotions.
        </p>
      </div>
    </section>
  );
}
