import { useId } from 'react';
import { formatScore } from '../../model/redis/doubles.ts';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectScorePanel, selectTextbookHasJobs } from '../../store/selectors.ts';
import { isoTime } from '../../ui/isoTime.ts';
import { splitLow12 } from './scoreBits.ts';
import styles from '../../ui/panel.module.css';

function Split({ score, radix, testId }: { score: number; radix: 2 | 16; testId: string }) {
  const { high, low } = splitLow12(score, radix);
  return (
    <span className={`mono ${styles.bits}`} data-testid={testId}>
      {radix === 16 ? '0x' : ''}
      {high}
      <span className={styles.lowBits} title="the low 12 bits">
        {low}
      </span>
    </span>
  );
}

/** One end of the band: its score as Redis prints it, then in hex and binary with the low 12 bits set apart. */
function BandBound({ name, score, testId }: { name: string; score: number; testId: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>
        <span className="mono" data-testid={testId}>
          {formatScore(score)}
        </span>
        <Split score={score} radix={16} testId={`${testId}-hex`} />
        <Split score={score} radix={2} testId={`${testId}-bin`} />
      </dd>
    </>
  );
}

function describeNext(kind: 'floor' | 'bump' | 'ceiling', slot: number): string {
  if (kind === 'floor') return 'the floor: first job in this millisecond';
  if (kind === 'ceiling') return 'the ceiling: the band is full, ties fall back to member order';
  return `floor + ${slot}: one tick above the band's highest score`;
}

/**
 * The numbers behind the current delay and clock: fire-time, textbook score, the band's minScore
 * and maxScore in three bases, the score the next job would get, and its recovery.
 */
export function ScorePanel() {
  const store = useAppStoreApi();
  const data = useAppStore(selectScorePanel);
  const unitLocked = useAppStore(selectTextbookHasJobs);
  const headingId = useId();
  const lockNoteId = useId();
  const { next } = data;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>The scores for this delay</h2>
      <p className={styles.lede}>
        Each value below is what the model returns for now + delay; the next-job score reads the band set as it stands.
      </p>
      <div className={styles.cards}>
        <div className={styles.card}>
          <h3>Fire-time = now + delay</h3>
          <p className="mono" data-testid="fire-time-ms">
            {data.fireTime} ms
          </p>
          <p className="mono" data-testid="fire-time-iso">
            {isoTime(data.fireTime)}
          </p>
        </div>
        <div className={styles.card}>
          <h3>Textbook score</h3>
          <p className="mono" data-testid="textbook-score">
            {formatScore(data.textbookScore)}
          </p>
          <div className={styles.segmented} role="radiogroup" aria-label="Textbook score unit" aria-describedby={unitLocked ? lockNoteId : undefined}>
            <label>
              <input type="radio" name="textbook-unit" checked={data.textbookUnit === 's'} disabled={unitLocked} onChange={() => store.getState().setTextbookUnit('s')} />
              whole seconds
            </label>
            <label>
              <input type="radio" name="textbook-unit" checked={data.textbookUnit === 'ms'} disabled={unitLocked} onChange={() => store.getState().setTextbookUnit('ms')} />
              ms
            </label>
          </div>
          {unitLocked ? (
            <p id={lockNoteId} className={styles.hint}>
              The textbook set holds scores in this unit; promote or reset it to switch.
            </p>
          ) : null}
        </div>
        <div className={styles.card}>
          <h3>The next job would get</h3>
          <p className="mono" data-testid="next-score">
            {formatScore(next.score)}
          </p>
          <p data-testid="next-kind">{describeNext(next.kind, next.slot)}</p>
          <p className={styles.hint}>
            {next.jobsInBand.toLocaleString('en-US')} job{next.jobsInBand === 1 ? '' : 's'} already in this millisecond.
          </p>
        </div>
        <div className={styles.card}>
          <h3>Recovery: score / 0x1000</h3>
          <p className="mono" data-testid="recovered">
            {String(next.recovered)}
          </p>
          {next.slot !== 0 ? (
            <p className={`mono ${styles.hint}`}>
              = {next.wholeMs} + {next.slot}/4096
            </p>
          ) : null}
          <p>
            whole ms: <span className="mono" data-testid="recovered-ms">{next.wholeMs}</span>
          </p>
          <p className={styles.hint}>The Lua returns the fraction; the worker wakes at the whole millisecond.</p>
        </div>
        <div className={`${styles.card} ${styles.wide}`}>
          <h3>The band: fire-time × 0x1000</h3>
          <dl className={styles.scoreTable}>
            <BandBound name="minScore" score={data.minScore} testId="min-score" />
            <BandBound name="maxScore" score={data.maxScore} testId="max-score" />
          </dl>
          <p className={styles.hint}>The highlighted digits are the low 12 bits: the slot inside the millisecond.</p>
          {data.pastCliff ? (
            <p className={styles.error}>Past the 2^53 cliff: this band's scores are no longer exact, so the +1 bump is lost.</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
