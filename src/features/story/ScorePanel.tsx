import { useId } from 'react';
import { formatScore } from '../../model/redis/doubles.ts';
import { useAppStore } from '../../store/StoreContext.tsx';
import { selectScorePanel } from '../../store/scores.ts';
import { splitLow12 } from './scoreBits.ts';
import styles from '../../ui/panel.module.css';

function Split({ score, radix, testId }: { score: number; radix: 2 | 16; testId: string }) {
  const { high, low } = splitLow12(score, radix);
  return (
    <span className={`mono ${styles.bits}`} data-testid={testId} data-number="bits">
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
        <span className="mono" data-number="bound-score">
          {formatScore(score)}
        </span>
        <Split score={score} radix={16} testId={`${testId}-hex`} />
        <Split score={score} radix={2} testId={`${testId}-bin`} />
      </dd>
    </>
  );
}

/**
 * The detail below the stage: the band's minScore and maxScore in decimal, hex and binary, with
 * the low twelve bits (the slot inside the millisecond) set apart.
 */
export function ScorePanel() {
  const data = useAppStore(selectScorePanel);
  const headingId = useId();

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>The band's scores in bits</h2>
      <p className={styles.lede}>
        fire-time × 0x1000 shifts the millisecond twelve bits left: minScore ends in twelve zero bits, maxScore in twelve ones.
      </p>
      <dl className={styles.scoreTable}>
        <BandBound name="minScore" score={data.minScore} testId="min-score" />
        <BandBound name="maxScore" score={data.maxScore} testId="max-score" />
      </dl>
      <p className={styles.hint}>The highlighted digits are the low 12 bits: the slot inside the millisecond.</p>
    </section>
  );
}
