import { SCORE_FLAGS, type ScoreFlag } from '../model/decoder/scoreDecoder.ts';
import type { ScoreScheme } from '../model/doctor/scheme.ts';
import { groupDigits } from '../model/format.ts';
import { flagText } from './flagText.ts';
import flagStyles from './flags.module.css';

/** How many rows carry each of the decoder's flags, as chips ("12 bumped (…)"); flags no row carries are left out. */
export function FlagCounts({
  counts,
  label,
  scheme = 'band',
}: {
  counts: Readonly<Record<ScoreFlag, number>>;
  label: string;
  scheme?: ScoreScheme;
}) {
  return (
    <ul className={flagStyles.flagCounts} aria-label={label}>
      {SCORE_FLAGS.filter((flag) => counts[flag] > 0).map((flag) => (
        <li key={flag} className={flagStyles.flag} data-flag={flag}>
          <strong>{groupDigits(counts[flag])}</strong> {flagText(flag, scheme).summary}
        </li>
      ))}
    </ul>
  );
}
