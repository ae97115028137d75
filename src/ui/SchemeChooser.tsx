import { useId } from 'react';
import type { ScoreScheme } from '../model/doctor/scheme.ts';
import panel from './panel.module.css';

/** Each scheme named by the libraries that write it (src/model/doctor/scheme.ts). */
export const SCHEME_TEXT: Readonly<Record<ScoreScheme, string>> = {
  band: 'BullMQ 5.8.6 or later',
  'id-counter': 'Bull 3–4 or BullMQ before 5.8.6',
  'bare-ms': 'bee-queue',
};

/** How each scheme's score is made, for a hint under the chooser. */
export const SCHEME_RULE: Readonly<Record<ScoreScheme, string>> = {
  band: 'score = fire-time x 0x1000 + the slot in its millisecond’s band (0 first, then bumped; 4095 the ceiling)',
  'id-counter': 'score = fire-time x 0x1000 + (job-id counter & 0xfff): the slot is the id’s, no bump, no ceiling',
  'bare-ms': 'score = the fire-time in ms: no slot',
};

const SCHEMES: readonly ScoreScheme[] = ['band', 'id-counter', 'bare-ms'];

/**
 * "Scores written by": a menu of the three schemes, and when `detect` is given one more entry
 * (its label says what it would read by) whose value is 'detect'.
 */
export function SchemeChooser<T extends string = ScoreScheme>({
  value,
  onChange,
  detect,
  testId,
}: {
  value: ScoreScheme | T;
  onChange: (value: ScoreScheme | T) => void;
  /** An extra entry: its value and label. */
  detect?: { readonly value: T; readonly label: string };
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={panel.field}>
      <label htmlFor={id}>Scores written by</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as ScoreScheme | T)} data-testid={testId}>
        {SCHEMES.map((scheme) => (
          <option key={scheme} value={scheme}>
            {SCHEME_TEXT[scheme]}
          </option>
        ))}
        {detect ? <option value={detect.value}>{detect.label}</option> : null}
      </select>
    </div>
  );
}
