import { useId, useState } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectDelay } from '../../store/scores.ts';
import { SLIDER_MAX_MS, parseDelay } from '../../session/input.ts';
import { NumberField } from '../../ui/ValidatedField.tsx';
import styles from '../../ui/panel.module.css';
import stage from './Stage.module.css';
import { groupDigits } from '../../model/format.ts';

/**
 * What the slider's hint says at delay 0. BullMQ's Queue.add (addDelayedJob) puts a job in the
 * delayed set only when delay > 0; moveToDelayed (a backoff retry whose time has passed) does
 * write fire-time = now there through getDelayedScore, which is what the sets show at 0.
 */
export const DELAY_ZERO_NOTE = 'At 0, Queue.add uses the wait list; moveToDelayed writes these scores.';
const RANGE_HINT = 'Field: whole ms, up to 100 years.';
const KEYS_HINT = `Keys: arrows 1 ms, Page Up/Down 6 s. ${RANGE_HINT}`;

/** The delay: a slider from 0 to 60,000 ms and a field for exact values up to 100 years. */
export function DelayControl() {
  const store = useAppStoreApi();
  const delay = useAppStore(selectDelay);
  const sliderId = useId();
  const hintId = useId();
  // Moving the slider starts the exact field afresh (dropping a refused draft).
  const [sliderMoves, setSliderMoves] = useState(0);
  const beyondSlider = delay > SLIDER_MAX_MS;

  return (
    <fieldset className={styles.group}>
      <legend>Delay</legend>
      <div className={styles.field}>
        <div className={styles.spread}>
          <label htmlFor={sliderId}>Delay (ms)</label>
          <output htmlFor={sliderId} className={`mono ${styles.valueBox}`} data-testid="delay-value" data-number="delay-value">
            {groupDigits(delay)} ms
          </output>
        </div>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={SLIDER_MAX_MS}
          step={1}
          value={beyondSlider ? SLIDER_MAX_MS : delay}
          aria-valuetext={`${groupDigits(delay)} ms`}
          aria-describedby={hintId}
          data-testid="delay-slider"
          onChange={(event) => {
            store.getState().setDelay(Number(event.target.value));
            setSliderMoves((n) => n + 1);
          }}
        />
      </div>
      <NumberField
        revision={sliderMoves}
        label="Exact delay (ms)"
        value={delay}
        parse={parseDelay}
        onValid={(value) => store.getState().setDelay(value)}
        inline
        testId="delay-field"
        describedBy={hintId}
      />
      {/* One hint for the slider and the field, two lines reserved whatever it says: the note at 0 moves nothing. */}
      <span id={hintId} className={`${styles.hint} ${stage.hint2}`} data-testid="delay-hint">
        {delay === 0 ? DELAY_ZERO_NOTE : beyondSlider ? `Beyond the slider: set in the field. ${RANGE_HINT}` : KEYS_HINT}
      </span>
    </fieldset>
  );
}
