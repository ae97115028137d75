import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { selectClockMode, selectNow } from '../../store/scores.ts';
import { parseClock } from '../../session/input.ts';
import { ValidatedField } from '../../ui/ValidatedField.tsx';
import { isoTime } from '../../ui/isoTime.ts';
import styles from '../../ui/panel.module.css';

/** The clock: live (the real time, read at each action) or frozen at an instant, with steps. */
export function ClockControl() {
  const store = useAppStoreApi();
  const mode = useAppStore(selectClockMode);
  const now = useAppStore(selectNow);

  return (
    <fieldset className={styles.group}>
      <legend>Clock</legend>
      <div className={styles.spread}>
        <div className={styles.segmented} role="radiogroup" aria-label="Clock mode">
          <label>
            <input type="radio" name="clock-mode" checked={mode === 'live'} onChange={() => store.getState().setClockLive()} />
            Live
          </label>
          <label>
            <input type="radio" name="clock-mode" checked={mode === 'frozen'} onChange={() => store.getState().freezeClock()} />
            Frozen
          </label>
        </div>
        <p className={styles.readout} data-testid="clock-now" data-number="clock-now">
          now = <span className="mono">{now}</span> ms{mode === 'live' ? ' (live)' : ' (frozen)'}
        </p>
      </div>
      <ValidatedField
        label="Clock instant (ms or ISO)"
        value={isoTime(now)}
        parse={parseClock}
        onValid={(value) => store.getState().freezeClock(value)}
        inline
        testId="clock-field"
      />
      <div className={styles.row}>
        <button type="button" className="secondary" onClick={() => store.getState().stepClock(1)}>
          +1 ms
        </button>
        <button type="button" className="secondary" onClick={() => store.getState().stepClock(1000)}>
          +1 s
        </button>
        <button type="button" className="secondary" onClick={() => store.getState().stepClock(60_000)}>
          +1 min
        </button>
      </div>
    </fieldset>
  );
}
