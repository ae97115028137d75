import { memo, useId } from 'react';
import { formatScore } from '../../model/redis/doubles.ts';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectLastRecovery, selectScorePanel, selectTextbookHasJobs } from '../../store/scores.ts';
import type { NextKind } from '../../store/scores.ts';
import { isoTime } from '../../ui/isoTime.ts';
import styles from './Stage.module.css';
import panel from '../../ui/panel.module.css';
import { groupDigits } from '../../model/format.ts';

export function describeNext(kind: NextKind, slot: number): string {
  if (kind === 'floor') return 'the floor: first job in this millisecond';
  if (kind === 'ceiling') return 'the ceiling: the band is full, ties go by member bytes';
  if (kind === 'stuck') return `floor + ${slot} again: + 1 rounds away; ties go by member bytes`;
  return `floor + ${slot}: one tick above the band's highest score`;
}

/**
 * `score / 0x1000` as the Lua returns it, the fraction spelled out when the score was bumped, and
 * the whole ms a worker wakes at: three lines of fixed height, so a new value never moves the page.
 */
function Recovery({ recovered, wholeMs, slot, testId }: { recovered: number; wholeMs: number; slot: number; testId: string }) {
  return (
    <>
      <span className={`mono ${styles.line}`} data-testid={testId} data-number="recovered">
        {String(recovered)}
      </span>
      <span className={`mono ${styles.line} ${panel.hint}`} data-number="recovered-fraction">
        {slot !== 0 ? `= ${wholeMs} + ${slot}/4096` : '= a whole ms (slot 0)'}
      </span>
      <span className={`${styles.line} ${panel.hint}`} data-number="recovered-wake">
        wakes at ms{' '}
        <span className="mono" data-testid={`${testId}-ms`}>
          {wholeMs}
        </span>
      </span>
    </>
  );
}

/**
 * The stage's numbers for the current delay and clock, in the story's order: the fire-time, the
 * textbook score, and the band's scores (min, the next job's score, max).
 */
export function StageScores() {
  const data = useAppStore(selectScorePanel);
  const unitLocked = useAppStore(selectTextbookHasJobs);
  const headingId = useId();
  const unitNoteId = useId();
  const { next } = data;

  return (
    <section className={styles.scores} aria-labelledby={headingId} data-testid="stage-scores">
      <h2 id={headingId} className={styles.heading}>
        The scores
      </h2>
      <div className={styles.score}>
        <span className={styles.scoreLabel}>Fire-time = now + delay</span>
        <span className={`mono ${styles.figure}`} data-testid="fire-time-ms" data-number="fire-time">
          {data.fireTime} ms
        </span>
        <span className={`mono ${panel.hint}`} data-testid="fire-time-iso" data-number="fire-time-iso">
          {isoTime(data.fireTime)}
        </span>
      </div>
      <div className={styles.score}>
        <span className={styles.scoreLabel}>Textbook score (the fire-time)</span>
        <span className={`mono ${styles.figure}`} data-testid="textbook-score" data-number="textbook-score">
          {formatScore(data.textbookScore)}
        </span>
        <UnitSwitch unit={data.textbookUnit} locked={unitLocked} noteId={unitNoteId} />
        <span id={unitNoteId} className={`${panel.hint} ${styles.lines2}`} data-testid="unit-note">
          {unitLocked
            ? 'Locked while the set holds jobs: promote or reset to switch.'
            : 'Switchable only while the textbook set is empty.'}
        </span>
      </div>
      <div className={styles.score}>
        <span className={styles.scoreLabel}>Fire-time × 0x1000: the band</span>
        <dl className={styles.band}>
          <dt>min</dt>
          <dd className="mono" data-testid="min-score" data-number="min-score">
            {formatScore(data.minScore)}
          </dd>
          <dt>next</dt>
          <dd className={`mono ${styles.next}`} data-testid="next-score" data-number="next-score">
            {formatScore(next.score)}
          </dd>
          <dt>max</dt>
          <dd className="mono" data-testid="max-score" data-number="max-score">
            {formatScore(data.maxScore)}
          </dd>
        </dl>
        <span className={`${panel.hint} ${styles.lines2}`} data-testid="next-kind" data-number="next-kind">
          next = {describeNext(next.kind, next.slot)}
        </span>
        <span className={`${panel.hint} ${styles.lines2}`} data-number="jobs-in-ms">
          Jobs already in this millisecond: <span className={styles.lineValue}>{groupDigits(next.jobsInBand)}</span>
        </span>
        {data.pastCliff ? (
          <span className={panel.error}>
            Past the 2^53 cliff: this band's scores are no longer exact, so the +1 bump is lost.
          </span>
        ) : null}
      </div>
    </section>
  );
}

/** The textbook score's two units, in the order the switch offers them. */
const UNITS = [
  { value: 's', label: 'whole seconds' },
  { value: 'ms', label: 'ms' },
] as const;

/**
 * The textbook unit switch (whole seconds or ms), disabled while the textbook set holds jobs. Its
 * own memo'd part: the scores around it change every frame of a play, and React 19 rewrites a
 * radio's name and type on each update.
 */
const UnitSwitch = memo(function UnitSwitch({ unit, locked, noteId }: { unit: 's' | 'ms'; locked: boolean; noteId: string }) {
  const store = useAppStoreApi();
  return (
    <div className={panel.segmented} role="radiogroup" aria-label="Textbook score unit" aria-describedby={noteId}>
      {UNITS.map(({ value, label }) => (
        <label key={value}>
          <input
            type="radio"
            name="textbook-unit"
            checked={unit === value}
            disabled={locked}
            onChange={() => store.getState().setTextbookUnit(value)}
          />
          {label}
        </label>
      ))}
    </div>
  );
});

/**
 * Recovery, as getNextDelayedTimestamp reads a score back: score / 0x1000 for the score the next
 * job would get, and for the last job enqueued (fractional when bumped; a worker wakes at the whole ms).
 */
export function StageRecovery() {
  const { next } = useAppStore(selectScorePanel);
  const last = useAppStore(selectLastRecovery);
  const headingId = useId();
  return (
    <section className={styles.scores} aria-labelledby={headingId} data-testid="stage-recovery">
      <h2 id={headingId} className={styles.heading}>
        Recovery: score / 0x1000
      </h2>
      <div className={styles.score}>
        <span className={styles.scoreLabel}>Of the score the next job would get</span>
        <Recovery recovered={next.recovered} wholeMs={next.wholeMs} slot={next.slot} testId="recovered" />
        <span className={styles.scoreLabel}>Of the last enqueued job's score</span>
        {last === null ? (
          <span className={`${styles.lines3} ${panel.hint}`}>none yet</span>
        ) : (
          <Recovery recovered={last.recovered} wholeMs={last.wholeMs} slot={last.slot} testId="last-recovered" />
        )}
      </div>
    </section>
  );
}
