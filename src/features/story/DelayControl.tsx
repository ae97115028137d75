import { useId, useState } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectDelay } from '../../store/selectors.ts';
import { SLIDER_MAX_MS, parseDelay } from '../../session/input.ts';
import { ValidatedField } from '../../ui/ValidatedField.tsx';
import styles from '../../ui/panel.module.css';
import { grouped } from '../../model/format.ts';

/** The delay: a slider from 0 to 60,000 ms and a field for exact values up to 100 years. */
export function DelayControl() {
  const store = useAppStoreApi();
  const delay = useAppStore(selectDelay);
  const sliderId = useId();
  // Moving the slider starts the exact field afresh (dropping a refused draft).
  const [sliderMoves, setSliderMoves] = useState(0);
  const beyondSlider = delay > SLIDER_MAX_MS;

  return (
    <fieldset className={styles.group}>
      <legend>Delay</legend>
      <div className={styles.field}>
        <div className={styles.spread}>
          <label htmlFor={sliderId}>Delay (ms)</label>
          <output htmlFor={sliderId} className={`mono ${styles.valueBox}`} data-testid="delay-value">
            {grouped.format(delay)} ms
          </output>
        </div>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={SLIDER_MAX_MS}
          step={1}
          value={beyondSlider ? SLIDER_MAX_MS : delay}
          aria-valuetext={`${grouped.format(delay)} ms`}
          data-testid="delay-slider"
          onChange={(event) => {
            store.getState().setDelay(Number(event.target.value));
            setSliderMoves((n) => n + 1);
          }}
        />
        <span className={styles.hint}>
          {beyondSlider ? 'Beyond the slider (set in the field below). ' : ''}Keys: arrows 1 ms, Page Up/Down 6 s.
        </span>
      </div>
      <ValidatedField
        revision={sliderMoves}
        label="Exact delay (ms)"
        value={String(delay)}
        parse={parseDelay}
        onValid={(value) => store.getState().setDelay(value)}
        hint="Whole ms, up to 100 years."
        inline
        inputMode="numeric"
        testId="delay-field"
      />
    </fieldset>
  );
}
