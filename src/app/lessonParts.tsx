/**
 * The lesson figure's own parts, over the same store and selectors as the stage: the scores with
 * the digits that move marked, the head's wake.
 */
import { useId } from 'react';
import { formatScore } from '../model/redis/doubles.ts';
import { plural } from '../model/format.ts';
import { printable } from '../model/printable.ts';
import { useAppStore } from '../store/StoreContext.tsx';
import { selectScorePanel } from '../store/scores.ts';
import { selectBandHead } from '../store/promote.ts';
import { describeNext } from '../features/story/StageScores.tsx';
import { digitsPartAt, splitDigits } from '../features/lesson/digits.ts';
import type { ScoreRows } from '../features/lesson/steps.ts';
import styles from './LessonFigure.module.css';

/** A number's text with its digits from `at` marked. */
function Marked({ text, at, testId }: { text: string; at: number; testId?: string }) {
  const { plain, marked } = splitDigits(text, at);
  return (
    <span className={`mono ${styles.number}`} data-testid={testId}>
      {plain}
      {marked !== '' ? <mark className={styles.mark}>{marked}</mark> : null}
    </span>
  );
}

/**
 * The scores for the current delay and clock. `rows` picks them: the textbook's (now, the
 * fire-time and its score, the digits the delay adds to now marked) or the band's (the fire-time,
 * the floor, the next job's score and the ceiling, the digits that move inside the band marked).
 */
export function LessonScores({ rows }: { rows: ScoreRows }) {
  const data = useAppStore(selectScorePanel);
  const headingId = useId();
  const fireTime = String(data.fireTime);
  const min = formatScore(data.minScore);
  const max = formatScore(data.maxScore);
  const bandAt = digitsPartAt(min, max);
  return (
    <section aria-labelledby={headingId} data-testid="lesson-scores">
      <h3 id={headingId} className={styles.heading}>
        {rows === 'textbook' ? 'The textbook score' : 'The band: fire-time × 0x1000'}
      </h3>
      {rows === 'textbook' ? (
        <dl className={styles.pairs}>
          <dt>now</dt>
          <dd>
            <span className={`mono ${styles.number}`}>{data.now}</span>
          </dd>
          <dt>+ delay</dt>
          <dd>
            <span className={`mono ${styles.number}`}>{data.delay}</span>
          </dd>
          <dt>= fire-time</dt>
          <dd>
            <Marked text={fireTime} at={digitsPartAt(String(data.now), fireTime)} testId="lesson-fire-time" />
          </dd>
          <dt>score (ms)</dt>
          <dd>
            <Marked
              text={formatScore(data.textbookScore)}
              at={digitsPartAt(String(data.now), fireTime)}
              testId="lesson-textbook-score"
            />
          </dd>
        </dl>
      ) : (
        <>
          <dl className={styles.pairs}>
            <dt>fire-time</dt>
            <dd>
              <span className={`mono ${styles.number}`} data-testid="lesson-fire-time">
                {fireTime}
              </span>
            </dd>
            <dt>floor</dt>
            <dd>
              <Marked text={min} at={bandAt} testId="lesson-min-score" />
            </dd>
            <dt>next job</dt>
            <dd>
              <Marked text={formatScore(data.next.score)} at={bandAt} testId="lesson-next-score" />
            </dd>
            <dt>ceiling</dt>
            <dd>
              <Marked text={max} at={bandAt} testId="lesson-max-score" />
            </dd>
          </dl>
          <p className={styles.note} data-testid="lesson-next-kind">
            next = {describeNext(data.next.kind, data.next.slot)}; {plural(data.next.jobsInBand, 'job', 'jobs')} in this ms
          </p>
        </>
      )}
    </section>
  );
}

/** getNextDelayedTimestamp on the band set's head: its score / 0x1000, and the whole millisecond the worker wakes at. */
export function HeadWake() {
  const head = useAppStore(selectBandHead);
  const headingId = useId();
  const first = head.marks[0];
  return (
    <section aria-labelledby={headingId} data-testid="lesson-head-wake">
      <h3 id={headingId} className={styles.heading}>
        The next wake: the head's score / 0x1000
      </h3>
      {first === undefined || head.nextTimestamp === null ? (
        <p className={styles.note}>The set is empty: no wake.</p>
      ) : (
        <dl className={styles.pairs}>
          <dt>head</dt>
          <dd className="mono">{printable(first.member)}</dd>
          <dt>its score</dt>
          <dd className="mono">{first.scoreText}</dd>
          <dt>/ 0x1000</dt>
          <dd className="mono" data-testid="lesson-head-next">
            {String(head.nextTimestamp)}
          </dd>
          <dt>wakes at ms</dt>
          <dd className="mono" data-testid="lesson-head-wake-ms">
            {head.wakeAt}
          </dd>
        </dl>
      )}
    </section>
  );
}
